// A to-many relation load sorted by a relation `_count` (`include.books.orderBy.reviews._count`), in
// every position where one can appear: a list's and a detail read's include, a select, under to-one
// relations, as the only sort key or the first of several, with a take. The example's Prisma client
// loads relations by joins (`relationJoins`), whose query compiler cannot build these (a 500 before);
// Facet loads them by separate queries. The order is checked against the fixture, on PGlite and PostgreSQL.
import { expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
const reviewCount = new Map<number, number>();
for (const review of fx.reviews) reviewCount.set(review.bookId, (reviewCount.get(review.bookId) ?? 0) + 1);
const countOf = (book: { id: number }) => reviewCount.get(book.id) ?? 0;
const booksOf = (authorId: number) => fx.books.filter((book) => book.authorId === authorId);

interface BookRow {
  id: number;
}
interface AuthorRow {
  id: number;
  books: BookRow[];
}

const q = (pairs: Record<string, unknown>) =>
  `?${Object.entries(pairs)
    .map(
      ([key, value]) =>
        `${key}=${encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value))}`,
    )
    .join('&')}`;
const DESC = { reviews: { _count: 'desc' } };
const ASC = { reviews: { _count: 'asc' } };

/** The books of one author as loaded, in the order a `_count` sort must give, and all of them. */
function expectSortedByCount(author: AuthorRow, direction: 'asc' | 'desc', take?: number): void {
  const counts = author.books.map(countOf);
  const expected = booksOf(author.id)
    .map(countOf)
    .sort((a, b) => (direction === 'desc' ? b - a : a - b))
    .slice(0, take);
  expect(counts, `author ${author.id}`).toEqual(expected);
  if (take === undefined) {
    expect(author.books.map((b) => b.id).sort((a, b) => a - b)).toEqual(
      booksOf(author.id)
        .map((b) => b.id)
        .sort((a, b) => a - b),
    );
  }
}

await onEachTarget(
  'relation loads sorted by a relation _count',
  ({ get }) => {
    // Authors with books whose review counts differ, so the order is tested, not only the status.
    const author = fx.authors.find((a) => new Set(booksOf(a.id).map(countOf)).size > 2) as { id: number };

    it('in a list’s include, as an object, a list, or the first of several keys', async () => {
      for (const [orderBy, direction] of [
        [DESC, 'desc'],
        [[DESC], 'desc'],
        [ASC, 'asc'],
        [[DESC, { title: 'asc' }], 'desc'],
      ] as const) {
        const page = await get<{ items: AuthorRow[] }>(
          `/authors${q({ 'include.books.orderBy': orderBy, perPage: 100 })}`,
        );
        expect(page.status, page.text).toBe(200);
        expect(page.body.items.length).toBe(fx.authors.length);
        for (const row of page.body.items) expectSortedByCount(row, direction);
      }
    });

    it('with a take, keeping each author’s first books by count', async () => {
      const page = await get<{ items: AuthorRow[] }>(
        `/authors${q({ 'include.books.orderBy': DESC, 'include.books.take': 2, perPage: 100 })}`,
      );
      expect(page.status, page.text).toBe(200);
      for (const row of page.body.items) expectSortedByCount(row, 'desc', 2);
    });

    it('in a detail read (both detail routes) and in a select', async () => {
      for (const route of [`/authors/${author.id}`, `/authors/find-by-id/${author.id}`]) {
        const detail = await get<AuthorRow>(`${route}${q({ 'include.books.orderBy': DESC })}`);
        expect(detail.status, detail.text).toBe(200);
        expectSortedByCount(detail.body, 'desc');
      }
      const selected = await get<{ items: AuthorRow[] }>(
        `/authors${q({ 'select.id': 'true', 'select.books.select.id': 'true', 'select.books.orderBy': DESC, perPage: 100 })}`,
      );
      expect(selected.status, selected.text).toBe(200);
      for (const row of selected.body.items) expectSortedByCount(row, 'desc');
    });

    it('under to-one relations and in a keyset page', async () => {
      const review = fx.reviews.find(
        (r) => fx.books.find((b) => b.id === r.bookId)?.authorId === author.id,
      ) as {
        id: string;
      };
      const nested = await get<{ book: { author: AuthorRow } }>(
        `/reviews/${review.id}${q({ 'include.book.include.author.include.books.orderBy': DESC })}`,
      );
      expect(nested.status, nested.text).toBe(200);
      expectSortedByCount(nested.body.book.author, 'desc');
      const keyset = await get<{ items: AuthorRow[]; meta: { nextCursor: string | null } }>(
        `/authors${q({ 'include.books.orderBy': DESC, orderBy: { name: 'asc' }, perPage: 3 })}`,
      );
      expect(keyset.status, keyset.text).toBe(200);
      const next = await get<{ items: AuthorRow[] }>(
        `/authors${q({ 'include.books.orderBy': DESC, orderBy: { name: 'asc' }, perPage: 3, after: keyset.body.meta.nextCursor })}`,
      );
      expect(next.status, next.text).toBe(200);
      for (const row of [...keyset.body.items, ...next.body.items]) expectSortedByCount(row, 'desc');
    });
  },
  { defaultRole: 'editor' },
);
