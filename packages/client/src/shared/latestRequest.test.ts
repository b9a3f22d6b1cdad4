import { describe, expect, it } from 'vitest';
import { createLatestRequest } from './latestRequest.js';

/** A task that ignores its signal and settles when told: the worst case for ordering. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('createLatestRequest', () => {
  it('drops a response that arrives after a newer one, even when the task ignores its signal', async () => {
    const latest = createLatestRequest();
    const slow = deferred<string>();
    const fast = deferred<string>();
    const signals: AbortSignal[] = [];
    const first = latest.run((signal) => {
      signals.push(signal);
      return slow.promise;
    });
    const second = latest.run((signal) => {
      signals.push(signal);
      return fast.promise;
    });
    expect(signals[0]?.aborted).toBe(true);
    fast.resolve('new');
    slow.resolve('old');
    expect(await second).toEqual({ kind: 'value', value: 'new' });
    expect(await first).toEqual({ kind: 'stale' });
  });

  it('reports a superseded or aborted run as stale, never as an error', async () => {
    const latest = createLatestRequest();
    const task = deferred<string>();
    const run = latest.run(() => task.promise);
    expect(latest.pending).toBe(true);
    latest.abort();
    task.reject(new Error('aborted'));
    expect(await run).toEqual({ kind: 'stale' });
    expect(latest.pending).toBe(false);

    const failing = latest.run(() => Promise.reject(new Error('boom')));
    expect(await failing).toMatchObject({ kind: 'error', error: new Error('boom') });
  });
});
