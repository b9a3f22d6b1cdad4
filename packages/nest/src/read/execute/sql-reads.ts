import { FacetConfigurationError } from '../../errors/facet-configuration.error.js';
import type { QueryDelegate } from '../../model/delegate.types.js';

/**
 * The compiled reads of one model: each returns the answer of the Prisma call it stands for
 * (`findMany`, `count`), read by one SQL statement, or `undefined` when the compiler does not
 * cover these arguments, and the call then goes to Prisma.
 */
export interface ModelSqlReads {
  findMany(args: object): Promise<unknown[]> | undefined;
  count(args: object): Promise<number> | undefined;
  /**
   * `findMany(page)` and `count(count)` read by one statement: a counted page in one round trip on
   * one connection. `undefined` when the compiler does not cover both; the page then runs its two
   * calls, each compiled where it can be.
   */
  pageAndCount?(page: object, count: object): Promise<{ records: unknown[]; count: number }> | undefined;
  /** The first row (or `null`): a detail read by key or by a server's where, under the access scope. */
  findFirst?(args: object): Promise<unknown> | undefined;
  /** The row a unique where names (or `null`): a detail read without an access scope. */
  findUnique?(args: object): Promise<unknown> | undefined;
  /** `aggregate`'s answer: counts, means, totals, least and greatest values under a where. */
  aggregate?(args: object): Promise<unknown> | undefined;
  /** `groupBy`'s answer: the groups, with their aggregates, in the order asked for. */
  groupBy?(args: object): Promise<unknown[]> | undefined;
}

/**
 * A second execution stage for reads: the checked, scoped and planned arguments compiled to SQL
 * and run on the application's own pool. `sqlReads` from `@facet/nest/sql` makes one; resources
 * choose it with `engine: 'sql'`.
 */
export interface SqlReadEngine {
  /**
   * The compiled reads of the model a Prisma delegate reads; `undefined` when none can be (another
   * database, no schema). With `routing` (the module's `ReadRouter` when `replicas` are configured)
   * each read runs on the pool of the server the router picks for it, as a Prisma read would.
   */
  forModel(delegate: object, routing?: SqlReadRouting): ModelSqlReads | undefined;
  /**
   * The Prisma clients of the replicas the engine has a pool for (`sqlReads({ replicas })`): the
   * module checks at start-up that they are exactly its `replicas`. @default [] (the primary's pool only)
   */
  readonly replicas?: readonly object[];
  /**
   * Compiled reads that see a snapshot another transaction exported (`pg_export_snapshot()`), on
   * one connection of their own held until `close()`: an export's batches read compiled in the
   * same snapshot as its Prisma transaction. Optional: without it, an export in a snapshot reads
   * through Prisma. On the primary's pool, replicas or not: the exporting transaction is the
   * module client's, and transactions are the primary's.
   */
  inSnapshot?(snapshot: string): Promise<SqlReadSession>;
}

/** Compiled reads in one transaction of their own (`SqlReadEngine#inSnapshot`). */
export interface SqlReadSession {
  forModel(delegate: object): ModelSqlReads | undefined;
  /** Ends the transaction and gives the connection back; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Where routed reads go: what the compiled engine needs of a `ReadRouter` (which has it). `read`
 * runs `run` on the chosen server's client (a replica's, or `primary`), and repeats it on the
 * primary when the replica fails with an error `isAnswer` does not call the statement's own.
 */
export interface SqlReadRouting {
  /** The primary's client: the server the engine's `pool` connects to. */
  readonly primary: object;
  /** The replicas' clients, in the module's order. */
  readonly replicaClients: readonly object[];
  read<T>(run: (client: object) => Promise<T>, isAnswer?: (error: unknown) => boolean): Promise<T>;
}

/**
 * Refuses a module whose compiled reads could not follow its read routing: every replica the router
 * may pick needs its pool in the engine (else the read would silently run elsewhere than the router
 * said, and read-your-writes and health checks would not hold), and a pool for a client the router
 * never picks is a misconfiguration too.
 * @throws {FacetConfigurationError}
 */
export function assertSqlRouting(engine: SqlReadEngine, replicas: readonly object[]): void {
  const pooled = engine.replicas ?? [];
  const fix =
    'Give sqlReads each replica of FacetModule.forRoot({ replicas }) with its pool: ' +
    'sqlReads({ pool, replicas: [{ client: replicaPrisma, pool: replicaPool }] }).';
  const missing = replicas.findIndex((client) => !pooled.includes(client));
  if (missing >= 0) {
    throw new FacetConfigurationError(
      `Compiled reads route like Prisma's, but replica #${missing} of the module has no pool in sqlReads. ${fix}`,
    );
  }
  const unused = pooled.findIndex((client) => !replicas.includes(client));
  if (unused >= 0) {
    throw new FacetConfigurationError(
      `sqlReads has a pool for replica #${unused} of its \`replicas\`, whose client is not one of the module's ` +
        `replicas (${replicas.length === 0 ? 'none are configured' : 'another client'}), so no read would ever use it. ${fix}`,
    );
  }
}

/** Which execution stage a resource's reads use: Prisma's delegate calls, or compiled SQL. */
export type ReadEngineName = 'sql' | 'prisma';

/**
 * The delegate with `findMany`, `count`, `findFirst`, `findUnique`, `aggregate` and `groupBy`
 * compiled where the compiler covers their arguments.
 * Everything else (and every property, the delegate's own included) is the delegate's: the object
 * inherits from it, so what reads Prisma's internals of it still sees them.
 */
export function withSqlReads(delegate: QueryDelegate, reads: ModelSqlReads): QueryDelegate {
  const findMany = (args: object = {}) => reads.findMany(args) ?? delegate.findMany(args);
  const count = (args: object = {}) => reads.count(args) ?? delegate.count(args);
  const findFirst = (args: object = {}) => reads.findFirst?.(args) ?? delegate.findFirst(args);
  const findUnique = (args: object) => reads.findUnique?.(args) ?? delegate.findUnique(args);
  const aggregate = (args: object) => reads.aggregate?.(args) ?? delegate.aggregate(args);
  const grouping = delegate as QueryDelegate & { groupBy?: (args: object) => PromiseLike<unknown> };
  const properties: PropertyDescriptorMap = {
    findMany: { value: findMany, enumerable: true },
    count: { value: count, enumerable: true },
    findFirst: { value: findFirst, enumerable: true },
    findUnique: { value: findUnique, enumerable: true },
    aggregate: { value: aggregate, enumerable: true },
  };
  // A delegate without `groupBy` (not Prisma's) keeps lacking it: the group read says so.
  const { groupBy } = grouping;
  if (typeof groupBy === 'function') {
    const group = (args: object) => reads.groupBy?.(args) ?? groupBy.call(delegate, args);
    properties.groupBy = { value: group, enumerable: true };
  }
  const { pageAndCount } = reads;
  if (pageAndCount !== undefined) {
    properties[PAGE_AND_COUNT] = { value: pageAndCount.bind(reads) };
  }
  return Object.create(delegate, properties) as QueryDelegate;
}

// Not a delegate method (no Prisma call has its shape): a key of its own, which no model field or
// Prisma property can be.
const PAGE_AND_COUNT = Symbol('facet.pageAndCount');

/** A counted page in one call, when the delegate's reads are compiled (`withSqlReads`) and cover it. */
export function pageAndCountOf(delegate: QueryDelegate): ModelSqlReads['pageAndCount'] {
  return (delegate as QueryDelegate & { [PAGE_AND_COUNT]?: ModelSqlReads['pageAndCount'] })[PAGE_AND_COUNT];
}
