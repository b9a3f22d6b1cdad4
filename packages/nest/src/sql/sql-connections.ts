// The connections compiled statements run on: the pools an app passes (`pg`, PGlite, MariaDB),
// one runner per database that gives a statement's rows, and its errors reported as Prisma's
// driver adapter reports them, so a fault answers alike on both engines.
import {
  type DialectAdapter,
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
} from 'kysely';
import type { Fragment } from './compile-where.js';
import { asMariadbAdapterError } from './mariadb-pool.js';

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

type Db = Record<string, never>;

const listened = new WeakSet<object>();
const ignore = (): void => {};

/**
 * A `pg` client emits 'error' when its connection breaks while it is checked out, besides failing
 * its query; unheard, that event would end the process. The failed query answers the read (a 500
 * `database_unavailable`), so the event itself is ignored, once per client (the pool reuses them).
 */
export function heard(client: SqlPoolClient): SqlPoolClient {
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
export function asAdapterError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !SQLSTATE.test(code)) return error;
  const message = error instanceof Error ? error.message : String(error);
  const adapterError = new Error(message, {
    cause: { kind: 'postgres', code, originalCode: code, originalMessage: message },
  });
  adapterError.name = 'DriverAdapterError';
  return adapterError;
}

/** Runs a compiled statement on one server's connections and gives its rows. */
export type Rows = (statement: Fragment) => Promise<Record<string, unknown>[]>;

/**
 * Runs compiled statements on `pool`: Kysely compiles each fragment to text and values, and the
 * pool's own client runs it. Only Kysely's compiler: its driver layer (connection provider, query
 * executor, result wrapping) would add work per statement and nothing a single read needs.
 */
function statementRows(pool: SqlPool, db: Kysely<Db>, asError: (error: unknown) => unknown): Rows {
  return async (statement) => {
    const { sql: text, parameters } = statement.compile(db);
    try {
      const client = heard(await pool.connect());
      try {
        return (await client.query(text, parameters)).rows as Record<string, unknown>[];
      } finally {
        client.release();
      }
    } catch (error) {
      throw asError(error);
    }
  };
}

/** A Kysely that compiles (never runs) statements in one database's SQL. */
function compilerOnly(
  adapter: DialectAdapter,
  compiler: () => QueryCompiler,
  introspector: typeof PostgresIntrospector | typeof MysqlIntrospector,
): Kysely<Db> {
  return new Kysely<Db>({
    dialect: {
      createAdapter: () => adapter,
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new introspector(kysely),
      createQueryCompiler: compiler,
    },
  });
}

const postgresCompiler = compilerOnly(
  new PostgresAdapter(),
  () => new PostgresQueryCompiler(),
  PostgresIntrospector,
);
const mariadbCompiler = compilerOnly(new MysqlAdapter(), () => new MysqlQueryCompiler(), MysqlIntrospector);

/** Runs statements on a PostgreSQL pool, reporting its errors as Prisma's adapter would. */
export function postgresRows(pool: SqlPool): Rows {
  return statementRows(pool, postgresCompiler, asAdapterError);
}

/** Runs statements on a MariaDB pool (backquoted names, `?` values), its errors as Prisma's adapter's. */
export function mariadbRows(pool: SqlPool): Rows {
  return statementRows(pool, mariadbCompiler, asMariadbAdapterError);
}

/**
 * SQLSTATE classes that are the server's state, not the statement's: connection (08), resources
 * (53), system (58), internal (XX), shutdowns (57P0x), and rollbacks (40: a lone read on a replica
 * only gets one from a recovery conflict). On a replica they make the router repeat the read on
 * the primary, as a lost connection does.
 */
const SERVER_STATE = /^(08|53|58|XX|40|57P0)/;

/** Whether an error of a compiled read is the statement's own answer (the same on any server). */
export function isStatementAnswer(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof code === 'string' && SQLSTATE.test(code) && !SERVER_STATE.test(code);
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
