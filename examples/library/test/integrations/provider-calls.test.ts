// @facet/client/refine's calls other than filters, against the real example app: sorters (through
// a relation), server paging by page and by cursor, every row for `off`/`client`, meta.fields,
// the search text, getOne/getMany, writes, custom, and refusals as Refine's HttpError.
import { createApiClient } from '@facet/client/api';
import { type FacetRefineError, facetDataProvider } from '@facet/client/refine';
import type { BaseRecord, DataProvider } from '@refinedev/core';
import { expect, it } from 'vitest';
import { loadFixture } from '../../src/database/index.js';
import { TOKENS } from '../support/http.js';
import { onEachTarget } from '../support/onEachTarget.js';

const fx = loadFixture();
const published = fx.books.filter((book) => book.published);
const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
const idSort = [{ field: 'id', order: 'asc' as const }];
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: FacetRefineError) => error,
  );

await onEachTarget('@facet/client/refine calls', ({ app }) => {
  const providerOf = (role: keyof typeof TOKENS | 'anonymous'): DataProvider =>
    facetDataProvider(
      createApiClient({
        origin: app().origin,
        getToken: () => (role === 'anonymous' ? null : TOKENS[role]),
        facetErrors: true,
      }),
    );

  it('pages on the server: the page, its total, and the cursors useInfiniteList follows', async () => {
    const books = providerOf('anonymous');
    const pagination = { currentPage: 2, pageSize: 10, mode: 'server' as const };
    const page = await books.getList({
      resource: 'books',
      pagination,
      sorters: idSort,
      meta: { fields: ['id'] },
    });
    expect(page.data.map((row) => row.id)).toEqual(published.slice(10, 20).map((book) => book.id));
    expect(page.total).toBe(published.length);
    // useInfiniteList hands `cursor.next` back as the page: the rows after this one, then before.
    const next = await books.getList({
      resource: 'books',
      pagination: { ...pagination, currentPage: page.cursor.next },
      sorters: idSort,
      meta: { fields: ['id'] },
    });
    expect(next.data.map((row) => row.id)).toEqual(published.slice(20, 30).map((book) => book.id));
    expect(next.total).toBe(published.length);
    const back = await books.getList({
      resource: 'books',
      pagination: { ...pagination, currentPage: next.cursor.prev },
      sorters: idSort,
      meta: { fields: ['id'] },
    });
    expect(back.data.map((row) => row.id)).toEqual(page.data.map((row) => row.id));
  });

  it.each(['off', 'client'] as const)('reads every matching row with pagination %s', async (mode) => {
    const all = await providerOf('admin').getList({
      resource: 'books',
      pagination: { mode },
      sorters: idSort,
      meta: { fields: ['id'] },
    });
    expect(all.data.map((row) => row.id)).toEqual(fx.books.map((book) => book.id).sort((a, b) => a - b));
    expect(all.total).toBe(fx.books.length);
  });

  it('sorts through a relation (author.name) in the database order of the authors', async () => {
    const provider = providerOf('anonymous');
    const authors = await provider.getList({
      resource: 'authors',
      pagination: { mode: 'off' },
      sorters: [
        { field: 'name', order: 'desc' },
        { field: 'id', order: 'asc' },
      ],
      meta: { fields: ['id'] },
    });
    const rank = new Map(authors.data.map((author, index) => [author.id, index]));
    const books = await provider.getList({
      resource: 'books',
      pagination: { mode: 'off' },
      sorters: [{ field: 'author.name', order: 'desc' }, { field: 'authorId', order: 'asc' }, ...idSort],
      meta: { fields: ['id', 'authorId'] },
    });
    const expected = [...published].sort(
      (a, b) => rank.get(a.authorId)! - rank.get(b.authorId)! || byId(a, b),
    );
    expect(books.data.map((row) => row.id)).toEqual(expected.map((book) => book.id));
  });

  it('projects meta.fields, relations included, and searches with q', async () => {
    const provider = providerOf('anonymous');
    const { data } = await provider.getList({
      resource: 'books',
      filters: [{ field: 'q', operator: 'contains', value: 'ATLAS' }],
      sorters: idSort,
      pagination: { currentPage: 1, pageSize: 100 },
      meta: { fields: ['id', 'title', 'author.name'] },
    });
    const expected = published.filter((book) => `${book.title} ${book.isbn}`.toLowerCase().includes('atlas'));
    expect(data).toEqual(
      expected.map((book) => ({
        id: book.id,
        title: book.title,
        author: { name: fx.authors.find((a) => a.id === book.authorId)!.name },
      })),
    );
  });

  it('reads one row and many rows, each as the caller may', async () => {
    const provider = providerOf('anonymous');
    const [first, second] = published;
    const one = await provider.getOne({
      resource: 'books',
      id: first!.id,
      meta: { fields: [{ author: ['country'] }, 'title'] },
    });
    expect(one.data).toEqual({
      author: { country: fx.authors.find((a) => a.id === first!.authorId)!.country },
      title: first!.title,
    });
    const draft = fx.books.find((book) => !book.published)!;
    const many = await provider.getMany!({
      resource: 'books',
      ids: [second!.id, first!.id, draft.id],
      meta: { fields: ['id'] },
    });
    expect((many.data as BaseRecord[]).map((row) => row.id).sort()).toEqual([first!.id, second!.id].sort());
    const missing = await refusal(provider.getOne({ resource: 'books', id: draft.id }));
    expect(missing).toMatchObject({ statusCode: 404 });
  });

  it('creates, updates and deletes a review; refusals carry the message and field errors', async () => {
    const reader = providerOf('reader');
    const book = published[0]!;
    const created = await reader.create({
      resource: 'reviews',
      variables: { bookId: book.id, rating: 4, body: 'Via Refine' },
    });
    expect(created.data).toMatchObject({ bookId: book.id, userId: 3, rating: 4, body: 'Via Refine' });
    const id = created.data.id as string;
    const updated = await reader.update({
      resource: 'reviews',
      id,
      variables: { rating: 2 },
      meta: { fields: ['id', 'rating'] },
    });
    expect(updated.data).toEqual({ id, rating: 2 });
    const invalid = await refusal(reader.update({ resource: 'reviews', id, variables: { rating: 9 } }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.errors?.rating).toEqual([expect.stringMatching(/rating/)]);
    const unknown = await refusal(
      reader.create({ resource: 'reviews', variables: { bookId: book.id, rating: 3, body: 'x', userId: 1 } }),
    );
    expect(unknown).toMatchObject({
      statusCode: 400,
      code: 'unknown_key',
      errors: { userId: [expect.any(String)] },
    });
    const someoneElses = fx.reviews.find((review) => review.userId !== 3 && review.bookId === book.id)!;
    const forbidden = await refusal(
      reader.update({ resource: 'reviews', id: someoneElses.id, variables: { rating: 1 } }),
    );
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.message.length).toBeGreaterThan(0);
    const deleted = await reader.deleteOne({ resource: 'reviews', id });
    expect(deleted.data).toMatchObject({ id, rating: 2 });
    await expect(reader.getOne({ resource: 'reviews', id })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('sends custom requests with filters and sorters in the codec (the count route)', async () => {
    const { data } = await providerOf('anonymous').custom!({
      url: 'books/count',
      method: 'get',
      filters: [{ field: 'genre', operator: 'eq', value: 'TECH' }],
    });
    expect(Number(data)).toBe(published.filter((book) => book.genre === 'TECH').length);
  });
});
