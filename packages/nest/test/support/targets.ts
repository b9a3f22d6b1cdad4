// Database targets of the QueryService integration suites: one real Prisma 7 client per target,
// on a fresh database whose tables come from the committed SQL in test/prisma/.
//
// | target     | when                                   | in CI (process.env.CI)         |
// |------------|----------------------------------------|--------------------------------|
// | pglite     | always (embedded, in memory)           | always                         |
// | postgresql | 127.0.0.1:5432 reachable (user postgres) | required: unreachable = failure |
// | mariadb    | 127.0.0.1:3306 reachable (user root)   | required: unreachable = failure |
//
// Server targets get their own database (`facet_nest_test_<run>`), dropped at teardown, so two
// concurrent runs on one machine never see each other's rows.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { type Availability, availableUnlessCi, LOCALHOST, reachable, runId } from '@facet/test-support/net';
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { PrismaPg } from '@prisma/adapter-pg';
import { createConnection } from 'mariadb';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { Prisma as MysqlPrisma, PrismaClient as MysqlPrismaClient } from '../generated/mysql/client.js';
import { PrismaClient } from '../generated/postgresql/client.js';

export type TargetName = 'pglite' | 'postgresql' | 'mariadb';

export interface TestTarget {
  readonly name: TargetName;
  readonly provider: 'postgresql' | 'mysql';
  /**
   * Both generated clients come from the same models, so the suites use one client type. The MySQL
   * client is a structurally different class only in its internals.
   */
  readonly prisma: PrismaClient;
  close(): Promise<void>;
}

export type TargetAvailability = Availability;

const HOST = LOCALHOST;
const PORTS = { postgresql: 5432, mariadb: 3306 } as const;
/**
 * Every client emits its statements as events (`$on('query')`): the suites read them to prove what
 * ran (no count for `count=none`), and `count=estimated` plans the statement its capped count sent.
 */
const QUERY_EVENTS = [{ emit: 'event', level: 'query' }] as const satisfies {
  emit: 'event';
  level: 'query';
}[];

const sql = (file: string) => readFileSync(new URL(`../prisma/${file}`, import.meta.url), 'utf8');

/**
 * Whether a target can run here. A server that is not reachable skips its suite with a reason,
 * except in CI, where both servers are part of the machine and a skip would hide a broken setup.
 */
export async function checkTarget(name: TargetName): Promise<TargetAvailability> {
  if (name === 'pglite') return { available: true };
  const port = PORTS[name];
  return availableUnlessCi(await reachable(port), `${name} is not reachable at ${HOST}:${port}`);
}

export async function openTarget(name: TargetName): Promise<TestTarget> {
  switch (name) {
    case 'pglite':
      return openPglite();
    case 'postgresql':
      return openPostgres();
    case 'mariadb':
      return openMariadb();
  }
}

async function openPglite(): Promise<TestTarget> {
  const db = new PGlite();
  await db.exec(sql('postgres.sql'));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db), log: QUERY_EVENTS });
  return {
    name: 'pglite',
    provider: 'postgresql',
    prisma,
    async close() {
      await prisma.$disconnect();
      await db.close();
    },
  };
}

async function openPostgres(): Promise<TestTarget> {
  const database = `facet_nest_test_${runId()}`;
  const admin = new pg.Client({ host: HOST, port: PORTS.postgresql, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const connectionString = `postgresql://postgres@${HOST}:${PORTS.postgresql}/${database}`;
  const setup = new pg.Client({ connectionString });
  await setup.connect();
  try {
    await setup.query(sql('postgres.sql'));
  } finally {
    await setup.end();
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 4 }), log: QUERY_EVENTS });
  return {
    name: 'postgresql',
    provider: 'postgresql',
    prisma,
    async close() {
      await prisma.$disconnect();
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function openMariadb(): Promise<TestTarget> {
  const database = `facet_nest_test_${runId()}`;
  const admin = await createConnection({
    host: HOST,
    port: PORTS.mariadb,
    user: 'root',
    multipleStatements: true,
  });
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.query(`USE \`${database}\``);
  await admin.query(sql('mysql.sql'));
  await assertTablesMatchDataModel(admin, database);
  const client = new MysqlPrismaClient({
    adapter: new PrismaMariaDb({
      host: HOST,
      port: PORTS.mariadb,
      user: 'root',
      database,
      connectionLimit: 4,
    }),
    log: QUERY_EVENTS,
  });
  return {
    name: 'mariadb',
    provider: 'mysql',
    // Same models, separately generated class: see TestTarget.prisma.
    prisma: client as unknown as PrismaClient,
    async close() {
      await client.$disconnect();
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    },
  };
}

/** The schema's `@@map` and `@map` names (Quote's: the compiled path must read them). */
const MAPPED_NAMES: Readonly<Record<string, { table: string; columns: Readonly<Record<string, string>> }>> = {
  Quote: { table: 'book_quotes', columns: { text: 'quote_text', bookId: 'book_id' } },
};

// mysql.sql is written by hand, so check it against the generated client: every scalar field
// of every model must be a column of its table.
async function assertTablesMatchDataModel(
  admin: Awaited<ReturnType<typeof createConnection>>,
  database: string,
): Promise<void> {
  const rows: { table_name: string; column_name: string }[] = await admin.query(
    'SELECT table_name AS table_name, column_name AS column_name FROM information_schema.columns WHERE table_schema = ?',
    [database],
  );
  const columns = new Set(rows.map((row) => `${row.table_name}.${row.column_name}`));
  const scalarFields = {
    Author: MysqlPrisma.AuthorScalarFieldEnum,
    Book: MysqlPrisma.BookScalarFieldEnum,
    Review: MysqlPrisma.ReviewScalarFieldEnum,
    Quote: MysqlPrisma.QuoteScalarFieldEnum,
    Edition: MysqlPrisma.EditionScalarFieldEnum,
  } satisfies Record<MysqlPrisma.ModelName, object>;
  const missing = Object.entries(scalarFields).flatMap(([model, fields]) =>
    Object.values(fields)
      .map((field) => {
        const mapped = MAPPED_NAMES[model];
        return `${mapped?.table ?? model}.${mapped?.columns[field] ?? field}`;
      })
      .filter((column) => !columns.has(column)),
  );
  if (missing.length > 0) throw new Error(`mysql.sql lacks columns of mysql.prisma: ${missing.join(', ')}`);
}
