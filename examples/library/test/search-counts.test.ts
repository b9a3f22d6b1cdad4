// Search (`q`) and count modes (`count=`) over HTTP, against the real app on PGlite and PostgreSQL
// (when reachable; required in CI), on Express and, in the library-fastify project, on Fastify.
// Every expected number is derived from the fixture file.
import { encodeQuery } from '@facet/core';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import type { Role } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
type Book = (typeof fx.books)[number];

interface Page<T = Record<string, unknown>> {
  items: T[];
  meta: Record<string, unknown>;
}

const query = (value: Record<string, unknown>) => `?${encodeQuery(value)}`;
/** What the search promises, on the ASCII texts used here: contains, ignoring case. */
const contains = (text: string, q: string) => text.toLowerCase().includes(q.toLowerCase());
const readable = (role: Role) => (book: Book) => role === 'editor' || role === 'admin' || book.published;
const bookMatches = (q: string, role: Role) =>
  fx.books.filter((book) => readable(role)(book) && (contains(book.title, q) || contains(book.isbn, q)));

await onEachTarget('search and count modes', ({ get }) => {
  describe('q', () => {
    it.each([
      ['the', 'reader'],
      ['THE', 'editor'],
      ['%', 'reader'],
      ['_', 'admin'],
      ['& s', 'anonymous'],
      ['978000', 'reader'],
    ] as const)('q=%s as %s: the books whose title or isbn contains it, literally', async (q, role) => {
      const expected = bookMatches(q, role);
      const [list, count] = await Promise.all([
        get<Page<Book>>(`/books${query({ q, perPage: 100, fields: 'id' })}`, role),
        get<number>(`/books/count${query({ q })}`, role),
      ]);
      expect(list.status).toBe(200);
      expect(list.body.meta.itemCount).toBe(expected.length);
      expect(count.body).toBe(expected.length);
      expect(list.body.items.map((book) => book.id).sort((a, b) => a - b)).toEqual(
        expected
          .slice(0, 100)
          .map((book) => book.id)
          .sort((a, b) => a - b),
      );
    });

    it('searches the text an unquoted number was sent as (q=2024, q=007)', async () => {
      for (const q of ['2024', '007']) {
        const answer = await get<number>(`/books/count?q=${q}`, 'admin');
        expect(answer.body, q).toBe(bookMatches(q, 'admin').length);
        expect(answer.body, q).toBeGreaterThan(0);
      }
    });

    it('is ANDed with where and runs under the access filter', async () => {
      const q = 'e';
      const poetry = (role: Role) => bookMatches(q, role).filter((book) => book.genre === 'POETRY').length;
      for (const role of ['reader', 'editor'] as const) {
        const answer = await get<number>(`/books/count${query({ q, where: { genre: 'POETRY' } })}`, role);
        expect(answer.body, role).toBe(poetry(role));
      }
      expect(poetry('reader')).toBeLessThan(poetry('editor'));
    });

    it('searches Author.name and Review.body', async () => {
      const authors = fx.authors.filter((author) => contains(author.name, 'van'));
      expect((await get<number>('/authors/count?q=VAN')).body).toBe(authors.length);
      const published = new Set(fx.books.filter((book) => book.published).map((book) => book.id));
      const reviews = fx.reviews.filter(
        (review) => published.has(review.bookId) && contains(review.body, 'twice'),
      );
      expect((await get<number>('/reviews/count?q=Twice', 'reader')).body).toBe(reviews.length);
      expect(reviews.length).toBeGreaterThan(0);
    });

    it('refuses a search that is too long or not a text, with Facet’s error body', async () => {
      for (const [path, code] of [
        [`/books?q=${'x'.repeat(201)}`, 'invalid_value'],
        ['/books?q.contains=x', 'invalid_value'],
        [`/books/count?q=${encodeURIComponent('["x"]')}`, 'invalid_value'],
        ['/books?q=%00', 'invalid_type'],
      ] as const) {
        const answer = await get<Record<string, unknown>>(path, 'admin');
        expect(answer.status, path).toBe(400);
        expect(answer.body, path).toMatchObject({ statusCode: 400, code, path: 'q' });
      }
      // A detail read takes no search.
      const detail = await get<Record<string, unknown>>(`/books/${fx.books[0]?.id}?q=x`, 'admin');
      expect(detail.body).toMatchObject({ statusCode: 400, code: 'unknown_key', path: 'q' });
    });
  });

  describe('count', () => {
    it('none: no itemCount or pageCount; exact by default; estimated under the threshold is exact', async () => {
      const none = await get<Page>('/books?count=none&perPage=5&fields=id', 'admin');
      expect(none.body.meta).toEqual({
        page: 1,
        perPage: 5,
        hasPrevPage: false,
        hasNextPage: true,
        nextCursor: expect.any(String),
        prevCursor: null,
      });
      const plain = await get<Page>('/books?perPage=5&fields=id', 'admin');
      expect(plain.body.meta).toMatchObject({ itemCount: fx.books.length });
      expect(plain.body.meta).not.toHaveProperty('countMode');
      for (const mode of ['exact', 'estimated'] as const) {
        const answer = await get<Page>(`/books/search?count=${mode}&perPage=5`, 'reader');
        expect(answer.body.meta, mode).toMatchObject({
          itemCount: fx.books.filter((book) => book.published).length,
          countMode: 'exact',
        });
      }
      const envelope = await get<Page>('/books?count=estimated&fields=meta{itemCount,countMode}', 'admin');
      expect(envelope.body).toEqual({ meta: { itemCount: fx.books.length, countMode: 'exact' } });
    });

    it('refuses a mode it does not know, and count on a count route', async () => {
      const bogus = await get<Record<string, unknown>>('/books?count=some', 'admin');
      expect(bogus.body).toMatchObject({ statusCode: 400, code: 'invalid_value', path: 'count' });
      const onCount = await get<Record<string, unknown>>('/books/count?count=none', 'admin');
      expect(onCount.body).toMatchObject({ statusCode: 400, code: 'unknown_key', path: 'count' });
    });
  });
});
