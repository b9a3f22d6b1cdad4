import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { readProvider, readRuntimeModel } from '../model/prisma-internals.js';
import {
  assertSqlRouting,
  type ModelSqlReads,
  type SqlReadEngine,
  type SqlReadRouting,
} from '../read/execute/sql-reads.js';
import { compileAggregate, compileGroupBy } from './compile-aggregate.js';
import {
  type CompiledRead,
  compileCount,
  compileFindFirst,
  compileFindMany,
  compileFindUnique,
  compilePageAndCount,
} from './compile-read.js';
import type { MakeDecimal } from './compile-select.js';
import {
  asAdapterError,
  heard,
  isStatementAnswer,
  mariadbRows,
  postgresRows,
  type Rows,
  type SqlPool,
  type SqlPoolClient,
} from './sql-connections.js';
import { mariadbDialect, postgresDialect, type SqlDialect } from './sql-dialect.js';
import { readSqlCatalog, type SqlCatalog } from './sql-schema.js';

/**
 * A streaming replica's pool, named by the Prisma client of that replica the module routes Prisma
 * reads to (`FacetModule.forRoot({ replicas: [client] })`): a compiled read the router sends to
 * that replica runs on this pool.
 */
export interface SqlReplicaPool {
  /** The replica's Prisma client, the very object given in `FacetModule.forRoot({ replicas })`. */
  readonly client: object;
  /** Connections to that replica (the `pg` `Pool` its Prisma adapter shares). The app ends it. */
  readonly pool: SqlPool;
}

/** Options of `sqlReads`. */
export interface SqlReadsOptions {
  /** Where the statements run: the primary's connections. The pool stays the application's to end. */
  readonly pool: SqlPool;
  /**
   * The pool of every replica of `FacetModule.forRoot({ replicas })`, each named by its client:
   * compiled reads are then routed as Prisma's are (a healthy replica that has replayed the
   * request's consistency token, else the primary). Every module replica needs one, and only
   * those (checked at start-up). @default [] (no replicas: every compiled read on `pool`)
   */
  readonly replicas?: readonly SqlReplicaPool[];
  /**
   * Makes the app's Decimal values from their exact text (`(text) => new Prisma.Decimal(text)`), so
   * a row holds what Prisma's would. Without it, reads that select a Decimal field stay on Prisma.
   */
  readonly decimal?: (text: string) => unknown;
  /**
   * How many compiled statements each PostgreSQL connection (of `pool` and of every replica's) keeps
   * prepared: a statement's text is named by its hash, parsed by the server once per connection,
   * and from then on only bound and run, which saves the server's parse and analysis on every read
   * of a known shape. A connection prepares the first `preparedStatements` shapes it runs and runs
   * the others unnamed, since the shapes are the clients' to choose and the server keeps each
   * prepared statement for the connection's life; a connection whose statement went stale (a column
   * altered under it) is closed and the read made on another.
   *
   * Off by default, as in Prisma's own `pg` adapter (`statementNameGenerator`): a transaction-mode
   * PgBouncer before 1.21 (or with `max_prepared_statements = 0`) does not keep prepared
   * statements, and after five runs PostgreSQL may give a statement a generic plan
   * (`plan_cache_mode`), which a column of very uneven values can make slower. Not used on
   * MariaDB, nor for a snapshot export's batches. @default 0 (none)
   */
  readonly preparedStatements?: number;
}

const isPool = (pool: unknown): pool is SqlPool =>
  pool !== null && typeof pool === 'object' && typeof (pool as SqlPool).connect === 'function';

/** The replicas' statement runners by client, after checking their shape. @throws {TypeError} */
function replicaDatabases(replicas: SqlReadsOptions['replicas'], prepare: number): Map<object, Rows> {
  const databases = new Map<object, Rows>();
  if (replicas === undefined) return databases;
  if (!Array.isArray(replicas))
    throw new TypeError(
      'sqlReads: `replicas` must be an array of { client, pool } (one per module replica).',
    );
  replicas.forEach((replica: unknown, index) => {
    const { client, pool } = (replica ?? {}) as Partial<SqlReplicaPool>;
    if (client === null || typeof client !== 'object')
      throw new TypeError(`sqlReads: replicas[${index}].client must be the replica's Prisma client.`);
    if (!isPool(pool))
      throw new TypeError(`sqlReads: replicas[${index}].pool must be a pool with connect() (a pg Pool).`);
    if (databases.has(client))
      throw new TypeError(`sqlReads: replicas[${index}] names a client another entry already gave a pool.`);
    databases.set(client, postgresRows(pool, prepare));
  });
  return databases;
}

