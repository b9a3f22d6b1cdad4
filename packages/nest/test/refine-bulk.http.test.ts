// @facet/client/refine's bulk calls (createMany, updateMany, deleteMany) against a real Nest HTTP
// server whose resources serve bulk routes (`writes.bulk`, the fixtures of bulk-writes.http.test.ts)
// and one that does not (authors): which requests each call sends, what `data` holds, what the
// database holds after, and the server's refusals as Refine's HttpError with nothing written.
// Express only: the routes themselves are proven on both platforms by bulk-writes.http.test.ts.
import 'reflect-metadata';
import { createApiClient } from '@facet/client/api';
import {
  type FacetDataProviderOptions,
  type FacetRefineError,
  facetDataProvider,
} from '@facet/client/refine';
import { listenApp } from '@facet/test-support/net';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import type { BaseKey, BaseRecord, DataProvider } from '@refinedev/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacetModule, type ReadContext, ResourceController } from '../src/index.js';
import { adminDataProvider, importAndModerate } from './snippets/refine-bulk.js';
import { createFacetApp } from './support/facet-app.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';
import {
  BULK_MAX_ROWS,
  type Caller,
  readOf,
  type WriteAbility,
  writeAccess,
  writeAuthors,
  writeBooks,
  writeReviews,
} from './support/write-fixtures.js';

@Controller('books')
class BooksController extends ResourceController(writeBooks, { writes: true }) {}

@Controller('reviews')
class ReviewsController extends ResourceController(writeReviews, { writes: true }) {}

/** Authors serve `DELETE /authors/:id` and no bulk route. */
@Controller('authors')
class AuthorsController extends ResourceController(writeAuthors, { writes: true }) {}

const CALLERS: Record<string, Caller> = {
  admin: { role: 'admin', userId: 1 },
  editor: { role: 'editor', userId: 2 },
  ann: { role: 'reader', userId: 71 },
  bob: { role: 'reader', userId: 72 },
};
const ANN = 71;

let target: TestTarget;
let library: SeededLibrary;
let app: INestApplication;
let origin: string;

beforeAll(async () => {
  target = await openTarget('pglite');
  library = await seedLibrary(target.prisma);
  @Module({
    imports: [
      FacetModule.forRoot({
        prisma: target.prisma,
        accessibleWhere: writeAccess,
        // The bearer token names the caller.
        readContext: (request): ReadContext<WriteAbility> => {
          const header = (request as { headers: Record<string, string | undefined> }).headers.authorization;
          const name = header?.replace(/^Bearer /, '') ?? 'ann';
          return readOf(CALLERS[name] ?? (CALLERS.ann as Caller));
        },
      }),
      FacetModule.forFeature([writeBooks, writeReviews, writeAuthors]),
    ],
    controllers: [BooksController, ReviewsController, AuthorsController],
  })
  class AppModule {}
  // Under /api/v1, where createApiClient looks by default.
  app = await createFacetApp(AppModule, 'express', { beforeHttp: (nest) => nest.setGlobalPrefix('api/v1') });
  origin = await listenApp(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await target?.close();
});

interface Review extends BaseRecord {
  id: string;
  rating: number;
  body: string;
  userId: number;
  bookId: number;
}
type ReviewBody = Pick<Review, 'rating' | 'body' | 'bookId'>;

/** The provider as `caller`, and every request it sends (`METHOD path?query`). */
function providerAs(caller: string, options: FacetDataProviderOptions) {
  const api = createApiClient({ origin, getToken: () => caller, facetErrors: true });
  const sent: string[] = [];
  api.interceptors.request.use((config) => {
    const keys = Object.keys((config.params ?? {}) as object);
    const query = keys.length > 0 ? `?${keys.join('&')}` : '';
    sent.push(`${config.method?.toUpperCase()} ${config.url}${query}`);
    return config;
  });
  const provider: DataProvider = facetDataProvider(api, options);
  return { provider, sent };
}

/** Refine's bulk methods of `provider`, which must have them. */
function bulkOf(provider: DataProvider) {
  const { createMany, updateMany, deleteMany } = provider;
  if (!createMany || !updateMany || !deleteMany) throw new Error('the provider has no bulk methods');
  return { createMany, updateMany, deleteMany };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: FacetRefineError) => error,
  );

const reviewsOf = (bookId: number, userId = ANN) =>
  target.prisma.review.findMany({ where: { bookId, userId }, orderBy: { id: 'asc' } });

