// The module's own types are re-exported from `@facet/client/api`: the factories' signatures name them.
export type {
  ExportDownload,
  ExportFormat,
  ExportQuery,
  ModuleApi,
  ModuleQuery,
  ModuleType,
  ModuleTypes,
  ResourceId,
  TypedModuleQuery,
  TypedQueryInput,
} from '../api/index.js';
export {
  type FacetCountKey,
  type FacetDetailKey,
  type FacetInfiniteKey,
  type FacetInfiniteQueryOptions,
  type FacetListKey,
  type FacetPageContext,
  type FacetPageParam,
  type FacetQueries,
  type FacetQueryContext,
  type FacetQueryKeys,
  type FacetQueryOptions,
  facetQueries,
} from './facetQueries.js';
