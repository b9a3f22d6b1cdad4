export type { LibraryDatabase } from './database.types.js';
export { type LibraryFixture, loadFixture } from './fixture.js';
export { type DatabaseOptions, openDatabase } from './openDatabase.js';
export { DEFAULT_PGLITE_DIR } from './paths.js';
export {
  DEFAULT_POSTGRES_OPTIONS,
  POSTGRES_ENV,
  type PostgresOptions,
  postgresOptionsFromEnv,
} from './postgresOptions.js';
