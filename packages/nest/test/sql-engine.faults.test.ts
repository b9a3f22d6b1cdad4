// A database fault met by a compiled read is answered as the same fault on the Prisma path: a
// cancelled statement (SQLSTATE 57014) is a 500 `database_timeout`, a lost connection (class 08) a
// 500 `database_unavailable`, any other error the database raises while reading an opaque 500,
// never a 4xx. The pool here fails every statement it is given, as PostgreSQL would. PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, Resource } from '../src/index.js';
import { type SqlPool, sqlReads } from '../src/sql/index.js';
import { Prisma, type PrismaClient } from './generated/postgresql/client.js';
import { httpRejection } from './support/rejection.js';
import { accessibleWhere, SqlBookDto, seedDifferential } from './support/sql-differential.js';
import { openSqlTarget, type SqlTarget } from './support/sql-targets.js';

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
