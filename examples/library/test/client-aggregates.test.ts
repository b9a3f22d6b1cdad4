// @facet/client/tanstack's aggregate and groupBy options against the real example app (PGlite
// always, PostgreSQL when reachable), run by a real TanStack QueryClient: the answers are the
// fixture's numbers as each caller may see them, the keys sit under the resource's `keys.all` so a
// write through `facetMutations` marks them stale, and a refusal rejects the query with the
// server's FacetHttpError.
import { createApiClient, isFacetHttpError, useModuleApi } from '@facet/client/api';
import { facetMutations, facetQueries } from '@facet/client/tanstack';
import { MutationObserver, QueryClient } from '@tanstack/query-core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { type BookRow, GENRES, type Genre, type Review, type ReviewTypes } from '../web/types.js';
import { type Role, TOKENS } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();

/** The books a role reads: editors every one, readers and anonymous callers the published ones. */
const visibleBooks = (role: Role) =>
  role === 'editor' || role === 'admin' ? fx.books : fx.books.filter((book) => book.published);

/** Books per genre as the server orders them here: by count descending, then by genre (the enum's order). */
function genresByCount(role: Role): { genre: string; _count: { _all: number } }[] {
  const counts = new Map<string, number>();
  for (const book of visibleBooks(role)) counts.set(book.genre, (counts.get(book.genre) ?? 0) + 1);
  return [...counts]
    .sort(([a, m], [b, n]) => n - m || GENRES.indexOf(a as Genre) - GENRES.indexOf(b as Genre))
    .map(([genre, all]) => ({ genre, _count: { _all: all } }));
}

await onEachTarget('@facet/client/tanstack aggregates', ({ app }) => {
  const clientOf = (role: Role) =>
    createApiClient({
      origin: app().origin,
      getToken: () => (role === 'anonymous' ? null : TOKENS[role]),
      facetErrors: true,
    });
  const booksOf = (role: Role) => facetQueries(useModuleApi<BookRow>(clientOf(role), 'books'), 'books');
  let client: QueryClient;
  const fresh = () => {
    client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    return client;
  };
  afterEach(() => client?.clear());

  it('aggregate answers over the rows the caller may read, under the resource key', async () => {
    const query = { _count: { _all: true }, _sum: { pages: true }, _max: { pages: true } } as const;
    for (const role of ['anonymous', 'editor'] as const) {
      const options = booksOf(role).aggregate(query);
      expect(options.queryKey).toEqual(['books', 'aggregate', query]);
      const answer = await fresh().fetchQuery(options);
      const books = visibleBooks(role);
      expect(answer).toEqual({
        _count: { _all: books.length },
        _sum: { pages: books.reduce((sum, book) => sum + book.pages, 0) },
        _max: { pages: Math.max(...books.map((book) => book.pages)) },
      });
    }
  });

  it('groupBy answers the groups in the order asked for, and where narrows them', async () => {
    const query = { by: 'genre', _count: { _all: true }, orderBy: [{ _count: { id: 'desc' } }] } as const;
    for (const role of ['anonymous', 'editor'] as const) {
      const options = booksOf(role).groupBy(query);
      expect(options.queryKey).toEqual(['books', 'aggregate', query]);
      const { items } = await fresh().fetchQuery(options);
      expect(items).toEqual(genresByCount(role));
    }
    const narrowed = await fresh().fetchQuery(
      booksOf('editor').groupBy({ by: 'published', _count: { _all: true }, where: { genre: 'POETRY' } }),
    );
    const poetry = fx.books.filter((book) => book.genre === 'POETRY');
    expect(narrowed.items).toEqual(
      [false, true]
        .map((published) => ({
          published,
          _count: { _all: poetry.filter((book) => book.published === published).length },
        }))
        .filter((group) => group._count._all > 0),
    );
  });

  it('a hidden field rejects the query with the 400 of a misspelt one', async () => {
    const books = booksOf('anonymous');
    const hidden = await fresh()
      .fetchQuery(books.groupBy({ by: 'internalNote' as never, _count: { _all: true } }))
      .catch((error: unknown) => error);
    const misspelt = await fresh()
      .fetchQuery(books.groupBy({ by: 'internalNotes' as never, _count: { _all: true } }))
      .catch((error: unknown) => error);
    expect(isFacetHttpError(hidden)).toBe(true);
    expect(hidden).toMatchObject({ status: 400, code: 'unknown_key', path: 'by' });
    expect(misspelt).toMatchObject({ status: 400, code: 'unknown_key', path: 'by' });
    // The server's bodies are the same; only the URL in the client's message tells them apart.
    expect(isFacetHttpError(hidden) && hidden.data).toEqual(isFacetHttpError(misspelt) && misspelt.data);
  });

  describe('with facetMutations', () => {
    it('a write marks the aggregate and the groups stale, and the next fetch counts it', async () => {
      const api = useModuleApi<Review, ReviewTypes>(clientOf('reader'), 'reviews');
      const queries = facetQueries(api, 'reviews');
      const mutations = facetMutations(api, 'reviews');
      const book = fx.books.find((candidate) => candidate.published)!;
      const total = queries.aggregate({ _count: { _all: true }, where: { bookId: book.id } });
      const byRating = queries.groupBy({ by: 'rating', _count: { _all: true }, where: { bookId: book.id } });
      const queryClient = fresh();
      const before = await queryClient.fetchQuery(total);
      const groupsBefore = await queryClient.fetchQuery(byRating);
      const create = new MutationObserver(queryClient, mutations.create());
      const created = await create.mutate({ bookId: book.id, rating: 2, body: 'Counted by TanStack' });
      for (const options of [total, byRating]) {
        expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
      }
      expect((await queryClient.fetchQuery(total))._count._all).toBe(before._count._all + 1);
      const twos = (groups: typeof groupsBefore) =>
        groups.items.find((group) => group.rating === 2)?._count._all ?? 0;
      expect(twos(await queryClient.fetchQuery(byRating))).toBe(twos(groupsBefore) + 1);
      await new MutationObserver(queryClient, mutations.delete()).mutate({ id: created!.id });
    });
  });
});
