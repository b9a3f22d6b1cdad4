export { CONSISTENCY_HEADER, FacetConsistencyInterceptor } from './consistency.interceptor.js';
export { type ConsistencyContext, withConsistency } from './consistency-context.js';
export {
  DEFAULT_READ_ROUTING,
  type RawQueryClient,
  ReadRouter,
  type ReadRoutingOptions,
  type ReplicaState,
} from './read-router.js';
export { routeReads } from './route-reads.js';
export { FACET_REPLICA_OPTIONS, type ReplicaOptions, readRouterFor } from './router-registry.js';
