// Exports of a resource on `engine: 'sql'`: the count and every batch compiled (no `findMany` or
// `count` reaches Prisma), the same bytes as the Prisma engine's export, and on PostgreSQL, where
// an export reads in a snapshot, the compiled batches in that snapshot (imported from the Prisma
// transaction): a row written during the export is in none of it, and no transaction stays open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, Resource } from '../src/index.js';
import { type SqlPool, sqlReads } from '../src/sql/index.js';
import { Prisma, type PrismaClient } from './generated/postgresql/client.js';
import { accessibleWhere, type Role, SqlBookDto, seedDifferential } from './support/sql-differential.js';
import { checkSqlTarget, openSqlTarget, type SqlTarget } from './support/sql-targets.js';

const FIELDS = 'id,isbn,title,price,pages,sales,genre,published,publishedAt';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

for (const name of ['pglite', 'postgresql'] as const) {
  const availability = await checkSqlTarget(name);
  describe.skipIf(!availability.available)(`exports on the SQL engine, ${name}`, () => {
    let target: SqlTarget;
    /** Every `findMany`/`count` that reached a Prisma book delegate, the snapshot's included. */
    const prismaCalls: string[] = [];
    const recording = (book: PrismaClient['book']) =>
      Object.create(book, {
        findMany: { value: (args: object) => prismaCalls.push('findMany') && book.findMany(args) },
        count: { value: (args: object) => prismaCalls.push('count') && book.count(args) },
      }) as PrismaClient['book'];
    let beforeBegin: (() => Promise<unknown>) | undefined;
    const resources = {} as Record<'sql' | 'prisma', Resource<PrismaClient['book'], SqlBookDto, Role>>;

    beforeAll(async () => {
      target = await openSqlTarget(name);
      await seedDifferential(target.prisma);
      // The pool of the compiled reads, which can write a book right before a transaction of its
      // own begins: after the Prisma snapshot was taken, before the compiled reads take theirs.
      const pool: SqlPool = {
        async connect() {
          const client = await target.pool.connect();
          return {
            async query(text, values) {
              if (text.startsWith('BEGIN') && beforeBegin !== undefined) {
                const write = beforeBegin;
                beforeBegin = undefined;
                await write();
              }
              return client.query(text, values);
            },
            release: () => client.release(),
          };
        },
      };
      const sql = sqlReads({ pool, decimal: (value) => new Prisma.Decimal(value) });
      for (const engine of ['sql', 'prisma'] as const) {
        resources[engine] = new Resource(
          defineResource({
            name: 'books',
            delegate: (client: PrismaClient) => recording(client.book),
            dto: SqlBookDto,
            engine,
            // Batches of 3: the 32 books cross ten batch boundaries.
            export: { batchSize: 3 },
          }),
          { client: target.prisma, sql, accessibleWhere },
        );
      }
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    it.each(['csv', 'ndjson'] as const)(
      'streams %s as the Prisma engine does, without Prisma',
      async (format) => {
        const query = { format, fields: FIELDS, orderBy: [{ price: 'desc' as const }] };
        const expected = await text((await resources.prisma.export(query, { trusted: true })).toStream());
        const calls = prismaCalls.length;
        const statements = target.statements();
        const exported = await resources.sql.export(query, { trusted: true });
        expect(exported.rowCount).toBe(32);
        expect(await text(exported.toStream())).toBe(expected);
        expect(prismaCalls.slice(calls)).toEqual([]);
        // The count and eleven batches (ten of 3 rows, one of 2: the walk ends on a short batch).
        expect(target.statements() - statements).toBeGreaterThanOrEqual(12);
      },
    );

    it.runIf(name === 'postgresql')(
      'reads its compiled batches in the snapshot: a row written meanwhile is in none of it',
      async () => {
        const calls = prismaCalls.length;
        const [author] = await target.prisma.author.findMany({ take: 1 });
        const late = (isbn: string) =>
          target.prisma.book.create({
            data: {
              isbn,
              title: isbn,
              price: '1.00',
              pages: 1,
              sales: 1n,
              genre: 'FICTION',
              published: true,
              authorId: (author as { id: number }).id,
            },
          });
        // Written once the Prisma transaction holds its snapshot, before the compiled session
        // begins: a session that took a snapshot of its own would count and read this book.
        beforeBegin = () => late('written-before-the-compiled-session');
        const exported = await resources.sql.export(
          { format: 'ndjson', fields: 'id,isbn', orderBy: [{ id: 'asc' }] },
          { trusted: true },
        );
        expect(beforeBegin).toBeUndefined();
        const ids: number[] = [];
        let written = false;
        for await (const item of exported) {
          ids.push(item.id as number);
          if (!written) {
            written = true;
            // After every row that exists: a walk outside the snapshot would read it last.
            await late('written-during-export');
          }
        }
        expect(ids).toHaveLength(exported.rowCount);
        expect(ids).toHaveLength(32);
        expect(prismaCalls.slice(calls)).toEqual([]);
        // Both transactions of the export are over.
        const [open] = await target.prisma.$queryRawUnsafe<{ open: bigint }[]>(
          "SELECT count(*) AS open FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
        );
        expect(Number(open?.open)).toBe(0);
        const now = await resources.sql.export({ format: 'csv', fields: 'id' }, { trusted: true });
        expect(now.rowCount).toBe(34);
        await now.close();
      },
    );
  });
}
