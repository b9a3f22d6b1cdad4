// The codes, kinds and messages by which Facet knows a database fault from a request's error: one
// table per source (Prisma's codes, its driver adapters' kinds, SQLSTATEs and MySQL/MariaDB error
// numbers, the `mariadb` driver's own numbers, Node's socket errors, node-postgres's messages).
// `classify-error.ts` reads them.

/**
 * Signs that the database, not the request, is the problem. They are never a 400. Spec 7 (docs/spec-conformance.md#7-errors) makes every
 * unexpected error an `InternalServerErrorException`, so by default they stay 500s whose body names
 * the fault (`database_unavailable`, `database_timeout`); `databaseFaultStatus: 'specific'` turns
 * them into 503 and 504, so that clients and load balancers can tell "retry later" from a bug.
 */
export const UNAVAILABLE_PRISMA_CODES: ReadonlySet<string> = new Set([
  'P1001', // can't reach database server
  'P1002', // database server reached but timed out
  'P1008', // operation timed out (socket)
  'P1017', // server has closed the connection
  'P2024', // timed out fetching a connection from the pool
  'P2037', // too many database connections
]);
/** `kind`s of Prisma's `DriverAdapterError` cause that mean the same as the codes above. */
export const UNAVAILABLE_ADAPTER_KINDS: ReadonlySet<string> = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
/**
 * SQLSTATEs (PostgreSQL) and error numbers (MySQL/MariaDB) of the database refusing to serve:
 * class 08 (connection exception) is matched by prefix; 57P01-57P03 are shutdowns and "cannot
 * connect now"; 53300 and 1040 are too many connections.
 */
export const UNAVAILABLE_DATABASE_CODES: ReadonlySet<string> = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '1040',
]);
/**
 * 57014 query_canceled (statement_timeout) and 55P03 lock_not_available (lock_timeout) in
 * PostgreSQL; 1969 (MariaDB max_statement_time) and 3024 (MySQL max_execution_time).
 */
export const TIMEOUT_DATABASE_CODES: ReadonlySet<string> = new Set(['57014', '55P03', '1969', '3024']);
/**
 * The `mariadb` driver's own error numbers (45001-45065, its `errors.client` table) for a connection
 * or pool that cannot serve: closed or lost connections, socket errors and timeouts, a pool that is
 * closed, closing or gave no connection in time (45028: a server it cannot reach). Prisma's MariaDB
 * adapter passes them on as `{ kind: 'mysql', code }`, as Facet's compiled path does; they are the
 * database's state, never the request's.
 */
export const UNAVAILABLE_MARIADB_CLIENT_CODES: ReadonlySet<string> = new Set([
  '45001', // ER_CONNECTION_ALREADY_CLOSED
  '45009', // ER_SOCKET_UNEXPECTED_CLOSE
  '45012', // ER_CONNECTION_TIMEOUT
  '45013', // ER_CMD_CONNECTION_CLOSED
  '45019', // ER_SOCKET
  '45026', // ER_SOCKET_TIMEOUT
  '45027', // ER_POOL_ALREADY_CLOSED
  '45028', // ER_GET_CONNECTION_TIMEOUT
  '45035', // ER_ADD_CONNECTION_CLOSED_POOL
  '45037', // ER_CLOSING_POOL
  '45039', // ER_INITIAL_TIMEOUT_ERROR
  '45042', // ER_PING_TIMEOUT
  '45060', // ER_POOL_NOT_INITIALIZED
  '45061', // ER_POOL_NO_CONNECTION
]);
/** Node socket errors (only trusted together with a `syscall`, as Node sets it). */
export const SOCKET_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/**
 * node-postgres reports a lost or never-established connection as a plain `Error` with no code,
 * and `@prisma/adapter-pg` passes such errors through unconverted; its messages are all we have.
 */
export const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;
