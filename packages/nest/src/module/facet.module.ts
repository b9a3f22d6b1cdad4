import {
  type ConfigurableModuleAsyncOptions,
  ConfigurableModuleBuilder,
  type DynamicModule,
  Inject,
  Module,
  type OnModuleDestroy,
  Optional,
  type Provider,
} from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { FacetQueryErrorFilter } from '../errors/facet-exception.filter.js';
import { assertSqlRouting, type ReadEngineName, type SqlReadEngine } from '../read/execute/sql-reads.js';
import type { AccessAction, AccessibleWhere } from '../read/scope/access.types.js';
import { FacetConsistencyInterceptor } from '../replicas/consistency.interceptor.js';
import type { ReadRoutingOptions } from '../replicas/read-router.js';
import { routeReads } from '../replicas/route-reads.js';
import {
  assertReplicaSecret,
  closeReadRouter,
  FACET_REPLICA_OPTIONS,
  hasReplicas,
  readRouterFor,
} from '../replicas/router-registry.js';
import type { AnyResourceDefinition } from '../resource/define-resource.js';
import { type ReadContext, Resource } from '../resource/resource.js';
import { FACET_MODULE_OPTIONS, getResourceToken } from './facet-module.tokens.js';
import {
  FacetUndeclaredQueryInterceptor,
  type UndeclaredQueryScope,
} from './undeclared-query.interceptor.js';

export { FACET_MODULE_OPTIONS, getResourceToken, InjectResource } from './facet-module.tokens.js';

/** Options of `FacetModule.forRoot` / `forRootAsync`. */
export interface FacetModuleOptions<TAbility = unknown> {
  /** The application's Prisma client instance: every resource's delegate is picked from it. */
  readonly prisma: object;
  /**
   * The access filter of a subject for an ability, merged into every read of every resource and
   * of every relation a read reaches, with `action` `'read'`; a resource's writes ask for `'create'`,
   * `'update'` and `'delete'`. With CASL: `createCaslAccessibleWhere()` from `@facet/nest/casl`. A
   * resource may set its own.
   * @default undefined (no access filters; a read that brings an ability is then refused, 500)
   */
  // Method syntax: an application's `(ability: AppAbility, subject, action) => …` fits the module's options.
  accessibleWhere?(ability: TAbility, subject: string, action: AccessAction): object;
  /**
   * Who is calling, read from the request by `ResourceController`'s routes: the ability and the
   * context the DTOs' `expose` rules see. Typically what your authentication guard put on the
   * request: `(request) => ({ ability: request.user.ability, context: { role: request.user.role } })`.
   * Required when a resource served by `ResourceController` has an access rule (checked at
   * start-up); give anonymous callers an ability too, since such a resource refuses a read without one.
   * @default none (every read is made without an ability)
   */
  readContext?(request: unknown): ReadContext<TAbility> | Promise<ReadContext<TAbility>>;
  /**
   * The server secret, at least 16 bytes: Facet derives one key per purpose from it (HKDF), to seal
   * every resource's keyset cursors (`meta.nextCursor`, `after=`: encrypted and authenticated) and
   * to sign the consistency tokens of `replicas`. Set the same secret in every process that serves
   * the API: a cursor sealed by another secret is a 400, and a token signed by another is ignored
   * (the read then does not wait for the write it follows). Required with `replicas`; without them
   * a random key per process is used, so cursors do not outlive the process. Keep it out of the
   * code and the client: whoever knows it can read cursors and mint tokens. Facet default, not from
   * the spec.
   * @default a random key per process (required with `replicas`)
   */
  readonly secret?: string | Uint8Array;
  /**
   * Prisma clients of PostgreSQL streaming replicas (same schema, same generated client as
   * `prisma`). Every read of every resource (page, count, aggregate, detail, to-one access checks),
   * compiled ones included (see `sql`), then goes to a healthy replica; writes, transactions and raw
   * statements stay on `prisma`.
   * Read-your-writes: see `FacetConsistencyInterceptor`; needs `secret`. The clients stay the
   * application's to disconnect.
   * @default [] (every read on `prisma`)
   */
  readonly replicas?: readonly object[];
  /**
   * How reads wait for and fall back from replicas; see `ReadRoutingOptions` for each default
   * (consistencyWait 200 ms, pollInterval 10 ms, maxLag 5000 ms, healthCheckInterval 1000 ms).
   */
  readonly readRouting?: ReadRoutingOptions;
  /**
   * Which routes refuse a query parameter they do not declare (a 400 `unknown_key` naming it, after
   * the guards), through `FacetUndeclaredQueryInterceptor`, which the module registers for the app:
   * - `'facet-routes'`: every route of a `ResourceController` subclass (its own routes included:
   *   they take no query unless they declare one) and every route or controller marked
   *   `@QueryParameters(...)`. Your other controllers are left as they are.
   * - `'every-route'`: every route of the app, except those marked `@AllowUndeclaredQuery()`.
   *
   * A route that reads `@FacetQuery(dto)` refuses what its DTO does not declare either way. Facet
   * default, not from the spec.
   * @default 'facet-routes'
   */
  readonly refuseUndeclaredQuery?: UndeclaredQueryScope;
  /**
   * The compiled read engine (`sqlReads({ pool })` from `@facet/nest/sql`): resources on
   * `engine: 'sql'` read their list pages and counts through it where its compiler covers them.
   * With `replicas`, give it each replica's pool (`sqlReads({ pool, replicas: [{ client, pool }] })`):
   * compiled reads are then routed like Prisma's (same health, lag and read-your-writes rules).
   * @default none
   */
  readonly sql?: SqlReadEngine;
  /** The engine of every resource that names none (`'sql'` needs `sql`). @default 'prisma' */
  readonly engine?: ReadEngineName;
}

