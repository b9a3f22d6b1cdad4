export {
  DEFAULT_BODY_LIMIT,
  type FacetFastifyOptions,
  type FacetHttpOptions,
  facetFastifyOptions,
  useFacetHttp,
} from './facet-http.js';
