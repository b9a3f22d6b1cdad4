import type { CheckPath, CountedPage, CountMode, PageMeta, Paginated, SelectPaths } from '@facet/core';
import type { AxiosRequestConfig } from 'axios';
import type { ModuleQuery } from '../api/useModuleApi.js';
import type { Scheduler, StorageLike } from '../shared/environment.js';

export type SortDirection = 'asc' | 'desc';

/** One sort key; the first rule sorts first. `field` may be a dotted relation path (`author.name`). */
export interface SortRule {
  readonly field: string;
  readonly direction: SortDirection;
}

/** An inclusive range; either end may be left out. */
export interface RangeValue {
  readonly min?: number | string;
  readonly max?: number | string;
}

/**
 * The value of one column filter. `''`, `null`, `undefined`, `[]` and an empty range mean
 * "no filter" and are removed from the state.
 */
export type FilterValue = string | number | boolean | null | readonly (string | number)[] | RangeValue;

/**
 * How a column's filter value becomes a `where` condition:
 * - `contains`: `{ contains: text }` (text search inside the column);
 * - `equals`: `{ equals: value }`;
 * - `in`: `{ in: values }`;
 * - `range`: `{ gte: min, lte: max }`;
 * - `boolean`: `{ equals: true | false }`.
 */
export type FilterKind = 'contains' | 'equals' | 'in' | 'range' | 'boolean';

export interface ColumnFilter {
  /** @default 'equals' */
  readonly kind?: FilterKind;
  /** The dotted field path to filter on. @default the column key */
  readonly field?: string;
  /**
   * `contains` only: add Prisma's `mode: 'insensitive'`, which exists on PostgreSQL and MongoDB only.
   * MySQL and MariaDB compare case-insensitively under their default collations: leave it off there.
   * @default the table's `caseInsensitive` option
   */
  readonly caseInsensitive?: boolean;
  /** Builds the condition yourself (a to-many relation needs `some`, say). Wins over `kind`. */
  readonly toWhere?: (value: FilterValue) => Record<string, unknown>;
}

/** The part of the state a user changes, persists and puts in the URL. */
export interface TableView {
  readonly page: number;
  readonly perPage: number;
  readonly sorting: readonly SortRule[];
  readonly filters: Readonly<Record<string, FilterValue>>;
  /** The search text the query uses (the debounced input). */
  readonly search: string;
  /** Columns to load (dotted paths); `null` loads the server's default selection. */
  readonly visibleColumns: readonly string[] | null;
}

/** What every `TableState` has, whatever its `status`. */
export interface TableStateBase<TRow> extends TableView {
  /** What the user is typing; becomes `search` after the debounce. */
  readonly searchInput: string;
  /** The rows of the last successful response; kept while a new request runs or fails. */
  readonly items: readonly TRow[];
  /** `meta.itemCount` of the last successful response (the rows loaded when it had none). */
  readonly total: number;
  readonly pageCount: number;
  /**
   * What `total` is: `'exact'` a count, `'estimated'` the database's estimate (`count: 'estimated'`
   * above the server's threshold; show it as "about"), `'unknown'` no count ran (`count: 'none'`,
   * or before the first answer): `total` is then only the rows loaded.
   */
  readonly totalKind: 'exact' | 'estimated' | 'unknown';
  /**
   * `meta.nextCursor` of the last response: where `loadMore()` continues; `null` when no row
   * follows (or the server does not page by cursor).
   */
  readonly nextCursor: string | null;
  /**
   * `meta.prevCursor` of the first page loaded: where `loadPrevious()` continues; `null` when no
   * row precedes (the first page, or a server that does not page by cursor).
   */
  readonly prevCursor: string | null;
  readonly fetchStatus: 'fetching' | 'idle';
  /** `fetchStatus === 'fetching'`. */
  readonly loading: boolean;
}

/** The store's snapshot: frozen, and replaced only when something changed. Narrow on `status`. */
export type TableState<TRow> =
  | (TableStateBase<TRow> & { readonly status: 'idle' | 'success'; readonly error: null })
  | (TableStateBase<TRow> & { readonly status: 'error'; readonly error: unknown });

/** Reads the state from somewhere else and writes it back (see `createUrlStateAdapter`). */
export interface TableUrlSync {
  /** The view found in the URL now; missing parts are left out. */
  read(): Partial<TableView>;
  /** Puts the view in the URL: `push` for a user's change, `replace` for a correction. */
  write(view: TableView, defaults: TableView, mode: 'push' | 'replace'): void;
  /** Calls `listener` when the URL changes under the store (back and forward). */
  subscribe(listener: () => void): () => void;
}

