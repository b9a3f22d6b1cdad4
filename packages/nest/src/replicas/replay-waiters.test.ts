// Reads waiting on a consistency token share one poll loop: counted in probes per loop round, on
// vitest's fake clock, so the test depends on no machine's speed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplayWaiters } from './replay-waiters.js';

const POLL_MS = 10;
const WAIT_MS = 200;

function waitersOver(replica: { replayed: bigint }) {
  const probes = { calls: 0, running: 0, mostAtOnce: 0 };
  const waiters = new ReplayWaiters<string>({
    pollInterval: POLL_MS,
    consistencyWait: WAIT_MS,
    probe: async () => {
      probes.calls++;
      probes.running++;
      probes.mostAtOnce = Math.max(probes.mostAtOnce, probes.running);
      await new Promise((resolve) => setTimeout(resolve, 3));
      probes.running--;
    },
    ready: (minLsn) => (replica.replayed >= minLsn ? 'replica' : undefined),
  });
  return { waiters, probes };
}

describe('ReplayWaiters', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('probes as often for thirty waiting reads as for one, one probe at a time', async () => {
    const alone = waitersOver({ replayed: 0n });
    const crowd = waitersOver({ replayed: 0n });
    const one = alone.waiters.wait(5n);
    const thirty = Array.from({ length: 30 }, (_, i) => crowd.waiters.wait(BigInt(5 + i)));
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    // Nobody caught up: every read goes to the primary when its wait is over.
    expect(await one).toBeUndefined();
    expect(await Promise.all(thirty)).toEqual(Array(30).fill(undefined));
    expect(alone.probes.calls).toBeGreaterThan(1);
    expect(crowd.probes.calls).toBe(alone.probes.calls);
    expect(crowd.probes.mostAtOnce).toBe(1);
    // The loop stops with the last waiting read.
    await vi.advanceTimersByTimeAsync(10 * WAIT_MS);
    expect(crowd.probes.calls).toBe(alone.probes.calls);
  });

  it('hands every read whose position a probe shows replayed the replica, and leaves the others waiting', async () => {
    const replica = { replayed: 0n };
    const { waiters, probes } = waitersOver(replica);
    const early = [waiters.wait(5n), waiters.wait(7n)];
    const late = waiters.wait(50n);
    replica.replayed = 10n;
    await vi.advanceTimersByTimeAsync(POLL_MS + 3);
    expect(await Promise.all(early)).toEqual(['replica', 'replica']);
    const callsWhenServed = probes.calls;
    expect(callsWhenServed).toBe(1);
    replica.replayed = 50n;
    await vi.advanceTimersByTimeAsync(POLL_MS + 3);
    expect(await late).toBe('replica');
    expect(probes.calls).toBe(callsWhenServed + 1);
  });
});
