import { fileURLToPath } from 'node:url';

// Both src/database (vitest) and dist/database (the built app) sit two levels below the package root,
// so one relative URL finds the committed Prisma assets from either.
const packageRoot = new URL('../../', import.meta.url);

export const packagePath = (relative: string): string => fileURLToPath(new URL(relative, packageRoot));

export const DDL_PATH = packagePath('prisma/postgres.sql');
export const FIXTURE_PATH = packagePath('prisma/seed/library.json');
/** Facet default, not from the spec: where `npm start` keeps the embedded database between runs. */
export const DEFAULT_PGLITE_DIR = packagePath('.data/pglite');