describe('@facet/client/refine bulk calls', () => {
  it('has no bulk methods by default, so Refine makes one single call per row', () => {
    const { provider } = providerAs('ann', {});
    expect(provider.createMany).toBeUndefined();
    expect(provider.updateMany).toBeUndefined();
    expect(provider.deleteMany).toBeUndefined();
    expect(providerAs('ann', { bulk: false }).provider.createMany).toBeUndefined();
  });

  it('createMany, updateMany and deleteMany are one bulk request each for a listed resource', async () => {
    const [alpha] = library.bookIds;
    const { provider, sent } = providerAs('ann', { bulk: ['reviews'] });
    const refine = bulkOf(provider);
    const bodies: ReviewBody[] = [
      { rating: 2, body: 'refine bulk 1', bookId: alpha },
      { rating: 3, body: 'refine bulk 2', bookId: alpha },
    ];
    const created = await refine.createMany<Review, ReviewBody>({ resource: 'reviews', variables: bodies });
    expect(sent).toEqual(['POST /reviews/bulk']);
    // The server answers a count: data is the rows as sent.
    expect(created.data).toEqual(bodies);
    const rows = await reviewsOf(alpha);
    const byBody = (a: { body: string }, b: { body: string }) => a.body.localeCompare(b.body);
    expect(rows.map(({ rating, body, userId }) => ({ rating, body, userId })).sort(byBody)).toEqual(
      bodies.map(({ rating, body }) => ({ rating, body, userId: ANN })),
    );

    sent.length = 0;
    const ids: BaseKey[] = rows.map((row) => row.id);
    const updated = await refine.updateMany<Review, Partial<ReviewBody>>({
      resource: 'reviews',
      ids,
      variables: { rating: 5 },
      meta: { fields: ['id', 'rating'] },
    });
    expect(sent).toEqual(['PATCH /reviews?where', 'GET /reviews?fields&where&perPage']);
    // data: the rows read back as the caller now reads them, with meta.fields.
    expect(updated.data).toEqual(rows.map((row) => ({ id: row.id, rating: 5 })));
    expect((await reviewsOf(alpha)).map((row) => row.rating)).toEqual([5, 5]);

    sent.length = 0;
    const deleted = await refine.deleteMany<Review>({ resource: 'reviews', ids });
    expect(sent).toEqual(['GET /reviews?where&perPage', 'DELETE /reviews?where']);
    // data: the rows as they were, read before the delete (as deleteOne answers).
    expect(deleted.data).toEqual(
      rows.map(({ id, body, bookId, userId }) => ({ id, body, bookId, userId, rating: 5 })),
    );
    expect(await reviewsOf(alpha)).toEqual([]);
  });

  it('calls a resource that is not listed once per row, and never asks for a route it lacks', async () => {
    const authors = await Promise.all(
      ['x', 'y'].map((name) =>
        target.prisma.author.create({
          data: { name: `Refine ${name} ${library.tag}`, email: `${name}-${library.tag}@example.test` },
        }),
      ),
    );
    const ids = authors.map((author) => author.id);
    const { provider, sent } = providerAs('admin', { bulk: ['reviews'] });
    const deleted = await bulkOf(provider).deleteMany({ resource: 'authors', ids });
    expect(sent.sort()).toEqual(ids.map((id) => `DELETE /authors/${id}`).sort());
    expect(deleted.data.map((row) => row.id)).toEqual(ids);
    expect(await target.prisma.author.count({ where: { id: { in: ids } } })).toBe(0);

    // Listed although the server serves no bulk route for it: the server's 404, nothing deleted.
    const kept = await target.prisma.author.create({
      data: { name: `Refine z ${library.tag}`, email: `z-${library.tag}@example.test` },
    });
    const wrong = providerAs('admin', { bulk: true }).provider;
    const error = await refusal(bulkOf(wrong).deleteMany({ resource: 'authors', ids: [kept.id] }));
    expect(error.statusCode).toBe(404);
    expect(await target.prisma.author.count({ where: { id: kept.id } })).toBe(1);
  });

  it('takes per resource the writes the server batches', async () => {
    const [alpha] = library.bookIds;
    const { provider, sent } = providerAs('ann', { bulk: { reviews: ['create'] } });
    const refine = bulkOf(provider);
    await refine.createMany<Review, ReviewBody>({
      resource: 'reviews',
      variables: [{ rating: 1, body: 'per write', bookId: alpha }],
    });
    const [row] = await reviewsOf(alpha);
    expect(row).toBeDefined();
    const id = row?.id as string;
    const updated = await refine.updateMany<Review, Partial<ReviewBody>>({
      resource: 'reviews',
      ids: [id],
      variables: { rating: 4 },
    });
    const deleted = await refine.deleteMany<Review>({ resource: 'reviews', ids: [id] });
    expect(sent).toEqual(['POST /reviews/bulk', `PATCH /reviews/${id}`, `DELETE /reviews/${id}`]);
    expect(updated.data).toEqual([expect.objectContaining({ id, rating: 4 })]);
    expect(deleted.data).toEqual([expect.objectContaining({ id, rating: 4 })]);
    expect(await reviewsOf(alpha)).toEqual([]);
  });

  it("answers the server's refusals as Refine's HttpError, the row index in the field, nothing written", async () => {
    const [alpha] = library.bookIds;
    const refine = bulkOf(providerAs('ann', { bulk: true }).provider);
    const forged = await refusal(
      refine.createMany({
        resource: 'reviews',
        variables: [
          { rating: 2, body: 'fine', bookId: alpha },
          { rating: 2, body: 'forged', bookId: alpha, userId: 1 },
        ],
      }),
    );
    expect(forged).toMatchObject({ statusCode: 400, code: 'unknown_key' });
    expect(Object.keys(forged.errors ?? {})).toEqual(['[1].userId']);
    const invalid = await refusal(
      refine.createMany({ resource: 'reviews', variables: [{ rating: 9, body: 'x', bookId: alpha }] }),
    );
    expect(invalid).toMatchObject({ statusCode: 400, code: 'invalid_value' });
    expect(Object.keys(invalid.errors ?? {})).toEqual(['[0].rating']);
    const tooMany = await refusal(
      refine.createMany({
        resource: 'reviews',
        variables: Array.from({ length: BULK_MAX_ROWS + 1 }, () => ({ rating: 2, body: 'x', bookId: alpha })),
      }),
    );
    expect(tooMany).toMatchObject({ statusCode: 400, code: 'too_many' });
    expect(await reviewsOf(alpha)).toEqual([]);

    await refine.createMany({ resource: 'reviews', variables: [{ rating: 3, body: 'mine', bookId: alpha }] });
    const mine = await reviewsOf(alpha);
    const bob = bulkOf(providerAs('bob', { bulk: true }).provider);
    for (const call of [
      bob.updateMany({ resource: 'reviews', ids: mine.map((row) => row.id), variables: { rating: 1 } }),
      bob.deleteMany({ resource: 'reviews', ids: mine.map((row) => row.id) }),
    ]) {
      expect(await refusal(call)).toMatchObject({ statusCode: 403, code: 'forbidden' });
    }
    expect(await reviewsOf(alpha)).toEqual(mine);
    await bulkOf(providerAs('ann', { bulk: true }).provider).deleteMany({
      resource: 'reviews',
      ids: mine.map((row) => row.id),
    });
  });

  it("runs docs/client/refine.md's snippet: the rows sent, raised, then removed", async () => {
    const [, , gamma] = library.bookIds;
    const { created, raised, removed } = await importAndModerate(
      adminDataProvider(origin, () => 'ann'),
      gamma,
    );
    expect(created).toEqual([
      { rating: 4, body: 'Imported: a fine read', bookId: gamma },
      { rating: 2, body: 'Imported: too long', bookId: gamma },
    ]);
    expect(raised).toHaveLength(2);
    expect(raised.every((row) => Object.keys(row).sort().join() === 'id,rating' && row.rating === 5)).toBe(
      true,
    );
    expect(removed.map((row) => row.body).sort()).toEqual(['Imported: a fine read', 'Imported: too long']);
    expect(removed.map((row) => row.id)).toEqual(raised.map((row) => row.id));
    expect(await reviewsOf(gamma)).toEqual([]);
  });

  it('sends nothing for no rows', async () => {
    const { provider, sent } = providerAs('ann', { bulk: true });
    const refine = bulkOf(provider);
    expect(await refine.createMany({ resource: 'reviews', variables: [] })).toEqual({ data: [] });
    expect(await refine.updateMany({ resource: 'reviews', ids: [], variables: { rating: 1 } })).toEqual({
      data: [],
    });
    expect(await refine.deleteMany({ resource: 'reviews', ids: [] })).toEqual({ data: [] });
    expect(sent).toEqual([]);
  });
});
