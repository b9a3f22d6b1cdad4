// TanStack Table's state (sorting, column filters, global filter, pagination, column visibility)
// as a Facet query, through the table store's own query builder, so a column filter means the same
// here as in `createTableStore`. TanStack Table is never imported: its state is read by shape, so
// v8 and v9 fit and an app without it pays nothing.
import type { CheckPath, CountMode, PageMeta, QueryInput, SelectPaths } from '@facet/core';
import { readPageMeta } from '../shared/queryParts.js';
import type { ColumnFilter, FilterValue } from '../table/tableStore.types.js';
import { cleanFilterValue, deriveTableQuery } from '../table/tableStore.utils.js';

/** The parts of TanStack Table's `TableState` Facet reads (`table.getState()` fits it). */
export interface TanStackTableState {
  readonly sorting?: readonly { readonly id: string; readonly desc: boolean }[];
  readonly columnFilters?: readonly { readonly id: string; readonly value: unknown }[];
  readonly globalFilter?: unknown;
  readonly pagination?: { readonly pageIndex: number; readonly pageSize: number };
  readonly columnVisibility?: Readonly<Record<string, boolean>>;
}

/** How the query is built: the table's columns by field path, and the table store's options. */
export interface FacetTableQueryOptions<TItem, C extends string, B extends string> {
  /** `contains` filters add `mode: 'insensitive'` (PostgreSQL only; MySQL's collations ignore case). */
  readonly caseInsensitive?: boolean;
  /** With `searchWith: 'where'`: the fields the global filter searches. */
  readonly searchFields?: readonly string[];
  /** How the list counts its rows (`count=`). */
  readonly count?: CountMode;
  /** A condition of the app's own, ANDed with the filters. */
  readonly where?: Readonly<Record<string, unknown>>;
  readonly include?: Readonly<Record<string, unknown>>;
  /** `envelope` (default): `items{…},meta{…}`; `items`: the item fields alone. */
  readonly projection?: 'envelope' | 'items';
  /**
   * The ids of the table's data columns, each a field path of `TItem` (`'author.name'`): what
   * sorting, filters and visibility may name. Visible ones become `fields`.
   */
  readonly columns: readonly CheckPath<TItem, C>[];
  /** Fields every query asks for, visible or not (`['id']`, the row id). */
  readonly baseFields?: readonly CheckPath<TItem, B>[];
  /** How each column's filter value becomes a condition (`kind: 'contains'`...); default `equals`. */
  readonly columnFilters?: Readonly<Partial<Record<C, ColumnFilter>>>;
  /** How the global filter is sent: `'q'`, the server's search (default), or `where` over `searchFields`. */
  readonly searchWith?: 'q' | 'where';
}

/** A row of the table: `baseFields` always there, the other fields as the visible columns bring them. */
export type FacetTableRow<TItem, B extends string> = string extends B
  ? TItem
  : { [K in keyof (Partial<TItem> & SelectPaths<TItem, B>)]: (Partial<TItem> & SelectPaths<TItem, B>)[K] };

/**
 * The Facet query of a TanStack Table state: `page`/`perPage` from `pagination`, `orderBy` from
 * `sorting`, `where` from `columnFilters` (an empty value is no filter, as in TanStack Table),
 * `q` from `globalFilter`, `fields` from the visible columns. A column id that is not one of
 * `columns` throws a `TypeError`: nothing is dropped.
 */
export function facetTableQuery<TItem, const C extends string, const B extends string = never>(
  state: TanStackTableState,
  options: FacetTableQueryOptions<TItem, C, B>,
): QueryInput {
  const columns = new Set<string>(options.columns);
  const known = (id: string, what: string): string => {
    if (!columns.has(id))
      throw new TypeError(`facetTableQuery: ${what} names "${id}", which is not one of columns`);
    return id;
  };
  const filters: Record<string, FilterValue> = {};
  for (const { id, value } of state.columnFilters ?? []) {
    const filter = options.columnFilters?.[known(id, 'a column filter') as C];
    const clean = cleanFilterValue(asFilterValue(id, value, filter));
    if (clean !== undefined) filters[id] = clean;
  }
  const visibility = state.columnVisibility ?? {};
  const search =
    state.globalFilter === undefined || state.globalFilter === null ? '' : String(state.globalFilter);
  return deriveTableQuery(
    {
      page: (state.pagination?.pageIndex ?? 0) + 1,
      perPage: state.pagination?.pageSize ?? 10,
      sorting: (state.sorting ?? []).map(({ id, desc }) => ({
        field: known(id, 'the sorting'),
        direction: desc ? 'desc' : 'asc',
      })),
      filters,
      search: search.trim() === '' ? '' : search,
      visibleColumns: options.columns.filter((id) => visibility[id] !== false),
    },
    {
      ...options,
      baseFields: options.baseFields,
      columnFilters: options.columnFilters as Record<string, ColumnFilter> | undefined,
      searchWith: options.searchWith ?? 'q',
    },
  );
}

/** TanStack's range filters hold `[min, max]` (either may be empty); the store's range is `{ min, max }`. */
function asFilterValue(
  id: string,
  value: unknown,
  filter: ColumnFilter | undefined,
): FilterValue | undefined {
  if (filter?.kind === 'range' && Array.isArray(value)) {
    const [min, max] = value.map((bound) => (bound === '' || bound === null ? undefined : bound));
    return { min, max } as FilterValue;
  }
  if (value === undefined || value === '' || value === null) return undefined;
  if (typeof value === 'object' && !Array.isArray(value) && filter?.kind !== 'range' && !filter?.toWhere) {
    throw new TypeError(
      `facetTableQuery: the filter of "${id}" is an object; give the column a kind or toWhere`,
    );
  }
  return value as FilterValue;
}

/** What TanStack Table's manual paging wants from a Facet page: rows, `rowCount` and `pageCount`. */
export function facetTableResult<TRow>(
  page: { readonly items: readonly TRow[]; readonly meta?: Partial<PageMeta> } | undefined,
  pageSize: number,
): { rows: TRow[]; rowCount: number; pageCount: number } {
  if (!page) return { rows: [], rowCount: 0, pageCount: 0 };
  const { total, pageCount } = readPageMeta(page.meta, page.items.length, pageSize);
  return { rows: [...page.items], rowCount: total, pageCount };
}

/**
 * `facetTableQuery` with the item type given once and the column names checked against it:
 * `const toQuery = facetTableQueryOf<Book>()({ columns: ['title', 'author.name'], baseFields: ['id'] })`,
 * then `toQuery(table.getState())`.
 */
export function facetTableQueryOf<TItem>() {
  return <const C extends string, const B extends string = never>(
    options: FacetTableQueryOptions<TItem, C, B>,
  ): ((state: TanStackTableState) => QueryInput) =>
    (state) =>
      facetTableQuery<TItem, C, B>(state, options);
}
