// Keyset paging completed, on the QueryService suite's database targets: every sort QueryService
// accepts is walked to its last row by `after`, and back to its first by `before`, in exactly the
// offset order: the model's fields (ties, nulls, an enum, a boolean, a Decimal), the fields of a
// to-one relation (a required one, a nullable field through it, and an optional relation, whose
// missing row sorts as null), and a to-many `_count`, which is walked by offset cursors. A property
// test draws the sorts, directions and page sizes.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type DelegateTypeMap, QueryService } from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { rejection, responseOf } from './support/rejection.js';

type Books = PrismaClient['book'];
type Quotes = PrismaClient['quote'];
type Direction = 'asc' | 'desc';
type Row = { readonly id?: number; readonly code?: string };
interface Meta {
  readonly hasNextPage: boolean;
  readonly hasPrevPage: boolean;
  readonly nextCursor: string | null;
  readonly prevCursor: string | null;
}
type Page = { readonly items: readonly Row[]; readonly pageMeta: Meta };
type Query = (args: Record<string, unknown>) => Promise<Page>;

const BOOK_SORTS: readonly ((direction: Direction) => object)[] = [
  (direction) => ({ pages: direction }),
  (direction) => ({ publishedAt: direction }),
  (direction) => ({ publishedAt: { sort: direction, nulls: direction === 'asc' ? 'first' : 'last' } }),
  (direction) => ({ internalNote: direction }),
  (direction) => ({ genre: direction }),
  (direction) => ({ published: direction }),
  (direction) => ({ price: direction }),
  (direction) => ({ title: direction }),
  (direction) => ({ author: { name: direction } }),
  (direction) => ({ author: { country: direction } }),
  (direction) => ({ author: { bornYear: { sort: direction, nulls: 'last' } } }),
  (direction) => ({ reviews: { _count: direction } }),
];
const QUOTE_SORTS: readonly ((direction: Direction) => object)[] = [
  (direction) => ({ text: direction }),
  (direction) => ({ book: { title: direction } }),
  (direction) => ({ book: { publishedAt: direction } }),
  (direction) => ({ book: { author: { country: direction } } }),
  (direction) => ({ book: { reviews: { _count: direction } } }),
];

const sortsOf = (pool: readonly ((direction: Direction) => object)[], explicitNulls: boolean) =>
  fc
    .array(
      fc.record({ pick: fc.nat(pool.length - 1), direction: fc.constantFrom<Direction>('asc', 'desc') }),
      { minLength: 1, maxLength: 3 },
    )
    .map((picks) => picks.map(({ pick, direction }) => (pool[pick] as (d: Direction) => object)(direction)))
    // MySQL/MariaDB have no NULLS FIRST/LAST: Prisma refuses `nulls` there.
    .filter((orderBy) => explicitNulls || !JSON.stringify(orderBy).includes('"nulls"'));

const idOf = (row: Row) => (row.id ?? row.code) as number | string;

/** Every row by `after` from the first page, and the last page's meta. */
async function walkForward(query: Query, args: Record<string, unknown>) {
  const seen: (number | string)[] = [];
  let after: string | undefined;
  for (let guard = 0; guard < 200; guard++) {
    const page = await query({ ...args, ...(after === undefined ? {} : { after }) });
    seen.push(...page.items.map(idOf));
    const meta = page.pageMeta;
    // A walker stops on a null cursor: it may be null only where no row follows.
    expect(meta.nextCursor === null, 'nextCursor is null exactly on the last page').toBe(!meta.hasNextPage);
    if (meta.nextCursor === null) return { seen, last: page };
    after = meta.nextCursor;
  }
  throw new Error('the walk did not end');
}

/** Every row by `before` from a cursor back to the first page, in list order. */
async function walkBack(query: Query, args: Record<string, unknown>, from: string) {
  const pages: (number | string)[][] = [];
  let before = from;
  for (let guard = 0; guard < 200; guard++) {
    const page = await query({ ...args, before });
    pages.unshift(page.items.map(idOf));
    const meta = page.pageMeta;
    expect(meta.prevCursor === null, 'prevCursor is null exactly on the first page').toBe(!meta.hasPrevPage);
    if (meta.prevCursor === null) return pages.flat();
    before = meta.prevCursor;
  }
  throw new Error('the walk back did not end');
}

