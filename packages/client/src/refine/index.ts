// `@facet/client/refine`: a Refine data provider over a Facet API. `@refinedev/core` is an optional
// peer imported for its types only, so this sub-path loads nothing of it.
export {
  type FacetBulkResources,
  type FacetBulkWrite,
  type FacetDataProviderOptions,
  facetDataProvider,
} from './dataProvider.js';
export { type FacetRefineError, toRefineError } from './errors.js';
export { fieldsOfMeta, orderByOfSorters } from './fields.js';
export { type FacetDatabase, type FacetWhere, RefineFilterError, whereOfFilters } from './filters.js';
