import type { RawQueryClient, ReadRoutingOptions } from './read-router.js';
import { ReadRouter } from './read-router.js';

/** The part of `FacetModuleOptions` read routing is configured by. */
export interface ReplicaOptions {
  readonly prisma: object;
  readonly replicas?: readonly object[];
  readonly readRouting?: ReadRoutingOptions;
}

// One router per module configuration (per process): resources and the consistency interceptor of
// one app share its replica health and round robin.
const routers = new WeakMap<object, ReadRouter>();

/** The module's read router, or `undefined` when no replicas are configured. */
export function readRouterFor(options: ReplicaOptions): ReadRouter | undefined {
  if (options.replicas === undefined || options.replicas.length === 0) return undefined;
  let router = routers.get(options);
  if (router === undefined) {
    router = new ReadRouter(
      options.prisma as RawQueryClient,
      options.replicas as readonly RawQueryClient[],
      options.readRouting,
    );
    routers.set(options, router);
  }
  return router;
}

/** Stops the health checks of the module's router, if it has one. */
export function closeReadRouter(options: ReplicaOptions): void {
  routers.get(options)?.close();
  routers.delete(options);
}
