// ResourceQuery over real HTTP on real Prisma (PGlite): the spec 4.7 (docs/spec-conformance.md#47-example-controller-routes) route shapes, fields and
// envelope projection, include merging, the count that is skipped when nothing shows it, the
// select push-down, and every 400 of the fields grammar. Run on Express and Fastify.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpFixture, openHttpFixture, type RunningApp, startApp } from './http-app.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';

let fixture: HttpFixture;
let library: SeededLibrary;
const apps = new Map<string, RunningApp>();
const PLATFORMS = ['express', 'fastify'] as const;

beforeAll(async () => {
  fixture = await openHttpFixture();
  library = await seedLibrary(fixture.prisma);
  const [alpha] = library.bookIds;
  await fixture.prisma.review.createMany({
    data: [
      { id: `${library.tag}-r1`, bookId: alpha, rating: 5, body: 'great' },
      { id: `${library.tag}-r2`, bookId: alpha, rating: 2, body: 'meh' },
    ],
  });
  await fixture.prisma.book.update({ where: { id: alpha }, data: { internalNote: 'restock' } });
  for (const platform of PLATFORMS) apps.set(platform, await startApp(fixture, platform));
}, 60_000);

afterAll(async () => {
  for (const running of apps.values()) await running.app.close();
  await fixture?.close();
});

const EDITOR = { 'x-role': 'editor' };
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
const titles = (body: unknown) => (body as { items: { title: string }[] }).items.map((item) => item.title);

