/** What `run` settles with: the task's value or error, or `stale` when a newer run superseded it. */
export type LatestOutcome<T> =
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'stale' };

/**
 * Runs one request at a time: each run gets a sequence number and its own AbortSignal, starting a
 * run aborts the previous one, and a run that is no longer the latest settles as `stale` (never as
 * an error), so an out-of-order response cannot overwrite a newer one.
 */
export interface LatestRequest {
  run<T>(task: (signal: AbortSignal) => Promise<T>): Promise<LatestOutcome<T>>;
  /** Aborts the current run, which then settles as `stale`. */
  abort(): void;
  readonly pending: boolean;
}

export function createLatestRequest(): LatestRequest {
  let sequence = 0;
  let controller: AbortController | null = null;
  return {
    async run(task) {
      controller?.abort();
      const own = new AbortController();
      controller = own;
      const id = ++sequence;
      const isLatest = () => id === sequence && !own.signal.aborted;
      try {
        const value = await task(own.signal);
        return isLatest() ? { kind: 'value', value } : { kind: 'stale' };
      } catch (error) {
        return isLatest() ? { kind: 'error', error } : { kind: 'stale' };
      } finally {
        if (controller === own) controller = null;
      }
    },
    abort() {
      sequence++;
      controller?.abort();
      controller = null;
    },
    get pending() {
      return controller !== null;
    },
  };
}
