import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RawQueryClient, ReadRouter, type ReplicaState } from './read-router.js';

// Lag is judged on time, from a history of the primary's WAL positions. These servers are fakes
// whose positions the test sets, with the clock faked, so that health checks can be placed at
// exact moments, the irregular ones a busy process or a slow replica produces included. The real
// servers are in test/read-replicas.test.ts.
function servers() {
  const state = { primary: 0x100, replayed: 0x100 };
  const lsn = (value: number) => `0/${value.toString(16).toUpperCase()}`;
  const primary: RawQueryClient = {
    $queryRawUnsafe: async () => [{ lsn: lsn(state.primary) }],
  };
  const replica: RawQueryClient = {
    $queryRawUnsafe: async () => [{ standby: true, lsn: lsn(state.replayed) }],
  };
  return { state, primary, replica };
}

describe('ReadRouter lag', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a replica that stopped replaying out of rotation, however irregular the checks', async () => {
    // Only the clock is faked: the interval timer (1 s of real time) never fires within the test,
    // so every check below is one the test runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(0);
    const { state, primary, replica } = servers();
    const states: ReplicaState[] = [];
    const router = new ReadRouter(primary, [replica], {
      healthCheckInterval: 1_000,
      maxLag: 5_000,
      onReplicaStateChange: (_, next) => states.push(next),
    });
    try {
      const checkAt = async (time: number) => {
        vi.setSystemTime(time);
        await router.check();
        return router.states[0];
      };
      expect(await checkAt(0)).toBe('healthy');
      // A write the replica never replays (replay paused).
      state.primary = 0x200;
      expect(await checkAt(1_000)).toBe('healthy');
      expect(await checkAt(6_500)).toBe('lagging');
      // The next check comes late (a slow replica, a busy event loop): the samples from before the
      // write's are now older than the history keeps, and must not take the lag with them.
      expect(await checkAt(8_500)).toBe('lagging');
      expect(await checkAt(30_000)).toBe('lagging');
      // Caught up: back in rotation.
      state.replayed = 0x200;
      expect(await checkAt(31_000)).toBe('healthy');
      expect(states).toEqual(['healthy', 'lagging', 'healthy']);
    } finally {
      router.close();
    }
  });
});
