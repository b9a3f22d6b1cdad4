// Type tests (checked by `npm run typecheck`): what `fields` and a `ModuleTypes` map do to the
// signatures of `useModuleApi`.
import type { PageMeta, Paginated } from '@facet/core';
import { describe, expectTypeOf, test } from 'vitest';
import { createApiClient, type TableResource, useModuleApi } from '../src/index.js';

interface Author {
  id: number;
  name: string;
}
interface Book {
  id: number;
  title: string;
  author: Author;
  editor: Author | null;
  reviews: { stars: number; text: string }[];
}
/** Stands in for a Prisma input type, imported with `import type` in an application. */
interface BookWhereInput {
  title?: string | { contains?: string };
  author?: { name?: string };
}
type BookOrderBy = { title?: 'asc' | 'desc' } | { id?: 'asc' | 'desc' };

const api = createApiClient();
const books = useModuleApi<Book>(api, 'books');
const typed = useModuleApi<Book, { where: BookWhereInput; orderBy: BookOrderBy; create: { title: string } }>(
  api,
  'books',
);

describe('fields narrows the answer', () => {
  test('query: a literal narrows the items, no as const', () => {
    expectTypeOf(books.query({ fields: 'id,author{name},reviews{stars}' })).resolves.toEqualTypeOf<{
      items: { id: number; author: { name: string }; reviews: { stars: number }[] }[];
      meta: PageMeta;
    }>();
  });
  test('query: an envelope narrows items and meta', () => {
    expectTypeOf(books.query({ fields: 'items{id},meta{itemCount}' })).resolves.toEqualTypeOf<{
      items: { id: number }[];
      meta: { readonly itemCount: number };
    }>();
  });
  test("count: 'none' leaves the totals out of meta's type; other modes keep them", () => {
    expectTypeOf(books.query({ count: 'none' })).resolves.toEqualTypeOf<{
      items: Book[];
      meta: Omit<PageMeta, 'itemCount' | 'pageCount' | 'countMode'>;
    }>();
    expectTypeOf(books.query({ count: 'estimated' })).resolves.toEqualTypeOf<{
      items: Book[];
      meta: PageMeta;
    }>();
    const mode = 'none' as 'none' | 'exact';
    expectTypeOf(books.query({ count: mode })).resolves.toEqualTypeOf<
      | { items: Book[]; meta: Omit<PageMeta, 'itemCount' | 'pageCount' | 'countMode'> }
      | { items: Book[]; meta: PageMeta }
    >();
    books.query({ count: 'none' }).then((page) => {
      // @ts-expect-error no count ran, so there is no total to read
      page.meta.itemCount;
    });
  });
  test('get and findById narrow the item; a nullable to-one stays nullable', () => {
    expectTypeOf(books.get(1, { fields: 'title,editor{name}' })).resolves.toEqualTypeOf<{
      title: string;
      editor: { name: string } | null;
    }>();
    expectTypeOf(books.findById(1, { fields: 'id' })).resolves.toEqualTypeOf<{ id: number }>();
  });
  test('no fields, or a non-literal string, keeps the whole item', () => {
    expectTypeOf(books.query()).resolves.toEqualTypeOf<{ items: Book[]; meta: PageMeta }>();
    const fields: string = 'id';
    expectTypeOf(books.get(1, { fields })).resolves.toEqualTypeOf<Book>();
  });
  test('pages narrows every page', () => {
    expectTypeOf(books.pages({ fields: 'id' })).toEqualTypeOf<
      AsyncGenerator<Paginated<{ id: number }>, void, undefined>
    >();
  });
  test('a name that is not a field fails to compile', () => {
    // @ts-expect-error 'titel' is not a field of Book
    books.query({ fields: 'id,titel' });
    // @ts-expect-error 'author.nme' is not a field
    books.get(1, { fields: 'author{nme}' });
    // @ts-expect-error 'meta.total' is not a page-meta field
    books.query({ fields: 'items{id},meta{total}' });
  });
});

