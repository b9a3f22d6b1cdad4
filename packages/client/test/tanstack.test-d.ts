// Type tests (checked by `npm run typecheck`): the factories of `@facet/client/tanstack` narrow by a
// literal `fields` like `useModuleApi`, and fit TanStack Query's own option types.
import type { PageMeta, Paginated } from '@facet/core';
import {
  type InfiniteData,
  InfiniteQueryObserver,
  MutationObserver,
  QueryClient,
} from '@tanstack/query-core';
import { describe, expectTypeOf, test } from 'vitest';
import { createApiClient, useModuleApi } from '../src/api/index.js';
import { type FacetPageParam, facetMutations, facetQueries } from '../src/tanstack/index.js';

interface Book {
  id: number;
  title: string;
  author: { id: number; name: string };
  publishedAt: string | null;
}
interface BookWhereInput {
  title?: string | { contains?: string };
}

const api = createApiClient();
const books = facetQueries(useModuleApi<Book>(api, 'books'), 'books');
const typed = facetQueries(useModuleApi<Book, { where: BookWhereInput }>(api, 'books'), 'books');
const client = new QueryClient();

describe('fields narrows the data', () => {
  test('list: a literal narrows the page, and the key carries it to getQueryData', async () => {
    const options = books.list({ fields: 'id,author{name}' });
    type Page = { items: { id: number; author: { name: string } }[]; meta: PageMeta };
    expectTypeOf(client.fetchQuery(options)).resolves.toEqualTypeOf<Page>();
    expectTypeOf(client.getQueryData(options.queryKey)).toEqualTypeOf<Page | undefined>();
  });
  test('infinite: every page is narrowed, the page parameter is a cursor', () => {
    const options = books.infinite({ fields: 'id,title', perPage: 50 });
    expectTypeOf(client.getQueryData(options.queryKey)).toEqualTypeOf<
      InfiniteData<Paginated<{ id: number; title: string }>, FacetPageParam> | undefined
    >();
    expectTypeOf(options.getNextPageParam).returns.toEqualTypeOf<FacetPageParam>();
    expectTypeOf(options.getPreviousPageParam).returns.toEqualTypeOf<FacetPageParam>();
    expectTypeOf<FacetPageParam>().toEqualTypeOf<string | { readonly before: string } | null>();
  });
  test('get, findById and count', () => {
    expectTypeOf(client.fetchQuery(books.get(1, { fields: 'title,publishedAt' }))).resolves.toEqualTypeOf<{
      title: string;
      publishedAt: string | null;
    }>();
    expectTypeOf(client.fetchQuery(books.findById('1'))).resolves.toEqualTypeOf<Book>();
    expectTypeOf(client.fetchQuery(books.count({ where: { title: 'x' } }))).resolves.toEqualTypeOf<number>();
  });
  test('TanStack takes them as they are', () => {
    expectTypeOf(client.fetchInfiniteQuery(books.infinite({ fields: 'id' }))).resolves.toEqualTypeOf<
      InfiniteData<Paginated<{ id: number }>, FacetPageParam>
    >();
    // The observer useInfiniteQuery builds on accepts them without a cast.
    new InfiniteQueryObserver(client, books.infinite({ orderBy: { title: 'asc' } }));
  });
  test('keys are readonly tuples headed by the name', () => {
    expectTypeOf(books.keys.all).toEqualTypeOf<readonly [string]>();
    expectTypeOf(books.keys.detail(3)).toEqualTypeOf<readonly [string, 'detail', string | number]>();
  });
});

describe('mistakes fail to compile', () => {
  test('a name that is not a field', () => {
    // @ts-expect-error 'titel' is not a field of Book
    books.list({ fields: 'id,titel' });
    // @ts-expect-error 'author.nme' is not a field
    books.infinite({ fields: 'author{nme}' });
    // @ts-expect-error 'meta.total' is not a page-meta field
    books.list({ fields: 'items{id},meta{total}' });
    // @ts-expect-error an item projection cannot name the envelope
    books.get(1, { fields: 'items{id}' });
  });
  test('a where the ModuleTypes map does not allow', () => {
    typed.list({ where: { title: { contains: 'Ada' } } });
    // @ts-expect-error `titel` is not a BookWhereInput key
    typed.infinite({ where: { titel: 'x' } });
    // @ts-expect-error a number is not a title
    typed.count({ where: { title: 3 } });
  });
  test('a narrowed page is not the whole item', () => {
    const options = books.list({ fields: 'id' });
    // @ts-expect-error `title` was not asked for
    client.getQueryData(options.queryKey)?.items[0]?.title;
  });
});

describe('mutations', () => {
  const reviews = facetMutations(
    useModuleApi<Book, { create: { title: string }; update: { title?: string } }>(api, 'books'),
    'books',
  );
  test('fit MutationObserver, with typed variables and a narrowed answer (null on a 204)', () => {
    const create = new MutationObserver(client, reviews.create({ fields: 'id,title' }));
    expectTypeOf(create.mutate).parameter(0).toEqualTypeOf<{ title: string }>();
    expectTypeOf(create.getCurrentResult().data).toEqualTypeOf<
      { id: number; title: string } | null | undefined
    >();
    const update = new MutationObserver(client, reviews.update());
    void update.mutate({ id: 1, data: { title: 'x' }, ifMatch: 'W/"a"' });
    // @ts-expect-error the body is the update's
    void update.mutate({ id: 1, data: { colour: 'red' } });
    const remove = new MutationObserver(client, reviews.delete({ fields: 'id' }));
    expectTypeOf(remove.getCurrentResult().data).toEqualTypeOf<{ id: number } | undefined>();
    // @ts-expect-error 'titel' is not a field
    reviews.create({ fields: 'titel' });
  });
});
