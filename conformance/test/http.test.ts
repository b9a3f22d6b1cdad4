// Sections 2.3, 4.5, 4.7, 7.g and 8 of docs/spec-conformance.md over real HTTP: the example app, and
// a Nest app built from the specification's helpers (QueryTransformPipe, QueryDTO, QueryService,
// PaginatedDTO), both on the built @facet/nest.
import { encodeQuery } from '@facet/core';
import { parseQueryObject } from '@facet/nest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, LIBRARY, openDatabase } from '../support/database.js';
import { type RunningLibrary, startLibrary, tokenOf } from '../support/library.js';
import { type RunningNestApp, startNestApp } from '../support/nest-app.js';

let library: RunningLibrary;
let database: Database;
let app: RunningNestApp;

beforeAll(async () => {
  library = await startLibrary();
  database = await openDatabase();
  app = await startNestApp(database);
}, 60_000);
afterAll(async () => {
  await library?.close();
  await app?.close();
  await database?.close();
});

interface Page<T = Record<string, unknown>> {
  items: T[];
  meta: Record<string, unknown>;
}
type FixtureBook = RunningLibrary['fixture']['books'][number];

async function get<T = unknown>(path: string, role?: 'admin' | 'editor' | 'reader') {
  const headers: Record<string, string> = role
    ? { authorization: `Bearer ${tokenOf(library.fixture, role)}` }
    : {};
  const response = await fetch(`${library.origin}/api/v1${path}`, { headers });
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T, text };
}
const published = (): FixtureBook[] => library.fixture.books.filter((book) => book.published);
const q = (query: Record<string, unknown>) => `?${encodeQuery(query)}`;

describe('2.3 Page meta fields', () => {
  it('2.3.a page: the current page number', async () => {
    const { body } = await get<Page>(`/books${q({ page: 3, perPage: 4 })}`);
    expect(body.meta.page).toBe(3);
  });

  it('2.3.b perPage: the page size', async () => {
    const { body } = await get<Page>(`/books${q({ perPage: 7 })}`);
    expect(body.meta.perPage).toBe(7);
    expect(body.items).toHaveLength(7);
  });

  it('2.3.c itemCount: the total count of matching items', async () => {
    const { body } = await get<Page>(`/books${q({ where: { genre: 'POETRY' }, perPage: 1 })}`);
    expect(body.meta.itemCount).toBe(published().filter((book) => book.genre === 'POETRY').length);
  });

  it('2.3.d pageCount: the total number of pages, 0 when nothing matches', async () => {
    const { body } = await get<Page>(`/books${q({ perPage: 7 })}`);
    expect(body.meta.pageCount).toBe(Math.ceil(published().length / 7));
    const none = await get<Page>(`/books${q({ where: { title: 'no such title' } })}`);
    expect(none.body.meta).toMatchObject({ itemCount: 0, pageCount: 0 });
  });

  it("2.3.e further fields: hasPrevPage, hasNextPage, nextCursor, prevCursor (Facet's choice), also by projection", async () => {
    const { body } = await get<Page>(`/books${q({ page: 2, perPage: 5 })}`);
    expect(Object.keys(body.meta).sort()).toEqual(
      [
        'hasNextPage',
        'hasPrevPage',
        'itemCount',
        'nextCursor',
        'page',
        'pageCount',
        'perPage',
        'prevCursor',
      ].sort(),
    );
    expect(body.meta).toMatchObject({ hasPrevPage: true, hasNextPage: true });
    const projected = await get<Page>(`/books${q({ fields: 'meta{page,perPage,itemCount,pageCount}' })}`);
    expect(projected.body).toEqual({
      meta: {
        page: 1,
        perPage: 20,
        itemCount: published().length,
        pageCount: Math.ceil(published().length / 20),
      },
    });
  });
});

