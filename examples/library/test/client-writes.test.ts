// @facet/client's writes against the real example app (PGlite always, PostgreSQL when reachable):
// bodies typed from the server's resource definitions (`import type`), If-Match from a read's ETag,
// refusals as FacetHttpError with the server's body, and @facet/client/tanstack's mutations
// invalidating the resource's queries in a real TanStack QueryClient.
import { createApiClient, entityTagOf, isFacetHttpError, useModuleApi } from '@facet/client/api';
import { facetMutations, facetQueries } from '@facet/client/tanstack';
import type { ResourceCreateBody, ResourceItem, ResourceUpdateBody } from '@facet/nest';
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import type { reviews } from '../src/resources/library.resources.js';
import { TOKENS } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
const book = fx.books.find((candidate) => candidate.published)!;
const draft = fx.books.find((candidate) => !candidate.published)!;

type Review = ResourceItem<typeof reviews>;
type ReviewTypes = { create: ResourceCreateBody<typeof reviews>; update: ResourceUpdateBody<typeof reviews> };

await onEachTarget('@facet/client writes', ({ app }) => {
  const reviewsOf = (role: keyof typeof TOKENS) =>
    useModuleApi<Review, ReviewTypes>(
      createApiClient({ origin: app().origin, getToken: () => TOKENS[role], facetErrors: true }),
      'reviews',
    );

  it('types the bodies from the resource definition', () => {
    expectTypeOf<ReviewTypes['create']>().toEqualTypeOf<{ bookId: number; rating: number; body: string }>();
    expectTypeOf<ReviewTypes['update']>().toEqualTypeOf<{ rating?: number; body?: string }>();
  });

  it('creates, reads with a tag, updates with If-Match; a stale tag is a 412 FacetHttpError', async () => {
    const api = reviewsOf('reader');
    const created = await api.create(
      { bookId: book.id, rating: 4, body: 'From the client' },
      { fields: 'id,userId' },
    );
    expect(created).toEqual({ id: expect.any(String), userId: 3 });
    const id = created!.id;
    const read = await api.get(id);
    const tag = entityTagOf(read);
    expect(tag).toMatch(/^W\//);
    const updated = await api.update(id, { rating: 5 }, undefined, { ifMatch: tag! });
    expect(updated).toMatchObject({ id, rating: 5, body: 'From the client' });
    const stale = await api
      .update(id, { rating: 1 }, undefined, { ifMatch: tag! })
      .catch((error: unknown) => error);
    expect(isFacetHttpError(stale)).toBe(true);
    expect(stale).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect((await api.get(id)).rating).toBe(5);
    // The tag is of the representation: a delete with other `fields` than the read's does not match it.
    const current = entityTagOf(await api.get(id))!;
    await expect(api.delete(id, { fields: 'id' }, { ifMatch: current })).rejects.toMatchObject({
      status: 412,
    });
    expect(await api.delete(id, undefined, { ifMatch: current })).toMatchObject({ id, rating: 5 });
  });

  it('a refused body is a FacetHttpError naming the field', async () => {
    const api = reviewsOf('reader');
    const hidden = await api
      .create({ bookId: draft.id, rating: 4, body: 'x' })
      .catch((error: unknown) => error);
    expect(hidden).toMatchObject({ status: 400, path: 'bookId' });
    const forged = await api
      .create({ bookId: book.id, rating: 4, body: 'x', userId: 1 } as ReviewTypes['create'])
      .catch((error: unknown) => error);
    expect(forged).toMatchObject({ status: 400, code: 'unknown_key', path: 'userId' });
    expect(isFacetHttpError(forged) && forged.data).toMatchObject({ statusCode: 400, path: 'userId' });
  });

  describe('TanStack mutations', () => {
    it('invalidate every query of the resource on success, and none on a refusal', async () => {
      const client = new QueryClient({
        defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
      });
      const api = reviewsOf('reader');
      const queries = facetQueries(api, 'reviews');
      const mutations = facetMutations(api, 'reviews');
      const countOptions = queries.count({ where: { bookId: book.id } });
      const before = await client.fetchQuery(countOptions);
      const create = new MutationObserver(client, mutations.create());
      const created = await create.mutate({ bookId: book.id, rating: 3, body: 'Through TanStack' });
      expect(created).toMatchObject({ bookId: book.id, userId: 3 });
      // No observer watches the count, so it is marked, not refetched: the next fetch asks the server.
      expect(client.getQueryState(countOptions.queryKey)?.isInvalidated).toBe(true);
      expect(await client.fetchQuery(countOptions)).toBe(before + 1);
      expect(client.getQueryState(countOptions.queryKey)?.isInvalidated).toBe(false);
      const refused = new MutationObserver(client, mutations.update());
      await expect(refused.mutate({ id: created!.id, data: { rating: 9 } })).rejects.toMatchObject({
        status: 400,
      });
      expect(client.getQueryState(countOptions.queryKey)?.isInvalidated).toBe(false);
      const remove = new MutationObserver(client, mutations.delete({ fields: 'id' }));
      expect(await remove.mutate({ id: created!.id })).toEqual({ id: created!.id });
      expect(client.getQueryState(countOptions.queryKey)?.isInvalidated).toBe(true);
      client.clear();
    });
  });
});
