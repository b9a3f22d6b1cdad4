import { describe, expect, it, vi } from 'vitest';
import {
  type AutocompleteOptions,
  type AutocompleteStore,
  createAutocompleteStore,
} from '../src/autocomplete/index.js';
import type { Book } from './helpers/books.js';
import { storeHarness } from './helpers/storeHarness.js';
import { stateWhere } from './helpers/waitFor.js';

const harness = storeHarness<AutocompleteStore<Book>>();
const { stores, books } = harness;
const settled = (store: AutocompleteStore<Book>) =>
  stateWhere(store, (state) => state.fetchStatus === 'idle' && !state.hydrating);

function open(options: Partial<AutocompleteOptions<Book>> = {}) {
  const store = createAutocompleteStore<Book>({ resource: books(), searchFields: ['title'], ...options });
  stores.push(store);
  store.subscribe(() => {});
  return store;
}

async function type(store: AutocompleteStore<Book>, text: string, wait = 300) {
  store.setInput(text);
  vi.advanceTimersByTime(wait);
  return settled(store);
}

describe('createAutocompleteStore', () => {
  it('debounces typing into one request for the last term, with the limit and projection', async () => {
    const store = open({ perPage: 5, fields: ['id', 'title'], where: { published: true } });
    for (const text of ['B', 'Bo', 'Boo', 'Book 1']) store.setInput(text);
    vi.advanceTimersByTime(299);
    expect(harness.server.requests).toHaveLength(0);
    vi.advanceTimersByTime(1);
    const state = await settled(store);
    expect(harness.server.requests).toHaveLength(1);
    expect(harness.server.requests[0]?.query).toEqual({
      page: 1,
      perPage: 5,
      where: { AND: [{ published: true }, { title: { contains: 'Book 1' } }] },
      fields: 'items{id,title},meta{page,perPage,itemCount,pageCount,nextCursor,prevCursor}',
    });
    expect(state).toMatchObject({ term: 'Book 1', status: 'success', total: 8, hasMore: true });
    expect(state.options.map((book) => book.title)).toEqual([
      'Book 10',
      'Book 11',
      'Book 13',
      'Book 14',
      'Book 15',
    ]);
  });

  it('sends nothing below the minimum length and clears the results at once', async () => {
    const store = open({ minChars: 3 });
    await type(store, 'Book');
    expect(store.getState().results).not.toHaveLength(0);
    store.setInput('Bo');
    expect(store.getState()).toMatchObject({ term: null, results: [], options: [] });
    vi.advanceTimersByTime(1000);
    expect(harness.server.requests).toHaveLength(1);
  });

  it('searches several fields with an OR; case-insensitive mode only on request', async () => {
    const store = open({ searchFields: ['title', 'author.name'], caseInsensitive: true });
    const state = await type(store, 'grace');
    expect(harness.server.requests[0]?.query.where).toEqual({
      OR: [
        { title: { contains: 'grace', mode: 'insensitive' } },
        { author: { name: { contains: 'grace', mode: 'insensitive' } } },
      ],
    });
    expect(state.total).toBe(15);
    const plain = open();
    await type(plain, 'true');
    expect(harness.server.requests[1]?.query.where).toEqual({ title: { contains: 'true' } });
    expect(plain.getState().options.map((book) => book.title)).toEqual(['true']);
  });

  it('drops an out-of-order response and aborts the request it superseded', async () => {
    const { resource, signals } = harness.signalledBooks();
    const store = open({ resource });
    const held = harness.server.hold(() => true);
    store.setInput('Book 2');
    vi.advanceTimersByTime(300);
    await held.arrived;
    const state = await type(store, 'Book 3');
    held.release();
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    expect(state).toMatchObject({ term: 'Book 3', status: 'success' });
    expect(state.results.every((book) => book.title.startsWith('Book 3'))).toBe(true);
  });

  it('loads more pages, appending without duplicates, then stops', async () => {
    const store = open({ perPage: 4 });
    await type(store, 'Book 1');
    store.loadMore();
    let state = await settled(store);
    expect(state).toMatchObject({ page: 2, hasMore: true });
    store.loadMore();
    state = await settled(store);
    expect(state).toMatchObject({ page: 3, hasMore: false, total: 10 });
    expect(state.results.map((book) => book.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Book 1${i}`),
    );
    store.loadMore();
    expect(harness.server.requests).toHaveLength(3);
  });

  it('serves recently searched terms from its cache', async () => {
    const store = open();
    await type(store, 'Book 2');
    await type(store, 'Book 3');
    const state = await type(store, 'Book 2');
    expect(harness.server.requests.map((request) => request.query.where)).toEqual([
      { title: { contains: 'Book 2' } },
      { title: { contains: 'Book 3' } },
    ]);
    expect(state.results.map((book) => book.title)).toContain('Book 20');

    const uncached = open({ cacheSize: 0 });
    await type(uncached, 'Book 2');
    await type(uncached, 'Book 3');
    await type(uncached, 'Book 2');
    expect(harness.server.requests).toHaveLength(5);
  });

  it('hydrates selected values by id, independently of the search, and lists them first without duplicates', async () => {
    const store = open({ multiple: true, initialValue: [12, 30], where: { genre: 'fiction' } });
    let state = await settled(store);
    expect(harness.server.requests[0]?.query).toEqual({
      page: 1,
      perPage: 2,
      where: { id: { in: [12, 30] } },
    });
    expect(state.selected.map((book) => book.id)).toEqual([12, 30]);
    state = await type(store, 'Book 1');
    const ids = state.options.map((book) => book.id);
    expect(ids.slice(0, 2)).toEqual([12, 30]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(state.results.map((book) => book.id)).toContain(10);
  });

  it('moves the highlight with wrap-around and selects with the keyboard', async () => {
    const store = open({ perPage: 3 });
    await type(store, 'Book 1');
    expect(store.getState().highlightedIndex).toBe(-1);
    store.moveHighlight(1);
    store.moveHighlight(1);
    expect(store.getState().highlightedIndex).toBe(1);
    store.moveHighlight(1);
    store.moveHighlight(1);
    expect(store.getState().highlightedIndex).toBe(0);
    store.moveHighlight(-1);
    expect(store.getState().highlightedIndex).toBe(2);
    store.selectHighlighted();
    const state = store.getState();
    expect(state).toMatchObject({ value: 12, values: [12], input: '', term: null, highlightedIndex: -1 });
    expect(state.options.map((book) => book.id)).toEqual([12]);
    expect(store.getOptionLabel(state.selected[0] as Book)).toBe('Book 12');
    expect(store.getOptionValue(state.selected[0] as Book)).toBe(12);
  });

  it('replaces the selection unless multiple, deselects and clears; single mode has one value or null', async () => {
    const store = open({ getOptionLabel: (book) => `${book.title} (${book.author.name})` });
    const [first, second] = (await type(store, 'Book 2')).results as Book[];
    expect(store.getState()).toMatchObject({ value: null, values: [] });
    store.select(first as Book);
    store.select(second as Book);
    expect(store.getState().value).toBe(second?.id);
    expect(store.getState().values).toEqual([second?.id]);
    expect(store.getOptionLabel(second as Book)).toBe('Book 21 (Édouard Lucas)');
    store.deselect(second?.id as number);
    expect(store.getState()).toMatchObject({ value: null, values: [], selected: [] });
    store.setValue([9, 8]);
    const state = await settled(store);
    expect(state.value).toBe(9);
    expect(state.selected.map((book) => book.title)).toEqual(['Book 09']);
    store.clear();
    expect(store.getState()).toMatchObject({ value: null, values: [], selected: [], options: [], input: '' });
  });

  it('multiple mode lists its values, and a switch of mode reshapes value', async () => {
    const store = open({ multiple: true });
    const [first, second] = (await type(store, 'Book 2')).results as Book[];
    store.select(first as Book);
    store.select(second as Book);
    expect(store.getState()).toMatchObject({
      value: [first?.id, second?.id],
      values: [first?.id, second?.id],
    });
    store.setOptions({ resource: books(), searchFields: ['title'], multiple: false });
    expect(store.getState()).toMatchObject({ value: first?.id, values: [first?.id] });
    store.setOptions({ resource: books(), searchFields: ['title'], multiple: true });
    expect(store.getState()).toMatchObject({ value: [first?.id], values: [first?.id] });
    store.clear();
    expect(store.getState()).toMatchObject({ value: [], values: [] });
  });

  it('reports a failed search as an error state', async () => {
    const store = open({ searchFields: ['nope'] });
    const state = await type(store, 'x');
    expect(state.status).toBe('error');
    expect(state.error).toBeInstanceOf(Error);
  });

  it('fails early on bad options, naming them', () => {
    expect(() => createAutocompleteStore<Book>({ resource: books(), searchFields: [] })).toThrow(
      /`searchFields`/,
    );
    expect(() =>
      createAutocompleteStore<Book>({ resource: books(), searchFields: ['title'], minChars: -1 }),
    ).toThrow(/`minChars`/);
  });
});
