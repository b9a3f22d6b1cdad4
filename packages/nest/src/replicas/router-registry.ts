import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { ConsistencyTokens } from './consistency-token.js';
import type { RawQueryClient, ReadRoutingOptions } from './read-router.js';
import { ReadRouter } from './read-router.js';

/**
 * The injection token of the module options' read routing part (`FacetModule` provides it as its
 * options), which `FacetConsistencyInterceptor` reads.
 */
export const FACET_REPLICA_OPTIONS = Symbol('FACET_REPLICA_OPTIONS');

/** The part of `FacetModuleOptions` read routing is configured by (see there for each member). */
export interface ReplicaOptions {
  /** The primary's Prisma client: writes, transactions, and reads when no replica may take them. */
  readonly prisma: object;
  /** Prisma clients of streaming replicas; none (or an empty list) means no read routing. */
  readonly replicas?: readonly object[];
  /** How reads wait for and fall back from replicas. */
  readonly readRouting?: ReadRoutingOptions;
  /** The server secret consistency tokens are signed with; required with replicas. */
  readonly secret?: string | Uint8Array;
}

interface Routing {
  readonly router: ReadRouter;
  readonly tokens: ConsistencyTokens;
}

// One router per module configuration (per process): resources and the consistency interceptor of
// one app share its replica health and round robin.
const routings = new WeakMap<object, Routing>();

/**
 * Throws when replicas are configured without a secret. A random per-process key would make every
 * other process ignore this one's tokens, and read-your-writes would fail without a sign whenever a
 * load balancer sends a write and the next read to different processes.
 */
export function assertReplicaSecret(options: ReplicaOptions): void {
  if (hasReplicas(options) && options.secret === undefined) {
    throw new FacetConfigurationError(
      'FacetModule: replicas are configured but no secret is: consistency tokens are signed with it, and ' +
        'every process of the app must share it for read-your-writes across processes. Set ' +
        'FacetModule.forRoot({ secret }) (at least 16 bytes, the same value in every process).',
    );
  }
}

/** Whether the options configure at least one replica. */
export function hasReplicas(options: ReplicaOptions): boolean {
  return options.replicas !== undefined && options.replicas.length > 0;
}

function routingFor(options: ReplicaOptions): Routing | undefined {
  if (!hasReplicas(options)) return undefined;
  let routing = routings.get(options);
  if (routing === undefined) {
    assertReplicaSecret(options);
    routing = {
      router: new ReadRouter(
        options.prisma as RawQueryClient,
        options.replicas as readonly RawQueryClient[],
        options.readRouting,
      ),
      tokens: new ConsistencyTokens(options.secret),
    };
    routings.set(options, routing);
  }
  return routing;
}

/** The module's read router, or `undefined` when no replicas are configured. */
export function readRouterFor(options: ReplicaOptions): ReadRouter | undefined {
  return routingFor(options)?.router;
}

/** The module's consistency tokens (signed with its `secret`), or `undefined` without replicas. */
export function consistencyTokensFor(options: ReplicaOptions): ConsistencyTokens | undefined {
  return routingFor(options)?.tokens;
}

/** Stops the health checks of the module's router, if it has one. */
export function closeReadRouter(options: ReplicaOptions): void {
  routings.get(options)?.router.close();
  routings.delete(options);
}
