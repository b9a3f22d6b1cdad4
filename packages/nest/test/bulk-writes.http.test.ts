// The bulk write routes of ResourceController over real HTTP, on Express and Fastify set up by
// useFacetHttp, with a real Prisma client on PGlite: POST /bulk (a JSON array of bodies), PATCH and
// DELETE on the collection with `where` in the query, each answering `{ count }`; the refusals
// (400 naming `[index].field` or `where.…`, 403, 409) with Facet's error body, and nothing written.
import 'reflect-metadata';
import { createApiClient, isFacetHttpError, useModuleApi } from '@facet/client';
import { facetMutations, facetQueries } from '@facet/client/tanstack';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import type { ResourceCreateBody, ResourceItem, ResourceUpdateBody } from '../src/index.js';
import { FacetModule, ResourceController } from '../src/index.js';
import { ApiResourceRoutes } from '../src/swagger/index.js';
import { PLATFORMS, useWriteApps } from './support/write-apps.js';
import { type Caller, readOf, writeAccess, writeBooks, writeReviews } from './support/write-fixtures.js';

const ANN = 61;
const served = useWriteApps({ ann: ANN, bob: 62 });
const { send } = served;

describe.each(PLATFORMS)('bulk write routes on %s', (platform) => {
  const reviewsOfLibrary = () =>
    served.target.prisma.review.findMany({
      where: { bookId: { in: [...served.library.bookIds] } },
      orderBy: { id: 'asc' },
    });
  const booksOfLibrary = () =>
    served.target.prisma.book.findMany({
      where: { authorId: served.library.authorId },
      orderBy: { id: 'asc' },
    });

  it('POST /bulk creates every row of a JSON array and answers 201 { count }', async () => {
    const [alpha, , gamma] = served.library.bookIds;
    const before = (await reviewsOfLibrary()).length;
    const answer = await send(platform, 'POST', '/reviews/bulk', 'ann', [
      { rating: 4, body: `bulk ${platform} 1`, bookId: alpha },
      { rating: 5, body: `bulk ${platform} 2`, bookId: gamma },
    ]);
    expect(answer).toMatchObject({ status: 201, body: { count: 2 } });
    const rows = await reviewsOfLibrary();
    expect(rows).toHaveLength(before + 2);
    expect(rows.filter((row) => row.body.startsWith(`bulk ${platform}`)).map((row) => row.userId)).toEqual([
      ANN,
      ANN,
    ]);
  });

  it('POST /bulk refuses mass assignment in any row, prototype keys included, and writes none', async () => {
    const [alpha, beta] = served.library.bookIds;
    const before = await reviewsOfLibrary();
    const good = `{"rating":5,"body":"x","bookId":${alpha}}`;
    for (const [raw, path, status] of [
      [`[${good},{"rating":5,"body":"x","bookId":${alpha},"userId":7}]`, '[1].userId', 400],
      [`[{"rating":5,"body":"x","book":{"connect":{"id":${alpha}}}}]`, '[0].book', 400],
      [`[${good},{"rating":5,"body":"x","bookId":${alpha},"__proto__":{"userId":7}}]`, '[1].__proto__', 400],
      [`[${good},{"rating":5,"body":"x","bookId":${beta}}]`, '[1].bookId', 400],
      [`{"0":${good}}`, '', 400],
      [`[${Array.from({ length: 6 }, () => good).join(',')}]`, '', 400],
    ] as const) {
      const answer = await send(platform, 'POST', '/reviews/bulk', 'ann', raw);
      expect(answer.status, raw).toBe(status);
      expect(answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      // Fastify's own parser refuses a __proto__ key before Facet sees it (400 all the same).
      if (!(platform === 'fastify' && path.endsWith('__proto__'))) expect(answer.body?.path, raw).toBe(path);
    }
    expect(await reviewsOfLibrary()).toEqual(before);
  });

  it('PATCH /?where= writes every matching row; 403 when one is outside the rules; nothing written then', async () => {
    const published = await send(
      platform,
      'PATCH',
      `/books?where.authorId=${served.library.authorId}&where.published=false`,
      'editor',
      { published: true },
    );
    expect(published).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const before = await booksOfLibrary();
    const readable = await send(
      platform,
      'PATCH',
      `/books?where.authorId=${served.library.authorId}`,
      'editor',
      {
        pages: 9,
      },
    );
    expect(readable).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    expect(await booksOfLibrary()).toEqual(before);
    const drafts = await send(
      platform,
      'PATCH',
      `/books?where.authorId=${served.library.authorId}&where.published=false`,
      'editor',
      { title: `Draft ${platform}` },
    );
    const expected = before.filter((row) => !row.published).length;
    expect(drafts).toMatchObject({ status: 200, body: { count: expected } });
    expect((await booksOfLibrary()).filter((row) => row.title === `Draft ${platform}`)).toHaveLength(
      expected,
    );
  });

  it("the where is judged as a read's: hidden and misspelt fields alike, a missing where, a bad operator", async () => {
    const before = await booksOfLibrary();
    const hidden = await send(platform, 'PATCH', '/books?where.internalNote=x', 'editor', { pages: 1 });
    const misspelt = await send(platform, 'PATCH', '/books?where.internalNotes=x', 'editor', { pages: 1 });
    expect(hidden.status).toBe(400);
    const strip = (answer: typeof hidden) => ({ ...answer.body, path: '', message: '', issues: [] });
    expect(strip(hidden)).toEqual(strip(misspelt));
    expect(hidden.body?.path).toBe('where.internalNote');
    const missing = await send(platform, 'DELETE', '/books', 'admin');
    expect(missing).toMatchObject({ status: 400, body: { code: 'invalid_value', path: 'where' } });
    const operator = await send(platform, 'DELETE', '/books?where.title.regex=x', 'admin');
    expect(operator.status).toBe(400);
    const unknown = await send(
      platform,
      'DELETE',
      `/books?where.authorId=${served.library.authorId}&fields=id`,
      'admin',
    );
    expect(unknown).toMatchObject({ status: 400, body: { code: 'unknown_key', path: 'fields' } });
    expect(await booksOfLibrary()).toEqual(before);
  });

  it('DELETE /?where= deletes the matching rows the caller may delete, answers 200 { count }', async () => {
    const [alpha] = served.library.bookIds;
    await send(platform, 'POST', '/reviews/bulk', 'bob', [
      { rating: 1, body: `bob ${platform}`, bookId: alpha },
    ]);
    await send(platform, 'POST', '/reviews/bulk', 'ann', [
      { rating: 1, body: `ann ${platform}`, bookId: alpha },
    ]);
    const foreign = await send(platform, 'DELETE', `/reviews?where.bookId=${alpha}`, 'ann');
    expect(foreign).toMatchObject({ status: 403, body: { code: 'forbidden' } });
    const mine = (await reviewsOfLibrary()).filter(
      (row) => row.userId === ANN && row.bookId === alpha,
    ).length;
    expect(mine).toBeGreaterThan(0);
    const answer = await send(
      platform,
      'DELETE',
      `/reviews?where.bookId=${alpha}&where.userId=${ANN}`,
      'ann',
    );
    expect(answer).toMatchObject({ status: 200, body: { count: mine } });
    expect((await reviewsOfLibrary()).filter((row) => row.userId === ANN && row.bookId === alpha)).toEqual(
      [],
    );
    const referenced = await send(platform, 'DELETE', `/books?where.id=${alpha}`, 'admin');
    expect(referenced).toMatchObject({ status: 409, body: { code: 'still_referenced' } });
  });
});

describe('the OpenAPI document of the bulk routes', () => {
  it('documents each body, the required where, the { count } answers and the refusals', async () => {
    @ApiResourceRoutes(writeBooks)
    @Controller('books')
    class DocumentedBooks extends ResourceController(writeBooks, { writes: true }) {}
    @Module({
      imports: [
        FacetModule.forRoot({
          prisma: served.target.prisma,
          accessibleWhere: writeAccess,
          readContext: () => readOf(served.callers.admin as Caller),
        }),
        FacetModule.forFeature([writeBooks]),
      ],
      controllers: [DocumentedBooks],
    })
    class DocumentModule {}
    const app = await NestFactory.create(DocumentModule, { logger: false });
    await app.init();
    try {
      const document: OpenAPIObject = SwaggerModule.createDocument(app, new DocumentBuilder().build());
      const create = document.paths['/books/bulk']?.post;
      expect(create?.requestBody).toMatchObject({
        content: {
          'application/json': {
            schema: { type: 'array', items: { $ref: '#/components/schemas/BookInput' } },
          },
        },
      });
      const count = { schema: { type: 'object', properties: { count: { type: 'integer' } } } };
      expect(create?.responses['201']).toMatchObject({ content: { 'application/json': count } });
      expect(Object.keys(create?.responses ?? {}).sort()).toEqual(
        expect.arrayContaining(['400', '403', '409']),
      );
      for (const method of ['patch', 'delete'] as const) {
        const operation = document.paths['/books']?.[method];
        expect(operation?.responses['200'], method).toMatchObject({ content: { 'application/json': count } });
        expect(operation?.parameters, method).toContainEqual(
          expect.objectContaining({ name: 'where', required: true }),
        );
        expect(Object.keys(operation?.responses ?? {}), method).toEqual(
          expect.arrayContaining(['400', '403', '409']),
        );
      }
      expect(document.paths['/books']?.patch?.requestBody).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/PartialBookInput' } } },
      });
      expect(document.paths['/books']?.delete?.requestBody).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

type ReviewTypes = {
  where: { bookId?: number | { in: number[] }; userId?: number };
  create: ResourceCreateBody<typeof writeReviews>;
  update: ResourceUpdateBody<typeof writeReviews>;
};

describe.each(PLATFORMS)("the client's bulk calls against the server on %s", (platform) => {
  const reviewsAs = (caller: string) => {
    const api = createApiClient({
      origin: 'http://unused',
      facetErrors: true,
      axiosConfig: { headers: { 'x-caller': caller } },
    });
    // The test apps serve the routes at the root, without /api/v1.
    api.defaults.baseURL = served.url(platform);
    return useModuleApi<ResourceItem<typeof writeReviews>, ReviewTypes>(api, 'reviews');
  };

  it("createMany, updateMany and deleteMany, typed, with the server's refusals as FacetHttpError", async () => {
    const [alpha] = served.library.bookIds;
    const ann = reviewsAs('ann');
    expect(
      await ann.createMany([
        { rating: 2, body: `client ${platform}`, bookId: alpha },
        { rating: 3, body: `client ${platform}`, bookId: alpha },
      ]),
    ).toEqual({ count: 2 });
    const forged = await ann
      .createMany([{ rating: 2, body: 'x', bookId: alpha, userId: 1 } as ReviewTypes['create']])
      .catch((error: unknown) => error);
    expect(isFacetHttpError(forged) && forged).toMatchObject({
      status: 400,
      code: 'unknown_key',
      path: '[0].userId',
    });
    expect(await ann.updateMany({ bookId: alpha, userId: ANN }, { rating: 5 })).toMatchObject({
      count: expect.any(Number),
    });
    const foreign = await reviewsAs('bob')
      .updateMany({ bookId: alpha }, { rating: 1 })
      .catch((error: unknown) => error);
    expect(foreign).toMatchObject({ status: 403, code: 'forbidden' });
    expect(() => ann.deleteMany(undefined as never)).toThrow(TypeError);
    const mine = await served.target.prisma.review.count({ where: { bookId: alpha, userId: ANN } });
    expect(await ann.deleteMany({ bookId: alpha, userId: ANN })).toEqual({ count: mine });
  });

  it("TanStack bulk mutations invalidate the resource's queries on success only", async () => {
    const [alpha] = served.library.bookIds;
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
    const api = reviewsAs('ann');
    const count = facetQueries(api, 'reviews').count({ where: { bookId: alpha } });
    const before = await client.fetchQuery(count);
    const mutations = facetMutations(api, 'reviews');
    const create = new MutationObserver(client, mutations.createMany());
    expect(await create.mutate([{ rating: 4, body: 'tanstack', bookId: alpha }])).toEqual({ count: 1 });
    expect(client.getQueryState(count.queryKey)?.isInvalidated).toBe(true);
    expect(await client.fetchQuery(count)).toBe(before + 1);
    const refused = new MutationObserver(client, mutations.updateMany());
    await expect(refused.mutate({ where: { bookId: alpha }, data: { rating: 9 } })).rejects.toMatchObject({
      status: 400,
    });
    expect(client.getQueryState(count.queryKey)?.isInvalidated).toBe(false);
    const remove = new MutationObserver(client, mutations.deleteMany());
    expect(await remove.mutate({ where: { bookId: alpha, userId: ANN } })).toMatchObject({
      count: expect.any(Number),
    });
    expect(client.getQueryState(count.queryKey)?.isInvalidated).toBe(true);
    client.clear();
  });
});