const narrowed = new WeakMap<SqlCatalog, SqlCatalog>();

/** The catalog with the columns a dialect does not read as Prisma does moved to `uncovered`. */
function forDialect(catalog: SqlCatalog, dialect: SqlDialect): SqlCatalog {
  if (dialect === postgresDialect) return catalog;
  const known = narrowed.get(catalog);
  if (known !== undefined) return known;
  const result = new Map(
    [...catalog].map(([name, table]) => {
      const columns = [...table.columns.values()];
      const left = columns.filter((column) => !dialect.covers(column)).map((column) => column.field);
      if (left.length === 0) return [name, table];
      return [
        name,
        {
          ...table,
          columns: new Map(columns.filter((column) => dialect.covers(column)).map((c) => [c.field, c])),
          uncovered: new Set([...table.uncovered, ...left]),
        },
      ];
    }),
  );
  narrowed.set(catalog, result);
  return result;
}

/**
 * The SQL read engine (`FacetModule.forRoot({ sql: sqlReads({ pool }), engine: 'sql' })`): list
 * pages and counts compiled from the checked, scoped, planned query to one statement each, run
 * through Kysely's PostgreSQL dialect on `pool`, or its MySQL compiler on `mariadbPool(pool)`. What
 * the compiler does not cover stays on Prisma (see `compile-read.ts`). PostgreSQL, PGlite and
 * MariaDB; a model of another database than the pool's is read by Prisma.
 *
 * With `replicas` (each replica's Prisma client and pool; PostgreSQL) a compiled read goes where
 * the module's `ReadRouter` sends a Prisma read: a healthy replica that has replayed the request's
 * consistency token, else the primary, repeated on the primary when the replica's connection
 * fails. No compiled read runs on another connection than a transaction's: a write's reads are
 * made through the transaction client's own delegates (Prisma's), and a snapshot export's batches
 * through `inSnapshot`, on a primary connection that imports the snapshot of the export's transaction.
 * @throws {TypeError} when `pool`, `decimal`, `preparedStatements` or a `replicas` entry is not what it must be
 */