describe('4.5 Query-string parsing', () => {
  it('4.5.a QueryTransformPipe parses the keys before the DTO reaches QueryService; parseQueryObject is its wrapper', async () => {
    const echoed = await app.get(
      '/books/echo?where.title.contains=Notes&page=1&perPage=2&orderBy=%7B%22id%22%3A%22desc%22%7D',
    );
    expect(echoed).toEqual({
      status: 200,
      body: { where: { title: { contains: 'Notes' } }, page: 1, perPage: 2, orderBy: { id: 'desc' } },
    });
    const found = await app.get('/books/search?where.title.contains=Notes');
    expect((found.body as Page).items.map((book) => book.id)).toEqual([1]);
    expect(parseQueryObject({ 'where.title.contains': 'Notes', page: '1' })).toEqual({
      where: { title: { contains: 'Notes' } },
      page: 1,
    });
  });

  it('4.5.b dotted keys: a.b.c=v becomes { a: { b: { c: v } } }', async () => {
    expect(parseQueryObject({ 'a.b.c': 'v' })).toEqual({ a: { b: { c: 'v' } } });
    expect(parseQueryObject({ 'a[b][c]': 'v', 'a.b.d': 'w' })).toEqual({ a: { b: { c: 'v', d: 'w' } } });
    const echoed = await app.get('/books/echo?where.author.name.startsWith=Ada');
    expect(echoed.body).toEqual({ where: { author: { name: { startsWith: 'Ada' } } } });
  });

  it('4.5.c JSON-like values become those values', async () => {
    expect(
      parseQueryObject({ a: 'false', b: '[1,"x"]', c: '{"d":null}', e: '12', f: 'true', g: '1.5e3' }),
    ).toEqual({ a: false, b: [1, 'x'], c: { d: null }, e: 12, f: true, g: 1500 });
    const echoed = await app.get(
      `/books/echo?where.published=false&where.id.in=${encodeURIComponent('[1,3]')}`,
    );
    expect(echoed.body).toEqual({ where: { published: false, id: { in: [1, 3] } } });
  });

  it('4.5.d invalid JSON-like strings are kept as strings, and parsing does not throw', async () => {
    const odd = { a: '[1,', b: '{nope}', c: 'tru', d: '"unterminated', e: '1e999' };
    expect(parseQueryObject(odd)).toEqual(odd);
    const echoed = await app.get(`/books/echo?where.title=${encodeURIComponent('[not json')}`);
    expect(echoed.body).toEqual({ where: { title: '[not json' } });
  });

  it('4.5.e ORM validation errors are converted later, by QueryService, into a 400', async () => {
    const { status, body } = await app.get('/books/search?where.nosuchfield=1');
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code: 'invalid_query' });
    expect(JSON.stringify(body)).not.toContain('nosuchfield');
  });

  it('4.5.f the example list request answers 200, in both orders of its include keys', async () => {
    const orderBy = encodeURIComponent(JSON.stringify([{ title: 'asc' }, { id: 'asc' }]));
    const filters = 'where.published=true&where.author.name.contains=a&where.author.name.mode=insensitive';
    const deep = 'include.author.include.books.select.title=true';
    const expected = published().filter((book) =>
      library.fixture.authors.some((author) => author.id === book.authorId && /a/i.test(author.name)),
    );
    for (const includes of [`${deep}&include.author=true`, `include.author=true&${deep}`]) {
      const { status, body } = await get<Page<{ author: { books: { title: string }[] } }>>(
        `/books/search?${filters}&${includes}&orderBy=${orderBy}&page=1&perPage=5`,
      );
      expect(status).toBe(200);
      expect(body.meta).toMatchObject({ page: 1, perPage: 5, itemCount: expected.length });
      for (const item of body.items) expect(Array.isArray(item.author.books)).toBe(true);
    }
  });

  it('4.5.g real clients URL-encode JSON arrays and objects; unencoded brackets (curl -g) read the same', async () => {
    const query = { orderBy: [{ title: 'desc' }], where: { id: { in: [1, 2, 3] } } };
    const encoded = encodeQuery(query);
    expect(encoded).not.toMatch(/[[\]{}"]/);
    const raw = 'orderBy=[{"title":"desc"}]&where[id][in]=[1,2,3]';
    const viaClient = await get<Page>(`/books/search?${encoded}`, 'admin');
    const viaCurl = await get<Page>(`/books/search?${raw}`, 'admin');
    expect(viaClient.status).toBe(200);
    expect(viaCurl.body.items).toEqual(viaClient.body.items);
    expect(viaClient.body.items.map((book) => book.id)).toHaveLength(3);
  });

  it('4.5.h the detail request: GET /<resource>/:id?fields=…&where.<field>=…&orderBy=<JSON object>', async () => {
    const [book] = published();
    const orderBy = encodeURIComponent('{"title":"asc"}');
    const shown = await get(`/books/${book?.id}?fields=title,isbn&where.published=true&orderBy=${orderBy}`);
    expect(shown).toMatchObject({ status: 200, body: { title: book?.title, isbn: book?.isbn } });
    // The where narrows the lookup: the same id with a where it does not meet is the 404.
    const narrowed = await get(`/books/${book?.id}?fields=title&where.published=false&orderBy=${orderBy}`);
    expect(narrowed.status).toBe(404);
  });
});

