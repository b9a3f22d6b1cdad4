import 'reflect-metadata';
import { ApiProperty } from '@nestjs/swagger';
import { describe, expect, it } from 'vitest';
import { FacetQueryException } from '../errors/facet-query.exception.js';
import { Field, Relation } from './field.decorators.js';
import { Fields } from './field-projection.js';
import { getFieldSchema } from './field-schema.js';
import { prepareFieldsQuery } from './prepare-fields-query.js';

class ReviewDto {
  @Field() id!: string;
  @Field() rating!: number;
  // Typed loosely: `BookDto` is declared below, and design:type metadata would read it too early.
  @Relation(() => BookDto) book?: object;
}

class AuthorDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ type: () => [BookDto] }) books?: object[];
}

class BookDto {
  @ApiProperty() id!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ type: () => AuthorDto }) author?: AuthorDto;
  @Relation(() => ReviewDto) reviews?: ReviewDto[];
  @ApiProperty() @Field({ expose: (ctx) => ctx.role !== 'reader' }) internalNote?: string | null;
  @Field({ source: ['price'] }) priceLabel!: string;
}

class DetailedBookDto extends BookDto {
  @Field() pages!: number;
}

function refusal(run: () => unknown): { status: number; body: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof FacetQueryException)) throw error;
    return { status: error.getStatus(), body: error.getResponse() as Record<string, unknown> };
  }
  throw new Error('expected a FacetQueryException');
}

describe('getFieldSchema', () => {
  it('reads @ApiProperty metadata, Facet decorators, arrays, thunks and cycles, and caches per class', () => {
    const schema = getFieldSchema(BookDto);
    expect([...schema.fields.keys()]).toEqual([
      'id',
      'title',
      'author',
      'internalNote',
      'reviews',
      'priceLabel',
    ]);
    expect(schema.fields.get('author')).toMatchObject({
      kind: 'relation',
      isArray: false,
      target: AuthorDto,
    });
    expect(schema.fields.get('reviews')).toMatchObject({
      kind: 'relation',
      relation: 'reviews',
      target: ReviewDto,
    });
    expect(schema.fields.get('priceLabel')).toMatchObject({ kind: 'scalar', sources: ['price'] });
    expect(schema.fields.get('internalNote')?.expose).toBeTypeOf('function');
    expect(getFieldSchema(AuthorDto).fields.get('books')).toMatchObject({ isArray: true, target: BookDto });
    expect(getFieldSchema(ReviewDto).fields.get('book')).toMatchObject({ kind: 'relation', target: BookDto });
    expect(getFieldSchema(BookDto)).toBe(schema);
  });

  it('inherits the parent DTO fields and adds its own', () => {
    const names = [...getFieldSchema(DetailedBookDto).fields.keys()];
    expect(names).toEqual([...getFieldSchema(BookDto).fields.keys(), 'pages']);
  });

  it('never resolves inherited object members', () => {
    const { fields } = getFieldSchema(BookDto);
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(fields.get(name)).toBeUndefined();
    }
  });
});

