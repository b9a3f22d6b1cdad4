import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createApiClient, type ModuleQuery, useModuleApi } from '../../src/api/index.js';
import type { Book } from './books.js';
import { startServer, type TestServer } from './server.js';

export interface StoreHarness<TStore> {
  /** The recording test server, started before the file's tests. */
  readonly server: TestServer;
  /** Stores a test opened; each is destroyed after the test. */
  readonly stores: TStore[];
  /** The books resource on the test server, through the real api client. */
  books(): ReturnType<typeof useModuleApi<Book>>;
  /** The books resource, keeping the abort signal of every query a store sends through it. */
  signalledBooks(): { readonly resource: SignalledBooks; readonly signals: AbortSignal[] };
}

type BooksApi = ReturnType<typeof useModuleApi<Book>>;
interface SignalledBooks {
  query(query?: ModuleQuery, config?: { signal?: AbortSignal }): ReturnType<BooksApi['query']>;
}

/**
 * The lifecycle the store suites share: one test server per file, fake timers (so debounces run on
 * demand) and a clean request log per test, and every store opened by a test destroyed after it.
 */
export function storeHarness<TStore extends { destroy(): void }>(): StoreHarness<TStore> {
  let server: TestServer | undefined;
  const stores: TStore[] = [];
  const harness: StoreHarness<TStore> = {
    get server() {
      if (server === undefined) throw new Error('the test server starts in beforeAll');
      return server;
    },
    stores,
    books: () => useModuleApi<Book>(createApiClient({ origin: harness.server.origin }), 'books'),
    signalledBooks: () => {
      const signals: AbortSignal[] = [];
      const real = harness.books();
      const resource: SignalledBooks = {
        query: (query, config) => {
          if (config?.signal) signals.push(config.signal);
          return real.query(query, config);
        },
      };
      return { resource, signals };
    },
  };
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    harness.server.requests.length = 0;
  });
  afterEach(() => {
    for (const store of stores.splice(0)) store.destroy();
    vi.useRealTimers();
  });
  return harness;
}