describe('4.7 Example controller routes', () => {
  it('4.7.a GET /<resource>/search: a PaginatedDTO of mapped DTOs', async () => {
    const { status, body } = await get<Page>(`/books/search${q({ perPage: 2, orderBy: { id: 'asc' } })}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['items', 'meta']);
    const [first] = published();
    // Mapped: the price is the DTO's exact string, and no column outside the DTO shows.
    expect(body.items[0]).toMatchObject({ id: first?.id, price: first?.price });
    expect(body.items[0]).not.toHaveProperty('internalNote');
  });

  it('4.7.b GET /<resource>: a PaginatedDTO projected with Fields.project, envelope included', async () => {
    const { body } = await get<Page>(
      `/books${q({ fields: 'id,author{name}', perPage: 1, orderBy: { id: 'asc' } })}`,
    );
    const [first] = published();
    const author = library.fixture.authors.find((candidate) => candidate.id === first?.authorId);
    expect(body.items).toEqual([{ id: first?.id, author: { name: author?.name } }]);
    const envelope = await get(
      `/books${q({ fields: 'items{id},meta{itemCount}', perPage: 1, orderBy: { id: 'asc' } })}`,
    );
    expect(envelope.body).toEqual({ items: [{ id: first?.id }], meta: { itemCount: published().length } });
  });

  it('4.7.c GET /<resource>/:id: one projected DTO (and find-by-id, count for the client)', async () => {
    const [first] = published();
    expect((await get(`/books/${first?.id}?fields=title`)).body).toEqual({ title: first?.title });
    expect((await get(`/books/find-by-id/${first?.id}?fields=title`)).body).toEqual({ title: first?.title });
    expect((await get('/books/count')).body).toBe(published().length);
    const hidden = library.fixture.books.find((book) => !book.published);
    expect((await get(`/books/${hidden?.id}`)).status).toBe(404);
  });

  it('4.7.d GET /<resource>/isbn/:isbn: one DTO by its natural unique key', async () => {
    const [first] = published();
    const { status, body } = await get<Record<string, unknown>>(`/books/isbn/${first?.isbn}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: first?.id, isbn: first?.isbn, title: first?.title });
    const hidden = library.fixture.books.find((book) => !book.published);
    expect((await get(`/books/isbn/${hidden?.isbn}`)).status).toBe(404);
    expect((await get(`/books/isbn/${hidden?.isbn}`, 'editor')).status).toBe(200);
  });

  it('4.7.e GET /<resource>/stats/summary: { aggregate, accessibleCount }', async () => {
    const { body } = await get<{
      aggregate: { _count: { _all: number }; _max: { price: string } };
      accessibleCount: number;
    }>('/books/stats/summary');
    expect(Object.keys(body).sort()).toEqual(['accessibleCount', 'aggregate']);
    expect(body.accessibleCount).toBe(published().length);
    expect(body.aggregate._count._all).toBe(published().length);
    const cents = published().map((book) => Math.round(Number(book.price) * 100));
    expect(body.aggregate._max.price).toBe((Math.max(...cents) / 100).toFixed(2));
  });

  it("4.7.f a query parameter a route does not read is a 400 naming it (Facet's choice)", async () => {
    const [first] = published();
    for (const path of [
      '/books?foo=1',
      '/books/count?page=2',
      `/books/${first?.id}?page=2`,
      `/books/isbn/${first?.isbn}?foo=1`,
      '/books/stats/summary?where.published=false',
    ]) {
      const { status, body } = await get<{ code: string; path: string }>(path, 'admin');
      expect(status, path).toBe(400);
      expect(body.code, path).toBe('unknown_key');
    }
    expect((await get<{ path: string }>('/books/stats/summary?foo=1')).body.path).toBe('foo');
  });
});

