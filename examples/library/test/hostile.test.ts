// Hostile input over HTTP against the real example app (PGlite, the same bootstrap as `npm start`).
// Every attack gets a 4xx; after each one the server still answers a normal request correctly and
// Object.prototype is untouched (the app runs in this process, so pollution would show here).
// Expected numbers come from the fixture, never written down.
import { encodeQuery } from '@facet/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { type JsonResponse, type Role, request } from './support/http.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';

const fx = loadFixture();
const published = fx.books.filter((b) => b.published);
const unpublished = fx.books.filter((b) => !b.published);
const PRISTINE_OBJECT_PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort();
const POLLUTION_MARKERS = ['polluted', 'published', 'isAdmin', 'x'];

interface Page<T = Record<string, unknown>> {
  items: T[];
  meta: { itemCount: number };
}
interface ErrorBody {
  statusCode: number;
  code?: string;
  path?: string;
  message: string;
}

const q = (value: Record<string, unknown>) => `?${encodeQuery(value)}`;
const nested = (depth: number, leaf: string) =>
  `${Array.from({ length: depth }, () => 'a').join('.')}=${leaf}`;

describe('hostile input over HTTP (example app, PGlite)', () => {
  let app: RunningLibrary;
  const get = <T = ErrorBody>(path: string, role: Role = 'anonymous') => request<T>(app.api, path, { role });

  beforeAll(async () => {
    app = await startLibrary();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  /** A refused request: a 4xx with a JSON error body that does not echo what was sent. */
  function expectRefused(response: JsonResponse<unknown>, probe?: string): void {
    expect(response.status, response.text).toBeGreaterThanOrEqual(400);
    expect(response.status, response.text).toBeLessThan(500);
    if (response.status !== 431 && response.status !== 414) {
      expect((response.body as ErrorBody).statusCode).toBe(response.status);
      // Every error body carries a stable machine code and a single message (docs/spec-conformance.md#7-errors).
      expect(typeof (response.body as { code?: unknown }).code, response.text).toBe('string');
      expect(typeof (response.body as { message?: unknown }).message, response.text).toBe('string');
    }
    if (probe) expect(response.text).not.toContain(probe);
  }

  afterEach(async () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PRISTINE_OBJECT_PROTOTYPE);
    const plain: Record<string, unknown> = {};
    for (const marker of POLLUTION_MARKERS) expect(plain[marker]).toBeUndefined();
    const health = await get<Page<{ published: boolean }>>('/books/search?perPage=100');
    expect(health.status).toBe(200);
    expect(health.body.meta.itemCount).toBe(published.length);
    expect(health.body.items.every((b) => b.published === true)).toBe(true);
  });

  describe('prototype pollution', () => {
    it.each([
      '/books/search?where[__proto__][published]=false',
      '/books/search?where.__proto__.published=false',
      '/books/search?__proto__[polluted]=1',
      '/books/search?__proto__.polluted=1',
      '/books/search?constructor[prototype][polluted]=1',
      '/books/search?where.constructor.prototype.polluted=1',
      '/books/search?where[title][__proto__][polluted]=1',
      '/books/search?orderBy[0][__proto__][polluted]=1',
      '/books?fields=__proto__',
      '/books?fields=id,author{__proto__}',
    ])('through keys: %s', async (path) => {
      expectRefused(await get(path));
    });

    it.each([
      { where: '{"__proto__":{"published":false}}' },
      { where: '{"constructor":{"prototype":{"polluted":true}}}' },
      { 'where.OR': '[{"__proto__":{"polluted":"yes"}},{"title":"x"}]' },
      { orderBy: '[{"__proto__":{"polluted":1}}]' },
      { 'where.id.in': '[1,{"__proto__":{"polluted":1}}]' },
    ])('through JSON values: %o', async (query) => {
      const path = `/books/search?${new URLSearchParams(query as unknown as Record<string, string>).toString()}`;
      expectRefused(await get(path));
    });

    it('through a JSON body (admin create and update)', async () => {
      const book = fx.books[0]!;
      const body = `{"__proto__":{"polluted":true,"isAdmin":true},"isbn":"9999999999999","title":"P","price":"1.00","pages":1,"genre":"${book.genre}","published":true,"authorId":${book.authorId}}`;
      for (const [method, path] of [
        ['POST', '/books'],
        ['PATCH', `/books/${book.id}`],
      ] as const) {
        const response = await fetch(app.api + path, {
          method,
          headers: { authorization: 'Bearer admin-token', 'content-type': 'application/json' },
          body,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
      const created = await get<Page>(`/books/search${q({ where: { isbn: '9999999999999' } })}`, 'admin');
      expect(created.body.meta.itemCount).toBe(0);
    });
  });

  describe('deep JSON bodies', () => {
    const writes = () =>
      [
        ['POST', '/books'],
        ['PATCH', `/books/${fx.books[0]!.id}`],
      ] as const;
    const send = (method: string, path: string, body: string) =>
      request<{ code?: string; path?: string }>(app.api, path, {
        role: 'admin',
        method,
        headers: { 'content-type': 'application/json' },
        rawBody: body,
      });

    it('a 20,000-deep body is a 400 too_deep, on every write route, and changes nothing', async () => {
      const before = await get<number>('/books/count', 'admin');
      for (const deep of [
        `{"title":${'['.repeat(20_000)}${']'.repeat(20_000)}}`,
        `${'{"a":'.repeat(15_000)}1${'}'.repeat(15_000)}`,
      ]) {
        for (const [method, path] of writes()) {
          const response = await send(method, path, deep);
          expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
          expect(response.body.code).toBe('too_deep');
        }
      }
      expect((await get<number>('/books/count', 'admin')).body).toBe(before.body);
    });

    it('a prototype key below the depth where the check once stopped is still found', async () => {
      const nested = (depth: number, inner: string) => `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`;
      for (const [method, path] of writes()) {
        const response = await send(
          method,
          path,
          `{"title":${nested(30, '{"__proto__":{"polluted":true}}')}}`,
        );
        expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
        expect(response.body.code).toBe('prototype_key');
        expect(response.body.path).toBe(`title.${Array(30).fill('a').join('.')}.__proto__`);
        const deeper = await send(method, path, `{"title":${nested(40, '{"__proto__":{"polluted":true}}')}}`);
        expect(deeper.status, `${method} ${path}: ${deeper.text}`).toBe(400);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('floods and nesting', () => {
    it('a thousand distinct parameters', async () => {
      const path = `/books/search?${Array.from({ length: 1000 }, (_, i) => `p${i}=1`).join('&')}`;
      expectRefused(await get(path));
    });

    it('a thousand copies of one parameter', async () => {
      expectRefused(
        await get(`/books/search?${Array.from({ length: 1000 }, () => 'where.title=x').join('&')}`),
      );
      expectRefused(await get(`/books/search?${Array.from({ length: 1000 }, () => 'perPage=5').join('&')}`));
    });

    it('an over-long value and an over-long URL', async () => {
      expectRefused(await get(`/books/search?where.title.contains=${'a'.repeat(20_000)}`));
      expectRefused(await get(`/books/search?where.title.contains=${'a'.repeat(200_000)}`));
    });

    it('1,000-deep nesting in dotted keys, bracket keys, JSON values and fields', async () => {
      expectRefused(await get(`/books/search?where.${nested(1000, '1')}`));
      expectRefused(await get(`/books/search?where${'[a]'.repeat(1000)}=1`));
      const json = `${'{"AND":'.repeat(1000)}{}${'}'.repeat(1000)}`;
      expectRefused(await get(`/books/search?where=${encodeURIComponent(json)}`));
      const arrays = `${'['.repeat(1000)}1${']'.repeat(1000)}`;
      expectRefused(await get(`/books/search?where.id.in=${encodeURIComponent(arrays)}`));
      expectRefused(
        await get(`/books?fields=${encodeURIComponent(`${'author{'.repeat(1000)}id${'}'.repeat(1000)}`)}`),
      );
    });
  });

  describe('page and perPage', () => {
    const values = [
      '-1',
      '0',
      '1e9',
      '1.5',
      'NaN',
      'Infinity',
      '-0',
      '1e400',
      '0x10',
      '',
      '"2"',
      '[1]',
      '[]',
      '{}',
      'null',
      'true',
    ];
    it.each(values)('page=%s', async (value) => {
      expectRefused(await get(`/books/search?page=${encodeURIComponent(value)}`));
      expectRefused(await get(`/books?page=${encodeURIComponent(value)}`));
    });
    it.each(values)('perPage=%s', async (value) => {
      expectRefused(await get(`/books/search?perPage=${encodeURIComponent(value)}`));
    });
    it('arrays through repeated and bracket keys', async () => {
      for (const path of ['page=1&page=2', 'page[]=1', 'page[0]=1', 'perPage=5&perPage=6', 'perPage[a]=5']) {
        expectRefused(await get(`/books/search?${path}`));
      }
    });
  });

  describe('duplicated parameters', () => {
    it.each([
      'fields=id&fields=title',
      'where.title=a&where.title=b',
      'orderBy.title=asc&orderBy.title=desc',
      'where.published=true&where.published=false',
    ])('%s', async (path) => {
      expectRefused(await get(`/books?${path}`));
    });
  });

  describe('parameters a route does not take', () => {
    it.each([
      '/books/1?page=2',
      '/books/1?perPage=5',
      '/books/count?fields=id',
      '/books/count?orderBy.title=asc',
      '/books/search?distinct=title',
      '/books/search?cursor.id=1',
      '/books/search?take=1000',
    ])('%s', async (path) => {
      expectRefused(await get(path, 'admin'));
    });

    // Routes that read no query, or `fields` only (the writes): before, they answered 200 and ignored
    // what they were sent. No book has this id, so a mutation that is wrongly let through changes
    // nothing (404 or a no-op). A nameless `=1` is refused where a route reads no query at all.
    const bookId = Math.max(...fx.books.map((b) => b.id)) + 1000;
    const isbn = published[0]!.isbn;
    const noQueryRoutes = [
      ['GET', '/books/stats/summary'],
      ['POST', '/books'],
      ['PATCH', `/books/${bookId}`],
      ['DELETE', `/books/${bookId}`],
    ] as const;
    const unknown = ['where.published=false', 'foo=1', 'foo', 'where[published]=false'];
    /** A mutation gets an empty body: the refusal must come before the body is judged. */
    const send = <T = ErrorBody>(method: string, path: string, role: Role = 'admin') =>
      request<T>(app.api, path, { role, method, body: method === 'GET' ? undefined : {} });

    it.each(
      noQueryRoutes.flatMap(([method, path]) =>
        unknown.map((query) => [method, `${path}?${query}`] as const),
      ),
    )('%s %s (a route that reads no query, or fields only)', async (method, path) => {
      const response = await send(method, path);
      expectRefused(response);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'unknown_key' });
      expect(typeof response.body.path).toBe('string');
    });

    it('names the parameters it refuses', async () => {
      const response = await get<ErrorBody & { issues: { path: string }[] }>(
        '/books/stats/summary?where.published=false&foo=1',
        'admin',
      );
      expect(response.status).toBe(400);
      expect(response.body.path).toBe('where');
      expect(response.body.issues.map((issue) => issue.path)).toEqual(['where', 'foo']);
    });

    it.each([`/books/isbn/${isbn}?foo=1`, `/books/isbn/${isbn}?wher.published=false`])(
      '%s (a route whose query has no such parameter)',
      async (path) => {
        const response = await get(path, 'admin');
        expectRefused(response);
        expect(response.status).toBe(400);
      },
    );

    it('GET /books/stats/summary?=1 (a nameless parameter, on a route that reads no query)', async () => {
      const response = await send('GET', '/books/stats/summary?=1');
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'unknown_key' });
    });

    it('permission is judged before the body: a reader gets 403 for an empty body, not 400', async () => {
      const target = published[0]!.id;
      for (const [method, path] of [
        ['POST', '/books'],
        ['PATCH', `/books/${target}`],
        ['DELETE', `/books/${target}`],
      ] as const) {
        const response = await send(method, path, 'reader');
        expect(response.status, `${method} ${path}`).toBe(403);
        // A malformed query is judged before permission, the same 400 for every caller (README, Writes).
        const malformed = await send(method, `${path}?where.published=false`, 'reader');
        expect(malformed.status, `${method} ${path}?where.published=false`).toBe(400);
      }
    });

    it('the same routes answer without parameters (an empty query string is no parameter)', async () => {
      for (const path of ['/books/stats/summary', '/books/stats/summary?', `/books/isbn/${isbn}`]) {
        expect((await get(path, 'admin')).status, path).toBe(200);
      }
      const book = unpublished[0]!;
      const input = {
        isbn: '9780000000017',
        title: 'Refuse, never drop',
        price: '1.00',
        pages: 1,
        genre: book.genre,
        published: false,
        authorId: book.authorId,
      };
      const created = await request<{ id: number }>(app.api, '/books', {
        role: 'admin',
        method: 'POST',
        body: input,
      });
      expect(created.status, created.text).toBe(201);
      const id = created.body.id;
      const updated = await request(app.api, `/books/${id}?`, {
        role: 'admin',
        method: 'PATCH',
        body: { pages: 2 },
      });
      expect(updated.status, updated.text).toBe(200);
      const removed = await request(app.api, `/books/${id}`, { role: 'admin', method: 'DELETE' });
      expect(removed.status, removed.text).toBe(200);
    });

    // Every route the OpenAPI document lists, so a route added later is checked without a new test.
    it('every documented route refuses a parameter it does not read', async () => {
      // The admin's document: it lists every route, the writes included.
      const document = await request<{ paths: Record<string, Record<string, unknown>> }>(
        app.origin,
        '/api/docs-json',
        { role: 'admin' },
      );
      const routes = Object.entries(document.body.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => [method.toUpperCase(), path] as const),
      );
      expect(routes.length).toBeGreaterThanOrEqual(3 * 5 + 5);
      for (const [method, template] of routes) {
        const path = template
          .replace(/^\/api\/v1/, '')
          .replace('{isbn}', isbn)
          .replace(/\{\w+\}/g, String(bookId));
        const response = await send(method, `${path}?foo=1`);
        expect(response.status, `${method} ${path}: ${response.text}`).toBe(400);
        expect(response.body.code, `${method} ${path}`).toBe('unknown_key');
        expect(response.body.path, `${method} ${path}`).toBe('foo');
      }
    });
  });

  describe('fields with inherited names', () => {
    it.each([
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
      'valueOf',
      'prototype',
      'id,author{constructor}',
      'items{toString},meta{page}',
      'meta{constructor}',
      'items{id},meta{__proto__}',
    ])('fields=%s', async (fields) => {
      for (const route of ['/books', '/books/1', '/authors']) {
        expectRefused(await get(`${route}?fields=${encodeURIComponent(fields)}`, 'admin'));
      }
    });
  });

  describe('oracles on hidden fields and unreadable rows', () => {
    // A note some book really has, and one no book has: the answers must be identical.
    const note = fx.books.find((b) => b.internalNote)!.internalNote as string;
    const probes = (value: string): [string, Record<string, unknown>][] => [
      ['filter', { where: { internalNote: { contains: value } } }],
      ['equality', { where: { internalNote: value } }],
      ['search', { where: { OR: [{ title: { contains: value } }, { internalNote: { contains: value } }] } }],
      [
        'relation filter',
        { where: { author: { books: { some: { internalNote: { startsWith: value } } } } } },
      ],
      ['include filter', { include: { author: { include: { books: { where: { internalNote: value } } } } } }],
      ['sort', { orderBy: [{ internalNote: 'asc' }], where: { title: value } }],
    ];

    it.each(probes(note).map(([what], i) => [what, i] as const))(
      'hidden field through %s: same 400 whether or not rows match',
      async (_what, index) => {
        for (const route of ['/books', '/books/search', '/books/count', `/books/${published[0]!.id}`]) {
          const hit = await get(`${route}${q(probes(note)[index]![1])}`, 'reader');
          const miss = await get(`${route}${q(probes('no-book-has-this-note')[index]![1])}`, 'reader');
          expectRefused(hit, note);
          expect(hit.status).toBe(400);
          expect(miss.status).toBe(hit.status);
          expect(miss.body).toEqual(hit.body);
        }
      },
    );

    it('the error names the path', async () => {
      const { body } = await get(`/books${q({ where: { internalNote: { contains: 'x' } } })}`, 'reader');
      expect(body).toMatchObject({ statusCode: 400, code: 'unknown_key', path: 'where.internalNote' });
      expect(body.message).toContain('field is not available');
    });

    it('relation filters do not reveal unpublished books to readers', async () => {
      const draft = unpublished[0]!;
      const byDraft = await get<number>(
        `/authors/count${q({ where: { books: { some: { title: draft.title } } } })}`,
      );
      const byNothing = await get<number>(
        `/authors/count${q({ where: { books: { some: { title: 'no such title anywhere' } } } })}`,
      );
      const readableSameTitle = published.filter((b) => b.title === draft.title);
      expect(byDraft.status).toBe(200);
      expect(byDraft.body).toBe(new Set(readableSameTitle.map((b) => b.authorId)).size);
      expect(byNothing.body).toBe(0);
      const staff = await get<number>(
        `/authors/count${q({ where: { books: { some: { title: draft.title } } } })}`,
        'admin',
      );
      expect(staff.body).toBeGreaterThan(0);
      // none/every: an author whose only unreadable books differ is indistinguishable to a reader.
      const every = await get<number>(
        `/authors/count${q({ where: { books: { every: { published: true } } } })}`,
      );
      expect(every.body).toBe(fx.authors.length);
    });

    it('includes of to-many relations load readable rows only', async () => {
      const { status, body } = await get<Page<{ id: number; books: { id: number; published: boolean }[] }>>(
        `/authors${q({ include: { books: true }, perPage: 100 })}`,
        'reader',
      );
      expect(status).toBe(200);
      const loaded = body.items.flatMap((a) => a.books);
      expect(loaded.length).toBe(published.length);
      expect(loaded.every((b) => b.published)).toBe(true);
      const projected = await get<Page<{ books: { id: number }[] }>>(
        `/authors${q({ fields: 'id,books{id}', perPage: 100 })}`,
      );
      expect(projected.body.items.flatMap((a) => a.books.map((b) => b.id)).sort((a, b) => a - b)).toEqual(
        published.map((b) => b.id).sort((a, b) => a - b),
      );
    });

    it('sorting by a count of books is refused to readers (the order would rank drafts)', async () => {
      const path = `/authors${q({ orderBy: { books: { _count: 'desc' } } })}`;
      expectRefused(await get(path, 'reader'));
      expect((await get(path, 'admin')).status).toBe(200);
    });

    it('a detail read of an unpublished book cannot be widened by the client where', async () => {
      const draft = unpublished[0]!;
      const query = q({ where: { OR: [{ published: false }, { id: { gt: 0 } }] } });
      expect((await get(`/books/${draft.id}${query}`, 'reader')).status).toBe(404);
      expect((await get(`/books/isbn/${draft.isbn}${query}`, 'reader')).status).toBe(404);
    });
  });

  describe('identifier injection', () => {
    it.each([
      ['orderBy key', { orderBy: { 'title" DESC; --': 'asc' } }],
      ['orderBy value', { orderBy: { title: 'asc; DROP TABLE "Book"; --' } }],
      ['orderBy nulls', { orderBy: { publishedAt: { sort: 'asc', nulls: 'first) --' } } }],
      ['where key', { where: { '"title" OR 1=1 --': 'x' } }],
      ['where operator', { where: { title: { 'contains") OR 1=1 --': 'x' } } }],
      ['mode', { where: { title: { contains: 'x', mode: "insensitive'; --" } } }],
      ['include key', { include: { 'author) --': true } }],
      ['include argument', { include: { author: { 'select"': true } } }],
      ['fields', { fields: 'id,title;DROP' }],
      ['raw SQL', { where: { title: { $queryRaw: 'SELECT 1' } } }],
    ])('%s', async (_what, query) => {
      expectRefused(await get(`/books${q(query)}`, 'admin'));
    });
  });

  describe('over-budget queries', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    it.each([
      ['perPage above 100', { perPage: 101 }],
      ['an in list of 101', { where: { id: { in: list(101) } } }],
      ['101 filter nodes', { where: { OR: list(101).map((id) => ({ id })) } }],
      [
        'where nested 9 deep',
        { where: { NOT: { NOT: { NOT: { NOT: { NOT: { NOT: { NOT: { NOT: { id: 1 } } } } } } } } } },
      ],
      ['6 sort keys', { orderBy: list(6).map(() => ({ title: 'asc' })) }],
      [
        'includes 4 deep',
        {
          include: { author: { include: { books: { include: { reviews: { include: { book: true } } } } } } },
        },
      ],
      ['include take above the cap', { include: { reviews: { take: 101 } } }],
    ])('%s', async (_what, query) => {
      const response = await get(`/books${q(query)}`, 'admin');
      expectRefused(response);
      expect(response.status).toBe(400);
    });

    it('fields that load relations deeper than the relation budget', async () => {
      const response = await get(
        `/authors?fields=${encodeURIComponent('id,books{reviews{book{reviews{id}}}}')}`,
      );
      expectRefused(response);
      expect(response.body).toMatchObject({ code: 'too_deep', path: 'fields.books.reviews.book.reviews' });
    });

    it('includes fields deeper than the fields budget', async () => {
      const fields = 'author{books{author{books{author{books{author{id}}}}}}}';
      expectRefused(await get(`/books?fields=${encodeURIComponent(fields)}`, 'admin'));
    });
  });

  describe('operand shapes and LIKE metacharacters', () => {
    const probes: readonly string[] = [
      'where.title.gte.__prismaRawParameters__=true&where.title.gte.values=["x"]',
      'where[title][lt][$type]=FieldRef&where[title][lt][value][_ref]=internalNote',
      `where.author.name.equals=${encodeURIComponent('{"$type":"FieldRef","value":{"_ref":"email","_container":"Author"}}')}`,
      `where=${encodeURIComponent('{"reviews":{"some":{"body":{"contains":{"__prismaRawParameters__":true}}}}}')}`,
      'where.pages.in.__prismaRawParameters__=true&where.pages.in.values=[1]',
      `where.genre.in=${encodeURIComponent('[{"$type":"Param","value":"x"}]')}`,
      'where.title.not.$type=FieldRef',
      'include.reviews.where.rating.gt.$type=FieldRef',
      'where.title.contains=a%00b',
    ];
    it.each(probes)('refuses %s as every role', async (probe) => {
      for (const role of ['anonymous', 'reader', 'admin'] as const) {
        const response = await get(`/books?${probe}`, role);
        expectRefused(response, '__prismaRawParameters__');
        expect(response.status).toBe(400);
      }
    });

    it('LIKE metacharacters are literal in every search operator, also through relations', async () => {
      for (const text of ['%', '_', '\\', '%%', '_%_', '\\%']) {
        for (const operator of ['contains', 'startsWith', 'endsWith']) {
          const expected = fx.books.filter((b) =>
            operator === 'contains'
              ? b.title.includes(text)
              : operator === 'startsWith'
                ? b.title.startsWith(text)
                : b.title.endsWith(text),
          ).length;
          const response = await get<number>(
            `/books/count?where.title.${operator}=${encodeURIComponent(text)}`,
            'admin',
          );
          expect(response.status, `${operator} ${text}`).toBe(200);
          expect(response.body, `${operator} ${text}`).toBe(expected);
        }
      }
      const viaRelation = await get<number>(
        `/authors/count?where.books.some.title.contains=${encodeURIComponent('%')}`,
      );
      expect(viaRelation.body).toBe(
        new Set(published.filter((b) => b.title.includes('%')).map((b) => b.authorId)).size,
      );
    });
  });
});
