import { readFileSync } from 'node:fs';
import type { PrismaClient } from '../generated/prisma/client.js';
import { type LibraryFixture, loadFixture } from './fixture.js';
import { DDL_PATH } from './paths.js';
import type { SqlRunner } from './sqlRunner.js';

export interface PrepareResult {
  /** The tables did not exist and were created from prisma/postgres.sql. */
  created: boolean;
  /** The tables were empty and the fixture was loaded. */
  seeded: boolean;
}

/**
 * Creates the tables when they are missing and loads the fixture when they are empty. A database that
 * already holds data is left alone, so a warm start (or a shared PostgreSQL server) keeps its state.
 */
export async function prepareDatabase(
  sql: SqlRunner,
  prisma: PrismaClient,
  fixture: LibraryFixture = loadFixture(),
): Promise<PrepareResult> {
  const [table] = await sql.rows<{ exists: boolean }>(
    `SELECT to_regclass('public."Book"') IS NOT NULL AS "exists"`,
  );
  const created = !table?.exists;
  if (created) await sql.exec(readFileSync(DDL_PATH, 'utf8'));
  const [count] = await sql.rows<{ n: number }>('SELECT COUNT(*)::int AS n FROM "User"');
  if ((count?.n ?? 0) > 0) return { created, seeded: false };
  await seed(prisma, fixture);
  await resetSequences(sql);
  return { created, seeded: true };
}

async function seed(prisma: PrismaClient, fixture: LibraryFixture): Promise<void> {
  await prisma.$transaction([
    prisma.user.createMany({ data: fixture.users }),
    prisma.author.createMany({ data: fixture.authors }),
    prisma.book.createMany({
      data: fixture.books.map((book) => ({
        ...book,
        publishedAt: book.publishedAt === null ? null : new Date(book.publishedAt),
      })),
    }),
    prisma.review.createMany({
      data: fixture.reviews.map((review) => ({ ...review, createdAt: new Date(review.createdAt) })),
    }),
  ]);
}

// The fixture's ids are inserted as given, which leaves each SERIAL sequence at 1: without this the
// first POST /books would collide with book 1.
async function resetSequences(sql: SqlRunner): Promise<void> {
  for (const table of ['User', 'Author', 'Book']) {
    await sql.rows(
      `SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE((SELECT MAX(id) FROM "${table}"), 0) + 1, false)`,
    );
  }
}