describe("2.4 and 4.7: Facet's additions to the query and the routes", () => {
  const matches = (book: FixtureBook, text: string) =>
    [book.title, book.isbn].some((value) => value.toLowerCase().includes(text.toLowerCase()));

  it("2.4.j q (Facet's addition) keeps the rows whose searchable fields contain the text, literally, case-insensitively", async () => {
    for (const text of ['THE', 'o', '100%', '%', '_']) {
      const { status, body } = await get<Page>(`/books${q({ q: text, perPage: 1 })}`);
      expect(status, text).toBe(200);
      expect(body.meta.itemCount, text).toBe(published().filter((book) => matches(book, text)).length);
    }
    const genre = await get<Page>(`/books${q({ q: 'o', where: { genre: 'POETRY' }, perPage: 1 })}`);
    expect(genre.body.meta.itemCount).toBe(
      published().filter((book) => book.genre === 'POETRY' && matches(book, 'o')).length,
    );
    // internalNote is not searchable for anybody, and hidden from readers: its text finds nothing.
    const note = published().find((book) => book.internalNote.length > 3)?.internalNote ?? 'zz';
    const hidden = await get<Page>(`/books${q({ q: note, perPage: 1 })}`);
    expect(hidden.body.meta.itemCount).toBe(published().filter((book) => matches(book, note)).length);
    const long = await get<{ code: string }>(`/books${q({ q: 'x'.repeat(201) })}`);
    expect(long).toMatchObject({ status: 400, body: { code: 'invalid_value' } });
  });

  it("2.4.k count (Facet's addition): exact by default, estimated below the threshold is exact, none runs no count", async () => {
    const total = published().length;
    const exact = await get<Page>(`/books${q({ count: 'exact', perPage: 2 })}`);
    expect(exact.body.meta).toMatchObject({ itemCount: total, countMode: 'exact' });
    const estimated = await get<Page>(`/books${q({ count: 'estimated', perPage: 2 })}`);
    expect(estimated.body.meta).toMatchObject({ itemCount: total, countMode: 'exact' });
    const none = await get<Page>(`/books${q({ count: 'none', perPage: 2 })}`);
    expect(none.body.meta).not.toHaveProperty('itemCount');
    expect(none.body.meta).not.toHaveProperty('pageCount');
    expect(none.body.meta).toMatchObject({ hasNextPage: total > 2 });
    expect((await get<{ code: string }>(`/books${q({ count: 'roughly' })}`)).status).toBe(400);
  });

  it("4.7.g GET /<resource>/export (Facet's addition) streams every readable row, projected, as CSV or NDJSON", async () => {
    const where = { genre: 'POETRY' };
    const expected = published().filter((book) => book.genre === 'POETRY');
    const csv = await fetch(
      `${library.origin}/api/v1/books/export${q({ format: 'csv', where, fields: 'id,title' })}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="books.csv"');
    const text = await csv.text();
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('id,title');
    // Titles may hold line breaks inside quotes; the ids start every record.
    const ids = [...text.matchAll(/(?:^|\r\n)(\d+),/g)].map((match) => Number(match[1]));
    expect(ids).toEqual(expected.map((book) => book.id).sort((a, b) => a - b));
    const ndjson = await fetch(
      `${library.origin}/api/v1/books/export${q({ format: 'ndjson', where, fields: 'id' })}`,
    );
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson');
    const items = (await ndjson.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number });
    expect(items.map((item) => item.id)).toEqual(ids);
    const refused = await get<{ code: string }>(
      `/books/export${q({ format: 'csv', fields: 'id,internalNote' })}`,
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'unknown_key' } });
  });

  it("4.7.i GET /<resource>/aggregate (Facet's addition): aggregates and groups of the readable rows only", async () => {
    const all = await get<{ _count: { _all: number } }>(`/books/aggregate${q({ _count: { _all: true } })}`);
    expect(all).toMatchObject({ status: 200, body: { _count: { _all: published().length } } });
    const groups = await get<{ items: { genre: string; _count: { _all: number } }[] }>(
      `/books/aggregate${q({ by: 'genre', _count: { _all: true }, orderBy: [{ _count: { id: 'desc' } }] })}`,
    );
    expect(groups.status).toBe(200);
    const expected = new Map<string, number>();
    for (const book of published()) expected.set(book.genre, (expected.get(book.genre) ?? 0) + 1);
    expect(new Map(groups.body.items.map((group) => [group.genre, group._count._all]))).toEqual(expected);
    const counts = groups.body.items.map((group) => group._count._all);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    // A field hidden from the caller answers like a misspelt one, wherever it is named.
    for (const query of [{ by: 'internalNote', _count: { _all: true } }, { _max: { internalNote: true } }]) {
      const hidden = await get<{ code: string }>(`/books/aggregate${q(query)}`);
      const misspelt = await get<{ code: string }>(
        `/books/aggregate${q(JSON.parse(JSON.stringify(query).replace('internalNote', 'internalNot')))}`,
      );
      expect(hidden.status).toBe(400);
      expect(hidden.body.code).toBe(misspelt.body.code);
    }
    const having = await get<{ code: string }>(
      `/books/aggregate${q({ by: 'genre', having: { genre: 'POETRY' } })}`,
    );
    expect(having.status).toBe(400);
  });

  it("4.7.h conditional requests (Facet's addition): ETag and 304 on reads, If-Match 412 on writes", async () => {
    const [first] = published();
    const url = `${library.origin}/api/v1/books/${first?.id}`;
    const read = await fetch(url);
    const tag = read.headers.get('etag');
    expect(tag).toMatch(/^W\/"/);
    expect(read.headers.get('cache-control')).toBe('private, no-cache');
    expect(read.headers.get('vary')).toMatch(/Authorization/i);
    // Node's fetch sends Cache-Control: no-cache beside If-None-Match; the tag still decides.
    const again = await fetch(url, { headers: { 'if-none-match': tag ?? '', 'cache-control': 'no-cache' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const reader = library.fixture.users.find((user) => user.role === 'reader');
    const own = library.fixture.reviews.find((review) => review.userId === reader?.id);
    const write = (ifMatch: string) =>
      fetch(`${library.origin}/api/v1/reviews/${own?.id}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${tokenOf(library.fixture, 'reader')}`,
          'content-type': 'application/json',
          'if-match': ifMatch,
        },
        body: JSON.stringify({ body: 'changed by a stale tag' }),
      });
    expect((await write('W/"stale"')).status).toBe(412);
    expect((await write('not a tag')).status).toBe(400);
    const after = await get<{ body: string }>(`/reviews/${own?.id}`, 'reader');
    expect(after.body.body).toBe(own?.body);
  });
});

describe('7. Errors (statuses over HTTP)', () => {
  it('7.b an Int operand out of range never reaches the database (where it would raise P2020, a 500 in a read): a 400 behind a plain QueryService and behind a Resource', async () => {
    const tooBig = 'where.pages.gt=1099511627776';
    const plain = await app.get(`/books/search?${tooBig}`);
    expect(plain).toMatchObject({ status: 400, body: { code: 'invalid_type', path: 'where.pages.gt' } });
    const resource = await get<{ code: string; path: string }>(`/books?${tooBig}`);
    expect(resource).toMatchObject({ status: 400, body: { code: 'invalid_type', path: 'where.pages.gt' } });
  });
});

describe('7. Errors (bodies)', () => {
  it("7.g every error body is { statusCode, error, message, code }, plus path and issues for refused input; nothing echoed (Facet's choice)", async () => {
    const secret = 'zz-secret-value';
    const refused = await get<Record<string, unknown>>(`/books${q({ where: { internalNote: secret } })}`);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual([
      'code',
      'error',
      'issues',
      'message',
      'path',
      'statusCode',
    ]);
    expect(refused.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'unknown_key',
      path: 'where.internalNote',
    });
    expect(refused.text).not.toContain(secret);
    const missing = await get<Record<string, unknown>>('/books/999999');
    expect(Object.keys(missing.body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
    expect(missing.body).toMatchObject({ statusCode: 404, code: 'not_found' });
    const route = await get<Record<string, unknown>>('/no-such-route');
    expect(Object.keys(route.body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
  });
});

describe('8. Limits', () => {
  it("8.a each limit is an option with a default, and going over it is a 400, never a clamp (Facet's choice)", async () => {
    const over = [
      q({ perPage: 101 }),
      q({ page: 10_001 }),
      `?${Array.from({ length: 201 }, (_, index) => `k${index}=1`).join('&')}`,
      `?${'a.'.repeat(11)}b=1`,
      `?fields=${'author{books{'.repeat(5)}id${'}}'.repeat(5)}`,
    ];
    for (const query of over) {
      const { status, body } = await get<{ code: string }>(`/books${query}`);
      expect(status, query.slice(0, 40)).toBe(400);
      expect(body.code, query.slice(0, 40)).toMatch(/too_|invalid|unknown/);
    }
    const limit = await get<Page>(`/books${q({ perPage: 100 })}`);
    expect(limit.status).toBe(200);
  });
});

describe('the library of these tests', () => {
  it('2.3.c the nest app counts the whole filter, not the page', async () => {
    const { body } = await app.get('/books/search?perPage=1', { 'x-role': 'staff' });
    expect((body as Page).meta.itemCount).toBe(LIBRARY.books.length);
  });
});
