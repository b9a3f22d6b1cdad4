import { encodeQuery, type QueryInput } from '@facet/core';
import {
  allOf,
  compact,
  containsCondition,
  listFields,
  nestPath,
  searchCondition,
} from '../shared/queryParts.js';
import type {
  ColumnFilter,
  FilterValue,
  RangeValue,
  SortRule,
  TableAction,
  TableOptions,
  TableState,
  TableView,
} from './tableStore.types.js';

/** Facet defaults of the table, in one place. None of them comes from the spec. */
export const DEFAULT_TABLE_OPTIONS = {
  perPage: 20,
  searchDebounceMs: 300,
  caseInsensitive: false,
  projection: 'envelope',
} as const;

const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;

const isRange = (value: unknown): value is RangeValue =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The view a table starts from and `reset()` returns to. */
export function getDefaultView(options: Pick<TableOptions<unknown>, 'initialState' | 'perPage'>): TableView {
  return {
    page: 1,
    perPage: options.perPage ?? DEFAULT_TABLE_OPTIONS.perPage,
    sorting: [],
    filters: {},
    search: '',
    visibleColumns: null,
    ...sanitizeView(options.initialState ?? {}),
  };
}

export function getInitialState<TRow>(view: TableView): TableState<TRow> {
  return {
    ...view,
    searchInput: view.search,
    items: [],
    total: 0,
    pageCount: 0,
    totalKind: 'unknown',
    nextCursor: null,
    prevCursor: null,
    status: 'idle',
    error: null,
    fetchStatus: 'idle',
    loading: false,
  };
}

export function viewOf(state: TableView): TableView {
  const { page, perPage, sorting, filters, search, visibleColumns } = state;
  return { page, perPage, sorting, filters, search, visibleColumns };
}

/** `undefined` for a value that means "no filter": `''`, `null`, `[]`, an empty range. */
export function cleanFilterValue(value: FilterValue | undefined): FilterValue | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : value;
  if (isRange(value)) {
    const range = compact({ min: emptyToUndefined(value.min), max: emptyToUndefined(value.max) });
    return Object.keys(range).length === 0 ? undefined : range;
  }
  return value;
}

const emptyToUndefined = (value: number | string | undefined) => (value === '' ? undefined : value);

function withFilter(
  filters: Readonly<Record<string, FilterValue>>,
  column: string,
  value: FilterValue | undefined,
): Readonly<Record<string, FilterValue>> {
  const { [column]: _previous, ...rest } = filters;
  const cleaned = cleanFilterValue(value);
  return cleaned === undefined ? rest : { ...rest, [column]: cleaned };
}

function cleanFilters(filters: Readonly<Record<string, FilterValue>>): Readonly<Record<string, FilterValue>> {
  let out: Readonly<Record<string, FilterValue>> = {};
  for (const [column, value] of Object.entries(filters)) out = withFilter(out, column, value);
  return out;
}

/**
 * Changes the view; a change to what the rows are (filters, search, sort, page size) goes back to
 * page 1. Returns `state` itself when nothing changed, so no snapshot is replaced and no listener
 * runs for nothing (the same reason Table skips a page reset that is already at page 0).
 */
function changeView<TRow>(
  state: TableState<TRow>,
  patch: Partial<TableView>,
  resetPage: boolean,
): TableState<TRow> {
  const changed = (Object.keys(patch) as (keyof TableView)[]).some((key) => !same(state[key], patch[key]));
  if (!changed) return state;
  return { ...state, ...patch, ...(resetPage ? { page: 1 } : {}) };
}

