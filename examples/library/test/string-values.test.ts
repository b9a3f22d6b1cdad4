// Type-directed decoding over HTTP on the real app (PGlite and PostgreSQL): a value sent for a
// String or enum field keeps the exact text that was sent, however JSON-like it looks, so curl
// lines, HTML forms and qs-based clients need no quoting; Facet's own client quotes such strings,
// and both forms give the same answer. Numbers, booleans and null still decode for fields of those
// types, and a value that does not fit its field is a 400 naming the path and the expected type.
import { encodeQuery } from '@facet/core';
import qs from 'qs';
import { expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
type Book = (typeof fx.books)[number];

interface Page {
  items: { id: number }[];
  meta: { itemCount: number };
}
interface ErrorBody {
  code?: string;
  path?: string;
  message: string;
  issues?: { path: string; expected?: string; message: string }[];
}

/** A curl line: each key and value percent-encoded, nothing JSON-quoted. */
const curl = (pairs: Record<string, string>) =>
  `?${Object.entries(pairs)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&')}`;
const ids = (books: readonly Book[]) => books.map((b) => b.id).sort((a, b) => a - b);

// Titles and ISBNs that a JSON reader would turn into numbers, booleans or null.
const JSON_LIKE_TITLES = ['2024', 'true', 'null', '007'];

await onEachTarget(
  'values of string fields',
  ({ get }) => {
    /** Ids of every matching book (admin sees all), sorted. */
    const matching = async (query: string): Promise<number[]> => {
      const response = await get<Page>(`/books/search${query}${query ? '&' : '?'}perPage=100`);
      expect(response.status, response.text).toBe(200);
      return response.body.items.map((item) => item.id).sort((a, b) => a - b);
    };

    it('the fixture has the JSON-like titles this suite relies on', () => {
      for (const title of JSON_LIKE_TITLES)
        expect(
          fx.books.some((b) => b.title === title),
          title,
        ).toBe(true);
    });

    it('a JSON-like title matches as text from curl, bracket keys, qs and Facet’s encoder alike', async () => {
      // A JSON object at a field is a filter object (`where.title={"contains":"x"}`), so it is the
      // one JSON form a text cannot take unquoted.
      for (const title of [...JSON_LIKE_TITLES, '1e3', '-0', '[x]', '["a"]', '1.50']) {
        const expected = ids(fx.books.filter((b) => b.title === title));
        const forms = [
          curl({ 'where.title': title }),
          curl({ 'where[title]': title }),
          curl({ 'where.title.equals': title }),
          curl({ 'where[title][equals]': title }),
          `?${qs.stringify({ where: { title } })}`,
          `?${encodeQuery({ where: { title } })}`,
        ];
        for (const form of forms) expect(await matching(form), `${title} via ${form}`).toEqual(expected);
      }
    });

    it('an ISBN of digits is a string, alone and in lists', async () => {
      const book = fx.books[0] as Book;
      const other = fx.books[1] as Book;
      const both = ids([book, other]);
      expect(await matching(curl({ 'where.isbn': book.isbn }))).toEqual([book.id]);
      expect(await matching(curl({ 'where[isbn]': book.isbn }))).toEqual([book.id]);
      expect(await matching(`?${encodeQuery({ where: { isbn: book.isbn } })}`)).toEqual([book.id]);
      expect(await matching(curl({ 'where.isbn.in': JSON.stringify([book.isbn, other.isbn]) }))).toEqual(
        both,
      );
      expect(
        await matching(curl({ 'where[isbn][in][0]': book.isbn, 'where[isbn][in][1]': other.isbn })),
      ).toEqual(both);
      expect(
        await matching(`?${qs.stringify({ where: { isbn: { in: [book.isbn, other.isbn] } } })}`),
      ).toEqual(both);
      expect(await matching(`?${encodeQuery({ where: { isbn: { in: [book.isbn, other.isbn] } } })}`)).toEqual(
        both,
      );
      // A JSON list whose items are numbers is not a list of strings: refused, never coerced.
      const numbers = await get<ErrorBody>(`/books${curl({ 'where.isbn.in': `[${book.isbn}]` })}`);
      expect(numbers.status).toBe(400);
      expect(numbers.body).toMatchObject({ code: 'invalid_type', path: 'where.isbn.in[0]' });
    });

    it('search operators and relation filters keep the text too', async () => {
      const expected = ids(fx.books.filter((b) => b.title.startsWith('2024')));
      expect(await matching(curl({ 'where.title.startsWith': '2024' }))).toEqual(expected);
      const authorsNamed = fx.authors.filter((a) => a.name.includes('1')).map((a) => a.id);
      expect(await matching(curl({ 'where.author.name.contains': '1' }))).toEqual(
        ids(fx.books.filter((b) => authorsNamed.includes(b.authorId))),
      );
    });

    it('numbers, booleans and null still decode for fields of those types', async () => {
      const pages = (fx.books[0] as Book).pages;
      expect(await matching(curl({ 'where.pages': String(pages) }))).toEqual(
        ids(fx.books.filter((b) => b.pages === pages)),
      );
      expect(await matching(curl({ 'where.published': 'false' }))).toEqual(
        ids(fx.books.filter((b) => !b.published)),
      );
      expect(await matching(curl({ 'where.publishedAt': 'null' }))).toEqual(
        ids(fx.books.filter((b) => b.publishedAt === null)),
      );
      // title is a required String: `null` is the text "null" (a book has that title), never "no value".
      const titledNull = ids(fx.books.filter((b) => b.title === 'null'));
      expect(titledNull.length).toBe(1);
      expect(await matching(curl({ 'where.title': 'null' }))).toEqual(titledNull);
      expect(await matching(curl({ 'where.genre': 'SCIENCE' }))).toEqual(
        ids(fx.books.filter((b) => b.genre === 'SCIENCE')),
      );
      expect(await matching(curl({ 'where.publishedAt.gte': '2020-01-01' }))).toEqual(
        ids(fx.books.filter((b) => b.publishedAt !== null && b.publishedAt >= '2020-01-01')),
      );
    });

    it('a value that does not fit its field is a 400 naming the path and the expected type', async () => {
      const cases: [Record<string, string>, string, string][] = [
        [{ 'where.pages': 'many' }, 'where.pages', 'an integer (32-bit)'],
        [{ 'where.pages.gt': '1.5' }, 'where.pages.gt', 'an integer (32-bit)'],
        [{ 'where.published': 'yes' }, 'where.published', 'true or false'],
        [{ 'where.genre': 'ROMANCE' }, 'where.genre', 'one of FICTION, SCIENCE, HISTORY, POETRY, TECH'],
        [{ 'where.publishedAt.gte': 'yesterday' }, 'where.publishedAt.gte', 'a date-time in ISO 8601'],
        [{ 'where.price.lt': '1e400' }, 'where.price.lt', 'a decimal number'],
        [{ 'where.title.in': 'x' }, 'where.title.in', 'a list of a string'],
        [{ 'where.title.contains': 'a\u0000b' }, 'where.title.contains', 'a string'],
      ];
      for (const [pairs, path, expected] of cases) {
        const response = await get<ErrorBody>(`/books${curl(pairs)}`, 'anonymous');
        expect(response.status, response.text).toBe(400);
        expect(response.body).toMatchObject({ code: 'invalid_type', path });
        expect(response.body.message, response.text).toContain(path);
        expect(response.body.message).toContain(expected);
      }
    });
  },
  { defaultRole: 'admin' },
);
