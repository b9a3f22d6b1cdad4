import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresDialect,
  type PostgresPool,
} from 'kysely';
import { readProvider, readRuntimeModel } from '../model/prisma-internals.js';
import type { ModelSqlReads, SqlReadEngine } from '../read/execute/sql-reads.js';
import {
  type CompiledRead,
  compileCount,
  compileFindFirst,
  compileFindMany,
  compileFindUnique,
} from './compile-read.js';
import type { MakeDecimal } from './compile-select.js';
import type { Fragment } from './compile-where.js';
import { asMariadbAdapterError } from './mariadb-pool.js';
import { mariadbDialect, postgresDialect, type SqlDialect } from './sql-dialect.js';
import { readSqlCatalog, type SqlCatalog } from './sql-schema.js';

/** A client of a `SqlPool`: one connection, given back with `release`. */
export interface SqlPoolClient {
  query(text: string, values: readonly unknown[]): Promise<{ readonly rows: unknown[] }>;
  release(): void;
}

/**
 * The connections compiled reads run on: a `pg` `Pool` (the one the app's Prisma adapter shares,
 * `new PrismaPg(pool)`), a replica's pool, `pglitePool(db)`, or `mariadbPool(pool)`.
 */
export interface SqlPool {
  connect(): Promise<SqlPoolClient>;
  /**
   * The SQL the pool's database speaks: PostgreSQL when absent. Models of the matching Prisma
   * provider (`postgresql`, or `mysql` for `'mariadb'`) are compiled; any other is read by Prisma.
   */
  readonly dialect?: 'postgresql' | 'mariadb';
}

/** Options of `sqlReads`. */
export interface SqlReadsOptions {
  /** Where the statements run. The pool stays the application's to end. */
  readonly pool: SqlPool;
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

/** Runs a compiled statement on the pool and reads its rows. */
type Runner = <T>(statement: Fragment, read: (rows: Record<string, unknown>[]) => T) => Promise<T>;

function postgresRunner(pool: SqlPool): Runner {
  const adapted = { connect: async () => heard(await pool.connect()), end: async () => {}, options: {} };
  const db = new Kysely<Db>({ dialect: new PostgresDialect({ pool: adapted as unknown as PostgresPool }) });
  return (statement, read) =>
    statement.execute(db).then(
      (result) => read(result.rows as Record<string, unknown>[]),
      (error: unknown) => {
        throw asAdapterError(error);
      },
    );
}

/** Kysely as MariaDB's query compiler only (backquoted names, `?` values): the pool runs the text. */
function mariadbRunner(pool: SqlPool): Runner {
  const db = new Kysely<Db>({
    dialect: {
      createAdapter: () => new MysqlAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new MysqlIntrospector(kysely),
      createQueryCompiler: () => new MysqlQueryCompiler(),
    },
  });
  return async (statement, read) => {
    const { sql: text, parameters } = statement.compile(db);
    let rows: unknown[];
    try {
      const client = await pool.connect();
      try {
        rows = (await client.query(text, parameters)).rows;
      } finally {
        client.release();
      }
    } catch (error) {
      throw asMariadbAdapterError(error);
    }
    return read(rows as Record<string, unknown>[]);
  };
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
 */
export function sqlReads(options: SqlReadsOptions): SqlReadEngine {
  const { pool } = options;
  if (pool === null || typeof pool !== 'object' || typeof pool.connect !== 'function')
    throw new TypeError(
      'sqlReads needs a `pool` with connect() (a pg Pool, pglitePool(db) or mariadbPool(pool)).',
    );
  if (options.decimal !== undefined && typeof options.decimal !== 'function')
    throw new TypeError('sqlReads: `decimal` must be a function from text to a Decimal.');
  const mariadb = pool.dialect === 'mariadb';
  const dialect = mariadb ? mariadbDialect : postgresDialect;
  const run = mariadb ? mariadbRunner(pool) : postgresRunner(pool);
  const decimal: MakeDecimal = options.decimal;
  const provider = mariadb ? 'mysql' : 'postgresql';
  return {
    forModel: (delegate) => modelReads(run, provider, dialect, decimal, delegate),
    async inSnapshot(snapshot) {
      // Snapshots are PostgreSQL's (`pg_export_snapshot()`); on MariaDB an export stays on Prisma.
      if (mariadb) throw new TypeError('sqlReads: snapshots are PostgreSQL only');
      if (!SNAPSHOT_ID.test(snapshot)) throw new TypeError(`sqlReads: not a snapshot id: ${snapshot}`);
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
      const inSession = postgresRunner({ connect: async () => one });
      let closed: Promise<void> | undefined;
      return {
        forModel: (delegate) => modelReads(inSession, provider, dialect, decimal, delegate),
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
}

/** What `pg_export_snapshot()` answers (`00000003-0000001B-1`). */
const SNAPSHOT_ID = /^[0-9A-Fa-f]+(-[0-9A-Fa-f]+)+$/;

/** The compiled reads of one model through `run`, or `undefined` when it cannot have any. */
function modelReads(
  run: Runner,
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
  const compiled = <T>(read: CompiledRead<T> | undefined) =>
    read === undefined ? undefined : run(read.statement, read.read);
  return {
    findMany: (args) =>
      compiled(compileFindMany(catalog, table, args as Record<string, unknown>, decimal, dialect)),
    count: (args) => compiled(compileCount(catalog, table, args as Record<string, unknown>, dialect)),
    findFirst: (args) =>
      compiled(compileFindFirst(catalog, table, args as Record<string, unknown>, decimal, dialect)),
    findUnique: (args) =>
      compiled(compileFindUnique(catalog, table, args as Record<string, unknown>, decimal, dialect)),
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