// Nest's builder writes `forRoot`/`forRootAsync`; `FacetModule` declares them itself (below), so that
// its public type names no class of the builder's.
const { ConfigurableModuleClass: FacetModuleDefinition } = new ConfigurableModuleBuilder<FacetModuleOptions>({
  optionsInjectionToken: FACET_MODULE_OPTIONS,
})
  .setClassMethodName('forRoot')
  // Global by default: every `forFeature` module reads the options without importing the root.
  .setExtras({ isGlobal: true }, (definition, extras) => ({
    ...definition,
    global: extras.isGlobal,
    providers: [
      ...(definition.providers ?? []),
      // Every route of the app, hand-written ones included: which ones it judges is read from each
      // route's declaration. First, so that a refused query reaches nothing else.
      { provide: APP_INTERCEPTOR, useClass: FacetUndeclaredQueryInterceptor },
      // The stages of a read throw refused input as the typed `FacetQueryError`; this answers it
      // with its 400 on every route of the app (filters of a route, a controller or useGlobalFilters
      // see it first).
      { provide: APP_FILTER, useClass: FacetQueryErrorFilter },
      { provide: FACET_REPLICA_OPTIONS, useExisting: FACET_MODULE_OPTIONS },
      // Read-your-writes on every route of the app, hand-written controllers included, when there
      // are replicas: a write through an injected resource answers a token like one through
      // ResourceController does. Without replicas there is nothing to route, and the factory gives
      // Nest no interceptor (Nest skips a global enhancer whose factory returns null).
      {
        provide: APP_INTERCEPTOR,
        useFactory: (options: FacetModuleOptions) =>
          hasReplicas(options) ? new FacetConsistencyInterceptor(options) : null,
        inject: [FACET_MODULE_OPTIONS],
      },
    ],
    exports: [...(definition.exports ?? []), FACET_MODULE_OPTIONS, FACET_REPLICA_OPTIONS],
  }))
  .build();

/**
 * Registers Facet the Nest way: `forRoot` once (the Prisma client, the access rule, how to read the
 * caller), `forFeature` per module with the resources it serves.
 *
 * ```ts
 * @Module({
 *   imports: [
 *     FacetModule.forRootAsync({
 *       useFactory: (prisma: PrismaClient) => ({ prisma, accessibleWhere: createCaslAccessibleWhere() }),
 *       inject: [PrismaClient],
 *     }),
 *     FacetModule.forFeature([books]),
 *   ],
 *   controllers: [BooksController],
 * })
 * ```
 */
@Module({})
export class FacetModule implements OnModuleDestroy {
  constructor(@Optional() @Inject(FACET_MODULE_OPTIONS) private readonly options?: FacetModuleOptions) {
    // At start-up, also for an app whose routes read no resource (the interceptor would fail each write).
    if (options !== undefined) assertReplicaSecret(options);
  }

  /**
   * Registers the options once for the app. `isGlobal` (default `true`) makes them visible to every
   * `forFeature` module without importing this one.
   */
  static forRoot(options: FacetModuleOptions & { readonly isGlobal?: boolean }): DynamicModule {
    return { ...FacetModuleDefinition.forRoot(options), module: FacetModule };
  }

  /** `forRoot` with options built by a factory, class or existing provider (`useFactory` + `inject`). */
  static forRootAsync(
    options: ConfigurableModuleAsyncOptions<FacetModuleOptions, 'create'> & { readonly isGlobal?: boolean },
  ): DynamicModule {
    return { ...FacetModuleDefinition.forRootAsync(options), module: FacetModule };
  }

  /** Stops the replicas' health checks with the app (the Prisma clients are the app's to close). */
  onModuleDestroy(): void {
    if (this.options !== undefined) closeReadRouter(this.options);
  }

  /** Provides a `Resource` for each definition, injectable with `@InjectResource(definition)`. */
  static forFeature(definitions: readonly AnyResourceDefinition[]): DynamicModule {
    const providers: Provider[] = definitions.map((definition) => ({
      provide: getResourceToken(definition),
      useFactory: (options: FacetModuleOptions) => {
        // Before the router starts its health checks: a refused module must leave nothing running.
        if (options.sql !== undefined) assertSqlRouting(options.sql, options.replicas ?? []);
        const router = readRouterFor(options);
        return new Resource(definition, {
          engine: options.engine,
          sql: options.sql,
          readRouting: router,
          client: router === undefined ? options.prisma : routeReads(options.prisma, router),
          accessibleWhere: options.accessibleWhere?.bind(options) as
            | AccessibleWhere<never, object>
            | undefined,
          cursorSecret: options.secret,
        });
      },
      inject: [FACET_MODULE_OPTIONS],
    }));
    return { module: FacetModule, providers, exports: providers };
  }
}