/** Describes the walks inside a suite whose target gives its client once opened. */
export function describeQueryServiceKeyset(prisma: () => PrismaClient, provider: string): void {
  describe('query: keyset paging, every sort, both ways', () => {
    const tag = `walk-${Math.random().toString(36).slice(2, 8)}`;
    let books: QueryService<Books, DelegateTypeMap<Books>>;
    let quotes: QueryService<Quotes, DelegateTypeMap<Quotes>>;
    const ofBooks = () => ({ isbn: { startsWith: tag } });
    const ofQuotes = () => ({ code: { startsWith: tag } });

    beforeAll(async () => {
      const client = prisma();
      books = new QueryService(client.book, { cursorSecret: 'keyset walks secret of 32 chars!' });
      quotes = new QueryService(client.quote, { cursorSecret: 'keyset walks secret of 32 chars!' });
      // Four authors: two of one name (ties through the relation), a null country and bornYear.
      const authors = [];
      for (const [index, [name, country, bornYear]] of (
        [
          ['Ann', 'NO', 1950],
          ['Ann', null, null],
          ['Bo', 'SE', 1950],
          ['Cy', null, 1990],
        ] as const
      ).entries()) {
        authors.push(
          await client.author.create({
            data: { name, country, bornYear, email: `${tag}-${index}@example.test` },
          }),
        );
      }
      const bookIds: number[] = [];
      for (let i = 0; i < 15; i++) {
        const book = await client.book.create({
          data: {
            title: `T${i % 5}`,
            isbn: `${tag}-${String(i).padStart(2, '0')}`,
            price: `${(i % 4) + 1}.50`,
            pages: [100, 200, 300][i % 3] as number,
            genre: (['FICTION', 'SCIENCE', 'HISTORY'] as const)[i % 3] as 'FICTION',
            published: i % 2 === 0,
            publishedAt: i % 4 === 0 ? null : new Date(Date.UTC(2024, 0, 1 + (i % 5))),
            internalNote: i % 3 === 0 ? null : `note ${i % 2}`,
            authorId: (authors[i % 4] as { id: number }).id,
          },
        });
        bookIds.push(book.id);
        for (let r = 0; r < i % 4; r++) {
          await client.review.create({
            data: { id: `${tag}-${i}-${r}`, rating: 1 + r, body: 'fine', bookId: book.id },
          });
        }
      }
      // Quotes: some without a book (the optional relation's missing row sorts as null).
      for (let q = 0; q < 11; q++) {
        await client.quote.create({
          data: {
            code: `${tag}-${String(q).padStart(2, '0')}`,
            text: `quote ${q % 3}`,
            bookId: q % 3 === 0 ? null : (bookIds[q] as number),
          },
        });
      }
    }, 60_000);

    /** A service's `query`, uncounted, for sorts drawn at run time (their types are checked by Prisma). */
    const queryOf =
      (service: { query(args: never, ability: undefined, options: { count: false }): Promise<unknown> }) =>
      async (args: Record<string, unknown>) =>
        (await service.query(args as never, undefined, { count: false })) as Page;

    /** The whole list in offset order, checked against the offset pages of `perPage`. */
    async function offsetOrder(query: Query, args: Record<string, unknown>, perPage: number, total: number) {
      const whole = (await query({ ...args, perPage: 100 })).items.map(idOf);
      expect(whole).toHaveLength(total);
      const paged: (number | string)[] = [];
      for (let page = 1; page <= Math.ceil(total / perPage); page++) {
        paged.push(...(await query({ ...args, perPage, page })).items.map(idOf));
      }
      expect(paged).toEqual(whole);
      return whole;
    }

    async function expectWalks(
      query: Query,
      where: object,
      orderBy: object[],
      perPage: number,
      total: number,
    ) {
      const args = { where, orderBy, perPage };
      const whole = await offsetOrder(query, { where, orderBy }, perPage, total);
      const forward = await walkForward(query, args);
      expect(forward.seen).toEqual(whole);
      // Back from the last page's own position, then from past its end (its nextCursor-less edge).
      const lastPrev = forward.last.pageMeta.prevCursor;
      const lastIds = forward.last.items.map(idOf);
      const back = lastPrev === null ? [] : await walkBack(query, args, lastPrev);
      expect([...back, ...lastIds]).toEqual(whole);
    }

    it.each([
      ['a to-one relation’s field, with ties', [{ author: { name: 'asc' } }]],
      ['a nullable field through a to-one relation', [{ author: { country: 'desc' } }, { title: 'asc' }]],
      ['a to-many _count (offset cursors)', [{ reviews: { _count: 'desc' } }]],
    ])('walks books sorted by %s to the end and back', async (_label, orderBy) => {
      await expectWalks(queryOf(books), ofBooks(), orderBy, 4, 15);
    });

    it('walks quotes by an optional to-one relation, whose missing row sorts as null', async () => {
      for (const direction of ['asc', 'desc'] as const) {
        await expectWalks(queryOf(quotes), ofQuotes(), [{ book: { publishedAt: direction } }], 3, 11);
      }
    });

    it('for random sorts, page sizes and directions, the walks by after and by before give the offset order', async () => {
      const explicitNulls = provider !== 'mysql';
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.record({ model: fc.constant('book' as const), orderBy: sortsOf(BOOK_SORTS, explicitNulls) }),
            fc.record({ model: fc.constant('quote' as const), orderBy: sortsOf(QUOTE_SORTS, explicitNulls) }),
          ),
          fc.integer({ min: 1, max: 6 }),
          async ({ model, orderBy }, perPage) => {
            if (model === 'book') await expectWalks(queryOf(books), ofBooks(), orderBy, perPage, 15);
            else await expectWalks(queryOf(quotes), ofQuotes(), orderBy, perPage, 11);
          },
        ),
        { numRuns: 12 },
      );
    }, 120_000);

    it('a page past the end and an offset page give cursors that lead back', async () => {
      const query = queryOf(books);
      const args = { where: ofBooks(), orderBy: [{ author: { name: 'asc' } }], perPage: 4 };
      const whole = (await query({ ...args, perPage: 100 })).items.map(idOf);
      const third = await query({ ...args, page: 3 });
      expect(third.pageMeta.hasPrevPage).toBe(true);
      const before = await query({ ...args, before: third.pageMeta.prevCursor as string });
      expect(before.items.map(idOf)).toEqual(whole.slice(4, 8));
      // Past the end a page has no row to stand beside: its prevCursor carries its offset.
      const past = await query({ ...args, page: 5 });
      expect(past.items).toEqual([]);
      const last = await query({ ...args, before: past.pageMeta.prevCursor as string });
      expect(last.items.map(idOf)).toEqual(whole.slice(12, 16));
      // The previous page of an empty page read by cursor is the one before its position.
      const end = await query({ ...args, page: 4 });
      expect(end.pageMeta.nextCursor).toBeNull();
      const mixed = await query({
        ...args,
        before: (await query({ ...args, page: 1 })).pageMeta.nextCursor as string,
      });
      // before= a page's nextCursor: the rows up to and including that page's last row.
      expect(mixed.items.map(idOf)).toEqual(whole.slice(0, 4));
      expect(mixed.pageMeta).toMatchObject({ hasPrevPage: false, prevCursor: null, hasNextPage: true });
    });

    it('refuses before with after or page, a tampered before, and another sort’s (400 invalid_cursor)', async () => {
      const args = { where: ofBooks(), orderBy: [{ author: { name: 'asc' as const } }], perPage: 4 };
      const second = await books.query({ ...args, page: 2 });
      const prev = second.pageMeta.prevCursor as string;
      const next = second.pageMeta.nextCursor as string;
      const middle = prev.length >> 1;
      const tampered = `${prev.slice(0, middle)}${prev[middle] === 'A' ? 'B' : 'A'}${prev.slice(middle + 1)}`;
      for (const [label, attempt, path] of [
        ['before and after', () => books.query({ ...args, before: prev, after: next }), 'before'],
        ['before and page', () => books.query({ ...args, before: prev, page: 2 }), 'before'],
        ['tampered', () => books.query({ ...args, before: tampered }), 'before'],
        ['garbage', () => books.query({ ...args, before: 'garbage' }), 'before'],
        [
          'another sort',
          () => books.query({ ...args, orderBy: [{ author: { name: 'desc' as const } }], before: prev }),
          'before',
        ],
        [
          'a _count sort',
          () => books.query({ ...args, orderBy: [{ reviews: { _count: 'asc' as const } }], after: next }),
          'after',
        ],
      ] as const) {
        const error = await rejection(attempt());
        expect(responseOf(error), label).toMatchObject({ statusCode: 400, code: 'invalid_cursor', path });
      }
    });
  });
}