describe.each(PLATFORMS)('ResourceQuery on %s', (platform) => {
  const app = () => apps.get(platform) as RunningApp;
  const mine = () => ({ 'where.authorId': String(library.authorId) });
  const methods = () => fixture.books.calls.map((call) => call.method);

  async function request(path: string, headers?: Record<string, string>) {
    fixture.books.calls.length = 0;
    fixture.sql.length = 0;
    return app().get(path, headers);
  }

  it('GET /books/search: QueryDTO in, PaginatedDTO of mapped DTOs out, with base and client includes', async () => {
    const query = q({ ...mine(), orderBy: '[{"title":"asc"}]', 'include.reviews.where.rating': '5' });
    const { status, body } = await request(`/books/search?${query}`, EDITOR);
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const [alpha] = (body as { items: Record<string, unknown>[] }).items;
    expect(alpha).toMatchObject({
      price: '12.50',
      internalNote: 'restock',
      author: { id: library.authorId, name: `Author ${library.tag}` },
      reviews: [{ id: `${library.tag}-r1`, rating: 5, body: 'great' }],
    });
    expect((body as { meta: unknown }).meta).toEqual({
      page: 1,
      perPage: 20,
      itemCount: 3,
      pageCount: 1,
      hasPrevPage: false,
      hasNextPage: false,
      nextCursor: null,
      prevCursor: null,
    });
    expect(methods().sort()).toEqual(['count', 'findMany']);
    expect(fixture.baseInclude).toEqual({ author: true });
  });

  it('readers see published books only, and never a field hidden from them', async () => {
    const { status, body } = await request(`/books?${q({ ...mine(), orderBy: '{"title":"asc"}' })}`);
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Alpha', 'Gamma']);
    for (const item of (body as { items: object[] }).items) expect(item).not.toHaveProperty('internalNote');
    const hidden = await request(`/books?${q({ ...mine(), fields: 'title,internalNote' })}`);
    const unknown = await request(`/books?${q({ ...mine(), fields: 'title,internalNotes' })}`);
    expect(hidden.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect((hidden.body as { code: string }).code).toBe((unknown.body as { code: string }).code);
  });

  it('GET /books?fields=…: projects items and reads only the needed columns', async () => {
    const fields = 'title,author{name}';
    const { status, body } = await request(
      `/books?${q({ ...mine(), fields, orderBy: '{"title":"asc"}' })}`,
      EDITOR,
    );
    expect(status).toBe(200);
    expect((body as { items: unknown[] }).items).toEqual(
      ['Alpha', 'Beta', 'Gamma'].map((title) => ({ title, author: { name: `Author ${library.tag}` } })),
    );
    expect((body as { meta: { itemCount: number } }).meta.itemCount).toBe(3);
    const bookReads = fixture.sql.filter(
      (sql) => sql.includes('FROM "public"."Book"') && !sql.includes('COUNT'),
    );
    expect(bookReads.length).toBeGreaterThan(0);
    for (const sql of bookReads) {
      expect(sql).toContain('"title"');
      expect(sql).not.toContain('"isbn"');
      expect(sql).not.toContain('"internalNote"');
    }

    // The same read without fields loads every column: the push-down is what narrowed it.
    await request(`/books?${q(mine())}`, EDITOR);
    expect(fixture.sql.some((sql) => sql.includes('FROM "public"."Book"') && sql.includes('"isbn"'))).toBe(
      true,
    );
  });

  it('envelope projection without totals runs no count query', async () => {
    const fields = 'items{title},meta{page,hasNextPage}';
    const { status, body } = await request(
      `/books?${q({ ...mine(), fields, perPage: '2', orderBy: '{"title":"asc"}' })}`,
      EDITOR,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [{ title: 'Alpha' }, { title: 'Beta' }],
      meta: { page: 1, hasNextPage: true },
    });
    expect(methods()).toEqual(['findMany']);
    expect(fixture.sql.some((sql) => sql.includes('COUNT'))).toBe(false);
  });

  it('envelope projection with itemCount or pageCount runs the count', async () => {
    const { status, body } = await request(
      `/books?${q({ ...mine(), fields: 'meta{itemCount,pageCount}' })}`,
      EDITOR,
    );
    expect(status).toBe(200);
    expect(body).toEqual({ meta: { itemCount: 3, pageCount: 1 } });
    expect(methods().sort()).toEqual(['count', 'findMany']);
  });

  it.each([
    ['toString{x}', 'fields.toString', 'unknown_key', 0],
    ['title,constructor', 'fields.constructor', 'prototype_key', 6],
    ['__proto__', 'fields.__proto__', 'prototype_key', 0],
    ['hasOwnProperty', 'fields.hasOwnProperty', 'unknown_key', 0],
    ['title{x}', 'fields.title', 'invalid_value', 0],
    ['id, author{nme}', 'fields.author.nme', 'unknown_key', 11],
    ['items{titel},meta{page}', 'fields.items.titel', 'unknown_key', 6],
    ['items{title},meta{total}', 'fields.meta.total', 'unknown_key', 18],
    ['author{', 'fields.author', 'invalid_value', 7],
    ['a'.repeat(3000), 'fields', 'too_many', undefined],
  ])('fields=%s is a 400 at %s (%s), never a 500', async (fields, path, code, position) => {
    const { status, body } = await request(`/books?${q({ fields })}`, EDITOR);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code, path });
    const [issue] = (body as { issues: { position?: number }[] }).issues;
    expect(issue?.position).toBe(position);
    expect(fixture.books.calls).toEqual([]);
  });

  it('GET /books/:id and /books/find-by-id/:id: the detail request shape, projected', async () => {
    const [alpha, beta] = library.bookIds;
    const detail = q({
      fields: 'title,reviews{rating}',
      'where.published': 'true',
      orderBy: '{"title":"asc"}',
    });
    for (const route of ['/books', '/books/find-by-id']) {
      const { status, body } = await request(`${route}/${alpha}?${detail}`, EDITOR);
      expect({ route, status }).toEqual({ route, status: 200 });
      expect(body).toEqual({
        title: 'Alpha',
        reviews: expect.arrayContaining([{ rating: 5 }, { rating: 2 }]),
      });
      // The client where narrows the lookup: Beta is a draft.
      expect((await request(`${route}/${beta}?${detail}`, EDITOR)).status).toBe(404);
    }
    // Readers cannot see drafts at all, with the same 404.
    expect((await request(`/books/${beta}`)).status).toBe(404);
    expect((await request(`/books/${alpha}?fields=internalNote`)).status).toBe(400);
  });

  it('GET /books/isbn/:isbn: a natural key route through ResourceQuery.findOne', async () => {
    const ok = await request(`/books/isbn/${library.tag}-Gamma?fields=title,author{name}`, EDITOR);
    expect(ok).toEqual({ status: 200, body: { title: 'Gamma', author: { name: `Author ${library.tag}` } } });
    expect((await request(`/books/isbn/${library.tag}-Beta`)).status).toBe(404);
    expect((await request(`/books/isbn/nope-${library.tag}`, EDITOR)).status).toBe(404);
  });

  it('GET /books/stats/summary and /books/count follow the caller access', async () => {
    const reader = await request('/books/stats/summary');
    const editor = await request('/books/stats/summary', EDITOR);
    expect(reader.status).toBe(200);
    expect(reader.body).toMatchObject({
      accessibleCount: 2,
      aggregate: { _count: 2, _max: { price: '99999999.99' } },
    });
    expect(editor.body).toMatchObject({
      accessibleCount: 3,
      aggregate: { _count: 3, _min: { price: '0.1' } },
    });
    expect(await request(`/books/count?${q(mine())}`)).toEqual({ status: 200, body: 2 });
  });

  it('page and perPage are validated: a 400 with a clear message, never clamped', async () => {
    const over = await request(`/books?${q({ perPage: '1000' })}`, EDITOR);
    expect(over.status).toBe(400);
    const zero = await request(`/books?${q({ page: '0' })}`, EDITOR);
    expect(zero.status).toBe(400);
    expect((zero.body as { message: string[] }).message).toContain('page must be a positive integer');
    expect(fixture.books.calls).toEqual([]);
  });

  it('parallel reads with different projections never share state', async () => {
    const variants = ['title', 'pages', 'title,author{name}', 'items{isbn},meta{page}', 'id,price'];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const fields = variants[index % variants.length] as string;
        return app()
          .get(`/books?${q({ ...mine(), fields, orderBy: '{"title":"asc"}' })}`, EDITOR)
          .then((response) => ({ fields, ...response }));
      }),
    );
    for (const { fields, status, body } of responses) {
      expect({ fields, status }).toEqual({ fields, status: 200 });
      const envelope = fields.startsWith('items{');
      const items = (body as { items: Record<string, unknown>[] }).items;
      const expected = envelope ? ['isbn'] : fields.replace(/\{[^}]*\}/g, '').split(',');
      for (const item of items) expect(Object.keys(item)).toEqual(expected);
      expect(Object.keys((body as { meta: object }).meta)).toEqual(
        envelope ? ['page'] : expect.arrayContaining(['itemCount']),
      );
    }
  });

  it('the envelope rule: a resource field named items or meta is projected from inside the envelope', async () => {
    const where = { 'where.id': String(library.authorId) };
    const wrapped = await request(`/shelves?${q({ ...where, fields: 'items{items{title}}' })}`);
    expect(wrapped.status).toBe(200);
    expect(wrapped.body).toEqual({
      items: [{ items: expect.arrayContaining([{ title: 'Alpha' }, { title: 'Beta' }, { title: 'Gamma' }]) }],
    });
    const bare = await request(`/shelves?${q({ ...where, fields: 'name,meta' })}`);
    expect(bare.status).toBe(200);
    expect((bare.body as { items: unknown[] }).items).toEqual([
      { name: `Author ${library.tag}`, meta: library.tag },
    ]);
    expect((bare.body as { meta: { itemCount: number } }).meta.itemCount).toBe(1);
    const ambiguous = await request(`/shelves?${q({ ...where, fields: 'items{title}' })}`);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toMatchObject({ code: 'unknown_key', path: 'fields.items.title' });
  });
});
