// sqlReads' `preparedStatements` on a real PostgreSQL server: compiled statements are prepared
// (named) on their connection, no more of them than the bound, and answered as Prisma answers;
// without the option nothing is prepared; a statement that went stale (a column altered under it)
// does not break the reads that follow. The pools here hold one connection, so
// `pg_prepared_statements`, read through them, is the connection the reads ran on.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, Resource } from '../src/index.js';
import { sqlReads } from '../src/sql/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { accessibleWhere, SqlBookDto, seedDifferential } from './support/sql-differential.js';
import { checkSqlTarget, openSqlTarget, type SqlTarget } from './support/sql-targets.js';

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: SqlBookDto });
const admin = { ability: 'admin', context: { role: 'admin' } } as const;

/** Three list reads of three shapes: each compiles to a statement text of its own. */
const SHAPES = [
  { perPage: 3, orderBy: [{ title: 'asc' }] },
  { perPage: 3, where: { pages: { gte: 100 } }, orderBy: [{ pages: 'desc' }, { id: 'asc' }] },
  { perPage: 2, where: { title: { contains: 'a' } }, fields: 'id,title,price' },
] as const;

const postgresql = await checkSqlTarget('postgresql');
describe.skipIf(!postgresql.available)('prepared compiled statements on PostgreSQL', () => {
  let target: SqlTarget;
  const pools: pg.Pool[] = [];
  let viaPrisma: Resource<PrismaClient['book'], SqlBookDto, 'admin'>;

  /** A pool of one connection, and a resource whose compiled reads run on it. */
  function onOneConnection(preparedStatements?: number) {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    pools.push(pool);
    const sql = sqlReads({ pool, decimal: target.decimal, preparedStatements });
    const resource = new Resource(books, { client: target.prisma, accessibleWhere, sql, engine: 'sql' });
    const statements = async () =>
      (
        await pool.query<{ name: string; statement: string }>(
          'SELECT name, statement FROM pg_prepared_statements ORDER BY prepare_time',
        )
      ).rows;
    const prepared = async () => (await statements()).map((row) => row.name);
    return { pool, resource, prepared, statements };
  }

  beforeAll(async () => {
    target = await openSqlTarget('postgresql');
    await seedDifferential(target.prisma);
    viaPrisma = new Resource(books, { client: target.prisma, accessibleWhere });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await target?.close();
  });

  it('prepares the first shapes a connection runs, up to the bound, and answers as Prisma does', async () => {
    const { resource, statements } = onOneConnection(2);
    for (const round of [1, 2]) {
      for (const query of SHAPES) {
        const expected = await viaPrisma.query(structuredClone(query), admin);
        expect(await resource.query(structuredClone(query), admin), `round ${round}`).toEqual(expected);
      }
    }
    const held = await statements();
    // The first two shapes, once each; the third (the only one with a `like`) ran unnamed both times.
    expect(held).toHaveLength(2);
    for (const { name } of held) expect(name).toMatch(/^facet_[\w-]{32}$/);
    expect(new Set(held.map(({ name }) => name)).size).toBe(2);
    expect(held[0]?.statement).not.toMatch(/>=/);
    expect(held[1]?.statement).toMatch(/"pages" >= \$\d/);
    for (const { statement } of held) expect(statement).not.toMatch(/ like /);
  });

  it('prepares nothing without the option', async () => {
    const { resource, prepared } = onOneConnection();
    for (const query of SHAPES) await resource.query(structuredClone(query), admin);
    expect(await prepared()).toEqual([]);
  });

  it('refuses a bound that is not a whole number of statements', () => {
    for (const bound of [-1, 1.5, Number.NaN, '8' as unknown as number]) {
      expect(() => sqlReads({ pool: target.pool, preparedStatements: bound })).toThrow(/preparedStatements/);
    }
  });

  it('reads on after a column changed type under a prepared statement', async () => {
    const { pool, resource, prepared } = onOneConnection(8);
    const query = SHAPES[0];
    await resource.query(structuredClone(query), admin);
    const [before] = await prepared();
    expect(before).toMatch(/^facet_/);
    // The statement's result type changes: PostgreSQL refuses to run the prepared statement again
    // ("cached plan must not change result type").
    await target.prisma.$executeRawUnsafe('ALTER TABLE "Book" ALTER COLUMN "isbn" TYPE varchar(64)');
    const connection = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const answer = await resource.query(structuredClone(query), admin);
    expect(answer).toEqual(await viaPrisma.query(structuredClone(query), admin));
    // Answered on a new connection, where the statement was prepared anew.
    const now = (await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    expect(now).not.toBe(connection);
    expect(await prepared()).toEqual([before]);
  });
});
