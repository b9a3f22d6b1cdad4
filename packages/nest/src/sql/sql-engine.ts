import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { readProvider, readRuntimeModel } from '../model/prisma-internals.js';
import {
  assertSqlRouting,
  type ModelSqlReads,
  type SqlReadEngine,
  type SqlReadRouting,
} from '../read/execute/sql-reads.js';
import { compileCount, compileFindFirst, compileFindMany, compileFindUnique } from './compile-read.js';
import type { MakeDecimal } from './compile-select.js';
import { readSqlCatalog } from './sql-schema.js';

/** A client of a `SqlPool`: one connection, given back with `release`. */
export interface SqlPoolClient {
  query(text: string, values: readonly unknown[]): Promise<{ readonly rows: unknown[] }>;
  release(): void;
}

/**
 * The connections compiled reads run on: a `pg` `Pool` (the one the app's Prisma adapter shares,
 * `new PrismaPg(pool)`), a replica's pool, or `pglitePool(db)`.
 */
export interface SqlPool {
  connect(): Promise<SqlPoolClient>;
}

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
}

type Db = Record<string, never>;

const listened = new WeakSet<object>();
const ignore = (): void => {};

/**
 * A `pg` client emits 'error' when its connection breaks while it is checked out, besides failing
 * its query; unheard, that event would end the process. The failed query answers the read (a 500
 * `database_unavailable`), so the event itself is ignored, once per client (the pool reuses them).
 */
function heard(client: SqlPoolClient): SqlPoolClient {
  const on = (client as { on?: unknown }).on;
  if (typeof on === 'function' && !listened.has(client)) {
    on.call(client, 'error', ignore);
    listened.add(client);
  }
  return client;
}

/** A SQLSTATE: five digits or capitals (`57014`). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * An error the database answered a compiled statement with, reported as Prisma's driver adapter
 * reports it (a `DriverAdapterError` whose cause carries the SQLSTATE): Facet classifies, logs and
 * answers it as the same fault on the Prisma path (a cancelled statement is `database_timeout`, a
 * lost server `database_unavailable`, any other a read's opaque 500). Errors without a SQLSTATE
 * (a connection that could not be made, a socket's) pass as they are: they are read by their
 * message and `syscall` either way.
 */
function asAdapterError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !SQLSTATE.test(code)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const adapterError = new Error(message, {
    cause: { kind: 'postgres', code, originalCode: code, originalMessage: message },
  });
  adapterError.name = 'DriverAdapterError';
  return adapterError;
}

type Statement = { execute(db: Kysely<Db>): Promise<{ rows: unknown[] }> };

/** Runs a statement on one server's connections, reporting its errors as Prisma's adapter would. */
function execute(statement: Statement, db: Kysely<Db>): Promise<Record<string, unknown>[]> {
  return statement.execute(db).then(
    (result) => result.rows as Record<string, unknown>[],
    (error: unknown) => {
      throw asAdapterError(error);
    },
  );
}

/**
 * SQLSTATE classes that are the server's state, not the statement's: connection (08), resources
 * (53), system (58), internal (XX), shutdowns (57P0x), and rollbacks (40: a lone read on a replica
 * only gets one from a recovery conflict). On a replica they make the router repeat the read on
 * the primary, as a lost connection does.
 */
const SERVER_STATE = /^(08|53|58|XX|40|57P0)/;

/** Whether an error of a compiled read is the statement's own answer (the same on any server). */
function isStatementAnswer(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && SQLSTATE.test(code) && !SERVER_STATE.test(code);
}

/** A Kysely instance on one pool (the dialect's pool is only ever asked for connections). */
function database(pool: SqlPool): Kysely<Db> {
  const adapted = { connect: async () => heard(await pool.connect()), end: async () => {}, options: {} };
  return new Kysely<Db>({ dialect: new PostgresDialect({ pool: adapted as unknown as PostgresPool }) });
}

const isPool = (pool: unknown): pool is SqlPool =>
  pool !== null && typeof pool === 'object' && typeof (pool as SqlPool).connect === 'function';

/** The replicas' databases by client, after checking their shape. @throws {TypeError} */
function replicaDatabases(replicas: SqlReadsOptions['replicas']): Map<object, Kysely<Db>> {
  const databases = new Map<object, Kysely<Db>>();
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
    databases.set(client, database(pool));
  });
  return databases;
}

