// A Refine list request (`GetListParams`) as one Facet query: where, q, orderBy, fields, paging.
import type { CrudFilter, GetListParams } from '@refinedev/core';
import type { ModuleQuery } from '../api/useModuleApi.js';
import { fieldsOfMeta, orderByOfSorters } from './fields.js';
import { type FacetDatabase, RefineFilterError, whereOfFilters } from './filters.js';

export interface ListQuery {
  /** where, q, orderBy and fields: what every mode sends. */
  readonly query: ModuleQuery & {
    where?: Record<string, unknown>;
    orderBy?: Record<string, unknown>[];
    q?: string;
  };
  /** `fields` alone, for single reads and writes. */
  readonly fieldsOnly: ModuleQuery;
  /** `server` pages on the server; `off` and `client` read every row. */
  readonly mode: 'server' | 'client' | 'off';
  /** The page to read in `server` mode: a page number, or the rows after/before a cursor. */
  readonly cursor: { page?: number; perPage?: number; after?: string; before?: string };
}

/** Splits out the search filter (`field === searchField`, operator `eq` or `contains`) as `q`. */
function splitSearch(filters: readonly CrudFilter[] | undefined, searchField: string | null) {
  let q: string | undefined;
  const rest: CrudFilter[] = [];
  for (const filter of filters ?? []) {
    if (searchField !== null && 'field' in filter && filter.field === searchField) {
      if (filter.operator !== 'eq' && filter.operator !== 'contains') {
        throw new RefineFilterError(
          `the search "${searchField}" takes "eq" or "contains"`,
          searchField,
          filter.operator,
        );
      }
      if (filter.value === undefined || filter.value === null || filter.value === '') continue;
      if (typeof filter.value !== 'string')
        throw new RefineFilterError('the search text must be a text', searchField, filter.operator);
      if (q !== undefined)
        throw new RefineFilterError('one search text per list', searchField, filter.operator);
      q = filter.value;
    } else {
      rest.push(filter);
    }
  }
  return { q, rest };
}

export function listQuery(
  params: Pick<GetListParams, 'filters' | 'sorters' | 'pagination' | 'meta'>,
  database: FacetDatabase,
  searchField: string | null,
): ListQuery {
  const { q, rest } = splitSearch(params.filters, searchField);
  const where = whereOfFilters(rest, database);
  const orderBy = orderByOfSorters(params.sorters);
  const fields = fieldsOfMeta(params.meta?.fields as string | undefined);
  const metaQ = params.meta?.q;
  if (metaQ !== undefined && typeof metaQ !== 'string') throw new TypeError('meta.q must be a text');
  const search = q ?? (metaQ === '' ? undefined : metaQ);
  const query = {
    ...(where && { where }),
    ...(orderBy && { orderBy }),
    ...(fields && { fields }),
    ...(search !== undefined && { q: search }),
  };
  const mode = params.pagination?.mode ?? 'server';
  const perPage = params.pagination?.pageSize ?? 10;
  // `useInfiniteList` hands back `cursor.next`/`cursor.prev` as the page: `after:…`/`before:…`.
  const current: unknown = params.pagination?.currentPage ?? 1;
  let cursor: ListQuery['cursor'];
  if (typeof current === 'string' && /^(after|before):/.test(current)) {
    const [direction, ...value] = current.split(':');
    cursor = { [direction as 'after' | 'before']: value.join(':'), perPage };
  } else {
    cursor = { page: Number(current), perPage };
  }
  return { query, fieldsOnly: fields ? { fields } : {}, mode, cursor };
}
