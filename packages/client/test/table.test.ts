import { isAxiosError } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import {
  createTableStore,
  createUrlStateAdapter,
  type TableOptions,
  type TableStore,
} from '../src/table/index.js';
import type { Book } from './helpers/books.js';
import { createFakeWindow, createMemoryStorage } from './helpers/fakeWindow.js';
import { storeHarness } from './helpers/storeHarness.js';
import { stateWhere } from './helpers/waitFor.js';

const harness = storeHarness<TableStore<Book>>();
const { stores, books } = harness;

/** A table with a UI-like subscriber attached, and its settled first page. */
async function openTable(options: Partial<TableOptions<Book>> = {}) {
  const store = createTableStore<Book>({
    resource: books(),
    searchFields: ['title', 'author.name'],
    ...options,
  });
  stores.push(store);
  const renders: unknown[] = [];
  store.subscribe(() => renders.push(store.getState()));
  await settled(store);
  return { store, renders };
}

const settled = (store: TableStore<Book>) => stateWhere(store, (state) => state.fetchStatus === 'idle');

describe('createTableStore', () => {
  it('does nothing until the first subscriber, then loads page 1', async () => {
    const store = createTableStore<Book>({ resource: books() });
    stores.push(store);
    expect(store.getState()).toMatchObject({ status: 'idle', fetchStatus: 'idle', items: [] });
    expect(harness.server.requests).toHaveLength(0);

    const stop = store.subscribe(() => {});
    expect(store.getState()).toMatchObject({ fetchStatus: 'fetching', loading: true });
    const state = await settled(store);
    expect(state).toMatchObject({
      status: 'success',
      page: 1,
      perPage: 20,
      total: 45,
      pageCount: 3,
      error: null,
    });
    expect(state.items.map((book) => book.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(harness.server.listRequests().map((request) => request.query)).toEqual([{ page: 1, perPage: 20 }]);
    stop();
  });

  it('keeps a frozen snapshot whose identity changes only when something changed', async () => {
    const { store, renders } = await openTable();
    const before = store.getState();
    expect(Object.isFrozen(before)).toBe(true);
    const count = renders.length;
    store.setPage(1);
    store.setFilter('genre', undefined);
    store.setVisibleColumns(null);
    expect(store.getState()).toBe(before);
    expect(renders).toHaveLength(count);
    expect(harness.server.listRequests()).toHaveLength(1);
  });

  it('debounces the search into one request and goes back to page 1', async () => {
    const { store } = await openTable();
    store.setPage(2);
    await settled(store);
    for (const text of ['a', 'ad', 'ada']) store.setSearch(text);
    expect(store.getState()).toMatchObject({ searchInput: 'ada', search: '', page: 2 });
    vi.advanceTimersByTime(299);
    expect(harness.server.listRequests()).toHaveLength(2);

    vi.advanceTimersByTime(1);
    const state = await settled(store);
    expect(harness.server.listRequests()).toHaveLength(3);
    expect(harness.server.listRequests()[2]?.query).toEqual({
      page: 1,
      perPage: 20,
      where: { OR: [{ title: { contains: 'ada' } }, { author: { name: { contains: 'ada' } } }] },
    });
    // Case-sensitive by default: 'ada' is not 'Ada'. The server honours the where.
    expect(state).toMatchObject({ search: 'ada', page: 1, total: 0, items: [] });
  });

  it.each([
    [undefined, 'exact', 45],
    ['estimated', 'estimated', 45],
    // No count ran: the total is only the rows loaded, and says so.
    ['none', 'unknown', 20],
  ] as const)('count %s: totalKind is %s', async (count, totalKind, total) => {
    const { store } = await openTable(count === undefined ? {} : { count });
    expect(store.getState()).toMatchObject({ status: 'success', totalKind, total });
  });

  it("searchWith: 'q' sends the debounced text as q, with no where of its own, and the count mode", async () => {
    const { store } = await openTable({ searchWith: 'q', searchFields: [], count: 'estimated' });
    store.setSearch('  Ada 50%_ ');
    vi.advanceTimersByTime(300);
    await settled(store);
    const requests = harness.server.listRequests().map((request) => request.query);
    expect(requests[0]).toEqual({ page: 1, perPage: 20, count: 'estimated' });
    expect(requests.at(-1)).toEqual({ page: 1, perPage: 20, q: 'Ada 50%_', count: 'estimated' });
    // Cleared, the search is no q at all.
    store.setSearch('');
    vi.advanceTimersByTime(300);
    await settled(store);
    expect(harness.server.listRequests().at(-1)?.query).toEqual({ page: 1, perPage: 20, count: 'estimated' });
  });

  it('adds mode: insensitive only when asked, and searches tricky strings verbatim', async () => {
    const { store } = await openTable({ caseInsensitive: true, searchDebounceMs: 50 });
    store.setSearch('ADA');
    vi.advanceTimersByTime(50);
    const state = await settled(store);
    expect(state.total).toBe(15);
    expect(harness.server.listRequests().at(-1)?.query.where).toEqual({
      OR: [
        { title: { contains: 'ADA', mode: 'insensitive' } },
        { author: { name: { contains: 'ADA', mode: 'insensitive' } } },
      ],
    });

    for (const title of ['2024', 'true', 'null', 'a,b{c}', '"quoted"']) {
      store.setSearch(title);
      vi.advanceTimersByTime(50);
      const found = await settled(store);
      expect(found.items.map((book) => book.title)).toContain(title);
    }
  });

  it('aborts the request a newer view supersedes, and never shows the abort as an error', async () => {
    const { resource, signals } = harness.signalledBooks();
    const { store, renders } = await openTable({ resource });
    const held = harness.server.hold((request) => request.query.page === 2);
    store.setPage(2);
    await held.arrived;
    store.setPage(3);
    const state = await settled(store);
    held.release();
    expect(signals[1]?.aborted).toBe(true);
    expect(signals[2]?.aborted).toBe(false);
    expect(state).toMatchObject({ page: 3, status: 'success' });
    expect(state.items.map((book) => book.id)).toEqual([41, 42, 43, 44, 45]);
    expect(renders.some((snapshot) => (snapshot as { status: string }).status === 'error')).toBe(false);
  });

  it('goes back to page 1 when filters, sort or page size change', async () => {
    const { store } = await openTable({
      columnFilters: { genre: { kind: 'in' }, pages: { kind: 'range' }, title: { kind: 'contains' } },
    });
    const toPage3 = async () => {
      store.setPage(3);
      await settled(store);
      expect(store.getState().page).toBe(3);
    };
    await toPage3();
    store.setPerPage(10);
    expect(store.getState().page).toBe(1);
    await settled(store);
    await toPage3();
    store.setSorting([{ field: 'author.name', direction: 'desc' }]);
    expect(store.getState().page).toBe(1);
    await settled(store);
    await toPage3();
    store.toggleSort('pages', true);
    expect(store.getState()).toMatchObject({
      page: 1,
      sorting: [
        { field: 'author.name', direction: 'desc' },
        { field: 'pages', direction: 'asc' },
      ],
    });
    await settled(store);
    await toPage3();
    store.setFilter('genre', ['science', 'history']);
    store.setFilter('pages', { min: 200, max: 400 });
    expect(store.getState().page).toBe(1);
    const state = await settled(store);
    expect(harness.server.listRequests().at(-1)?.query).toEqual({
      page: 1,
      perPage: 10,
      where: { AND: [{ genre: { in: ['science', 'history'] } }, { pages: { gte: 200, lte: 400 } }] },
      orderBy: [{ author: { name: 'desc' } }, { pages: 'asc' }],
    });
    expect(
      state.items.every((book) => book.genre !== 'fiction' && book.pages >= 200 && book.pages <= 400),
    ).toBe(true);
  });

  it('clamps a page past the end to the last page and loads that one', async () => {
    const { store } = await openTable({ initialState: { page: 9 } });
    const state = store.getState();
    expect(state).toMatchObject({ page: 3, status: 'success', pageCount: 3 });
    expect(state.items).toHaveLength(5);
    expect(harness.server.listRequests().map((request) => request.query.page)).toEqual([9, 3]);
  });

  it('shows an error, keeps the last rows, and recovers', async () => {
    const { store } = await openTable({ columnFilters: { missing: { kind: 'equals' } } });
    const rows = store.getState().items;
    store.setFilter('missing', 'x');
    const failed = await settled(store);
    expect(failed.status).toBe('error');
    expect(isAxiosError(failed.error)).toBe(true);
    expect(failed.items).toBe(rows);
    store.setFilter('missing', null);
    expect((await settled(store)).status).toBe('success');
  });

  it('turns visible columns into a fields projection that keeps the page meta', async () => {
    const { store } = await openTable({ baseFields: ['id'] });
    store.setVisibleColumns(['title', 'author.name']);
    expect(store.getState().page).toBe(1);
    await settled(store);
    expect(harness.server.listRequests().at(-1)?.query.fields).toBe(
      'items{id,title,author{name}},meta{page,perPage,itemCount,pageCount,nextCursor,prevCursor}',
    );
  });

  it('combines the static where and include with filters, and resets the page when they change', async () => {
    const options = { resource: books(), where: { published: true }, include: { author: true } };
    const { store } = await openTable(options);
    expect(store.getState().total).toBe(34);
    expect(harness.server.listRequests()[0]?.query).toMatchObject({
      where: { published: true },
      include: { author: true },
    });
    store.setPage(2);
    await settled(store);
    store.setOptions({ ...options, resource: books() });
    expect(harness.server.listRequests()).toHaveLength(2); // same query: no refetch
    store.setOptions({ ...options, where: { published: false } });
    expect(store.getState().page).toBe(1);
    expect((await settled(store)).total).toBe(11);
  });

  it('persists the view under a versioned key and starts from it', async () => {
    const storage = createMemoryStorage();
    const first = await openTable({ persist: { key: 'books', storage } });
    first.store.setSorting([{ field: 'title', direction: 'desc' }]);
    first.store.setPerPage(5);
    const saved = JSON.parse(storage.data.get('facet:table:books:v1') ?? 'null');
    expect(saved).toMatchObject({ perPage: 5, sorting: [{ field: 'title', direction: 'desc' }], page: 1 });

    harness.server.requests.length = 0;
    await openTable({ persist: { key: 'books', storage } });
    expect(harness.server.listRequests()[0]?.query).toMatchObject({
      perPage: 5,
      orderBy: [{ title: 'desc' }],
    });
  });

  it('ignores a corrupt or foreign stored entry, and works without any storage (SSR)', async () => {
    const storage = createMemoryStorage({ 'facet:table:x:v1': '{"page":-3,"sorting":"nope","perPage":7' });
    await openTable({ persist: { key: 'x', storage } });
    expect(harness.server.listRequests()[0]?.query).toEqual({ page: 1, perPage: 20 });
    expect('localStorage' in globalThis).toBe(false);
    const { store } = await openTable({ persist: { key: 'y' } });
    store.setPage(2);
    expect((await settled(store)).page).toBe(2);
  });

  it('pushes user changes to the URL and restores back/forward without pushing again', async () => {
    const win = createFakeWindow('/books?other=1');
    const { store } = await openTable({
      url: createUrlStateAdapter({ window: win, prefix: 't' }),
      searchDebounceMs: 10,
    });
    store.setPage(2);
    await settled(store);
    store.setSearch('Book');
    vi.advanceTimersByTime(10);
    await settled(store);
    expect(win.entries).toEqual([
      '/books?other=1',
      '/books?other=1&t.page=2',
      '/books?other=1&t.search=Book',
    ]);

    win.back();
    expect(store.getState()).toMatchObject({ page: 2, search: '', searchInput: '' });
    await settled(store);
    win.back();
    expect(store.getState().page).toBe(1);
    await settled(store);
    expect(win.entries).toHaveLength(3);
    expect(win.index).toBe(0);
    expect(harness.server.listRequests().map((request) => request.query.page)).toEqual([1, 2, 1, 2, 1]);

    const restored = await openTable({
      url: createUrlStateAdapter({ window: createFakeWindow(win.entries[2]) }),
    });
    expect(restored.store.getState().search).toBe('');
    const prefixed = await openTable({
      url: createUrlStateAdapter({ window: createFakeWindow(win.entries[2]), prefix: 't' }),
    });
    expect(prefixed.store.getState()).toMatchObject({ search: 'Book', searchInput: 'Book', total: 37 });
  });

  it('replaces the URL entry when it clamps the page, instead of adding one', async () => {
    const win = createFakeWindow('/books?table.page=7');
    const { store } = await openTable({ url: createUrlStateAdapter({ window: win }) });
    expect(store.getState().page).toBe(3);
    expect(win.entries).toEqual(['/books?table.page=3']);
  });

  it('pauses when the last subscriber leaves and stops for good on destroy', async () => {
    const store = createTableStore<Book>({ resource: books() });
    stores.push(store);
    const held = harness.server.hold(() => true);
    const stop = store.subscribe(() => {});
    await held.arrived;
    stop();
    expect(store.getState().fetchStatus).toBe('idle');
    held.release();
    const again = store.subscribe(() => {});
    expect((await settled(store)).status).toBe('success');
    again();
    store.destroy();
    store.subscribe(() => {});
    store.setPage(2);
    expect(harness.server.listRequests()).toHaveLength(2);
  });

  it('fails early, naming the option, on bad options and values', () => {
    expect(() => createTableStore<Book>({ resource: books(), perPage: 0 })).toThrow(/`perPage`/);
    expect(() => createTableStore({} as TableOptions<Book>)).toThrow(/`resource`/);
    const store = createTableStore<Book>({ resource: books(), columnFilters: { pages: { kind: 'range' } } });
    expect(() => store.setFilter('pages', 'many')).toThrow(/`pages`/);
    expect(() => store.setSearch('x')).toThrow(/`searchFields`/);
    expect(() => store.setPage(0)).toThrow(RangeError);
  });
});