export function sqlReads(options: SqlReadsOptions): SqlReadEngine {
  const { pool } = options;
  if (!isPool(pool))
    throw new TypeError(
      'sqlReads needs a `pool` with connect() (a pg Pool, pglitePool(db) or mariadbPool(pool)).',
    );
  if (options.decimal !== undefined && typeof options.decimal !== 'function')
    throw new TypeError('sqlReads: `decimal` must be a function from text to a Decimal.');
  const prepare = options.preparedStatements ?? 0;
  if (!Number.isSafeInteger(prepare) || prepare < 0)
    throw new TypeError('sqlReads: `preparedStatements` must be a whole number of statements, 0 or more.');
  const mariadb = pool.dialect === 'mariadb';
  if (mariadb && options.replicas !== undefined && options.replicas.length > 0)
    throw new TypeError('sqlReads: replicas are PostgreSQL streaming replicas; a MariaDB pool takes none.');
  const dialect = mariadb ? mariadbDialect : postgresDialect;
  const provider = mariadb ? 'mysql' : 'postgresql';
  const primary = mariadb ? mariadbRows(pool) : postgresRows(pool, prepare);
  const replicas = replicaDatabases(options.replicas, prepare);
  const decimal: MakeDecimal = options.decimal;
  const reads = (rows: Rows, delegate: object) => modelReads(rows, provider, dialect, decimal, delegate);
  const engine: SqlReadEngine = {
    replicas: [...replicas.keys()],
    forModel(delegate: object, routing?: SqlReadRouting): ModelSqlReads | undefined {
      if (routing !== undefined || replicas.size > 0) assertSqlRouting(engine, routing?.replicaClients ?? []);
      if (routing === undefined) return reads(primary, delegate);
      // Only the statement is routed: decoding its rows fails the same on any server, and must
      // not mark a replica unreachable.
      const routed: Rows = (statement) =>
        routing.read((client) => {
          const rows = client === routing.primary ? primary : replicas.get(client);
          // assertSqlRouting gave every replica of the router its pool.
          if (rows === undefined) throw new FacetConfigurationError('sqlReads: a routed client has no pool.');
          return rows(statement);
        }, isStatementAnswer);
      return reads(routed, delegate);
    },
    async inSnapshot(snapshot) {
      // Snapshots are PostgreSQL's (`pg_export_snapshot()`); on MariaDB an export stays on Prisma.
      if (mariadb) throw new TypeError('sqlReads: snapshots are PostgreSQL only');
      if (!SNAPSHOT_ID.test(snapshot)) throw new TypeError(`sqlReads: not a snapshot id: ${snapshot}`);
      // The module client's transaction exported it, and transactions are the primary's: the
      // primary's pool, whatever the replicas.
      const client = heard(await pool.connect());
      try {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY', []);
        // Checked above: SET TRANSACTION SNAPSHOT takes a literal, not a parameter.
        await client.query(`SET TRANSACTION SNAPSHOT '${snapshot}'`, []);
      } catch (error) {
        // The connection may be mid-transaction: it is destroyed rather than given back.
        (client.release as (destroy?: unknown) => void)(true);
        throw asAdapterError(error);
      }
      // Every statement of the session on this one connection: the runner's pool hands it out
      // again and again, and only `close()` gives it back.
      const one: SqlPoolClient = { query: client.query.bind(client), release: () => {} };
      const inSession = postgresRows({ connect: async () => one });
      let closed: Promise<void> | undefined;
      return {
        forModel: (delegate) => reads(inSession, delegate),
        close() {
          closed ??= client.query('COMMIT', []).then(
            () => client.release(),
            () => (client.release as (destroy?: unknown) => void)(true),
          );
          return closed;
        },
      };
    },
  };
  return engine;
}

/** What `pg_export_snapshot()` answers (`00000003-0000001B-1`). */
const SNAPSHOT_ID = /^[0-9A-Fa-f]+(-[0-9A-Fa-f]+)+$/;

/** The compiled reads of one model, each statement run by `rows`, or `undefined` when it cannot have any. */
function modelReads(
  rows: Rows,
  provider: string,
  dialect: SqlDialect,
  decimal: MakeDecimal,
  delegate: object,
): ModelSqlReads | undefined {
  if (readProvider(delegate) !== provider) return undefined;
  const all = readSqlCatalog(delegate);
  const catalog = all === undefined ? undefined : forDialect(all, dialect);
  const name = readRuntimeModel(delegate)?.name;
  const table = name === undefined ? undefined : catalog?.get(name);
  if (catalog === undefined || table === undefined) return undefined;
  const run = <T>(read: CompiledRead<T> | undefined) =>
    read === undefined ? undefined : rows(read.statement).then(read.read);
  return {
    findMany: (args) =>
      run(compileFindMany(catalog, table, args as Record<string, unknown>, decimal, dialect)),
    count: (args) => run(compileCount(catalog, table, args as Record<string, unknown>, dialect)),
    pageAndCount: (page, count) => {
      const both = compilePageAndCount(
        catalog,
        table,
        page as Record<string, unknown>,
        count as Record<string, unknown>,
        decimal,
        dialect,
      );
      if (both === undefined) return undefined;
      return rows(both.statement).then(async (result) => {
        const { records, count: counted } = both.read(result);
        if (counted !== undefined) return { records, count: counted };
        // An empty page that cannot tell its count: the count's own statement (compiled, since
        // the combined one was).
        const alone = compileCount(catalog, table, count as Record<string, unknown>, dialect);
        return { records, count: await (run(alone) as Promise<number>) };
      });
    },
    findFirst: (args) =>
      run(compileFindFirst(catalog, table, args as Record<string, unknown>, decimal, dialect)),
    findUnique: (args) =>
      run(compileFindUnique(catalog, table, args as Record<string, unknown>, decimal, dialect)),
    aggregate: (args) =>
      run(compileAggregate(catalog, table, args as Record<string, unknown>, decimal, dialect)),
    groupBy: (args) => run(compileGroupBy(catalog, table, args as Record<string, unknown>, decimal, dialect)),
  };
}
