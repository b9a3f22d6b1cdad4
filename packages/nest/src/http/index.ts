export {
  DEFAULT_BODY_LIMIT,
  type FacetFastifyOptions,
  type FacetFastifyReply,
  type FacetHttpOptions,
  facetFastifyOptions,
  useFacetHttp,
} from './facet-http.js';
