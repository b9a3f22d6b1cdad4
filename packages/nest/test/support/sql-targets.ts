// Databases for the compiled read path's tests: one Prisma client and one SQL pool on the same
// database, as an application wires them (`new PrismaPg(pool)` shares the app's `pg` pool; PGlite
// is one embedded database both read; `new PrismaMariaDb(pool)` shares the app's `mariadb` pool,
// which `mariadbPool(pool)` wraps). Each statement the pool runs is counted, so a test proves a
// read was compiled rather than trusting it.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { LOCALHOST, runId } from '@facet/test-support/net';
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { PrismaPg } from '@prisma/adapter-pg';
import { createConnection, createPool } from 'mariadb';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { mariadbPool, pglitePool, type SqlPool } from '../../src/sql/index.js';
import { Prisma as MysqlPrisma, PrismaClient as MysqlPrismaClient } from '../generated/mysql/client.js';
import { Prisma, PrismaClient } from '../generated/postgresql/client.js';
import { checkTarget, type TargetAvailability } from './targets.js';

export type SqlTargetName = 'pglite' | 'postgresql' | 'mariadb';

export interface SqlTarget {
  readonly name: SqlTargetName;
  /** Both generated clients come from the same models: the tests use one client type (see targets.ts). */
  readonly prisma: PrismaClient;
  /** The app's Decimal, from its exact text (`sqlReads`' `decimal`). */
  readonly decimal: (text: string) => unknown;
  readonly pool: SqlPool;
  /** Statements the pool ran so far. */
  readonly statements: () => number;
  /** The database's URL, on a PostgreSQL server: for a test's own connections. */
  readonly url?: string;
  close(): Promise<void>;
}

const ddl = readFileSync(new URL('../prisma/postgres.sql', import.meta.url), 'utf8');
/**
 * The adapter's pool type is of its own copy of the `mariadb` driver (another patch version): the
 * app's pool is passed as it is, the two share the driver's interface.
 */
export type MariadbAdapterPool = Exclude<ConstructorParameters<typeof PrismaMariaDb>[0], string>;

const mysqlDdl = readFileSync(new URL('../prisma/mysql.sql', import.meta.url), 'utf8');

export function checkSqlTarget(name: SqlTargetName): Promise<TargetAvailability> {
  return checkTarget(name);
}

function counted(pool: SqlPool): { pool: SqlPool; statements: () => number } {
  let statements = 0;
  return {
    statements: () => statements,
    pool: {
      ...(pool.dialect === undefined ? {} : { dialect: pool.dialect }),
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

export async function openSqlTarget(name: SqlTargetName): Promise<SqlTarget> {
  const decimal = (text: string) => new Prisma.Decimal(text);
  if (name === 'mariadb') return openMariadb();
  if (name === 'pglite') {
    const db = new PGlite();
    await db.exec(ddl);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
    const { pool, statements } = counted(pglitePool(db));
    return {
      name,
      prisma,
      decimal,
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
  const url = `postgresql://postgres@${LOCALHOST}:5432/${database}`;
  const shared = new pg.Pool({ connectionString: url, max: 4 });
  // The server ends the pool's idle connections when the database is dropped: not an error here.
  shared.on('error', () => {});
  await shared.query(ddl);
  const prisma = new PrismaClient({ adapter: new PrismaPg(shared) });
  const { pool, statements } = counted(shared);
  return {
    name,
    prisma,
    decimal,
    pool,
    statements,
    url,
    async close() {
      await prisma.$disconnect();
      await shared.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function openMariadb(): Promise<SqlTarget> {
  const database = `facet_nest_sql_${runId()}`;
  const admin = await createConnection({
    host: LOCALHOST,
    port: 3306,
    user: 'root',
    multipleStatements: true,
  });
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.query(`USE \`${database}\``);
  await admin.query(mysqlDdl);
  // The fixture holds 'Alpha' and 'alpha' by one author: equal under the tables' case-insensitive
  // collation, so this unique key (not read by any test here) would refuse the seed; its foreign key
  // keeps an index of its own.
  await admin.query(
    'ALTER TABLE `Book` ADD INDEX `Book_authorId_idx` (`authorId`), DROP INDEX `Book_authorId_title_key`',
  );
  const shared = createPool({ host: LOCALHOST, port: 3306, user: 'root', database, connectionLimit: 4 });
  const client = new MysqlPrismaClient({
    adapter: new PrismaMariaDb(shared as unknown as MariadbAdapterPool),
  });
  const { pool, statements } = counted(mariadbPool(shared));
  return {
    name: 'mariadb',
    prisma: client as unknown as PrismaClient,
    decimal: (text) => new MysqlPrisma.Decimal(text),
    pool,
    statements,
    async close() {
      await client.$disconnect();
      await shared.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    },
  };
}
