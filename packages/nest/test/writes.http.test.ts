// The write routes of ResourceController over real HTTP, on Express and Fastify set up by
// useFacetHttp, with a real Prisma client on PGlite: POST/PATCH/DELETE with no handler of the
// application's, statuses (201, 200, 204, 400, 403, 404, 409, 412), If-Match against the GET's ETag,
// raw JSON bodies with prototype keys, and the error body's shape.
import { describe, expect, it } from 'vitest';
import { newTag } from './support/seed.js';
import { PLATFORMS, useWriteApps } from './support/write-apps.js';

const served = useWriteApps({ ann: 41, bob: 42 });
const { send } = served;

describe.each(PLATFORMS)('write routes on %s', (platform) => {
  const bookBody = (isbn: string, extra: Record<string, unknown> = {}) => ({
    isbn,
    title: `Title ${isbn}`,
    price: '3.50',
    pages: 10,
    genre: 'SCIENCE',
    authorId: served.library.authorId,
    ...extra,
  });

  it('POST answers 201 with the row as the caller reads it, projected by `fields`', async () => {
    const [alpha] = served.library.bookIds;
    const created = await send(platform, 'POST', '/reviews?fields=rating,userId', 'ann', {
      rating: 4,
      body: 'over HTTP',
      bookId: alpha,
    });
    expect(created).toMatchObject({ status: 201, body: { rating: 4, userId: 41 } });
    expect(Object.keys(created.body ?? {}).sort()).toEqual(['rating', 'userId']);
  });

  it('POST answers 204 with no body when the caller may not read what it wrote', async () => {
    const answer = await send(platform, 'POST', '/books', 'contributor', bookBody(`${newTag()}-c`));
    expect(answer).toMatchObject({ status: 204, body: undefined });
  });

  it('refuses mass assignment in a raw JSON body, prototype keys included, naming the field', async () => {
    const [alpha] = served.library.bookIds;
    const before = await served.target.prisma.review.count();
    for (const [raw, path] of [
      [`{"rating":5,"body":"x","bookId":${alpha},"userId":7}`, 'userId'],
      [`{"rating":5,"body":"x","book":{"connect":{"id":${alpha}}}}`, 'book'],
      [`{"rating":5,"body":"x","bookId":${alpha},"__proto__":{"userId":7}}`, '__proto__'],
      [`{"rating":5,"body":"x","bookId":${alpha},"constructor":{"prototype":{"userId":7}}}`, 'constructor'],
    ] as const) {
      const answer = await send(platform, 'POST', '/reviews', 'ann', raw);
      expect(answer.status, raw).toBe(400);
      expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(typeof answer.body?.code).toBe('string');
      // Fastify's own parser refuses a __proto__ key before Facet sees it (400 all the same).
      if (!(platform === 'fastify' && path !== 'userId' && path !== 'book'))
        expect(answer.body?.path).toBe(path);
    }
    expect(await served.target.prisma.review.count()).toBe(before);
  });

  it('PATCH: 200 for the owner, 403 for another reader, 404 for a row it may not read', async () => {
    const [alpha, beta] = served.library.bookIds;
    const mine = await send(platform, 'POST', '/reviews', 'ann', { rating: 2, body: 'mine', bookId: alpha });
    const id = mine.body?.id as string;
    expect(await send(platform, 'PATCH', `/reviews/${id}`, 'ann', { rating: 3 })).toMatchObject({
      status: 200,
      body: { id, rating: 3 },
    });
    expect((await send(platform, 'PATCH', `/reviews/${id}`, 'bob', { rating: 1 })).status).toBe(403);
    const hidden = await served.target.prisma.review.create({
      data: { rating: 1, body: 'draft', bookId: beta, userId: 42 },
    });
    const a = await send(platform, 'PATCH', `/reviews/${hidden.id}`, 'bob', { rating: 5 });
    const b = await send(platform, 'PATCH', '/reviews/no-such-review', 'bob', { rating: 5 });
    expect(a).toEqual(b);
    expect(a.status).toBe(404);
  });

  it("If-Match takes the GET's ETag: a match writes, a stale one is a 412, a malformed one a 400", async () => {
    const created = await send(platform, 'POST', '/books', 'admin', bookBody(`${newTag()}-e`));
    const id = created.body?.id as number;
    const read = await send(platform, 'GET', `/books/${id}`, 'admin');
    expect(read.etag).toMatch(/^W\//);
    const etag = read.etag as string;
    const updated = await send(
      platform,
      'PATCH',
      `/books/${id}`,
      'admin',
      { pages: 11 },
      { 'if-match': etag },
    );
    expect(updated).toMatchObject({ status: 200, body: { pages: 11 } });
    const stale = await send(platform, 'PATCH', `/books/${id}`, 'admin', { pages: 12 }, { 'if-match': etag });
    expect(stale).toMatchObject({ status: 412, body: { code: 'precondition_failed' } });
    const malformed = await send(platform, 'DELETE', `/books/${id}`, 'admin', undefined, {
      'if-match': 'nope',
    });
    expect(malformed).toMatchObject({ status: 400, body: { code: 'invalid_precondition' } });
    expect((await served.target.prisma.book.findUniqueOrThrow({ where: { id } })).pages).toBe(11);
    const fresh = (await send(platform, 'GET', `/books/${id}`, 'admin')).etag as string;
    expect(
      await send(platform, 'DELETE', `/books/${id}`, 'admin', undefined, { 'if-match': fresh }),
    ).toMatchObject({
      status: 200,
      body: { id, pages: 11 },
    });
    expect(await served.target.prisma.book.count({ where: { id } })).toBe(0);
  });

  it("a duplicate is a 409 and a write out of the conditions a 403, with Facet's error body", async () => {
    const isbn = `${newTag()}-d`;
    expect((await send(platform, 'POST', '/books', 'admin', bookBody(isbn))).status).toBe(201);
    const duplicate = await send(platform, 'POST', '/books', 'admin', bookBody(isbn));
    expect(duplicate).toEqual({
      status: 409,
      etag: null,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'The row conflicts with an existing one',
        code: 'conflict',
      },
    });
    const publish = await send(
      platform,
      'POST',
      '/books',
      'editor',
      bookBody(`${newTag()}-p`, { published: true }),
    );
    expect(publish).toMatchObject({ status: 403, body: { statusCode: 403, code: 'forbidden' } });
    expect((await send(platform, 'DELETE', `/books/${served.library.bookIds[0]}`, 'editor')).status).toBe(
      403,
    );
  });

  it('a write route takes `fields` only in its query', async () => {
    const answer = await send(platform, 'POST', '/reviews?where.id=x', 'ann', {
      rating: 1,
      body: 'q',
      bookId: 1,
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'unknown_key' } });
  });
});
