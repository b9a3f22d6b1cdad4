// Sections 2.6.d and 4.4 of docs/spec-conformance.md: prepareFieldsQuery and Fields.project from
// the built @facet/nest, their queries run on a real Prisma client over PGlite.
import { FacetQueryException, Fields, prepareFieldsQuery, QueryService, ResourceQuery } from '@facet/nest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookDelegate, type BookTypeMap, type Database, openDatabase } from '../support/database.js';
import { BookDto } from '../support/dtos.js';

let database: Database;
let books: QueryService<BookDelegate, BookTypeMap>;

beforeAll(async () => {
  database = await openDatabase();
  books = new QueryService(database.prisma.book);
});
afterAll(() => database?.close());

interface LoadedBook {
  id: number;
  title: string;
  price?: { toFixed(digits: number): string };
  author?: { name: string };
  reviews?: { id: string; rating: number }[];
}
// Under ResourceQuery's push-down a mapper sees only the selected columns.
const toDto = (row: LoadedBook) => ({ ...row, price: row.price?.toFixed(2) });

function thrown(body: () => unknown): unknown {
  try {
    body();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('4.4 Fields projection', () => {
  it('4.4.a prepareFieldsQuery(query, DTOClass, options?) returns { query, projection }', () => {
    const input = { where: { id: 1 }, fields: 'title' };
    const prepared = prepareFieldsQuery(input, BookDto);
    expect(Object.keys(prepared).sort()).toEqual(['projection', 'query']);
    expect(prepared.query).toEqual({ where: { id: 1 } });
    expect(input).toEqual({ where: { id: 1 }, fields: 'title' });
  });

  it('4.4.1 the includes the requested fields need are merged into the query copy before it reaches the ORM', async () => {
    const { query, projection } = prepareFieldsQuery(
      { where: { id: 1 }, fields: 'title,author{name}' },
      BookDto,
    );
    expect(query).toEqual({ where: { id: 1 }, include: { author: true } });
    const rows = (await books.findMany(query as never)) as unknown as LoadedBook[];
    expect(Fields.project(rows.map(toDto), projection)).toEqual([
      { title: 'Notes', author: { name: 'Ada Lovelace' } },
    ]);
  });

  it('4.4.2 existing client includes are preserved', async () => {
    const { query } = prepareFieldsQuery(
      {
        where: { id: 1 },
        include: { reviews: { where: { rating: { gte: 4 } } } },
        fields: 'title,author{name}',
      },
      BookDto,
    );
    expect(query.include).toEqual({ reviews: { where: { rating: { gte: 4 } } }, author: true });
    const [row] = (await books.findMany(query as never)) as unknown as LoadedBook[];
    expect(row?.reviews?.map((review) => review.id)).toEqual(['r-1']);
    expect(row?.author?.name).toBe('Ada Lovelace');
  });

  it('4.4.3 baseInclude lists the relations the endpoint always needs; client includes extend it', async () => {
    const baseInclude = Object.freeze({ reviews: { where: { rating: { gte: 3 } } } });
    const { query } = prepareFieldsQuery(
      {
        where: { id: { in: [1, 2] } },
        include: { author: true, reviews: { where: { rating: { lte: 4 } } } },
      },
      BookDto,
      { baseInclude },
    );
    expect(query.include).toMatchObject({ author: true });
    const rows = (await books.findMany({
      ...(query as object),
      orderBy: { id: 'asc' },
    })) as unknown as LoadedBook[];
    // The client's where on a base-included relation narrows the endpoint's: ratings 3 to 4 only.
    expect(rows.map((row) => row.reviews?.map((review) => review.rating))).toEqual([[], []]);
    expect(rows.every((row) => row.author !== undefined)).toBe(true);
    expect(baseInclude).toEqual({ reviews: { where: { rating: { gte: 3 } } } });
  });

  it('4.4.4 without fields, the query copy still carries the merged endpoint and client includes', () => {
    const input = { include: { reviews: true } };
    const { query, projection } = prepareFieldsQuery(input, BookDto, { baseInclude: { author: true } });
    expect(query).toEqual({ include: { author: true, reviews: true } });
    expect(query).not.toBe(input);
    expect(Fields.project({ id: 1, title: 'x' }, projection)).toEqual({ id: 1, title: 'x' });
  });

  it('4.4.5 Fields.project(value_or_array, projection) applies the projection', () => {
    const { projection } = prepareFieldsQuery({ fields: 'id,author{name}' }, BookDto);
    const dto = { id: 1, title: 'Notes', author: { name: 'Ada', country: 'GB' } };
    expect(Fields.project(dto, projection)).toEqual({ id: 1, author: { name: 'Ada' } });
    expect(Fields.project([dto, { ...dto, id: 2 }], projection)).toEqual([
      { id: 1, author: { name: 'Ada' } },
      { id: 2, author: { name: 'Ada' } },
    ]);
  });

  it('4.4.b fields is comma-separated names, a relation as name{subfield,subfield}', () => {
    const { query, projection } = prepareFieldsQuery(
      { fields: 'title, reviews{id,rating}, author{name}' },
      BookDto,
    );
    expect(query.include).toEqual({ reviews: true, author: true });
    const dto = {
      title: 't',
      pages: 3,
      reviews: [{ id: 'r', rating: 1, body: 'b' }],
      author: { name: 'n', id: 1 },
    };
    expect(Fields.project(dto, projection)).toEqual({
      title: 't',
      reviews: [{ id: 'r', rating: 1 }],
      author: { name: 'n' },
    });
    for (const bad of ['title,', 'author{', 'nope', 'title{x}']) {
      const error = thrown(() => prepareFieldsQuery({ fields: bad }, BookDto));
      expect(error, bad).toBeInstanceOf(FacetQueryException);
      expect((error as FacetQueryException).getResponse()).toMatchObject({
        path: expect.stringMatching(/^fields/),
      });
    }
  });

  it('4.4.c a paged ResourceQuery.query accepts envelope projection items{…},meta{…}', async () => {
    const resource = new ResourceQuery({
      service: books,
      dto: BookDto,
      map: (row) => toDto(row as LoadedBook),
    });
    const query = { fields: 'items{title},meta{page,itemCount}', perPage: 2, orderBy: { id: 'asc' } };
    const page = await resource.query(query);
    expect(page).toEqual({
      items: [{ title: 'Notes' }, { title: 'Drafts' }],
      meta: { page: 1, itemCount: 5 },
    });
    database.sql.length = 0;
    await resource.query({ fields: 'items{title},meta{page}' });
    expect(database.sql.some((statement) => /COUNT\(/i.test(statement))).toBe(false);
  });
});

describe('2.6 Service construction (item fields)', () => {
  it("2.6.d item fields are the DTO's: only declared fields the caller may see can be projected (Facet's choice)", () => {
    expect(thrown(() => prepareFieldsQuery({ fields: 'title,sales' }, BookDto))).toBeInstanceOf(
      FacetQueryException,
    );
    const hidden = thrown(() =>
      prepareFieldsQuery({ fields: 'internalNote' }, BookDto, { context: { role: 'reader' } }),
    );
    expect(hidden).toBeInstanceOf(FacetQueryException);
    const { projection } = prepareFieldsQuery({ fields: 'internalNote' }, BookDto, {
      context: { role: 'staff' },
    });
    expect(Fields.project({ internalNote: 'restock', title: 'x' }, projection)).toEqual({
      internalNote: 'restock',
    });
  });
});
