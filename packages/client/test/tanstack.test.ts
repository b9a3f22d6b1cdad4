// @facet/client/tanstack with the real @tanstack/query-core QueryClient against a real HTTP server.
// The cursor walk and the two framework bindings are proven against the example app in Chromium
// (examples/library/test/tanstack.test.ts).
import {
  dehydrate,
  hashKey,
  hydrate,
  InfiniteQueryObserver,
  isCancelledError,
  QueryClient,
} from '@tanstack/query-core';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, useModuleApi } from '../src/api/index.js';
import { facetQueries } from '../src/tanstack/index.js';
import type { Book } from './helpers/books.js';
import { startServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

let client: QueryClient;
afterEach(() => client?.clear());

function setup() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const api = createApiClient({ origin: server.origin });
  const sent: InternalAxiosRequestConfig[] = [];
  api.interceptors.request.use((config) => {
    sent.push(config);
    return config;
  });
  return { books: facetQueries(useModuleApi<Book>(api, 'books'), 'books'), sent };
}

describe('facetQueries', () => {
  it('lists the page the server gives, under a key that hashes alike however the query is written', async () => {
    const { books } = setup();
    const where = { genre: 'science' };
    const page = await client.fetchQuery(books.list({ where, perPage: 5 }));
    const request = server.listRequests().at(-1)!;
    expect(request.query).toEqual({ where, perPage: 5 });
    expect(page.items.map((book) => book.genre)).toEqual(Array(page.items.length).fill('science'));
    expect(page.items.length).toBeGreaterThan(0);
    // Same query, keys in another order: TanStack finds the cached page and sends nothing.
    const before = server.requests.length;
    await client.fetchQuery({ ...books.list({ perPage: 5, where }), staleTime: Number.POSITIVE_INFINITY });
    expect(server.requests.length).toBe(before);
    expect(hashKey(books.list({ perPage: 5, where }).queryKey)).toBe(
      hashKey(books.keys.list({ where, perPage: 5 })),
    );
    expect(JSON.parse(hashKey(books.list().queryKey))).toEqual(['books', 'list', {}]);
  });

  it('gets one row, finds by id and counts, each under its own key', async () => {
    const { books } = setup();
    const book = await client.fetchQuery(books.get(3, { fields: 'id,title' }));
    expect(server.requests.at(-1)!.path).toBe('/api/v1/books/3');
    expect(server.requests.at(-1)!.query).toEqual({ fields: 'id,title' });
    expect(book.id).toBe(3);
    await client.fetchQuery(books.findById(3));
    expect(server.requests.at(-1)!.path).toBe('/api/v1/books/find-by-id/3');
    const count = await client.fetchQuery(books.count({ where: { genre: 'science' } }));
    const science = await client.fetchQuery(books.list({ where: { genre: 'science' }, perPage: 100 }));
    expect(count).toBe(science.meta.itemCount);
    expect(books.get(3).queryKey).not.toEqual(books.findById(3).queryKey);
  });

  it('passes TanStack’s signal to axios, so cancelling a query aborts its request', async () => {
    const { books, sent } = setup();
    const hold = server.hold((request) => request.path === '/api/v1/books/7');
    const pending = client.fetchQuery(books.get(7)).catch((error: unknown) => error);
    await hold.arrived;
    const config = sent.find((entry) => entry.url?.endsWith('/books/7'));
    expect(config?.signal?.aborted).toBe(false);
    await client.cancelQueries({ queryKey: books.keys.detail(7) });
    expect(config?.signal?.aborted).toBe(true);
    hold.release();
    expect(isCancelledError(await pending)).toBe(true);
  });

  it('keys nest, so one invalidation refetches every read of the resource it covers', async () => {
    const { books } = setup();
    await client.fetchQuery(books.list({ perPage: 2 }));
    await client.fetchQuery(books.count());
    await client.fetchQuery(books.get(1));
    await client.fetchInfiniteQuery(books.infinite({ perPage: 2 }));
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.isStale())
        .map((query) => query.queryKey[1]);
    await client.invalidateQueries({ queryKey: books.keys.lists() });
    expect(stale().sort()).toEqual(['list', 'list']);
    await client.invalidateQueries({ queryKey: books.keys.detail(1) });
    expect(stale().sort()).toEqual(['detail', 'list', 'list']);
    await client.invalidateQueries({ queryKey: books.keys.all });
    expect(stale().sort()).toEqual(['count', 'detail', 'list', 'list']);
  });

  it('starts an infinite query without a cursor and stops where the server sends no nextCursor', async () => {
    const { books } = setup();
    const observer = new InfiniteQueryObserver(client, books.infinite({ perPage: 3 }));
    const data = await client.fetchInfiniteQuery(books.infinite({ perPage: 3 }));
    expect(data.pageParams).toEqual([null]);
    expect(server.listRequests().at(-1)!.query).toEqual({ perPage: 3 });
    // This test server pages by offset only: no nextCursor, so no next page.
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(books.infinite().getNextPageParam({ items: [], meta: { nextCursor: 'abc' } } as never)).toBe(
      'abc',
    );
    const fetchPage = books.infinite({ perPage: 3 }).queryFn;
    await fetchPage({ pageParam: 'opaque', signal: new AbortController().signal });
    expect(server.listRequests().at(-1)!.query).toEqual({ perPage: 3, after: 'opaque' });
  });

  it('survives TanStack’s own server rendering: prefetched, dehydrated to JSON, hydrated without a request', async () => {
    const { books } = setup();
    await client.prefetchQuery(books.list({ perPage: 4, orderBy: [{ title: 'asc' }] }));
    await client.prefetchInfiniteQuery(books.infinite({ perPage: 4 }));
    const payload = JSON.parse(JSON.stringify(dehydrate(client)));
    const before = server.requests.length;
    const browser = new QueryClient();
    hydrate(browser, payload);
    // Keys built again in the browser find the server's data: they are plain, stable JSON.
    const page = browser.getQueryData(books.list({ orderBy: [{ title: 'asc' }], perPage: 4 }).queryKey);
    expect(page?.items).toHaveLength(4);
    expect(page).toEqual(
      client.getQueryData(books.list({ perPage: 4, orderBy: [{ title: 'asc' }] }).queryKey),
    );
    expect(browser.getQueryData(books.infinite({ perPage: 4 }).queryKey)?.pageParams).toEqual([null]);
    expect(server.requests.length).toBe(before);
    browser.clear();
  });

  it('refuses page, after or before in an infinite query, a module that is not one, and an empty name', () => {
    expect(() => facetQueries({} as never, 'books')).toThrow(/`module`/);
    const { books } = setup();
    expect(() => books.infinite({ page: 2 })).toThrow(/no page, after or before/);
    expect(() => books.infinite({ after: 'x' })).toThrow(TypeError);
    expect(() => books.infinite({ before: 'x' })).toThrow(TypeError);
    expect(() =>
      facetQueries(useModuleApi<Book>(createApiClient({ origin: server.origin }), 'books'), ''),
    ).toThrow(/`name`/);
  });
});
