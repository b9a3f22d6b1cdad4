// Section 2.5 of docs/spec-conformance.md: the type map binds each input of QueryService to the
// application's generated Prisma types. Each test sends the member's input to a real delegate (run
// time) and holds a value outside the member's type that must not compile (`npm run typecheck`:
// an unused @ts-expect-error fails it).
import { QueryService } from '@facet/nest';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  type BookDelegate,
  type BookTypeMap,
  type Database,
  LIBRARY,
  openDatabase,
  type Prisma,
} from '../support/database.js';

let database: Database;
let books: QueryService<BookDelegate, BookTypeMap>;

beforeAll(async () => {
  database = await openDatabase();
  books = new QueryService<BookDelegate, BookTypeMap>(database.prisma.book);
});
afterAll(() => database?.close());

describe('2.5 Type map', () => {
  it('2.5.a select: the select input', async () => {
    expect(await books.findMany({ where: { id: 1 }, select: { title: true } })).toEqual([{ title: 'Notes' }]);
    // @ts-expect-error `titel` is not a field of Book
    const wrong: Parameters<typeof books.findMany>[0] = { select: { titel: true } };
    expect(wrong).toBeDefined();
  });

  it('2.5.b include: the include input', async () => {
    const [book] = await books.findMany({ where: { id: 1 }, include: { author: true } });
    expect((book as unknown as { author: { id: number } }).author.id).toBe(1);
    // @ts-expect-error `writer` is not a relation of Book
    const wrong: Parameters<typeof books.findMany>[0] = { include: { writer: true } };
    expect(wrong).toBeDefined();
  });

  it('2.5.c whereInput: the filter input', async () => {
    expect(await books.count({ where: { genre: 'SCIENCE', pages: { gte: 300 } } })).toBe(2);
    // @ts-expect-error pages is a number
    const wrong: Parameters<typeof books.count>[0] = { where: { pages: { gte: 'many' } } };
    expect(wrong).toBeDefined();
    expectTypeOf<NonNullable<Parameters<typeof books.count>[0]>['where']>().toEqualTypeOf<
      Prisma.BookWhereInput | undefined
    >();
  });

  it('2.5.d orderByWithRelationInput: the sort input, an object or a list', async () => {
    const rows = await books.findMany({ orderBy: [{ author: { name: 'desc' } }, { pages: 'asc' }] });
    expect(rows.map((book) => book.id)).toEqual([4, 3, 5, 1, 2]);
    // @ts-expect-error `up` is not a sort order
    const wrong: Parameters<typeof books.findMany>[0] = { orderBy: { pages: 'up' } };
    expect(wrong).toBeDefined();
  });

  it('2.5.e whereUniqueInput: the unique filter of findUnique', async () => {
    expect((await books.findUnique({ where: { isbn: LIBRARY.books[2].isbn } }))?.id).toBe(3);
    // @ts-expect-error title alone is not unique
    const wrong: Parameters<typeof books.findUnique>[0] = { where: { title: 'Notes' } };
    expect(wrong).toBeDefined();
  });

  it('2.5.f scalarFieldEnum: the scalar field names', () => {
    const names: BookTypeMap['scalarFieldEnum'][] = Object.keys(database.prisma.book.fields) as never;
    expect(names).toContain('isbn');
    expectTypeOf<BookTypeMap['scalarFieldEnum']>().toEqualTypeOf<Prisma.BookScalarFieldEnum>();
    // @ts-expect-error author is a relation, not a scalar field
    const wrong: BookTypeMap['scalarFieldEnum'] = 'author';
    expect(wrong).toBe('author');
  });

  it('2.5.g aggregateInputType: the aggregate input', async () => {
    expect(await books.aggregate({ where: { authorId: 1 }, _avg: { pages: true } })).toEqual({
      _avg: { pages: 150 },
    });
    // @ts-expect-error `_median` is not an aggregate
    const wrong: Parameters<typeof books.aggregate>[0] = { _median: { pages: true } };
    expect(wrong).toBeDefined();
  });
});