/** The one reducer of the table: every transition is an action. Pure. */
export function reduceTableState<TRow>(state: TableState<TRow>, action: TableAction<TRow>): TableState<TRow> {
  switch (action.type) {
    case 'setPage':
      return changeView(state, { page: action.page }, false);
    case 'setPerPage':
      return changeView(state, { perPage: action.perPage }, true);
    case 'setSorting':
      return changeView(state, { sorting: action.sorting }, true);
    case 'setFilter':
      return changeView(state, { filters: withFilter(state.filters, action.column, action.value) }, true);
    case 'setFilters':
      return changeView(state, { filters: cleanFilters(action.filters) }, true);
    case 'setSearchInput':
      return state.searchInput === action.text ? state : { ...state, searchInput: action.text };
    case 'applySearch':
      return changeView(state, { search: state.searchInput.trim() }, true);
    case 'setVisibleColumns':
      return changeView(state, { visibleColumns: action.columns }, false);
    case 'restore': {
      const next = changeView(state, action.view, false);
      return next.searchInput === action.view.search ? next : { ...next, searchInput: action.view.search };
    }
    case 'fetch':
      return state.fetchStatus === 'fetching' ? state : { ...state, fetchStatus: 'fetching', loading: true };
    case 'cancel':
      return state.fetchStatus === 'idle' ? state : { ...state, fetchStatus: 'idle', loading: false };
    case 'success':
      return {
        ...state,
        items: action.items,
        total: action.total,
        pageCount: action.pageCount,
        totalKind: action.totalKind,
        nextCursor: action.nextCursor,
        prevCursor: action.prevCursor,
        status: 'success',
        error: null,
        fetchStatus: 'idle',
        loading: false,
      };
    case 'append':
      return {
        ...state,
        items: [...state.items, ...action.items],
        nextCursor: action.nextCursor,
        status: 'success',
        error: null,
        fetchStatus: 'idle',
        loading: false,
      };
    case 'prepend':
      return {
        ...state,
        items: [...action.items, ...state.items],
        prevCursor: action.prevCursor,
        status: 'success',
        error: null,
        fetchStatus: 'idle',
        loading: false,
      };
    case 'error':
      return { ...state, status: 'error', error: action.error, fetchStatus: 'idle', loading: false };
  }
}

/** The next sorting when a column header is clicked: ascending, then descending, then unsorted. */
export function toggleSorting(
  sorting: readonly SortRule[],
  field: string,
  multi: boolean,
): readonly SortRule[] {
  const current = sorting.find((rule) => rule.field === field);
  const others = multi ? sorting.filter((rule) => rule.field !== field) : [];
  if (!current) return [...others, { field, direction: 'asc' }];
  if (current.direction === 'asc') {
    const next: SortRule = { field, direction: 'desc' };
    return multi ? sorting.map((rule) => (rule.field === field ? next : rule)) : [next];
  }
  return others;
}

/**
 * The condition of one column filter.
 * @throws {TypeError} naming the column when the value does not fit the filter's kind
 */
export function filterCondition(
  column: string,
  value: FilterValue,
  filter: ColumnFilter | undefined,
  caseInsensitive: boolean,
): Record<string, unknown> {
  if (filter?.toWhere) return filter.toWhere(value);
  const field = filter?.field ?? column;
  const kind = filter?.kind ?? 'equals';
  const fail = (expected: string): never => {
    throw new TypeError(
      `Table filter \`${column}\` (${kind}) expects ${expected}, got ${JSON.stringify(value)}`,
    );
  };
  switch (kind) {
    case 'contains':
      if (typeof value !== 'string' && typeof value !== 'number') return fail('a string');
      return containsCondition(field, String(value), filter?.caseInsensitive ?? caseInsensitive);
    case 'in':
      return nestPath(field, { in: Array.isArray(value) ? value : [value] });
    case 'range':
      if (!isRange(value) || Array.isArray(value)) return fail('a range { min?, max? }');
      return nestPath(field, compact({ gte: value.min, lte: value.max }));
    case 'boolean':
      if (typeof value !== 'boolean') return fail('true or false');
      return nestPath(field, { equals: value });
    default:
      if (isRange(value) || Array.isArray(value)) return fail('a single value');
      return nestPath(field, { equals: value });
  }
}

/** A view's part of an export query (`tableExportQuery`); add a `format`. */
export interface TableExportQuery {
  readonly where?: Record<string, unknown>;
  readonly q?: string;
  readonly orderBy?: Record<string, unknown> | Record<string, unknown>[];
  readonly fields?: string;
}

/** The options that shape a table's query. */
export type TableQueryOptions = Pick<
  TableOptions<unknown>,
  | 'caseInsensitive'
  | 'searchFields'
  | 'searchWith'
  | 'count'
  | 'where'
  | 'columnFilters'
  | 'baseFields'
  | 'include'
  | 'projection'
>;

