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
  TypedWriteQuery,
  WriteRequestConfig,
} from '../api/index.js';
export {
  type FacetDeleteVariables,
  type FacetInvalidator,
  type FacetMutationContext,
  type FacetMutationOptions,
  type FacetMutations,
  type FacetMutationsOptions,
  type FacetUpdateVariables,
  facetMutations,
} from './facetMutations.js';
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
