export {
  FACET_MODULE_OPTIONS,
  FacetModule,
  type FacetModuleOptions,
  getResourceToken,
  InjectResource,
} from './facet.module.js';
export { FacetRead } from './facet-read.decorator.js';
export { READ_ROUTES, type ReadRoute, type ReadRoutes } from './read-routes.js';
export {
  ResourceController,
  type ResourceControllerBase,
  type ResourceControllerOptions,
  type ResourceWriteRoutes,
  type WriteRoute,
  type WriteRoutes,
} from './resource.controller.js';
export {
  FacetUndeclaredQueryInterceptor,
  type UndeclaredQueryScope,
} from './undeclared-query.interceptor.js';
