// `@facet/client/tanstack-table`: TanStack Table's state in, a Facet query out. TanStack Table is
// read by the shape of its state and never imported, so this sub-path loads nothing of it.
export type {
  ColumnFilter,
  FilterKind,
  FilterValue,
  RangeValue,
} from '../table/tableStore.types.js';
export {
  type FacetTableQueryOptions,
  type FacetTableRow,
  facetTableQuery,
  facetTableQueryOf,
  facetTableResult,
  type TanStackTableState,
} from './tableQuery.js';
