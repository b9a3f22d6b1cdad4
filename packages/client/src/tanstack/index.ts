export {
  type FacetInfiniteQueryOptions,
  type FacetPageContext,
  type FacetPageParam,
  type FacetQueries,
  type FacetQueryContext,
  type FacetQueryKeys,
  type FacetQueryOptions,
  facetQueries,
} from './facetQueries.js';
