// How a resource chooses its engine, and the configurations refused at start-up rather than at the
// first read. A resource on `engine: 'sql'` whose model the engine cannot compile (another
// database than its pool's) reads through Prisma; the compiled path's answers are test/sql-engine.differential.test.ts's.
import { freePort, LOCALHOST } from '@facet/test-support/net';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { FacetConfigurationError } from '../src/advanced/index.js';
import { defineResource, Resource } from '../src/index.js';
import { mariadbPool, pglitePool, sqlReads } from '../src/sql/index.js';
import { PrismaClient } from './generated/postgresql/client.js';
import { httpRejection } from './support/rejection.js';
import { SqlBookDto } from './support/sql-differential.js';
import { checkTarget, openTarget } from './support/targets.js';

const books = (engine?: 'sql' | 'prisma' | 'mysql') =>
  defineResource({
    name: 'books',
    delegate: (p: PrismaClient) => p.book,
    dto: SqlBookDto,
    ...(engine === undefined ? {} : { engine: engine as 'sql' }),
  });
const accessibleWhere = () => ({});
const unused = pglitePool({ query: async () => ({ rows: [] }) });

describe('choosing the read engine', () => {
  it('refuses engine sql without a SQL engine, and an unknown engine, at start-up', async () => {
    const target = await openTarget('pglite');
    try {
      const client = target.prisma;
      expect(() => new Resource(books('sql'), { client, accessibleWhere })).toThrow(FacetConfigurationError);
      expect(() => new Resource(books(), { client, accessibleWhere, engine: 'sql' })).toThrow(
        /no SQL engine/,
      );
      expect(() => new Resource(books('mysql'), { client, accessibleWhere })).toThrow(/'sql' or 'prisma'/);
      const sql = sqlReads({ pool: unused });
      // The resource's own choice wins over the module's.
      expect(() => new Resource(books('prisma'), { client, accessibleWhere, engine: 'sql' })).not.toThrow();
      expect(() => new Resource(books(), { client, accessibleWhere, sql, engine: 'sql' })).not.toThrow();
    } finally {
      await target.close();
    }
  }, 60_000);

  it('refuses a pool that is not one', () => {
    expect(() => sqlReads({ pool: {} as never })).toThrow(TypeError);
    expect(() => sqlReads({ pool: unused, decimal: 'x' as never })).toThrow(TypeError);
    expect(() => mariadbPool({} as never)).toThrow(TypeError);
  });

  it('compiles no read of a model on another database than its pool’s: those stay on Prisma', async () => {
    const availability = await checkTarget('mariadb');
    if (!availability.available) return;
    const target = await openTarget('mariadb');
    const postgres = await openTarget('pglite');
    const mariadb = mariadbPool({ getConnection: () => Promise.reject(new Error('unused')) });
    try {
      expect(sqlReads({ pool: unused }).forModel(target.prisma.book)).toBeUndefined();
      expect(sqlReads({ pool: mariadb }).forModel(postgres.prisma.book)).toBeUndefined();
      expect(sqlReads({ pool: mariadb }).forModel(target.prisma.book)).toBeDefined();
      const resource = new Resource(books('sql'), {
        client: target.prisma,
        accessibleWhere,
        sql: sqlReads({ pool: unused }),
      });
      const page = await resource.query({ perPage: 1 }, { ability: 'any' });
      expect(page).toHaveProperty('items');
    } finally {
      await target.close();
      await postgres.close();
    }
  }, 60_000);

  it('answers a database it cannot reach as the Prisma path does: database_unavailable', async () => {
    // A port nothing listens on: both engines' pool fails to connect, and the error is classified alike.
    const pool = new pg.Pool({ host: LOCALHOST, port: await freePort(), user: 'postgres', max: 1 });
    pool.on('error', () => {});
    const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    try {
      const sql = sqlReads({ pool, decimal: (text) => text });
      const environment = { client: prisma, accessibleWhere, sql };
      const answers = [];
      for (const engine of ['prisma', 'sql'] as const) {
        const error = await httpRejection(
          new Resource(books(engine), environment).query({}, { ability: 'any' }),
        );
        answers.push({ status: error.getStatus(), body: error.getResponse() });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[0]).toMatchObject({ status: 500, body: { code: 'database_unavailable' } });
    } finally {
      await prisma.$disconnect();
      await pool.end().catch(() => {});
    }
  });
});
