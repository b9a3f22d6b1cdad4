// @facet/nest/sql: the compiled read path, the only part of @facet/nest that imports kysely (an
// optional peer). The package root names only the engine's interface (`SqlReadEngine`).
export type {
  ModelSqlReads,
  ReadEngineName,
  SqlReadEngine,
  SqlReadRouting,
  SqlReadSession,
} from '../read/execute/sql-reads.js';
export { type MariadbConnectionLike, type MariadbPoolLike, mariadbPool } from './mariadb-pool.js';
export { type PgliteLike, pglitePool, type SqlPool, type SqlPoolClient } from './sql-connections.js';
export { type SqlReadsOptions, type SqlReplicaPool, sqlReads } from './sql-engine.js';