describe('prepareFieldsQuery', () => {
  it('merges the includes the fields need with baseInclude and the client include, and never mutates', () => {
    const query = Object.freeze({
      page: 2,
      fields: 'id,author{name,books{title}},reviews{rating}',
      include: Object.freeze({ reviews: Object.freeze({ where: Object.freeze({ rating: 5 }) }) }),
    });
    const baseInclude = Object.freeze({ author: true as const });
    const before = JSON.stringify(query);
    const { query: prepared } = prepareFieldsQuery(query, BookDto, { baseInclude });
    expect(prepared).toEqual({
      page: 2,
      include: {
        author: { include: { books: true } },
        reviews: { where: { rating: 5 } },
      },
    });
    expect(JSON.stringify(query)).toBe(before);
    expect(baseInclude).toEqual({ author: true });
  });

  it('without fields still returns a copy with the endpoint and client includes (rules 2-4)', () => {
    const query = { where: { title: 'x' }, include: { reviews: true } };
    const { query: prepared, projection } = prepareFieldsQuery(query, BookDto, {
      baseInclude: { author: true },
    });
    expect(prepared).toEqual({ where: { title: 'x' }, include: { author: true, reviews: true } });
    expect(prepared).not.toBe(query);
    expect(query).toEqual({ where: { title: 'x' }, include: { reviews: true } });
    expect(projection.isSelective).toBe(false);
  });

  it('a client where on a base-included relation narrows it, never replaces it', () => {
    const { query } = prepareFieldsQuery({ include: { reviews: { where: { rating: 1 } } } }, BookDto, {
      baseInclude: { reviews: { where: { approved: true } } },
    });
    expect(query.include).toEqual({ reviews: { where: { AND: [{ approved: true }, { rating: 1 }] } } });
  });

  it('by default keeps the include shape with fields: rows load whole, client includes as sent', () => {
    const { query } = prepareFieldsQuery(
      { fields: 'title,priceLabel,author{name}', include: { author: true, reviews: { take: 2 } } },
      BookDto,
    );
    expect(query).toEqual({ include: { author: true, reviews: { take: 2 } } });
    expect(query).not.toHaveProperty('select');
    expect(prepareFieldsQuery({ fields: 'title,author{name}' }, BookDto, { pushDown: false }).query).toEqual({
      include: { author: true },
    });
  });

  it("joins the needed relations to a client's select, since Prisma refuses select beside include", () => {
    const { query } = prepareFieldsQuery({ fields: 'title,author{name}', select: { title: true } }, BookDto);
    expect(query).toEqual({ select: { title: true, author: true } });
  });

  it('with pushDown, reads only the needed columns through a select', () => {
    const { query } = prepareFieldsQuery({ fields: 'title,priceLabel,author{name}' }, BookDto, {
      pushDown: true,
    });
    expect(query).toEqual({
      select: { id: true, title: true, price: true, author: { select: { id: true, name: true } } },
    });
  });

  it('loads an explicitly included relation whole under a pushed-down select', () => {
    const { query } = prepareFieldsQuery(
      { fields: 'title,author{name}', include: { reviews: true } },
      BookDto,
      { baseInclude: { author: true }, pushDown: true },
    );
    expect(query).toEqual({ select: { id: true, title: true, author: true, reviews: true } });
  });

  it("narrows a client's bare include of a relation the projection selects with sub-fields", () => {
    const pushDown = { pushDown: true };
    const narrowed = prepareFieldsQuery(
      { fields: 'title,author{name}', include: { author: true } },
      BookDto,
      pushDown,
    );
    expect(narrowed.query).toEqual({
      select: { id: true, title: true, author: { select: { id: true, name: true } } },
    });
    // An include with arguments, or one the projection does not show, is loaded as the client asked.
    const withArgs = prepareFieldsQuery(
      { fields: 'title,reviews{rating}', include: { reviews: { where: { rating: 5 } } } },
      BookDto,
      pushDown,
    );
    expect(withArgs.query).toMatchObject({ select: { reviews: { where: { rating: 5 } } } });
    const unprojected = prepareFieldsQuery({ fields: 'title', include: { author: true } }, BookDto, pushDown);
    expect(unprojected.query).toEqual({ select: { id: true, title: true, author: true } });
  });

  it('projects DTOs and arrays of DTOs, keeping only selected fields in order', () => {
    const { projection } = prepareFieldsQuery({ fields: 'author{name},title' }, BookDto);
    const book = { id: 1, title: 'T', internalNote: 'n', author: { id: 2, name: 'Ada', email: 'x' } };
    expect(Fields.project(book, projection)).toEqual({ author: { name: 'Ada' }, title: 'T' });
    expect(Object.keys(Fields.project(book, projection) as object)).toEqual(['author', 'title']);
    expect(Fields.project([book, book], projection)).toHaveLength(2);
    expect(Fields.project(book, null)).toBe(book);
  });

  it('without fields, projects every declared field the caller may see', () => {
    const book = {
      id: 1,
      title: 'T',
      internalNote: 'n',
      secret: 's',
      author: { id: 2, name: 'Ada', email: 'x' },
    };
    const reader = prepareFieldsQuery({}, BookDto, { context: { role: 'reader' } }).projection;
    expect(Fields.project(book, reader)).toEqual({ id: 1, title: 'T', author: { id: 2, name: 'Ada' } });
    const editor = prepareFieldsQuery({}, BookDto, { context: { role: 'editor' } }).projection;
    expect(Fields.project(book, editor)).toMatchObject({ internalNote: 'n' });
  });

  it.each([
    ['titel', 'fields.titel', 0],
    ['id,author{nme}', 'fields.author.nme', 10],
    ['id, title{x}', 'fields.title', 4],
    ['toString{x}', 'fields.toString', 0],
    ['hasOwnProperty', 'fields.hasOwnProperty', 0],
    ['{items{id}}', 'fields.items', 1],
  ])('refuses %s with a 400 naming the path and position', (fields, path, position) => {
    const { status, body } = refusal(() => prepareFieldsQuery({ fields }, BookDto));
    expect(status).toBe(400);
    expect(body).toMatchObject({ path, issues: [expect.objectContaining({ path, position })] });
  });

  it.each(['constructor', '__proto__', 'author{constructor}', 'id,,', 'author{'])(
    'refuses the hostile or malformed %s with a 400',
    (fields) => {
      const { status, body } = refusal(() => prepareFieldsQuery({ fields }, BookDto));
      expect(status).toBe(400);
      expect(String(body.path)).toMatch(/^fields/);
    },
  );

  it('hides a field from a caller exactly like an unknown one', () => {
    const hidden = refusal(() =>
      prepareFieldsQuery({ fields: 'internalNote' }, BookDto, { context: { role: 'reader' } }),
    );
    const unknown = refusal(() =>
      prepareFieldsQuery({ fields: 'internalNotes' }, BookDto, { context: { role: 'reader' } }),
    );
    expect(hidden.body.code).toBe('unknown_key');
    expect(unknown.body.code).toBe('unknown_key');
    expect(() =>
      prepareFieldsQuery({ fields: 'internalNote' }, BookDto, { context: { role: 'admin' } }),
    ).not.toThrow();
  });

  it('refuses a fields parameter that is not a string', () => {
    expect(refusal(() => prepareFieldsQuery({ fields: { a: 1 } }, BookDto)).body).toMatchObject({
      code: 'invalid_type',
      path: 'fields',
    });
  });
});
