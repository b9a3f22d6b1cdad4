export type { LibraryDatabase } from './database.types.js';
export { type LibraryFixture, loadFixture } from './fixture.js';
export { type DatabaseOptions, openDatabase } from './openDatabase.js';
export { DEFAULT_PGLITE_DIR } from './paths.js';
