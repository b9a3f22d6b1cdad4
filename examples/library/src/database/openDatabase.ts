import type { LibraryDatabase } from './database.types.js';
import { openPglite } from './openPglite.js';
import { openPostgres } from './openPostgres.js';
import type { PostgresOptions } from './postgresOptions.js';

export interface DatabaseOptions {
  /**
   * A `postgresql://` (or `postgres://`) URL selects a real PostgreSQL server.
   * @default undefined, which selects embedded PGlite
   */
  url?: string;
  /**
   * Where PGlite keeps its files; `undefined` keeps the database in memory. Ignored with `url`.
   * @default undefined
   */
  pgliteDir?: string;
  /**
   * Pool size and timeouts for PostgreSQL; ignored without `url`.
   * @default {} (every `PostgresOptions` default)
   */
  postgres?: PostgresOptions;
  /**
   * `postgresql://` URLs of streaming replicas of `url`: resource reads go to them (see
   * `FacetModule.forRoot({ replicas })`). Needs `url`.
   * @default [] (every read on `url`)
   */
  replicaUrls?: readonly string[];
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<LibraryDatabase> {
  const { url, pgliteDir, postgres, replicaUrls = [] } = options;
  for (const replica of replicaUrls) {
    if (!/^postgres(ql)?:\/\//.test(replica)) {
      throw new TypeError('Every `DATABASE_REPLICA_URLS` entry must be a postgresql:// URL.');
    }
  }
  if (replicaUrls.length > 0 && !url) {
    throw new TypeError(
      '`DATABASE_REPLICA_URLS` needs `DATABASE_URL` (the primary); PGlite has no replicas.',
    );
  }
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new TypeError(
        'The `DATABASE_URL` option must be a postgresql:// URL (or unset for embedded PGlite).',
      );
    }
    return openPostgres(url, postgres, replicaUrls);
  }
  return openPglite(pgliteDir);
}
