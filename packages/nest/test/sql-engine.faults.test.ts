// A database fault met by a compiled read is answered as the same fault on the Prisma path: a
// cancelled statement (SQLSTATE 57014) is a 500 `database_timeout`, a lost connection (class 08) a
// 500 `database_unavailable`, any other error the database raises while reading an opaque 500,
// never a 4xx. The pool here fails every statement it is given, as PostgreSQL would. PGlite; and
// MariaDB's own errors, when a server is reachable (required in CI).
import { freePort, LOCALHOST } from '@facet/test-support/net';
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { createPool } from 'mariadb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, Resource } from '../src/index.js';
import { mariadbPool, type SqlPool, sqlReads } from '../src/sql/index.js';
import { PrismaClient as MysqlPrismaClient } from './generated/mysql/client.js';
import { Prisma, type PrismaClient } from './generated/postgresql/client.js';
import { httpRejection } from './support/rejection.js';
import { accessibleWhere, SqlBookDto, seedDifferential } from './support/sql-differential.js';
import {
  checkSqlTarget,
  type MariadbAdapterPool,
  openSqlTarget,
  type SqlTarget,
} from './support/sql-targets.js';

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: SqlBookDto });

/** A database error as `pg` reports one: a `DatabaseError` with its SQLSTATE in `code`. */
function databaseError(code: string, message: string): Error {
  return Object.assign(new Error(message), { name: 'error', code, severity: 'ERROR' });
}

describe('faults of the compiled read path', () => {
  let target: SqlTarget;
  let failure: Error | undefined;
  let resource: Resource<PrismaClient['book'], SqlBookDto, 'admin'>;

  beforeAll(async () => {
    target = await openSqlTarget('pglite');
    await seedDifferential(target.prisma);
    const failing: SqlPool = {
      async connect() {
        const client = await target.pool.connect();
        return {
          query: (text, values) =>
            failure === undefined ? client.query(text, values) : Promise.reject(failure),
          release: () => client.release(),
        };
      },
    };
    const sql = sqlReads({ pool: failing, decimal: (text) => new Prisma.Decimal(text) });
    resource = new Resource(books, { client: target.prisma, accessibleWhere, sql, engine: 'sql' });
  }, 60_000);
  afterAll(async () => {
    await target?.close();
  });

  it.each([
    [
      'a cancelled statement',
      databaseError('57014', 'canceling statement due to statement timeout'),
      'database_timeout',
    ],
    ['a lock timeout', databaseError('55P03', 'could not obtain lock'), 'database_timeout'],
    ['a lost connection', databaseError('08006', 'connection failure'), 'database_unavailable'],
    ['a server shutting down', databaseError('57P01', 'terminating connection'), 'database_unavailable'],
    [
      'a value out of range met while reading',
      databaseError('22003', 'numeric field overflow'),
      'internal_error',
    ],
    ['a connection that ended', new Error('Connection terminated unexpectedly'), 'database_unavailable'],
  ])('answers %s as the Prisma path does', async (_label, error, code) => {
    failure = error;
    try {
      const rejected = await httpRejection(
        resource.query({ perPage: 5 }, { ability: 'admin', context: { role: 'admin' } }),
      );
      expect(rejected.getStatus()).toBe(500);
      const body = rejected.getResponse() as { code?: string; message?: string };
      expect(body.code).toBe(code);
      // Opaque: nothing of the statement or the database's message.
      expect(JSON.stringify(body)).not.toMatch(/select|canceling|overflow|lock|terminat/i);
    } finally {
      failure = undefined;
    }
    // And the next read is served.
    const page = (await resource.query({ perPage: 5 }, { ability: 'admin', context: { role: 'admin' } })) as {
      items: unknown[];
    };
    expect(page.items).toHaveLength(5);
  });
});

// MariaDB: the server's own errors, raised by statements it really refuses on the pool's connection
// (a statement over its max_statement_time, a table that is not there, a value out of range), and a
// server nothing listens for, answered by both engines alike.
const mariadb = await checkSqlTarget('mariadb');
describe.skipIf(!mariadb.available)('faults of the compiled read path on MariaDB', () => {
  let target: SqlTarget;
  let failing: string | undefined;
  let resource: Resource<PrismaClient['book'], SqlBookDto, 'admin'>;
  const admin = { ability: 'admin', context: { role: 'admin' } } as const;

  beforeAll(async () => {
    target = await openSqlTarget('mariadb');
    await seedDifferential(target.prisma);
    await target.prisma.$executeRawUnsafe('CREATE TABLE big (x INT)');
    await target.prisma.$executeRawUnsafe('INSERT INTO big SELECT seq FROM seq_1_to_20000');
    const pool: SqlPool = {
      dialect: 'mariadb',
      async connect() {
        const client = await target.pool.connect();
        return {
          query: (text, values) => client.query(failing ?? text, failing === undefined ? values : []),
          release: () => client.release(),
        };
      },
    };
    const sql = sqlReads({ pool, decimal: target.decimal });
    resource = new Resource(books, { client: target.prisma, accessibleWhere, sql, engine: 'sql' });
  }, 60_000);
  afterAll(async () => {
    await target?.close();
  });

  it.each([
    [
      'a statement over its max_statement_time',
      'SET STATEMENT max_statement_time=0.001 FOR SELECT count(*) FROM big a, big b WHERE a.x + b.x = 7',
      'database_timeout',
    ],
    ['a table that is not there', 'SELECT * FROM `no_such_table`', 'internal_error'],
    [
      'a value out of range met while reading',
      'SELECT cast(1e300 as decimal(65,0)) * 1e300',
      'internal_error',
    ],
  ])('answers %s as the Prisma path does', async (_label, statement, code) => {
    failing = statement;
    try {
      const rejected = await httpRejection(resource.query({ perPage: 5 }, admin));
      expect(rejected.getStatus()).toBe(500);
      const body = rejected.getResponse() as { code?: string };
      expect(body.code).toBe(code);
      expect(JSON.stringify(body)).not.toMatch(/select|interrupted|range|no_such/i);
    } finally {
      failing = undefined;
    }
    const page = (await resource.query({ perPage: 5 }, admin)) as { items: unknown[] };
    expect(page.items).toHaveLength(5);
  });

  // The driver's "pool failed to retrieve a connection" (errno 45028) reaches both paths as
  // `{ kind: 'mysql', code: 45028 }`: the database is unavailable, named so, on either engine.
  it('answers a server it cannot reach as the Prisma path does: database_unavailable', async () => {
    const port = await freePort();
    const shared = createPool({
      host: LOCALHOST,
      port,
      user: 'root',
      connectionLimit: 1,
      acquireTimeout: 2000,
    });
    const prisma = new MysqlPrismaClient({
      adapter: new PrismaMariaDb(shared as unknown as MariadbAdapterPool),
    }) as unknown as PrismaClient;
    try {
      const sql = sqlReads({ pool: mariadbPool(shared), decimal: target.decimal });
      const answers = [];
      for (const engine of ['prisma', 'sql'] as const) {
        const resource = new Resource(defineResource({ ...books, engine }), {
          client: prisma,
          accessibleWhere,
          sql,
        });
        const error = await httpRejection(resource.query({}, admin));
        answers.push({ status: error.getStatus(), body: error.getResponse() });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ status: 500, body: { code: 'database_unavailable' } });
    } finally {
      await prisma.$disconnect();
      await shared.end().catch(() => {});
    }
  }, 30_000);
});
