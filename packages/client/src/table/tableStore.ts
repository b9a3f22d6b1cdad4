import { encodeQuery, type PageMeta } from '@facet/core';
import { browserStorage, globalScheduler, type StorageLike } from '../shared/environment.js';
import { createLatestRequest } from '../shared/latestRequest.js';
import { readPageMeta } from '../shared/queryParts.js';
import { createListeners } from '../shared/subscribable.js';
import type {
  TableAction,
  TableOptions,
  TableRow,
  TableState,
  TableStore,
  TableView,
  TypedTableOptions,
} from './tableStore.types.js';
import {
  DEFAULT_TABLE_OPTIONS,
  deriveTableQuery,
  filterCondition,
  getDefaultView,
  getInitialState,
  reduceTableState,
  sanitizeView,
  storageKey,
  tableQueryKey,
  toggleSorting,
  viewOf,
} from './tableStore.utils.js';

const FILTER_KINDS = ['contains', 'equals', 'in', 'range', 'boolean'];

function validateOptions<TRow>(options: TableOptions<TRow>): void {
  if (typeof options?.resource?.query !== 'function') {
    throw new TypeError(
      'createTableStore: `resource` must have a `query` method (use `useModuleApi(api, endpoint)`)',
    );
  }
  if (options.perPage !== undefined && !(Number.isInteger(options.perPage) && options.perPage > 0)) {
    throw new RangeError(`createTableStore: \`perPage\` must be a positive integer, got ${options.perPage}`);
  }
  const debounce = options.searchDebounceMs;
  if (debounce !== undefined && !(Number.isFinite(debounce) && debounce >= 0)) {
    throw new RangeError(`createTableStore: \`searchDebounceMs\` must be 0 or more, got ${debounce}`);
  }
  for (const [column, filter] of Object.entries(options.columnFilters ?? {})) {
    if (filter.kind !== undefined && !FILTER_KINDS.includes(filter.kind)) {
      throw new TypeError(
        `createTableStore: \`columnFilters.${column}.kind\` must be one of ${FILTER_KINDS.join(', ')}`,
      );
    }
  }
}

const positiveInteger = (name: string, value: number): number => {
  if (!(Number.isInteger(value) && value > 0))
    throw new RangeError(`Table: \`${name}\` must be a positive integer`);
  return value;
};

/**
 * A headless, framework-agnostic data table over a Facet list endpoint: paging, multi-column sort,
 * column filters, debounced global search and column projection, with stale requests aborted.
 * Work starts with the first subscriber.
 */
