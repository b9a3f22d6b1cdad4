// Server rendering: a page fetched ahead with prefetchTable (or selected items already known) and
// handed to a store in the browser, against a real HTTP server. The JSON round trip stands for the
// payload a Nuxt or Next page sends with its HTML.
import { describe, expect, it } from 'vitest';
import {
  createAutocompleteStore,
  createTableStore,
  createUrlStateAdapter,
  prefetchTable,
  readUrlView,
  type TableOptions,
  type TableStore,
} from '../src/index.js';
import type { Book } from './helpers/books.js';
import { createFakeWindow } from './helpers/fakeWindow.js';
import { storeHarness } from './helpers/storeHarness.js';
import { stateWhere } from './helpers/waitFor.js';

const harness = storeHarness<TableStore<Book>>();
const { stores, books } = harness;

const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function open(options: TableOptions<Book>) {
  const store = createTableStore<Book>(options);
  stores.push(store);
  store.subscribe(() => {});
  return store;
}

describe('prefetchTable and initialPage', () => {
  const options = (): TableOptions<Book> => ({
    resource: books(),
    perPage: 5,
    where: { published: true },
    initialState: { sorting: [{ field: 'title', direction: 'desc' }], filters: { genre: 'science' } },
  });

  it('fetches the page the store asks for first, and the store starts from it without a request', async () => {
    const page = viaJson(await prefetchTable(options()));
    expect(harness.server.requests).toHaveLength(1);
    const onServer = harness.server.requests[0]!;
    expect(page.items).toHaveLength(5);

    // What a store without initialPage asks for: the same request.
    const plain = open(options());
    await stateWhere(plain, (state) => state.status === 'success');
    expect(harness.server.requests).toHaveLength(2);
    expect(harness.server.requests[1]!.rawQuery).toBe(onServer.rawQuery);

    const hydrated = open({ ...options(), initialPage: page });
    expect(hydrated.getState()).toMatchObject({
      status: 'success',
      fetchStatus: 'idle',
      items: plain.getState().items,
      total: plain.getState().total,
      pageCount: plain.getState().pageCount,
    });
    expect(harness.server.requests).toHaveLength(2);

    // Moving on fetches as usual.
    hydrated.nextPage();
    await stateWhere(hydrated, (state) => state.page === 2 && state.fetchStatus === 'idle');
    expect(harness.server.requests).toHaveLength(3);
    expect(harness.server.requests[2]!.query.page).toBe(2);
  });

  it('ignores a page that answers another query, and fetches', async () => {
    const page = await prefetchTable(options());
    const store = open({ ...options(), perPage: 6, initialPage: page });
    expect(store.getState().items).toEqual([]);
    await stateWhere(store, (state) => state.status === 'success');
    expect(store.getState().items).toHaveLength(6);
    expect(harness.server.requests).toHaveLength(2);
  });

  it('matches a URL-synced store when the server reads the view from the request URL', async () => {
    const search = '?books.page=2&books.perPage=4';
    const page = await prefetchTable({ resource: books(), initialState: readUrlView(search, 'books') });
    expect(harness.server.requests[0]!.query).toMatchObject({ page: 2, perPage: 4 });
    const url = createUrlStateAdapter({ prefix: 'books', window: createFakeWindow(`/list${search}`) });
    const store = open({ resource: books(), url, initialPage: viaJson(page) });
    expect(store.getState()).toMatchObject({ status: 'success', page: 2, perPage: 4 });
    expect(store.getState().items).toHaveLength(4);
    expect(harness.server.requests).toHaveLength(1);
    expect(readUrlView('?books.page=abc', 'books')).toEqual({});
  });

  it('names a resource without query', async () => {
    await expect(prefetchTable({ resource: {} } as never)).rejects.toThrow(/`resource`/);
  });
});

describe('autocomplete initialSelected', () => {
  it('shows the known items at once and loads nothing for them', async () => {
    const [first, second] = (await books().query({ perPage: 2 })).items;
    harness.server.requests.length = 0;
    const picker = createAutocompleteStore<Book>({
      resource: books(),
      searchFields: ['title'],
      multiple: true,
      initialSelected: viaJson([first!, second!]),
    });
    const stop = picker.subscribe(() => {});
    expect(picker.getState().value).toEqual([first!.id, second!.id]);
    expect(picker.getState().selected.map((book) => book.id)).toEqual([first!.id, second!.id]);
    expect(picker.getState().hydrating).toBe(false);
    expect(harness.server.requests).toHaveLength(0);
    stop();
    picker.destroy();
  });

  it('loads by id only the values it does not know', async () => {
    const [first] = (await books().query({ perPage: 1 })).items;
    harness.server.requests.length = 0;
    const picker = createAutocompleteStore<Book>({
      resource: books(),
      searchFields: ['title'],
      multiple: true,
      initialValue: [first!.id, 7],
      initialSelected: [first!],
    });
    const stop = picker.subscribe(() => {});
    await stateWhere(picker, (state) => !state.hydrating);
    expect(picker.getState().selected.map((book) => book.id)).toEqual([first!.id, 7]);
    expect(harness.server.requests).toHaveLength(1);
    expect(JSON.stringify(harness.server.requests[0]!.query.where)).toContain('7');
    expect(JSON.stringify(harness.server.requests[0]!.query.where)).not.toContain(`[${first!.id},`);
    stop();
    picker.destroy();
    expect(() =>
      createAutocompleteStore<Book>({
        resource: books(),
        searchFields: ['title'],
        initialSelected: {} as never,
      }),
    ).toThrow(/`initialSelected`/);
  });
});