describe('a ModuleTypes map checks where, orderBy and bodies', () => {
  test('accepts what the application types allow', () => {
    typed.query({ where: { title: { contains: 'Ada' } }, orderBy: [{ title: 'asc' }], q: 'route param' });
    typed.create({ title: 'Dune' });
  });
  test('rejects unknown keys and wrong values', () => {
    // @ts-expect-error `titel` is not a BookWhereInput key
    typed.query({ where: { titel: 'x' } });
    // @ts-expect-error a number is neither a title string nor a title filter
    typed.query({ where: { title: 3 } });
    // @ts-expect-error 'up' is not a sort direction
    typed.query({ orderBy: { title: 'up' } });
    // @ts-expect-error the create body needs a title
    typed.create({});
  });
  test('a write answers the row projected by fields, or null on a 204; update and delete take ifMatch', () => {
    expectTypeOf(typed.create({ title: 'Dune' }, { fields: 'id' })).resolves.toEqualTypeOf<{
      id: number;
    } | null>();
    expectTypeOf(
      books.update(1, { title: 'x' }, {}, { ifMatch: 'W/"x"' }),
    ).resolves.toEqualTypeOf<Book | null>();
    expectTypeOf(books.delete(1, { fields: 'title' }, { ifMatch: '*' })).resolves.toEqualTypeOf<{
      title: string;
    }>();
    // @ts-expect-error 'titel' is not a field
    void books.update(1, {}, { fields: 'titel' });
  });
  test('without a map, filters stay loose', () => {
    books.query({ where: { anything: { goes: true } } });
  });
  test('a typed module is still a table resource', () => {
    expectTypeOf(typed).toExtend<TableResource<Book>>();
  });
});

describe('search and count modes', () => {
  test('q and count are typed on the list and q on the count', () => {
    void books.query({ q: 'dune', count: 'estimated' });
    void books.query({ count: 'none', perPage: 5 });
    void books.count({ q: 'dune' });
    // @ts-expect-error: a count mode the server does not know
    void books.query({ count: 'roughly' });
    // @ts-expect-error: the search is a text
    void books.query({ q: { contains: 'dune' } });
  });
  test('meta.countMode says exact or estimated', () => {
    expectTypeOf<PageMeta['countMode']>().toEqualTypeOf<'exact' | 'estimated' | undefined>();
  });
});

describe('exports', () => {
  test('fields and where are checked like a list call; format is required', () => {
    expectTypeOf(books.exportUrl({ format: 'csv', fields: 'id,title,author{name}' })).toEqualTypeOf<string>();
    // @ts-expect-error 'titel' is not a field of Book
    books.exportUrl({ format: 'csv', fields: 'id,titel' });
    // @ts-expect-error an export has no envelope: items{...} is not a field
    books.exportUrl({ format: 'csv', fields: 'items{id}' });
    // @ts-expect-error the format is required
    books.exportUrl({ fields: 'id' });
    // @ts-expect-error 'xlsx' is not a format
    books.download({ format: 'xlsx' });
    // @ts-expect-error 'name' is not a key of BookWhereInput
    typed.download({ format: 'ndjson', where: { name: 'x' } });
    typed.download({
      format: 'ndjson',
      where: { author: { name: 'Ann' } },
      q: 'sea',
      orderBy: { title: 'asc' },
    });
  });
});

describe('aggregate and groupBy', () => {
  test('the answer has exactly the selections asked for, in the item types', async () => {
    const total = await books.aggregate({ _count: { _all: true }, _max: { title: true } });
    expectTypeOf(total._count._all).toEqualTypeOf<number>();
    expectTypeOf(total._max.title).toEqualTypeOf<string | null>();
    // @ts-expect-error not selected
    void total._min;
    const counted = await books.aggregate({ _count: true });
    expectTypeOf(counted._count).toEqualTypeOf<number>();
  });

  test('groupBy types each row by its by fields and selections, and refuses a relation', async () => {
    const groups = await books.groupBy({ by: 'title', _count: { _all: true } });
    expectTypeOf(groups.items[0]?.title).toEqualTypeOf<string | undefined>();
    expectTypeOf(groups.items[0]?._count._all).toEqualTypeOf<number | undefined>();
    const pair = await books.groupBy({ by: ['title', 'id'], _sum: { id: true } });
    expectTypeOf(pair.items[0]?.id).toEqualTypeOf<number | undefined>();
    // @ts-expect-error a relation is no group key
    void books.groupBy({ by: 'author' });
    // @ts-expect-error where is typed by the ModuleTypes map
    void typed.aggregate({ where: { pages: 1 }, _count: true });
  });
});