/**
 * The SQL read engine (`FacetModule.forRoot({ sql: sqlReads({ pool }), engine: 'sql' })`): list
 * pages and counts compiled from the checked, scoped, planned query to one statement each, run
 * through Kysely's PostgreSQL dialect on `pool`. What the compiler does not cover stays on Prisma
 * (see `compile-read.ts`). PostgreSQL and PGlite; a model of another database is read by Prisma.
 *
 * With `replicas` (each replica's Prisma client and pool) a compiled read goes where the module's
 * `ReadRouter` sends a Prisma read: a healthy replica that has replayed the request's consistency
 * token, else the primary, repeated on the primary when the replica's connection fails. No
 * compiled read runs on another connection than a transaction's: a write's reads are made through
 * the transaction client's own delegates (Prisma's), and a snapshot export's batches through
 * `inSnapshot`, on a primary connection that imports the snapshot of the export's transaction.
 * @throws {TypeError} when `pool`, `decimal` or a `replicas` entry is not what it must be
 */
export function sqlReads(options: SqlReadsOptions): SqlReadEngine {
  const { pool } = options;
  if (!isPool(pool))
    throw new TypeError('sqlReads needs a `pool` with connect() (a pg Pool, or pglitePool(db)).');
  if (options.decimal !== undefined && typeof options.decimal !== 'function')
    throw new TypeError('sqlReads: `decimal` must be a function from text to a Decimal.');
  const primary = database(pool);
  const replicas = replicaDatabases(options.replicas);
  const decimal: MakeDecimal = options.decimal;
  const engine: SqlReadEngine = {
    replicas: [...replicas.keys()],
    forModel(delegate: object, routing?: SqlReadRouting): ModelSqlReads | undefined {
      if (routing !== undefined || replicas.size > 0) assertSqlRouting(engine, routing?.replicaClients ?? []);
      if (routing === undefined)
        return modelReads((statement) => execute(statement, primary), decimal, delegate);
      // Only the statement is routed: decoding its rows fails the same on any server, and must
      // not mark a replica unreachable.
      const routed = (statement: Statement) =>
        routing.read((client) => {
          const db = client === routing.primary ? primary : replicas.get(client);
          // assertSqlRouting gave every replica of the router its pool.
          if (db === undefined) throw new FacetConfigurationError('sqlReads: a routed client has no pool.');
          return execute(statement, db);
        }, isStatementAnswer);
      return modelReads(routed, decimal, delegate);
    },
    async inSnapshot(snapshot) {
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
      // Every statement of the session on this one connection: Kysely's pool hands it out again
      // and again, and only `close()` gives it back.
      const one = { query: client.query.bind(client), release: () => {} };
      const single = { connect: async () => one, end: async () => {}, options: {} };
      const inSession = new Kysely<Db>({
        dialect: new PostgresDialect({ pool: single as unknown as PostgresPool }),
      });
      let closed: Promise<void> | undefined;
      return {
        forModel: (delegate) => modelReads((statement) => execute(statement, inSession), decimal, delegate),
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

/** The compiled reads of one model, each statement run by `rowsOf`, or `undefined` when it cannot have any. */
function modelReads(
  rowsOf: (statement: Statement) => Promise<Record<string, unknown>[]>,
  decimal: MakeDecimal,
  delegate: object,
): ModelSqlReads | undefined {
  if (readProvider(delegate) !== 'postgresql') return undefined;
  const catalog = readSqlCatalog(delegate);
  const name = readRuntimeModel(delegate)?.name;
  const table = name === undefined ? undefined : catalog?.get(name);
  if (catalog === undefined || table === undefined) return undefined;
  const run = <T>(
    compiled: { statement: Statement; read: (rows: Record<string, unknown>[]) => T } | undefined,
  ) => (compiled === undefined ? undefined : rowsOf(compiled.statement).then(compiled.read));
  return {
    findMany: (args) => run(compileFindMany(catalog, table, args as Record<string, unknown>, decimal)),
    count: (args) => run(compileCount(catalog, table, args as Record<string, unknown>)),
    findFirst: (args) => run(compileFindFirst(catalog, table, args as Record<string, unknown>, decimal)),
    findUnique: (args) => run(compileFindUnique(catalog, table, args as Record<string, unknown>, decimal)),
  };
}

/** What `pglitePool` needs of a PGlite database: its `query`. */
export interface PgliteLike {
  query(text: string, values?: unknown[]): Promise<{ readonly rows: unknown[] }>;
}

/**
 * A `SqlPool` over one PGlite database (embedded, one connection): compiled reads are single
 * statements, so sharing it with the app's Prisma adapter needs no pool.
 */
export function pglitePool(db: PgliteLike): SqlPool {
  const client: SqlPoolClient = {
    query: async (text, values) => {
      const result = await db.query(text, [...values]);
      return { rows: result.rows, command: 'SELECT', rowCount: result.rows.length } as { rows: unknown[] };
    },
    release: () => {},
  };
  return { connect: async () => client };
}
