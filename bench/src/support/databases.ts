// The bench's databases, prepared by the example app's own code (tables from its committed DDL,
// rows from its fixture), so every scenario reads the data the example serves.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoPath } from './paths.js';

/** The server every PostgreSQL scenario uses; override with BENCH_POSTGRES_URL (a server URL). */
export const POSTGRES_SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/**
 * A dedicated database on that server; the bench never touches another one. BENCH_DATABASE names
 * it (default facet_bench), and the large and export databases are named after it
 * (`<name>_large`, `<name>_export`), so two runs on one server can keep out of each other's tables.
 */
export const BENCH_DATABASE = benchDatabaseName(process.env.BENCH_DATABASE);

function benchDatabaseName(name: string | undefined): string {
  if (name === undefined || name === '') return 'facet_bench';
  // Interpolated into CREATE DATABASE: a plain lowercase identifier, nothing to quote.
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(name)) {
    throw new Error(`BENCH_DATABASE must be a lowercase identifier, got "${name}"`);
  }
  return name;
}

interface ExampleDatabase {
  close(): Promise<void>;
}
interface ExampleDatabaseModule {
  openDatabase(options: { url?: string; pgliteDir?: string }): Promise<ExampleDatabase>;
}

async function exampleDatabaseModule(): Promise<ExampleDatabaseModule> {
  const url = pathToFileURL(repoPath('examples/library/dist/database/index.js')).href;
  return (await import(url)) as ExampleDatabaseModule;
}

export function benchPostgresUrl(): string {
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

/**
 * Creates the bench database when missing and lets the example seed it. Returns its URL, or the
 * reason PostgreSQL cannot be used (the PostgreSQL scenarios then say "not run" and why).
 */
export async function preparePostgres(): Promise<{ url: string } | { unavailable: string }> {
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${BENCH_DATABASE}`);
  } catch (error) {
    return {
      unavailable: `PostgreSQL at ${new URL(POSTGRES_SERVER_URL).host} is unreachable: ${(error as Error).message}`,
    };
  } finally {
    await admin.end().catch(() => {});
  }
  const url = benchPostgresUrl();
  await prepareExampleDatabase(url);
  return { url };
}

/** Lets the example create and seed its tables in the database at `url`, then analyzes them. */
export async function prepareExampleDatabase(url: string): Promise<void> {
  const database = await (await exampleDatabaseModule()).openDatabase({ url });
  await database.close();
  await vacuumAnalyze(url);
}

/** The large database: the example's tables, synthetic rows (no reviews or users). */
export const LARGE_DATABASE = `${BENCH_DATABASE}_large`;
export const LARGE_BOOKS = 200_000;
const LARGE_AUTHORS = 2_000;

const fillLarge = (books: number) => `
INSERT INTO "Author" (id, name, email, country, "bornYear")
  SELECT g, 'Author ' || g, 'author' || g || '@example.org', (ARRAY['NL','DE','FR','GB','US','JP'])[1 + g % 6], 1900 + g % 100
  FROM generate_series(1, ${LARGE_AUTHORS}) g;
INSERT INTO "Book" (id, isbn, title, price, pages, genre, published, "publishedAt", "authorId", "internalNote")
  SELECT g, '978' || lpad(g::text, 10, '0'), 'Book ' || md5(g::text), (5 + (g * 37) % 9500 / 100.0)::numeric(10,2),
    50 + (g * 13) % 900, (ARRAY['FICTION','SCIENCE','HISTORY','POETRY','TECH']::"Genre"[])[1 + g % 5],
    g % 4 <> 0, timestamp '2000-01-01' + (g % 9000) * interval '1 day', 1 + g % ${LARGE_AUTHORS}, ''
  FROM generate_series(1, ${books}) g;`;

/**
 * A second bench database with ${LARGE_BOOKS.toLocaleString('en-US')} books, where the database's
 * own work outweighs Prisma's per-query CPU cost, as in a production table. Built once with
 * `generate_series` (a few seconds) and kept.
 */
export function preparePostgresLarge(): Promise<string> {
  return prepareSynthetic(LARGE_DATABASE, LARGE_BOOKS);
}

/** The export database: the example's tables with 1,000,000 synthetic books (no reviews or users). */
export const EXPORT_DATABASE = `${BENCH_DATABASE}_export`;
export const EXPORT_BOOKS = 1_000_000;

export function preparePostgresExport(): Promise<string> {
  return prepareSynthetic(EXPORT_DATABASE, EXPORT_BOOKS);
}

/** A database of its own with `books` synthetic books, built once and kept while the count matches. */
async function prepareSynthetic(database: string, books: number): Promise<string> {
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_SERVER_URL);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const table = await client.query(`SELECT to_regclass('public."Book"') AS t`);
    if (table.rows[0].t === null) {
      await client.query(readFileSync(repoPath('examples/library/prisma/postgres.sql'), 'utf8'));
    }
    const count = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM "Book"');
    if (count.rows[0]!.n !== books) {
      await client.query('TRUNCATE "Review", "Book", "Author" RESTART IDENTITY CASCADE');
      await client.query(fillLarge(books));
      // Not in the statement above: VACUUM cannot run inside the implicit transaction of a multi-statement query.
      await client.query('VACUUM ANALYZE');
    }
  } finally {
    await client.end();
  }
  return url.toString();
}

/** Fresh planner statistics, so plans do not change in the middle of a run. */
async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** A seeded PGlite data directory in the temp folder; `dispose` deletes it. */
export async function preparePglite(): Promise<{ dir: string; dispose(): void }> {
  const dir = mkdtempSync(join(tmpdir(), 'facet-bench-pglite-'));
  const database = await (await exampleDatabaseModule()).openDatabase({ pgliteDir: dir });
  await database.close();
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
