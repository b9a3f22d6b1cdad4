// The bench's databases, prepared by the example app's own code (tables from its committed DDL,
// rows from its fixture), so every scenario reads the data the example serves.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { repoPath } from './paths.js';

/** The server every PostgreSQL scenario uses; override with BENCH_POSTGRES_URL (a server URL). */
export const POSTGRES_SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
/** A dedicated database on that server; the bench never touches another one. */
export const BENCH_DATABASE = 'facet_bench';

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
  const database = await (await exampleDatabaseModule()).openDatabase({ url });
  await database.close();
  await vacuumAnalyze(url);
  return { url };
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
