import { encodeQuery, type PageMeta, type SelectPaths } from '@facet/core';
import { globalScheduler } from '../shared/environment.js';
import { createLatestRequest } from '../shared/latestRequest.js';
import { readPageMeta } from '../shared/queryParts.js';
import { createListeners } from '../shared/subscribable.js';
import type {
  AutocompleteAction,
  AutocompleteOptions,
  AutocompleteState,
  AutocompleteStore,
  MultipleAutocompleteOptions,
  TypedAutocompleteOptions,
} from './autocompleteStore.types.js';
import {
  deriveSearchQuery,
  getInitialAutocompleteState,
  hydrationQuery,
  missingValues,
  type ResolvedAutocompleteOptions,
  reduceAutocompleteState,
  resolveAutocompleteOptions,
  termOf,
  toValues,
} from './autocompleteStore.utils.js';

interface CachedResults<TItem> {
  readonly items: readonly TItem[];
  readonly page: number;
  readonly total: number;
  readonly hasMore: boolean;
  /** `meta.nextCursor` of the last response: where `loadMore()` continues. */
  readonly cursor: string | null;
}

/** The cursor a list answer gives (`undefined` from a server without keyset paging). */
const cursorOf = (meta: { readonly nextCursor?: string | null } | undefined): string | null | undefined =>
  meta === undefined || !('nextCursor' in meta)
    ? undefined
    : typeof meta.nextCursor === 'string' && meta.nextCursor !== ''
      ? meta.nextCursor
      : null;

/**
 * A headless, framework-agnostic autocomplete over a Facet list endpoint: debounced search with a
 * minimum length, stale requests aborted, selected values loaded by id, load-more and a cache of
 * recent terms. Work starts with the first subscriber.
 */
