// The connections compiled statements run on: the pools an app passes (`pg`, PGlite, MariaDB),
// one runner per database that gives a statement's rows, and its errors reported as Prisma's
// driver adapter reports them, so a fault answers alike on both engines.
import { hash } from 'node:crypto';
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

/** A `pg` client's query by config: a `name` makes it a prepared statement of its connection. */
type NamingClient = {
  query(config: {
    name: string;
    text: string;
    values: readonly unknown[];
  }): Promise<{ readonly rows: unknown[] }>;
};

/**
 * The names of the statements each connection holds prepared: its compiled statements' names,
 * and how many more it may take. Kept per client object, which a `pg` pool reuses for its
 * connection's life.
 */
const preparedOn = new WeakMap<object, Set<string>>();

/**
 * The name `text` runs under on `client`, or `undefined` to run it unnamed: a connection prepares
 * at most `limit` statements (the server keeps each one's parse tree and plans for the
 * connection's life, and the shapes of queries are the clients' to choose). The name is a hash of
 * the text, the same on every connection, and `pg` parses a named text once per connection.
 */
function statementName(client: object, text: string, limit: number): string | undefined {
  let names = preparedOn.get(client);
  if (names === undefined) {
    names = new Set();
    preparedOn.set(client, names);
  }
  const name = `facet_${hash('sha256', text, 'base64url').slice(0, 32)}`;
  if (names.has(name)) return name;
  if (names.size >= limit) return undefined;
  names.add(name);
  return name;
}

/**
 * SQLSTATEs after which a connection's prepared statements cannot be trusted: a statement's result
 * type changed under it (a column altered since it was prepared, 0A000 "cached plan must not
 * change result type") or the server forgot it (26000, after `DISCARD ALL`). `pg` would send the
 * statement by name again and again: the connection is closed instead, and the read made once more
 * on another.
 */
const STALE_STATEMENT = /^(0A000|26000)$/;

/**
 * Runs compiled statements on `pool`: Kysely compiles each fragment to text and values, and the
 * pool's own client runs it. Only Kysely's compiler: its driver layer (connection provider, query
 * executor, result wrapping) would add work per statement and nothing a single read needs. With
 * `prepare` > 0, statements are named (prepared once per connection, up to `prepare` of them).
 */
function statementRows(
  pool: SqlPool,
  db: Kysely<Db>,
  asError: (error: unknown) => unknown,
  prepare = 0,
): Rows {
  const run = async (
    text: string,
    parameters: readonly unknown[],
    again: boolean,
  ): Promise<Record<string, unknown>[]> => {
    const client = heard(await pool.connect());
    const name = prepare > 0 ? statementName(client, text, prepare) : undefined;
    let stale = false;
    try {
      const result =
        name === undefined
          ? await client.query(text, parameters)
          : await (client as unknown as NamingClient).query({ name, text, values: parameters });
      return result.rows as Record<string, unknown>[];
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      stale = name !== undefined && typeof code === 'string' && STALE_STATEMENT.test(code);
      if (!stale || !again) throw error;
    } finally {
      // A truthy argument makes a pg pool close the connection rather than keep it.
      if (stale) {
        preparedOn.delete(client);
        (client.release as (destroy?: boolean) => void)(true);
      } else client.release();
    }
    return run(text, parameters, false);
  };
  return async (statement) => {
    const { sql: text, parameters } = statement.compile(db);
    try {
      return await run(text, parameters, true);
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

/**
 * Runs statements on a PostgreSQL pool, reporting its errors as Prisma's adapter would; `prepare`:
 * how many statements each connection keeps prepared (0: none).
 */
export function postgresRows(pool: SqlPool, prepare = 0): Rows {
  return statementRows(pool, postgresCompiler, asAdapterError, prepare);
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
    // Also by config (`{ text, values }`), as sqlReads' `preparedStatements` calls it: one embedded
    // connection that keeps nothing prepared between calls, so the name is not needed.
    query: async (
      textOrConfig: string | { text: string; values: readonly unknown[] },
      values?: readonly unknown[],
    ) => {
      const text = typeof textOrConfig === 'string' ? textOrConfig : textOrConfig.text;
      const given = typeof textOrConfig === 'string' ? values : textOrConfig.values;
      const result = await db.query(text, [...(given ?? [])]);
      return { rows: result.rows, command: 'SELECT', rowCount: result.rows.length } as { rows: unknown[] };
    },
    release: () => {},
  };
  return { connect: async () => client };
}
