export {
  type FacetInfiniteQueryOptions,
  type FacetPageParam,
  type FacetQueries,
  type FacetQueryKeys,
  type FacetQueryOptions,
  facetQueries,
} from './facetQueries.js';