export function createAutocompleteStore<TItem, const P extends string = string>(
  initialOptions: MultipleAutocompleteOptions<TItem, P>,
): AutocompleteStore<SelectPaths<TItem, P>, true>;
export function createAutocompleteStore<TItem, const P extends string = string>(
  initialOptions: TypedAutocompleteOptions<TItem, P, false>,
): AutocompleteStore<SelectPaths<TItem, P>, false>;
export function createAutocompleteStore<TItem, const P extends string = string>(
  initialOptions: TypedAutocompleteOptions<TItem, P, boolean>,
): AutocompleteStore<SelectPaths<TItem, P>, boolean>;
export function createAutocompleteStore<TItem>(
  initialOptions: AutocompleteOptions<TItem>,
): AutocompleteStore<TItem, boolean> {
  let options: ResolvedAutocompleteOptions<TItem> = resolveAutocompleteOptions(initialOptions);
  const multiple = () => options.multiple ?? false;
  const known = initialOptions.initialSelected ?? [];
  if (!Array.isArray(known)) {
    throw new TypeError('createAutocompleteStore: `initialSelected` must be an array of items');
  }
  const startValue =
    initialOptions.initialValue === undefined || initialOptions.initialValue === null
      ? known.map((item) => options.getOptionValue(item)).slice(0, multiple() ? undefined : 1)
      : toValues(initialOptions.initialValue).slice(0, multiple() ? undefined : 1);
  let state: AutocompleteState<TItem, boolean> = Object.freeze(
    // Known items fill `selected` the way loaded ones would, so hydration finds nothing missing.
    reduceAutocompleteState(
      getInitialAutocompleteState<TItem>(startValue, multiple()),
      { type: 'hydrated', items: known },
      (item) => options.getOptionValue(item),
      multiple(),
    ),
  );
  const search = createLatestRequest();
  const hydration = createLatestRequest();
  const cache = new Map<string, CachedResults<TItem>>();
  const listeners = createListeners(activate, deactivate);
  let inputTimer: unknown = null;
  let searchedKey: string | null = null;
  /** Where the current term's next results start (`after=`), when the server pages by cursor. */
  let cursor: string | null = null;
  let destroyed = false;

  const getValue = (item: TItem) => options.getOptionValue(item);

  function dispatch(action: AutocompleteAction<TItem>): boolean {
    if (destroyed) return false;
    const next = reduceAutocompleteState(state, action, getValue, multiple());
    if (next === state) return false;
    state = Object.freeze(next);
    listeners.notify();
    return true;
  }

  function cancelTimer(): void {
    if (inputTimer !== null) (options.scheduler ?? globalScheduler).clearTimeout(inputTimer);
    inputTimer = null;
  }

  /** The cache key of the current term's search: the query without its page. */
  const keyOf = (term: string) => encodeQuery({ ...deriveSearchQuery(term, 1, options) });

  function remember(key: string, entry: CachedResults<TItem>): void {
    if (options.cacheSize === 0) return;
    cache.delete(key); // re-inserting keeps the Map in least-recently-used order
    cache.set(key, entry);
    while (cache.size > options.cacheSize) cache.delete(cache.keys().next().value as string);
  }

  /** Shows the current term's first page: from the cache, or from the server. */
  function searchTerm(): void {
    const { term } = state;
    if (!listeners.active || term === null) {
      searchedKey = null;
      if (search.pending) search.abort();
      dispatch({ type: 'cancel' });
      return;
    }
    const key = keyOf(term);
    if (key === searchedKey) return;
    searchedKey = key;
    const cached = cache.get(key);
    cursor = null;
    if (cached) {
      search.abort();
      remember(key, cached);
      cursor = cached.cursor;
      dispatch({ type: 'success', ...cached, append: false });
      return;
    }
    fetchPage(term, key, 1, null);
  }

  function fetchPage(term: string, key: string, page: number, after: string | null): void {
    // A cursor continues the same where/orderBy/perPage from a position; `page` cannot go with it.
    const { page: _page, ...rest } = deriveSearchQuery(term, page, options);
    const query = after === null ? { ...rest, page } : { ...rest, after };
    dispatch({ type: 'fetch' });
    void search
      .run((signal) => options.resource.query(query, { signal }))
      .then((outcome) => {
        if (outcome.kind === 'stale') return;
        if (outcome.kind === 'error') {
          if (page === 1) searchedKey = null; // typing the same term again retries
          dispatch({ type: 'error', error: outcome.error });
          return;
        }
        const body: { items?: TItem[]; meta?: Partial<PageMeta> } = outcome.value ?? {};
        const items = Array.isArray(body.items) ? body.items : [];
        const counted = readPageMeta(body.meta, items.length, options.perPage);
        const next = cursorOf(body.meta);
        // A keyset answer has totals only when the projection asked for them.
        const total =
          after !== null && typeof body.meta?.itemCount !== 'number' ? state.total : counted.total;
        const hasMore = next === undefined ? page < counted.pageCount : next !== null;
        cursor = next ?? null;
        dispatch({ type: 'success', items, page, total, hasMore, append: page > 1 });
        remember(key, { items: state.results, page, total, hasMore, cursor });
      });
  }

  /** Loads selected values whose items are unknown, by id, whatever the search shows. */
  function hydrate(): void {
    const missing = missingValues(state, getValue);
    if (!listeners.active || missing.length === 0) return;
    dispatch({ type: 'hydrating', hydrating: true });
    const query = hydrationQuery(missing, options);
    void hydration
      .run((signal) => options.resource.query(query, { signal }))
      .then((outcome) => {
        if (outcome.kind === 'stale') return;
        if (outcome.kind === 'error') {
          dispatch({ type: 'hydrating', hydrating: false });
          dispatch({ type: 'error', error: outcome.error });
          return;
        }
        const items = outcome.value?.items;
        dispatch({ type: 'hydrated', items: Array.isArray(items) ? items : [] });
      });
  }

  function activate(): void {
    if (destroyed) return;
    searchTerm();
    hydrate();
  }

  function deactivate(): void {
    cancelTimer();
    searchedKey = null;
    search.abort();
    hydration.abort();
    dispatch({ type: 'cancel' });
    dispatch({ type: 'hydrating', hydrating: false });
  }

  function applyInput(): void {
    inputTimer = null;
    dispatch({ type: 'applyTerm', term: termOf(state.input, options.minChars) });
    searchTerm();
  }

  function select(item: TItem): void {
    if (dispatch({ type: 'select', item, multiple: multiple() })) afterSelection();
  }

  function afterSelection(): void {
    cancelTimer();
    searchTerm();
    hydrate();
  }

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    setOptions(next) {
      options = resolveAutocompleteOptions(next);
      // A switch of mode changes how `value` shows the selection; single mode keeps the first.
      if (Array.isArray(state.value) !== multiple()) {
        const values = multiple() ? state.values : state.values.slice(0, 1);
        state = Object.freeze({ ...state, values, value: multiple() ? values : (values[0] ?? null) });
        listeners.notify();
      }
      searchTerm(); // a no-op unless the derived query changed
    },
    destroy() {
      deactivate();
      destroyed = true;
      listeners.clear();
      cache.clear();
    },
    setInput(text) {
      if (!dispatch({ type: 'setInput', input: text })) return;
      cancelTimer();
      // Below the minimum there is nothing to wait for: clear the results at once.
      if (termOf(text, options.minChars) === null) applyInput();
      else inputTimer = (options.scheduler ?? globalScheduler).setTimeout(applyInput, options.debounceMs);
    },
    moveHighlight: (delta) => void dispatch({ type: 'moveHighlight', delta }),
    setHighlight: (index) => void dispatch({ type: 'setHighlight', index }),
    select,
    selectHighlighted() {
      const item = state.options[state.highlightedIndex];
      if (state.highlightedIndex >= 0 && item !== undefined) select(item);
    },
    deselect: (value) => void dispatch({ type: 'deselect', value }),
    setValue(value) {
      const values = toValues(value);
      if (dispatch({ type: 'setValue', value: multiple() ? values : values.slice(0, 1) })) hydrate();
    },
    loadMore() {
      const { term } = state;
      if (term === null || !state.hasMore || state.fetchStatus === 'fetching' || !listeners.active) return;
      fetchPage(term, keyOf(term), state.page + 1, cursor);
    },
    clear() {
      if (dispatch({ type: 'clear' })) afterSelection();
    },
    getOptionLabel: (item) => options.getOptionLabel(item),
    getOptionValue: getValue,
  };
}

/** The spec's name for the framework-agnostic autocomplete factory; adapters export hooks of the same name. */
export const useAutocomplete = createAutocompleteStore;