export interface TablePersistOptions {
  /** Stored under `facet:table:<key>:v1`. */
  readonly key: string;
  /** @default `globalThis.localStorage` when there is one, else no persistence */
  readonly storage?: StorageLike | null;
}

/**
 * The part of a `useModuleApi` wrapper the store needs; any wrapper, typed or not, fits. The store
 * sends `fields` as a plain string, so the wrapper's own narrowing does not apply; instead
 * a literal `baseFields` list narrows the rows (`TypedTableOptions`, `TableRow`).
 */
export interface TableResource<TRow> {
  /** A page with its totals, or without them (`count: 'none'`). */
  query(
    query?: ModuleQuery,
    config?: AxiosRequestConfig,
  ): Promise<Paginated<TRow> | CountedPage<Paginated<TRow>, 'none'>>;
}

/**
 * A page fetched ahead, on the server for instance (`prefetchTable`), for a store to start from.
 * Plain JSON, so it can travel in a server-rendered payload.
 */
export interface TableInitialPage<TRow> {
  /** The query the page answers, encoded: the store uses the page only if it would ask the same. */
  readonly query: string;
  readonly items: readonly TRow[];
  /** The answer's `meta` (`itemCount`, `pageCount`, `nextCursor`...). */
  readonly meta: Partial<PageMeta>;
}

/** Options of `createTableStore`. Only `resource` is required. */
export interface TableOptions<TRow> {
  /** Where rows come from: `useModuleApi<Book>(api, 'books')`. */
  readonly resource: TableResource<TRow>;
  /** The view to start from; persisted and URL state win over it. @default page 1, nothing else */
  readonly initialState?: Partial<TableView>;
  /** Page size to start with. Facet default, not from the spec (matches the server's default). @default 20 */
  readonly perPage?: number;
  /** How each column's filter becomes a condition. A column without an entry filters with `equals`. @default {} */
  readonly columnFilters?: Readonly<Record<string, ColumnFilter>>;
  /**
   * Fields the global search looks in (an OR of `contains`). Searching without any is a `TypeError`,
   * unless `searchWith` is `'q'`. @default []
   */
  readonly searchFields?: readonly string[];
  /**
   * How the global search reaches the server. `'where'`: an OR of `contains` over `searchFields`.
   * `'q'`: the text as the `q` parameter, which a Facet resource matches against the fields its DTO
   * marks searchable and the caller may see (literally, case-insensitively where the database can);
   * `searchFields` and `caseInsensitive` do not apply to it. @default 'where'
   */
  readonly searchWith?: 'where' | 'q';
  /**
   * The count mode of every page (`count=`): `'estimated'` lets the server estimate a large total
   * (`meta.countMode` says so), `'none'` asks for no total (the table then knows only whether a next
   * page exists). @default the server's (exact)
   */
  readonly count?: CountMode;
  /** Delay between the last keystroke and the query. Facet default. @default 300 */
  readonly searchDebounceMs?: number;
  /** Add `mode: 'insensitive'` to the search and to `contains` filters (PostgreSQL, MongoDB only). @default false */
  readonly caseInsensitive?: boolean;
  /** A condition every query carries, ANDed with filters and search. @default none */
  readonly where?: Readonly<Record<string, unknown>>;
  /** Relations to load with every query. @default none */
  readonly include?: Readonly<Record<string, unknown>>;
  /** Fields always requested when columns are chosen (a row key, say). @default [] */
  readonly baseFields?: readonly string[];
  /**
   * How visible columns are sent: `envelope` sends `items{...},meta{page,perPage,itemCount,pageCount,nextCursor,prevCursor}`,
   * `items` sends the item fields alone for servers that project items only. Facet default. @default 'envelope'
   */
  readonly projection?: 'envelope' | 'items';
  /** Timers for the debounce; inject fakes in tests. @default globalThis.setTimeout/clearTimeout */
  readonly scheduler?: Scheduler;
  /** Keep the view across reloads. Read once when the store is created. @default none */
  readonly persist?: TablePersistOptions;
  /** Keep the view in the URL (see `createUrlStateAdapter`). Read once when the store is created. @default none */
  readonly url?: TableUrlSync;
  /**
   * Rows fetched ahead (`prefetchTable`, on the server): the store starts with them as a `success`
   * and the first subscriber sends no request. Ignored, and fetched as usual, when the store's
   * first query is not the one the page answers (another URL or persisted view). @default none
   */
  readonly initialPage?: TableInitialPage<TRow>;
}

