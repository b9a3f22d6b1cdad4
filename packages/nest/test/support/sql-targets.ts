// Databases for the compiled read path's tests: one Prisma client and one SQL pool on the same
// database, as an application wires them (`new PrismaPg(pool)` shares the app's `pg` pool; PGlite
// is one embedded database both read). Each statement the pool runs is counted, so a test proves a
// read was compiled rather than trusting it.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { LOCALHOST, runId } from '@facet/test-support/net';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { pglitePool, type SqlPool } from '../../src/sql/index.js';
import { PrismaClient } from '../generated/postgresql/client.js';
import { checkTarget, type TargetAvailability } from './targets.js';

export interface SqlTarget {
  readonly name: 'pglite' | 'postgresql';
  readonly prisma: PrismaClient;
  readonly pool: SqlPool;
  /** Statements the pool ran so far. */
  readonly statements: () => number;
  close(): Promise<void>;
}

const ddl = readFileSync(new URL('../prisma/postgres.sql', import.meta.url), 'utf8');

export function checkSqlTarget(name: 'pglite' | 'postgresql'): Promise<TargetAvailability> {
  return checkTarget(name);
}

function counted(pool: SqlPool): { pool: SqlPool; statements: () => number } {
  let statements = 0;
  return {
    statements: () => statements,
    pool: {
      async connect() {
        const client = await pool.connect();
        return {
          query: (text, values) => {
            statements++;
            return client.query(text, values);
          },
          release: () => client.release(),
        };
      },
    },
  };
}

export async function openSqlTarget(name: 'pglite' | 'postgresql'): Promise<SqlTarget> {
  if (name === 'pglite') {
    const db = new PGlite();
    await db.exec(ddl);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
    const { pool, statements } = counted(pglitePool(db));
    return {
      name,
      prisma,
      pool,
      statements,
      async close() {
        await prisma.$disconnect();
        await db.close();
      },
    };
  }
  const database = `facet_nest_sql_${runId()}`;
  const admin = new pg.Client({ host: LOCALHOST, port: 5432, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const shared = new pg.Pool({
    connectionString: `postgresql://postgres@${LOCALHOST}:5432/${database}`,
    max: 4,
  });
  // The server ends the pool's idle connections when the database is dropped: not an error here.
  shared.on('error', () => {});
  await shared.query(ddl);
  const prisma = new PrismaClient({ adapter: new PrismaPg(shared) });
  const { pool, statements } = counted(shared);
  return {
    name,
    prisma,
    pool,
    statements,
    async close() {
      await prisma.$disconnect();
      await shared.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