/** The query a table view asks for: static where AND column filters AND search. */
/** The query of a view, encoded: what tells two requests (or a prefetched page) apart. */
export function tableQueryKey(view: TableView, options: TableQueryOptions): string {
  return encodeQuery({ ...deriveTableQuery(view, options) });
}

export function deriveTableQuery(view: TableView, options: TableQueryOptions): QueryInput {
  const caseInsensitive = options.caseInsensitive ?? DEFAULT_TABLE_OPTIONS.caseInsensitive;
  const searchFields = options.searchFields ?? [];
  const byQ = options.searchWith === 'q';
  const where = allOf([
    options.where,
    ...Object.entries(view.filters).map(([column, value]) =>
      filterCondition(column, value, options.columnFilters?.[column], caseInsensitive),
    ),
    !byQ && view.search !== '' && searchFields.length > 0
      ? searchCondition(searchFields, view.search, caseInsensitive)
      : undefined,
  ]);
  const columns =
    view.visibleColumns === null ? null : [...(options.baseFields ?? []), ...view.visibleColumns];
  return compact({
    page: view.page,
    perPage: view.perPage,
    q: byQ && view.search !== '' ? view.search : undefined,
    count: options.count,
    where,
    orderBy:
      view.sorting.length > 0 ? view.sorting.map((rule) => nestPath(rule.field, rule.direction)) : undefined,
    include: options.include,
    fields: listFields(columns, options.projection ?? DEFAULT_TABLE_OPTIONS.projection),
  });
}

/**
 * "Export what I see": the `where`, `q`, `orderBy` and visible-column `fields` of a view, for
 * `exportUrl` or `download`. The table's `include`, paging and count are left out (an export takes
 * none of them), and `fields` is the item paths alone (an export has no envelope).
 */
export function tableExportQuery<TRow>(view: TableView, options: TableOptions<TRow>): TableExportQuery {
  const { where, q, orderBy } = deriveTableQuery(view, options);
  const columns =
    view.visibleColumns === null ? null : [...(options.baseFields ?? []), ...view.visibleColumns];
  return compact({
    where: where as Record<string, unknown> | undefined,
    q: typeof q === 'string' ? q : undefined,
    orderBy,
    fields: listFields(columns, 'items'),
  });
}

function isFilterValue(value: unknown): value is FilterValue {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  if (Array.isArray(value))
    return value.every((entry) => typeof entry === 'string' || typeof entry === 'number');
  return (
    isRange(value) &&
    Object.entries(value).every(
      ([key, entry]) => (key === 'min' || key === 'max') && ['string', 'number'].includes(typeof entry),
    )
  );
}

const isSortRule = (value: unknown): value is SortRule =>
  isRange(value) &&
  typeof (value as { field?: unknown }).field === 'string' &&
  ['asc', 'desc'].includes((value as { direction?: unknown }).direction as string);

/**
 * Keeps the well-formed parts of a view read from storage or a URL (which anyone can edit) and
 * drops the rest, so a stale or hand-written value can never break the table.
 */
export function sanitizeView(raw: unknown): Partial<TableView> {
  if (!isRange(raw)) return {};
  const input = raw as Record<string, unknown>;
  const out: { -readonly [K in keyof TableView]?: TableView[K] } = {};
  if (isPositiveInteger(input.page)) out.page = input.page;
  if (isPositiveInteger(input.perPage)) out.perPage = input.perPage;
  if (Array.isArray(input.sorting) && input.sorting.every(isSortRule)) out.sorting = input.sorting;
  if (isRange(input.filters) && Object.values(input.filters).every(isFilterValue)) {
    out.filters = cleanFilters(input.filters as Record<string, FilterValue>);
  }
  if (typeof input.search === 'string') out.search = input.search;
  if (
    input.visibleColumns === null ||
    (Array.isArray(input.visibleColumns) && input.visibleColumns.every((c) => typeof c === 'string'))
  ) {
    out.visibleColumns = input.visibleColumns;
  }
  return out;
}

/** The parts of `view` that differ from `defaults`: what a URL needs to carry. */
export function diffView(view: TableView, defaults: TableView): Partial<TableView> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(view) as (keyof TableView)[]) {
    if (!same(view[key], defaults[key])) out[key] = view[key];
  }
  return out;
}

/** The storage key of a persisted table; the version changes when the stored shape does. */
export const storageKey = (key: string): string => `facet:table:${key}:v1`;