/**
 * A row of a table over `TItem` whose `baseFields` are `B`: the visible columns change at run time,
 * so any field may be missing except the base fields, which every query asks for. A non-literal
 * `B` leaves `TItem` as it is.
 */
export type TableRow<TItem, B extends string> = string extends B
  ? TItem
  : { [K in keyof (Partial<TItem> & SelectPaths<TItem, B>)]: (Partial<TItem> & SelectPaths<TItem, B>)[K] };

/**
 * Options whose literal `baseFields` narrows the rows (see `TableRow`): `baseFields: ['id']` over a
 * `useModuleApi<Book>` resource gives rows with `id` and every other field optional, and a path
 * that is not a field of `Book` fails to compile.
 */
export type TypedTableOptions<TItem, B extends string> = Omit<
  TableOptions<TableRow<TItem, B>>,
  'resource' | 'baseFields'
> & {
  readonly resource: TableResource<TItem>;
  readonly baseFields?: readonly CheckPath<TItem, B>[];
};

/** Every transition of the table goes through one reducer with one of these actions. */
export type TableAction<TRow> =
  | { readonly type: 'setPage'; readonly page: number }
  | { readonly type: 'setPerPage'; readonly perPage: number }
  | { readonly type: 'setSorting'; readonly sorting: readonly SortRule[] }
  | { readonly type: 'setFilter'; readonly column: string; readonly value: FilterValue | undefined }
  | { readonly type: 'setFilters'; readonly filters: Readonly<Record<string, FilterValue>> }
  | { readonly type: 'setSearchInput'; readonly text: string }
  | { readonly type: 'applySearch' }
  | { readonly type: 'setVisibleColumns'; readonly columns: readonly string[] | null }
  | { readonly type: 'restore'; readonly view: TableView }
  | { readonly type: 'fetch' }
  | { readonly type: 'cancel' }
  | {
      readonly type: 'success';
      readonly items: readonly TRow[];
      readonly total: number;
      readonly pageCount: number;
      readonly totalKind: 'exact' | 'estimated' | 'unknown';
      readonly nextCursor: string | null;
      readonly prevCursor: string | null;
    }
  | { readonly type: 'append'; readonly items: readonly TRow[]; readonly nextCursor: string | null }
  | { readonly type: 'prepend'; readonly items: readonly TRow[]; readonly prevCursor: string | null }
  | { readonly type: 'error'; readonly error: unknown };

/** A value or a function of the previous value. */
export type Updater<T> = T | ((previous: T) => T);

/** The framework-agnostic table: a snapshot, a subscription and actions. */
export interface TableStore<TRow> {
  getState(): TableState<TRow>;
  /** The first subscriber starts the work (fetch, URL listening); the last one leaving pauses it. */
  subscribe(listener: () => void): () => void;
  /** Replaces the options; refetches only if the derived query changed. */
  setOptions(options: TableOptions<TRow>): void;
  /** Aborts in-flight work and stops listening for good. */
  destroy(): void;
  setPage(page: number): void;
  nextPage(): void;
  previousPage(): void;
  setPerPage(perPage: number): void;
  setSorting(sorting: Updater<readonly SortRule[]>): void;
  /** Cycles a column through ascending, descending, unsorted; `multi` keeps the other columns. */
  toggleSort(field: string, multi?: boolean): void;
  setFilter(column: string, value: FilterValue | undefined): void;
  clearFilters(): void;
  /** Sets the search input; the query follows after `searchDebounceMs`. */
  setSearch(text: string): void;
  setVisibleColumns(columns: readonly string[] | null): void;
  /** Back to the initial view. */
  reset(): void;
  /** Runs the current query again. */
  refetch(): void;
  /**
   * "Load more" / infinite scroll: reads the rows after the last loaded one (`after` the last
   * response's `nextCursor`) and appends them to `items`, leaving `page` as it is. Does nothing
   * when `nextCursor` is `null` or a request is running. Any change of the view starts again from
   * its first page.
   */
  loadMore(): void;
  /**
   * The other way: reads the rows before the first loaded one (`before` the first response's
   * `prevCursor`) and puts them in front of `items`, leaving `page` as it is; for a list opened
   * on a later page (a bookmarked `?page=4`). Does nothing when `prevCursor` is `null` or a
   * request is running.
   */
  loadPrevious(): void;
}
