// MariaDB's side of the compiled read path: a `SqlPool` over the app's `mariadb` pool (the one
// `new PrismaMariaDb(pool)` shares), and its errors reported as Prisma's MariaDB adapter reports them.
import type { SqlPool, SqlPoolClient } from './sql-connections.js';

/** What `mariadbPool` needs of a connection of the `mariadb` driver. */
export interface MariadbConnectionLike {
  /** Runs a prepared statement with its values; a read answers its rows. */
  execute(options: { readonly sql: string } & Record<string, unknown>, values: unknown[]): Promise<unknown>;
  /** Gives the connection back to its pool. */
  release(): Promise<void> | void;
}

/** What `mariadbPool` needs of a `mariadb` pool (`mariadb.createPool(...)`). */
export interface MariadbPoolLike {
  /** One of the pool's connections, until it is released. */
  getConnection(): Promise<MariadbConnectionLike>;
}

/**
 * A `SqlPool` over a `mariadb` pool: compiled reads of MySQL-provider models run on it with the
 * MariaDB dialect. Statements are prepared (`execute`), and values typed, as Prisma's adapter sends
 * them; rows come back as objects, JSON as its text. The pool stays the application's to end.
 */
export function mariadbPool(pool: MariadbPoolLike): SqlPool {
  if (pool === null || typeof pool !== 'object' || typeof pool.getConnection !== 'function')
    throw new TypeError('mariadbPool needs a mariadb pool (mariadb.createPool(...)).');
  return {
    dialect: 'mariadb',
    async connect(): Promise<SqlPoolClient> {
      const connection = await pool.getConnection();
      return {
        async query(text, values) {
          const rows = await connection.execute(
            { sql: text, dateStrings: true, autoJsonMap: false, jsonStrings: true, bitOneIsBoolean: false },
            [...values],
          );
          return { rows: Array.isArray(rows) ? rows : [] };
        },
        release: () => {
          void connection.release();
        },
      };
    },
  };
}

/**
 * A MariaDB error (`errno`, `sqlState`) as Prisma's MariaDB adapter reports it (a
 * `DriverAdapterError` whose cause is `{ kind: 'mysql', code, state }`), so Facet classifies it as
 * the same fault on either path; what the adapter would not convert passes as it is.
 */
export function asMariadbAdapterError(error: unknown): unknown {
  const { errno, sqlState, sqlMessage, cause } = (error ?? {}) as Record<string, unknown>;
  const driverError =
    typeof errno === 'number' &&
    (typeof sqlMessage === 'string' || sqlMessage === null) &&
    (typeof sqlState === 'string' || sqlState === null);
  if (!driverError) return error;
  const message = sqlMessage ?? 'N/A';
  const adapterError = new Error(message, {
    cause: {
      kind: 'mysql',
      code: errno,
      message,
      state: sqlState ?? 'N/A',
      cause: cause instanceof Error ? cause.message : undefined,
      originalCode: String(errno),
      originalMessage: message,
    },
  });
  adapterError.name = 'DriverAdapterError';
  return adapterError;
}
