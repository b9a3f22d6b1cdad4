/**
 * How the example talks to a real PostgreSQL server: pool size and the timeouts that turn a slow
 * or absent database into a prompt 500 (`database_unavailable`/`database_timeout`) instead of a request that hangs. Every default is ours
 * (node-postgres's own would wait forever for a connection and never cancel a statement).
 */
export interface PostgresOptions {
  /**
   * Most connections the pool keeps open. Env `DATABASE_POOL_SIZE`.
   * @default 10
   */
  poolSize?: number;
  /**
   * Most connections the pool of each replica keeps open. With replicas most reads leave the
   * primary, whose pool then serves writes and the reads that fall back to it (a token a replica
   * has not replayed yet, a replica out of rotation): a smaller primary pool and larger replica
   * pools fit that. Env `DATABASE_REPLICA_POOL_SIZE`.
   * @default poolSize
   */
  replicaPoolSize?: number;
  /**
   * How long a request waits for a connection (opening one, or a free one from a full pool) before
   * it fails with a 500 `database_unavailable`. `0` waits forever. Env `DATABASE_CONNECTION_TIMEOUT_MS`.
   * @default 5000
   */
  connectionTimeoutMs?: number;
  /**
   * PostgreSQL's `statement_timeout` for every connection: a statement running longer (lock waits
   * included) is cancelled by the server and the request fails with a 500 `database_timeout`. `0` disables it.
   * Env `DATABASE_STATEMENT_TIMEOUT_MS`.
   * @default 10000
   */
  statementTimeoutMs?: number;
  /**
   * An idle connection is closed after this long, so a quiet server holds no connections.
   * Env `DATABASE_IDLE_TIMEOUT_MS`.
   * @default 10000
   */
  idleTimeoutMs?: number;
  /**
   * `application_name` of every connection, as `pg_stat_activity` shows it.
   * Env `DATABASE_APPLICATION_NAME`.
   * @default 'facet-example-library'
   */
  applicationName?: string;
}

export type ResolvedPostgresOptions = Required<PostgresOptions>;

export const DEFAULT_POSTGRES_OPTIONS: ResolvedPostgresOptions = Object.freeze({
  poolSize: 10,
  replicaPoolSize: 10,
  connectionTimeoutMs: 5_000,
  statementTimeoutMs: 10_000,
  idleTimeoutMs: 10_000,
  applicationName: 'facet-example-library',
});

/** The environment variable of each option, for `postgresOptionsFromEnv` and error messages. */
export const POSTGRES_ENV = {
  poolSize: 'DATABASE_POOL_SIZE',
  replicaPoolSize: 'DATABASE_REPLICA_POOL_SIZE',
  connectionTimeoutMs: 'DATABASE_CONNECTION_TIMEOUT_MS',
  statementTimeoutMs: 'DATABASE_STATEMENT_TIMEOUT_MS',
  idleTimeoutMs: 'DATABASE_IDLE_TIMEOUT_MS',
  applicationName: 'DATABASE_APPLICATION_NAME',
} as const satisfies Record<keyof PostgresOptions, string>;

const MINIMUM = {
  poolSize: 1,
  replicaPoolSize: 1,
  connectionTimeoutMs: 0,
  statementTimeoutMs: 0,
  idleTimeoutMs: 0,
} as const;
type NumericOption = keyof typeof MINIMUM;

/**
 * Fills in the defaults and checks every option.
 * @throws {RangeError} naming the option when a number is not an integer at or above its minimum.
 */
export function resolvePostgresOptions(options: PostgresOptions = {}): ResolvedPostgresOptions {
  const resolved: ResolvedPostgresOptions = { ...DEFAULT_POSTGRES_OPTIONS };
  for (const name of Object.keys(MINIMUM) as NumericOption[]) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < MINIMUM[name]) {
      throw new RangeError(
        `The \`${name}\` option must be an integer of at least ${MINIMUM[name]}, got ${value}.`,
      );
    }
    resolved[name] = value;
  }
  // Unset, each replica's pool follows the primary's, as it did before the option existed.
  if (options.replicaPoolSize === undefined) resolved.replicaPoolSize = resolved.poolSize;
  if (options.applicationName !== undefined) {
    // PostgreSQL truncates longer names, which would break matching on them in pg_stat_activity.
    if (options.applicationName.length > 63) {
      throw new RangeError('The `applicationName` option must be at most 63 characters long.');
    }
    resolved.applicationName = options.applicationName;
  }
  return resolved;
}

/**
 * Reads the options from environment variables (unset or empty means the default).
 * @throws {RangeError} naming the variable when a value is not a whole number in range.
 */
export function postgresOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): PostgresOptions {
  const options: PostgresOptions = {};
  for (const name of Object.keys(MINIMUM) as NumericOption[]) {
    const text = env[POSTGRES_ENV[name]]?.trim();
    if (!text) continue;
    const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isSafeInteger(value) || value < MINIMUM[name]) {
      throw new RangeError(
        `${POSTGRES_ENV[name]} must be a whole number of at least ${MINIMUM[name]}, got "${text}".`,
      );
    }
    options[name] = value;
  }
  const applicationName = env[POSTGRES_ENV.applicationName]?.trim();
  if (applicationName) options.applicationName = applicationName;
  return options;
}
