import { AsyncLocalStorage } from 'node:async_hooks';

/** What the current request asks of its reads: a WAL position a replica must have replayed. */
export interface ConsistencyContext {
  readonly minLsn?: bigint;
  /**
   * When the request brought `minLsn` (a `tick()`): a check of the primary's position made after
   * it covers the write the token is of. @default the moment of each read
   */
  readonly since?: number;
}

const storage = new AsyncLocalStorage<ConsistencyContext>();

/**
 * Runs `work` with reads that must see at least the WAL position `minLsn` (from a client's
 * `Facet-Consistency` token). Reads outside any context may go to any healthy replica.
 */
export function withConsistency<T>(context: ConsistencyContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentConsistency(): ConsistencyContext | undefined {
  return storage.getStore();
}
