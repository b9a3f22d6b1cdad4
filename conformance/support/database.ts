// A real Prisma 7 client on PGlite with @facet/nest's test schema (packages/nest/test/prisma), and a
// small library in it whose every number the tests derive from `LIBRARY` below.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { BaseDelegateTypeMap } from '@facet/nest';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { Prisma, PrismaClient } from '../../packages/nest/test/generated/postgresql/client.js';

export { Prisma, PrismaClient };

/** The type map an application writes for its Book model (spec 2.5). */
export interface BookTypeMap extends BaseDelegateTypeMap {
  select: Prisma.BookSelect;
  include: Prisma.BookInclude;
  whereInput: Prisma.BookWhereInput;
  orderByWithRelationInput: Prisma.BookOrderByWithRelationInput;
  whereUniqueInput: Prisma.BookWhereUniqueInput;
  scalarFieldEnum: Prisma.BookScalarFieldEnum;
  aggregateInputType: Prisma.BookAggregateArgs;
}

export type BookDelegate = PrismaClient['book'];

/** The ability of these tests: a reader sees published books only, staff see all. */
export interface Ability {
  readonly role: 'reader' | 'staff';
}
export const READER: Ability = { role: 'reader' };
export const STAFF: Ability = { role: 'staff' };

/** The access rule of every subject: readers see published books, and reviews of them. */
export function accessibleWhere(ability: Ability, subject: string): object {
  if (ability.role === 'staff') return {};
  if (subject === 'Book') return { published: true };
  if (subject === 'Review') return { book: { published: true } };
  return {};
}

export const LIBRARY = {
  authors: [
    { id: 1, name: 'Ada Lovelace', email: 'ada@example.test', country: 'GB' },
    { id: 2, name: 'Mary Somerville', email: 'mary@example.test', country: null },
  ],
  books: [
    {
      id: 1,
      isbn: '9780000000011',
      title: 'Notes',
      price: '12.50',
      pages: 100,
      sales: 9_007_199_254_740_993n,
      genre: 'SCIENCE',
      published: true,
      authorId: 1,
    },
    {
      id: 2,
      isbn: '9780000000028',
      title: 'Drafts',
      price: '0.10',
      pages: 200,
      sales: 5n,
      genre: 'FICTION',
      published: false,
      authorId: 1,
      internalNote: 'restock',
    },
    {
      id: 3,
      isbn: '9780000000035',
      title: 'On the Connexion',
      price: '99999999.99',
      pages: 300,
      sales: 0n,
      genre: 'SCIENCE',
      published: true,
      authorId: 2,
    },
    {
      id: 4,
      isbn: '9780000000042',
      title: '100% Mechanism_s',
      price: '7.00',
      pages: 50,
      sales: 1n,
      genre: 'HISTORY',
      published: true,
      authorId: 2,
    },
    {
      id: 5,
      isbn: '9780000000059',
      title: 'Physical Geography',
      price: '20.00',
      pages: 400,
      sales: 2n,
      genre: 'SCIENCE',
      published: false,
      authorId: 2,
    },
  ],
  reviews: [
    { id: 'r-1', rating: 5, body: 'clear', bookId: 1 },
    { id: 'r-2', rating: 2, body: 'unfinished', bookId: 2 },
    { id: 'r-3', rating: 4, body: 'thorough', bookId: 3 },
  ],
  /** A model without an id column: its primary key is @@id([isbn, printing]). */
  editions: [
    { isbn: '9780000000011', printing: 1, copies: 300 },
    { isbn: '9780000000011', printing: 2, copies: 0 },
    { isbn: '9780000000035', printing: 1, copies: 300 },
  ],
  /** A key not called id: `code String @id`. */
  quotes: [
    { code: 'q-b', text: 'The Analytical Engine weaves algebraical patterns', bookId: 1 },
    {
      code: 'q-a',
      text: 'The more I study, the more insatiable I feel my genius for it to be',
      bookId: null,
    },
  ],
} as const;

export const PUBLISHED = LIBRARY.books.filter((book) => book.published);

export interface Database {
  readonly prisma: PrismaClient;
  /** Every SQL statement Prisma sent since the last `clear()`. */
  readonly sql: string[];
  close(): Promise<void>;
}

const SCHEMA = new URL('../../packages/nest/test/prisma/postgres.sql', import.meta.url);

/** A fresh in-memory database with the test schema and `LIBRARY` in it. */
export async function openDatabase(): Promise<Database> {
  const db = new PGlite();
  await db.exec(readFileSync(SCHEMA, 'utf8'));
  const prisma = new PrismaClient({
    adapter: new PrismaPGlite(db),
    log: [{ emit: 'event', level: 'query' }],
  });
  const sql: string[] = [];
  prisma.$on('query', (event) => sql.push(event.query));
  await prisma.author.createMany({ data: LIBRARY.authors.map((author) => ({ ...author })) });
  await prisma.book.createMany({ data: LIBRARY.books.map((book) => ({ ...book })) });
  await prisma.review.createMany({ data: LIBRARY.reviews.map((review) => ({ ...review })) });
  await prisma.edition.createMany({ data: LIBRARY.editions.map((edition) => ({ ...edition })) });
  await prisma.quote.createMany({ data: LIBRARY.quotes.map((quote) => ({ ...quote })) });
  return {
    prisma,
    sql,
    async close() {
      await prisma.$disconnect();
      await db.close();
    },
  };
}