export function createTableStore<TItem, const B extends string = string>(
  initialOptions: TypedTableOptions<TItem, B>,
): TableStore<TableRow<TItem, B>>;
export function createTableStore<TRow>(initialOptions: TableOptions<TRow>): TableStore<TRow> {
  validateOptions(initialOptions);
  let options = initialOptions;
  const defaults = getDefaultView(options);
  const url = options.url;
  const storage: StorageLike | null = options.persist
    ? options.persist.storage === undefined
      ? browserStorage()
      : options.persist.storage
    : null;

  let state: TableState<TRow> = Object.freeze(
    getInitialState<TRow>({ ...defaults, ...readStored(), ...url?.read() }),
  );
  const request = createLatestRequest();
  const listeners = createListeners(activate, deactivate);
  let requestedKey: string | null = null;
  const initialPage = options.initialPage;
  if (initialPage && initialPage.query === tableQueryKey(state, options)) {
    // Server-fetched rows for exactly this query: show them, and count them as already requested.
    requestedKey = initialPage.query;
    state = Object.freeze(reduceTableState(state, pageLoaded(initialPage, state.perPage)));
  }
  let searchTimer: unknown = null;
  let stopUrl: (() => void) | null = null;
  let destroyed = false;

  function readStored(): Partial<TableView> {
    if (!storage || !options.persist) return {};
    try {
      return sanitizeView(JSON.parse(storage.getItem(storageKey(options.persist.key)) ?? 'null'));
    } catch {
      return {}; // A corrupt entry is ignored rather than breaking the page.
    }
  }

  function dispatch(action: TableAction<TRow>): boolean {
    const next = reduceTableState(state, action);
    if (next === state) return false;
    state = Object.freeze(next);
    listeners.notify();
    return true;
  }

  /** After a change of the view: remember it, mirror it in the URL, and load what it shows. */
  function commit(action: TableAction<TRow>, urlMode: 'push' | 'replace' | 'none' = 'push'): void {
    if (destroyed || !dispatch(action)) return;
    const view = viewOf(state);
    if (storage && options.persist) {
      try {
        storage.setItem(storageKey(options.persist.key), JSON.stringify(view));
      } catch {
        // Quota or privacy mode: the table still works, it just forgets.
      }
    }
    if (urlMode !== 'none') url?.write(view, defaults, urlMode);
    if (action.type === 'restore') scheduleSearch();
    load();
  }

  function scheduleSearch(): void {
    const scheduler = options.scheduler ?? globalScheduler;
    if (searchTimer !== null) scheduler.clearTimeout(searchTimer);
    searchTimer = null;
    if (state.searchInput.trim() === state.search || !listeners.active) return;
    searchTimer = scheduler.setTimeout(() => {
      searchTimer = null;
      commit({ type: 'applySearch' });
    }, options.searchDebounceMs ?? DEFAULT_TABLE_OPTIONS.searchDebounceMs);
  }

  /** Fetches when someone listens and the derived query differs from the one last requested. */
  function load(force = false): void {
    if (destroyed || !listeners.active) return;
    const query = deriveTableQuery(state, options);
    const key = tableQueryKey(state, options);
    if (!force && key === requestedKey) return;
    requestedKey = key;
    dispatch({ type: 'fetch' });
    const perPage = state.perPage;
    void request
      .run((signal) => options.resource.query(query, { signal }))
      .then((outcome) => {
        if (outcome.kind === 'stale') return;
        if (outcome.kind === 'error') {
          requestedKey = null; // the same view may be retried
          dispatch({ type: 'error', error: outcome.error });
          return;
        }
        const loaded = pageLoaded(outcome.value, perPage);
        const lastPage = Math.max(1, loaded.pageCount);
        if (state.page > lastPage) {
          // Rows vanished under the user (or a bookmark is out of date): show the last page instead,
          // correcting the URL entry rather than adding one.
          commit({ type: 'setPage', page: lastPage }, 'replace');
          return;
        }
        dispatch(loaded);
      });
  }

  /** Rows beside the loaded ones, by cursor: `after` the last (appended), `before` the first (put in front). */
  function loadBeside(direction: 'after' | 'before'): void {
    const cursor = direction === 'after' ? state.nextCursor : state.prevCursor;
    if (destroyed || cursor === null || request.pending) return;
    // The same query from the cursor on: a position of its own, so without `page`.
    const { page: _page, ...query } = deriveTableQuery(state, options);
    dispatch({ type: 'fetch' });
    void request
      .run((signal) => options.resource.query({ ...query, [direction]: cursor }, { signal }))
      .then((outcome) => {
        if (outcome.kind === 'stale') return;
        if (outcome.kind === 'error') {
          dispatch({ type: 'error', error: outcome.error });
          return;
        }
        const items = Array.isArray(outcome.value?.items) ? outcome.value.items : [];
        const meta = outcome.value?.meta;
        dispatch(
          direction === 'after'
            ? { type: 'append', items, nextCursor: cursorOf(meta, 'nextCursor') }
            : { type: 'prepend', items, prevCursor: cursorOf(meta, 'prevCursor') },
        );
      });
  }

  function activate(): void {
    if (destroyed) return;
    stopUrl = url?.subscribe(restoreFromUrl) ?? null;
    scheduleSearch();
    load();
  }

  function deactivate(): void {
    stopUrl?.();
    stopUrl = null;
    const scheduler = options.scheduler ?? globalScheduler;
    if (searchTimer !== null) scheduler.clearTimeout(searchTimer);
    searchTimer = null;
    if (request.pending) {
      request.abort();
      requestedKey = null; // not loaded: the next subscriber asks again
      dispatch({ type: 'cancel' });
    }
  }

  function restoreFromUrl(): void {
    // Back/forward already moved the URL: apply it without writing it again, so there is no loop.
    commit({ type: 'restore', view: { ...defaults, ...url?.read() } }, 'none');
  }

  return {
    getState: () => state,
    subscribe: listeners.subscribe,
    setOptions(next) {
      validateOptions(next);
      const before = deriveTableQuery({ ...state, page: 1 }, options);
      options = next;
      const after = deriveTableQuery({ ...state, page: 1 }, options);
      // A new static where or include changes the rows like a filter does: back to page 1.
      if (encodeQuery({ ...before }) !== encodeQuery({ ...after })) commit({ type: 'setPage', page: 1 });
      load();
    },
    destroy() {
      deactivate();
      destroyed = true;
      listeners.clear();
    },
    setPage: (page) => commit({ type: 'setPage', page: positiveInteger('page', page) }),
    nextPage: () =>
      commit({ type: 'setPage', page: state.pageCount > state.page ? state.page + 1 : state.page }),
    previousPage: () => commit({ type: 'setPage', page: Math.max(1, state.page - 1) }),
    setPerPage: (perPage) => commit({ type: 'setPerPage', perPage: positiveInteger('perPage', perPage) }),
    setSorting: (sorting) =>
      commit({
        type: 'setSorting',
        sorting: typeof sorting === 'function' ? sorting(state.sorting) : sorting,
      }),
    toggleSort: (field, multi = false) =>
      commit({ type: 'setSorting', sorting: toggleSorting(state.sorting, field, multi) }),
    setFilter(column, value) {
      // Fail now, with the column's name, rather than at the next fetch.
      if (value !== undefined && value !== null) {
        const caseInsensitive = options.caseInsensitive ?? DEFAULT_TABLE_OPTIONS.caseInsensitive;
        filterCondition(column, value, options.columnFilters?.[column], caseInsensitive);
      }
      commit({ type: 'setFilter', column, value });
    },
    clearFilters: () => commit({ type: 'setFilters', filters: {} }),
    setSearch(text) {
      if (options.searchWith !== 'q' && !options.searchFields?.length) {
        throw new TypeError(
          "Table: searching needs the `searchFields` option (the fields to look in), or `searchWith: 'q'`",
        );
      }
      if (destroyed) return;
      dispatch({ type: 'setSearchInput', text });
      scheduleSearch();
    },
    setVisibleColumns: (columns) => commit({ type: 'setVisibleColumns', columns }),
    reset: () => commit({ type: 'restore', view: defaults }),
    refetch: () => load(true),
    loadMore: () => loadBeside('after'),
    loadPrevious: () => loadBeside('before'),
  };
}

/** The success action for one answer of the list endpoint. */
function pageLoaded<TRow>(
  value: { items?: readonly TRow[]; meta?: Partial<PageMeta> } | undefined,
  perPage: number,
): Extract<TableAction<TRow>, { type: 'success' }> {
  const items = Array.isArray(value?.items) ? value.items : [];
  const { total, pageCount } = readPageMeta(value?.meta, items.length, perPage);
  const { meta } = value ?? {};
  const nextCursor = cursorOf(meta, 'nextCursor');
  const totalKind =
    typeof meta?.itemCount !== 'number' ? 'unknown' : meta.countMode === 'estimated' ? 'estimated' : 'exact';
  return {
    type: 'success',
    items,
    total,
    pageCount,
    totalKind,
    nextCursor,
    prevCursor: cursorOf(meta, 'prevCursor'),
  };
}

function cursorOf(
  meta: { nextCursor?: unknown; prevCursor?: unknown } | undefined,
  name: 'nextCursor' | 'prevCursor',
): string | null {
  const cursor = meta?.[name];
  return typeof cursor === 'string' && cursor !== '' ? cursor : null;
}

/** The spec's name for the framework-agnostic table factory; adapters export hooks of the same name. */
export const useTable = createTableStore;
