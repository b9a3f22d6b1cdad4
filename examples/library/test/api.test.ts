// The HTTP contract of the example app (README.md, "The contract"), against the real app on a real
// database: PGlite always, PostgreSQL when reachable (required in CI). Every expected number is
// derived from the fixture file, never written down.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { encodeQuery } from '@facet/core';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { packagePath } from '../src/database/paths.js';
import { type Role, request, TOKENS } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
const published = fx.books.filter((b) => b.published);
const unpublished = fx.books.filter((b) => !b.published);
const readableReviews = fx.reviews.filter((r) => published.some((b) => b.id === r.bookId));
const CONTRACT_SMOKE = packagePath('../../../shared/contract-smoke.mjs');

interface Page<T = Record<string, unknown>> {
  items: T[];
  meta: { page: number; perPage: number; itemCount: number; pageCount: number; hasNextPage: boolean };
}
type Book = (typeof fx.books)[number];

const q = (value: Record<string, unknown>) => `?${encodeQuery(value)}`;

await onEachTarget('library API', ({ app, get }) => {
  describe('reads under each role', () => {
    it.each([
      ['anonymous', published.length],
      ['reader', published.length],
      ['editor', fx.books.length],
      ['admin', fx.books.length],
    ] as const)('%s sees %i books in search, list and count', async (role, expected) => {
      const [search, list, count] = await Promise.all([
        get<Page>('/books/search', role),
        get<Page>('/books', role),
        get<number>('/books/count', role),
      ]);
      expect(search.body.meta.itemCount).toBe(expected);
      expect(list.body.meta.itemCount).toBe(expected);
      expect(count.body).toBe(expected);
    });

    it('readers see published books only, page by page', async () => {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const { body } = await get<Page<Book>>(`/books/search${q({ page, perPage: 100 })}`, 'reader');
        ids.push(...body.items.map((b) => b.id));
        if (!body.meta.hasNextPage) break;
      }
      expect(ids.sort((a, b) => a - b)).toEqual(published.map((b) => b.id).sort((a, b) => a - b));
    });

    it('pages default to page 1 of 20 and refuse sizes beyond 100', async () => {
      const { body } = await get<Page>('/books/search', 'admin');
      expect(body.meta).toMatchObject({ page: 1, perPage: 20, pageCount: Math.ceil(fx.books.length / 20) });
      expect(body.items).toHaveLength(20);
      expect((await get('/books/search?perPage=101')).status).toBe(400);
      expect((await get('/books/search?page=0')).status).toBe(400);
    });

    it('a detail read of an unpublished book is 404 for readers and 200 for staff', async () => {
      const hidden = unpublished[0]!;
      for (const path of [
        `/books/${hidden.id}`,
        `/books/find-by-id/${hidden.id}`,
        `/books/isbn/${hidden.isbn}`,
      ]) {
        expect((await get(path, 'reader')).status).toBe(404);
        expect((await get(path, 'anonymous')).status).toBe(404);
        const staff = await get<Record<string, unknown>>(path, 'editor');
        expect(staff.status).toBe(200);
        expect(staff.body.id).toBe(hidden.id);
      }
      expect((await get('/books/999999', 'admin')).status).toBe(404);
      expect((await get('/books/not-a-number', 'admin')).status).toBe(404);
    });

    it('reviews follow their book: anonymous callers see reviews of published books only', async () => {
      expect((await get<number>('/reviews/count')).body).toBe(readableReviews.length);
      expect((await get<number>('/reviews/count', 'admin')).body).toBe(fx.reviews.length);
      const review = fx.reviews.find((r) => unpublished.some((b) => b.id === r.bookId))!;
      expect((await get(`/reviews/${review.id}`)).status).toBe(404);
      expect((await get(`/reviews/${review.id}`, 'editor')).status).toBe(200);
    });

    it('every author is readable by everyone', async () => {
      expect((await get<number>('/authors/count')).body).toBe(fx.authors.length);
    });

    it('stats/summary aggregates under the access filter, with exact decimals', async () => {
      for (const [role, books] of [
        ['anonymous', published],
        ['admin', fx.books],
      ] as const) {
        const { body } = await get<{
          accessibleCount: number;
          aggregate: {
            _count: { _all: number };
            _min: { price: string; publishedAt: string };
            _max: { price: string; publishedAt: string };
            _avg: { price: string };
          };
        }>('/books/stats/summary', role);
        const cents = books.map((b) => Math.round(Number(b.price) * 100));
        const dates = books.flatMap((b) => (b.publishedAt ? [b.publishedAt] : [])).sort();
        expect(body.accessibleCount).toBe(books.length);
        expect(body.aggregate._count._all).toBe(books.length);
        expect(body.aggregate._min.price).toBe((Math.min(...cents) / 100).toFixed(2));
        expect(body.aggregate._max.price).toBe((Math.max(...cents) / 100).toFixed(2));
        expect(typeof body.aggregate._avg.price).toBe('string');
        const average = cents.reduce((a, b) => a + b, 0) / cents.length / 100;
        expect(Number(body.aggregate._avg.price)).toBeCloseTo(average, 6);
        expect(body.aggregate._min.publishedAt).toBe(dates[0]);
        expect(body.aggregate._max.publishedAt).toBe(dates.at(-1));
      }
    });
  });

  describe('DTOs and field exposure', () => {
    it('prices are exact strings and authors never carry an email', async () => {
      const book = published[0]!;
      const { body } = await get<Record<string, unknown>>(
        `/books/${book.id}${q({ fields: 'price,author' })}`,
      );
      expect(body.price).toBe(book.price);
      expect(body.author).toMatchObject({ id: book.authorId });
      expect(body.author).not.toHaveProperty('email');
      const authors = await get<Page>('/authors/search?perPage=100', 'admin');
      expect(authors.body.items).toHaveLength(fx.authors.length);
      for (const author of authors.body.items) expect(author).not.toHaveProperty('email');
    });

    it('projects items and the envelope', async () => {
      const items = await get<Page>('/books?fields=id,title');
      expect(items.body.items.every((b) => Object.keys(b).sort().join() === 'id,title')).toBe(true);
      const envelope = await get<Record<string, unknown>>(
        `/books${q({ fields: 'items{id,author{name}},meta{page,itemCount}' })}`,
      );
      expect(Object.keys(envelope.body).sort()).toEqual(['items', 'meta']);
      expect(envelope.body.meta).toEqual({ page: 1, itemCount: published.length });
      const first = (envelope.body.items as Record<string, unknown>[])[0]!;
      expect(Object.keys(first).sort()).toEqual(['author', 'id']);
      expect(Object.keys(first.author as object)).toEqual(['name']);
    });

    it.each([
      ['fields', { fields: 'email' }],
      ['where', { where: { email: { contains: 'example' } } }],
      ['orderBy', { orderBy: [{ email: 'asc' }] }],
      ['search (OR)', { where: { OR: [{ name: { contains: 'a' } }, { email: { contains: 'a' } }] } }],
    ])('Author.email cannot be named in %s, even by admin (400)', async (_what, query) => {
      const { status, body } = await get<{ code: string }>(`/authors${q(query)}`, 'admin');
      expect(status).toBe(400);
      expect(body.code).toBe('unknown_key');
    });

    it('Book.email through a relation and User.token through any path are refused (400)', async () => {
      expect(
        (await get(`/books${q({ where: { author: { email: { contains: 'a' } } } })}`, 'admin')).status,
      ).toBe(400);
      expect((await get(`/books${q({ orderBy: { author: { email: 'asc' } } })}`, 'admin')).status).toBe(400);
      expect((await get(`/reviews${q({ where: { user: { token: 'admin-token' } } })}`, 'admin')).status).toBe(
        400,
      );
      expect((await get(`/reviews${q({ fields: 'id,user{token}' })}`, 'admin')).status).toBe(400);
      expect(
        (await get(`/reviews${q({ select: { id: true, user: { select: { token: true } } } })}`, 'admin'))
          .status,
      ).toBe(400);
      expect((await get(`/reviews${q({ orderBy: { user: { token: 'asc' } } })}`, 'admin')).status).toBe(400);
    });

    it("a review's user is readable without its token, whatever loaded it", async () => {
      for (const query of [{ include: { user: true } }, { fields: 'id,user{id,name,role}' }]) {
        const { status, body } = await get<Page<{ user: Record<string, unknown> }>>(
          `/reviews${q({ ...query, perPage: 5 })}`,
          'admin',
        );
        expect(status).toBe(200);
        expect(body.items).toHaveLength(5);
        for (const review of body.items) {
          expect(Object.keys(review.user).sort()).toEqual(['id', 'name', 'role']);
          expect(fx.users.map((user) => user.name)).toContain(review.user.name);
        }
      }
    });

    it.each([
      ['fields', { fields: 'id,internalNote' }],
      ['where', { where: { internalNote: { contains: 'shelf' } } }],
      ['orderBy', { orderBy: [{ internalNote: 'desc' }] }],
      ['search (OR)', { where: { OR: [{ title: { contains: 'x' } }, { internalNote: { contains: 'x' } }] } }],
      ['a relation filter', { where: { author: { books: { some: { internalNote: { contains: 'A' } } } } } }],
    ])('Book.internalNote in %s: 400 for readers, 200 for staff', async (_what, query) => {
      for (const role of ['anonymous', 'reader'] as const) {
        expect((await get(`/books${q(query)}`, role)).status).toBe(400);
      }
      expect((await get(`/books${q(query)}`, 'editor')).status).toBe(200);
    });

    it('Book.internalNote answers a reader as a misspelt field does, in every position of aggregate and export', async () => {
      const positions = (field: string): [string, Record<string, unknown>, boolean][] => [
        // [route, query, whether staff may ask it: _avg and _sum take numbers only]
        ['/books/aggregate', { by: field, _count: { _all: true } }, true],
        ['/books/aggregate', { by: ['genre', field], _count: true }, true],
        ['/books/aggregate', { _count: { [field]: true } }, true],
        ['/books/aggregate', { _min: { [field]: true } }, true],
        ['/books/aggregate', { _max: { [field]: true } }, true],
        ['/books/aggregate', { _avg: { [field]: true } }, false],
        ['/books/aggregate', { _sum: { [field]: true } }, false],
        ['/books/aggregate', { by: 'genre', _count: true, orderBy: [{ _max: { [field]: 'desc' } }] }, true],
        ['/books/aggregate', { _count: true, where: { [field]: { contains: 'a' } } }, true],
        ['/books/export', { format: 'csv', fields: `id,${field}` }, true],
        ['/books/export', { format: 'ndjson', fields: `id,${field}` }, true],
        ['/books/export', { format: 'csv', where: { [field]: { contains: 'a' } } }, true],
        ['/books/export', { format: 'csv', orderBy: [{ [field]: 'asc' }] }, true],
        ['/books/count', { q: 'the', where: { [field]: { contains: 'a' } } }, true],
      ];
      const misspelt = positions('internalNotx');
      for (const [index, [route, query, staffMayAsk]] of positions('internalNote').entries()) {
        const label = `${route} ${JSON.stringify(query)}`;
        const hidden = await get(`${route}${q(query)}`, 'reader');
        const unknown = await get(`${route}${q(misspelt[index]![1])}`, 'reader');
        expect(hidden.status, label).toBe(400);
        expect(hidden.text.replaceAll('internalNote', 'internalNotx'), label).toBe(unknown.text);
        if (staffMayAsk) expect((await get(`${route}${q(query)}`, 'editor')).status, label).toBe(200);
      }
    });

    it('readers never receive internalNote; staff do', async () => {
      const book = published[0]!;
      const reader = await get<Page>('/books/search', 'reader');
      for (const item of reader.body.items) expect(item).not.toHaveProperty('internalNote');
      expect((await get<Book>(`/books/${book.id}`, 'reader')).body).not.toHaveProperty('internalNote');
      expect((await get<Book>(`/books/${book.id}`, 'admin')).body.internalNote).toBe(book.internalNote);
    });

    it('to-many relations are filtered by access too: no unpublished book leaks through an author', async () => {
      const author = fx.authors.find((a) => unpublished.some((b) => b.authorId === a.id))!;
      const mine = fx.books.filter((b) => b.authorId === author.id);
      const path = `/authors/${author.id}${q({ fields: 'id,books{id,published}' })}`;
      const anonymous = await get<{ books: { id: number; published: boolean }[] }>(path);
      expect(anonymous.body.books.map((b) => b.id).sort((a, b) => a - b)).toEqual(
        mine.filter((b) => b.published).map((b) => b.id),
      );
      const admin = await get<{ books: unknown[] }>(path, 'admin');
      expect(admin.body.books).toHaveLength(mine.length);

      const probe = `/authors/count${q({ where: { books: { some: { published: false } } } })}`;
      const withUnpublished = new Set(unpublished.map((b) => b.authorId)).size;
      expect((await get<number>(probe, 'reader')).body).toBe(0);
      expect((await get<number>(probe, 'admin')).body).toBe(withUnpublished);
    });

    describe('the example request of the specification (a list with filters, includes, sort and paging)', () => {
      const orderBy = encodeURIComponent(JSON.stringify([{ title: 'asc' }, { id: 'asc' }]));
      const filters = 'where.published=true&where.author.name.contains=a&where.author.name.mode=insensitive';
      const deep = 'include.author.include.books.select.title=true';
      const orders = {
        'deep include first': `${filters}&${deep}&include.author=true`,
        'include.author=true first': `${filters}&include.author=true&${deep}`,
      };
      type Item = Book & { author: { id: number; name: string; books: { title: string }[] } };
      const matching = published.filter((b) =>
        fx.authors.some((a) => a.id === b.authorId && a.name.toLowerCase().includes('a')),
      );
      const titlesOf = (authorId: number, books: readonly Book[]) =>
        books
          .filter((b) => b.authorId === authorId)
          .map((b) => b.title)
          .sort();

      async function walk(query: string, role: Role): Promise<Item[]> {
        const items: Item[] = [];
        for (let page = 1; ; page++) {
          const { status, body } = await get<Page<Item>>(
            `/books/search?${query}&orderBy=${orderBy}&page=${page}&perPage=5`,
            role,
          );
          expect(status).toBe(200);
          expect(body.items.length).toBeLessThanOrEqual(5);
          items.push(...body.items);
          if (!body.meta.hasNextPage) return items;
        }
      }

      it.each(Object.entries(orders))(
        'answers 200 with titles under author.books (%s)',
        async (_order, query) => {
          const { status, body } = await get<Page<Item>>(
            `/books/search?${query}&orderBy=${orderBy}&page=1&perPage=5`,
          );
          expect(status).toBe(200);
          expect(body.meta).toMatchObject({ page: 1, perPage: 5, itemCount: matching.length });
          const expected = [...matching].sort((a, b) =>
            a.title < b.title ? -1 : a.title > b.title ? 1 : a.id - b.id,
          );
          expect(body.items.map((b) => b.id)).toEqual(expected.slice(0, 5).map((b) => b.id));
          for (const item of body.items) {
            expect(item.author.id).toBe(item.authorId);
            expect(item.author.books.length).toBeGreaterThan(0);
            for (const book of item.author.books) expect(Object.keys(book)).toEqual(['title']);
          }
        },
      );

      it.each(Object.entries(orders))(
        'author.books holds only the books the caller may read (%s)',
        async (_order, query) => {
          const anonymous = await walk(query, 'anonymous');
          expect(anonymous.map((b) => b.id).sort((a, b) => a - b)).toEqual(matching.map((b) => b.id));
          // The check can fail only if some listed author has a hidden book.
          expect(anonymous.some((b) => unpublished.some((u) => u.authorId === b.authorId))).toBe(true);
          for (const item of anonymous) {
            const titles = item.author.books.map((b) => b.title).sort();
            expect(titles).toEqual(titlesOf(item.authorId, published));
          }
          for (const item of await walk(query, 'admin')) {
            const titles = item.author.books.map((b) => b.title).sort();
            expect(titles).toEqual(titlesOf(item.authorId, fx.books));
          }
        },
        // Walks every page twice; a loaded machine takes longer than the default 5 s.
        30_000,
      );
    });

    it('`every` counts readable books only', async () => {
      const probe = `/authors/count${q({ where: { books: { every: { published: true } } } })}`;
      // For a reader every readable book is published, so every author matches.
      expect((await get<number>(probe, 'reader')).body).toBe(fx.authors.length);
      const allPublished = fx.authors.filter((a) =>
        fx.books.every((b) => b.authorId !== a.id || b.published),
      );
      expect((await get<number>(probe, 'admin')).body).toBe(allPublished.length);
    });
  });

  describe('query strings', () => {
    const hostile = [
      '2024',
      'true',
      'null',
      '007',
      '1e3',
      'a,b{c}',
      '__proto__',
      'constructor',
      '日本語の本',
    ];
    it.each(hostile)('title %j round-trips as a string through the client encoding', async (title) => {
      const expected = fx.books.filter((b) => b.title === title).map((b) => b.id);
      expect(expected.length).toBeGreaterThan(0);
      const { status, body } = await get<Page<Book>>(
        `/books/search${q({ where: { title: { equals: title } } })}`,
        'admin',
      );
      expect(status).toBe(200);
      expect(body.items.map((b) => b.id)).toEqual(expected);
    });

    it('emoji and padded titles match with contains', async () => {
      for (const text of ['🐉', '  padded  ', 'x=y&z', '100% Pure & Simple', '#hash?query']) {
        const expected = fx.books.filter((b) => b.title.includes(text)).map((b) => b.id);
        const { body } = await get<Page<Book>>(
          `/books/search${q({ where: { title: { contains: text } } })}`,
          'admin',
        );
        expect(body.items.map((b) => b.id).sort((a, b) => a - b)).toEqual(expected);
      }
    });

    it('qs bracket notation gives the same results as the client encoding', async () => {
      const cases: Record<string, unknown>[] = [
        { where: { title: { contains: 'Lantern' } }, perPage: 100 },
        { where: { id: { in: [1, 2, 3, 5, 8] } } },
        { where: { genre: 'POETRY', price: { gte: 20 } }, orderBy: [{ price: 'desc' }, { id: 'asc' }] },
      ];
      for (const query of cases) {
        const facet = await get<Page<Book>>(`/books/search${q(query)}`, 'admin');
        const brackets = await get<Page<Book>>(`/books/search?${qs.stringify(query)}`, 'admin');
        expect(brackets.status).toBe(200);
        expect(brackets.body.items.map((b) => b.id)).toEqual(facet.body.items.map((b) => b.id));
        expect(facet.body.items.length).toBeGreaterThan(0);
      }
      const raw = await get<Page<Book>>('/books/search?where[title][contains]=Lantern&perPage=100', 'admin');
      expect(raw.body.meta.itemCount).toBe(fx.books.filter((b) => b.title.includes('Lantern')).length);
      const ids = await get<Page<Book>>('/books/search?where[id][in][0]=1&where[id][in][1]=2', 'admin');
      expect(ids.body.items.map((b) => b.id)).toEqual([1, 2]);
    });

    it('refuses prototype keys and unknown parameters with 400', async () => {
      expect((await get('/books/search?where[__proto__][published]=false')).status).toBe(400);
      expect((await get('/books/search?where.constructor.x=1')).status).toBe(400);
      expect((await get('/books/search?distinct=title')).status).toBe(400);
      expect((await get('/books?fields=toString')).status).toBe(400);
    });

    it('parallel requests under different roles do not share state', async () => {
      const roles: Role[] = ['anonymous', 'admin', 'reader', 'editor'];
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => get<Page>('/books/search?perPage=1', roles[i % 4])),
      );
      results.forEach((r, i) => {
        const staff = roles[i % 4] === 'admin' || roles[i % 4] === 'editor';
        expect(r.body.meta.itemCount).toBe(staff ? fx.books.length : published.length);
      });
    });
  });

  describe('authentication and mutations', () => {
    it('an unknown or malformed token is 401; no token is an anonymous reader', async () => {
      expect((await request(app().api, '/books', { headers: { authorization: 'Bearer nope' } })).status).toBe(
        401,
      );
      expect((await request(app().api, '/books', { headers: { authorization: 'Basic abc' } })).status).toBe(
        401,
      );
      expect((await get('/books')).status).toBe(200);
    });

    it('every error body has the same shape: statusCode, error, message, code', async () => {
      const cases = [
        [
          await request(app().api, '/books', { headers: { authorization: 'Bearer nope' } }),
          401,
          'unauthorized',
        ],
        [await request(app().api, '/books/1', { role: 'reader', method: 'DELETE' }), 403, 'forbidden'],
        [await request(app().api, '/books/1', { method: 'DELETE' }), 401, 'unauthorized'],
        [await get('/no-such-route'), 404, 'not_found'],
        [await get('/books/999999'), 404, 'not_found'],
        [await get('/books?page=abc'), 400, 'invalid_value'],
      ] as const;
      for (const [response, status, code] of cases) {
        expect(response.status).toBe(status);
        expect(response.body).toMatchObject({ statusCode: status, code, error: expect.any(String) });
        expect(typeof (response.body as { message?: unknown }).message).toBe('string');
      }
    });

    const newBook = (isbn: string) => ({
      isbn,
      title: 'A Test Book',
      price: '12.50',
      pages: 123,
      genre: 'TECH',
      published: false,
      publishedAt: null,
      authorId: fx.authors[0]!.id,
    });

    it('anonymous callers cannot write (401); readers cannot write books (403)', async () => {
      for (const [role, status] of [
        ['anonymous', 401],
        ['reader', 403],
      ] as const) {
        const create = await request(app().api, '/books', {
          role,
          method: 'POST',
          body: newBook('9790000000001'),
        });
        expect(create.status).toBe(status);
        expect(
          (await request(app().api, '/books/1', { role, method: 'PATCH', body: { pages: 1 } })).status,
        ).toBe(status);
        expect((await request(app().api, '/books/1', { role, method: 'DELETE' })).status).toBe(status);
        // Permission comes before validation: an invalid body does not turn the 403 into a 400.
        expect((await request(app().api, '/books', { role, method: 'POST', body: {} })).status).toBe(status);
        expect(
          (await request(app().api, '/books/1', { role, method: 'PATCH', body: { pages: 'many' } })).status,
        ).toBe(status);
      }
    });

    it('editors create and update, only admins delete', async () => {
      const created = await request<Book>(app().api, '/books', {
        role: 'editor',
        method: 'POST',
        body: newBook('9790000000002'),
      });
      expect(created.status).toBe(201);
      expect(created.body.id).toBe(Math.max(...fx.books.map((b) => b.id)) + 1);
      expect(created.body.price).toBe('12.50');
      const id = created.body.id;
      try {
        const patched = await request<Book>(app().api, `/books/${id}`, {
          role: 'editor',
          method: 'PATCH',
          body: { title: 'Renamed', price: '9.90' },
        });
        expect(patched.status).toBe(200);
        expect(patched.body).toMatchObject({ title: 'Renamed', price: '9.90' });
        expect((await get(`/books/${id}`, 'reader')).status).toBe(404); // unpublished
        expect((await request(app().api, `/books/${id}`, { role: 'editor', method: 'DELETE' })).status).toBe(
          403,
        );
        const duplicate = await request(app().api, '/books', {
          role: 'editor',
          method: 'POST',
          body: newBook('9790000000002'),
        });
        expect(duplicate.status).toBe(409);
      } finally {
        const deleted = await request<Book>(app().api, `/books/${id}`, { role: 'admin', method: 'DELETE' });
        expect(deleted.status).toBe(200);
        expect(deleted.body.id).toBe(id);
      }
      expect((await get(`/books/${id}`, 'admin')).status).toBe(404);
      expect(
        (await request(app().api, `/books/${id}`, { role: 'admin', method: 'PATCH', body: { pages: 2 } }))
          .status,
      ).toBe(404);
    });

    it.each([
      ['a bad price', { price: '12.345' }],
      ['an unknown property', { colour: 'red' }],
      ['a wrong genre', { genre: 'COOKING' }],
      ['a missing author', { authorId: 999_999 }],
    ])('refuses %s with 400', async (_what, change) => {
      const body = { ...newBook('9790000000003'), ...change };
      expect((await request(app().api, '/books', { role: 'admin', method: 'POST', body })).status).toBe(400);
    });
  });

  describe('conditional reads', () => {
    it.each(['/books', '/books/1'])(
      'GET /api/v1%s answers a weak ETag per caller, and 304 to a matching If-None-Match',
      async (path) => {
        const tags = new Map<Role, string>();
        for (const role of ['reader', 'admin'] as const) {
          const headers = { authorization: `Bearer ${TOKENS[role]}` };
          const first = await fetch(app().api + path, { headers });
          expect(first.status).toBe(200);
          const tag = first.headers.get('etag') ?? '';
          expect(tag).toMatch(/^W\/"[\w-]+"$/);
          expect(first.headers.get('cache-control')).toBe('private, no-cache');
          expect(first.headers.get('vary')).toBe('Authorization');
          await first.text();
          // Node's fetch sends `Cache-Control: no-cache` with If-None-Match: still a 304.
          const again = await fetch(app().api + path, { headers: { ...headers, 'if-none-match': tag } });
          expect(again.status).toBe(304);
          expect(await again.text()).toBe('');
          expect(again.headers.get('etag')).toBe(tag);
          tags.set(role, tag);
        }
        // The admin sees unpublished books and internal fields: another body, another tag.
        expect(tags.get('reader')).not.toBe(tags.get('admin'));
      },
    );

    it('errors carry no tag', async () => {
      const missing = await fetch(`${app().api}/books/999999`, { headers: { 'if-none-match': '*' } });
      expect(missing.status).toBe(404);
      expect(missing.headers.get('etag')).toBeNull();
      await missing.text();
    });
  });

  it('serves the OpenAPI document', async () => {
    const { status, body } = await request<{ paths: Record<string, unknown> }>(
      app().origin,
      '/api/docs-json',
    );
    expect(status).toBe(200);
    for (const path of [
      '/api/v1/books/search',
      '/api/v1/books',
      '/api/v1/books/count',
      '/api/v1/books/find-by-id/{id}',
      '/api/v1/books/{id}',
      '/api/v1/books/isbn/{isbn}',
      '/api/v1/books/stats/summary',
      '/api/v1/authors/search',
      '/api/v1/reviews/{id}',
    ]) {
      expect(body.paths).toHaveProperty([path]);
    }
  });

  it.skipIf(!existsSync(CONTRACT_SMOKE))('passes the shared contract smoke check', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [CONTRACT_SMOKE, app().origin]);
    expect(stdout).toMatch(/contract smoke: \d+ passed, 0 failed/);
  });
});
