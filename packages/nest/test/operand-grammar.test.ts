// The closed operand grammar (docs/SECURITY.md, "Operand injection"): checkQueryPolicy accepts an
// operand only in the shapes its field's type and operator allow, with the field types read from
// a real generated Prisma client (PostgreSQL schema; constructing the client opens no connection).
// Queries arrive through the real decoder in every key syntax, as a controller would see them.
import { decodeQuery, type FacetIssue, FacetQueryError } from '@facet/core';
import { PrismaPg } from '@prisma/adapter-pg';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkQueryPolicy,
  type ModelTypes,
  type QueryPolicyInput,
  readModelTypes,
} from '../src/advanced/index.js';
import { Field, Relation } from '../src/index.js';
import { PrismaClient } from './generated/postgresql/client.js';
import { PolicyAuthorDto, PolicyReviewDto } from './support/policy-dtos.js';

/** Every column of the test schema's Book, so each scalar type has a field to filter. */
class GrammarBookDto {
  @Field() id!: number;
  @Field() isbn!: string;
  @Field() title!: string;
  @Field() price!: string;
  @Field() pages!: number;
  @Field() sales!: string;
  @Field() genre!: string;
  @Field() published!: boolean;
  @Field() publishedAt!: Date | null;
  @Field() authorId!: number;
  @Field() internalNote!: string | null;
  @Relation(() => PolicyAuthorDto, { isArray: false }) author?: PolicyAuthorDto;
  @Relation(() => PolicyReviewDto, { isArray: true }) reviews?: PolicyReviewDto[];
}

const prisma = new PrismaClient({
  adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:1/never-connected' }),
});
const bookTypes = readModelTypes(prisma.book) as ModelTypes;
const admin = { role: 'admin' };

/** Decodes a query string, checks it with the model's types, and returns the issues (or none). */
function check(query: string, model: ModelTypes | null = bookTypes) {
  const decoded = decodeQuery(query) as QueryPolicyInput;
  try {
    checkQueryPolicy(decoded, GrammarBookDto, { context: admin, ...(model === null ? {} : { model }) });
    return { decoded, issues: [] as { code: string; path: string; message: string }[] };
  } catch (error) {
    expect(error).toBeInstanceOf(FacetQueryError);
    const issues = (error as FacetQueryError).issues.map((issue: FacetIssue) => ({
      code: issue.code,
      path: issue.path.join('.'),
      message: issue.message,
    }));
    return { decoded, issues };
  }
}

/**
 * Whether the query is refused at `path`, by the policy or already by the decoder: an operand that
 * holds a prototype key (`{"$":{"prototype":""}}`) never reaches the policy, and is a 400 all the same.
 */
function refusedAt(query: string, path: string): boolean {
  let paths: string[];
  try {
    paths = check(query).issues.map((issue) => issue.path);
  } catch (error) {
    if (!(error instanceof FacetQueryError)) throw error;
    paths = error.issues.map((issue: FacetIssue) => issue.path.join('.'));
  }
  return paths.length > 0 && paths[0]?.startsWith(path) === true;
}

describe('model types from a real Prisma client', () => {
  it('reads scalar types, relations, optional fields and enum values', () => {
    expect(bookTypes.scalar('title')).toBe('String');
    expect(bookTypes.scalar('price')).toBe('Decimal');
    expect(bookTypes.scalar('sales')).toBe('BigInt');
    expect(bookTypes.scalar('genre')).toBe('Enum');
    expect(bookTypes.scalar('publishedAt')).toBe('DateTime');
    expect(bookTypes.scalar('author')).toBeUndefined();
    expect(bookTypes.relation('author')?.name).toBe('Author');
    expect(bookTypes.relation('author')?.relation('books')?.name).toBe('Book');
    expect(bookTypes.nullable('internalNote')).toBe(true);
    expect(bookTypes.nullable('title')).toBe(false);
    expect(bookTypes.enumValues('genre')).toEqual(['FICTION', 'SCIENCE', 'HISTORY']);
    expect(readModelTypes({ findMany: () => [] })).toBeUndefined();
  });
});

describe('Prisma’s internal value forms are never operands', () => {
  const probes = [
    // The review's FieldRef probe in the three key syntaxes.
    'where.title.gte.__prismaRawParameters__=true&where.title.gte.values.$type=FieldRef&where.title.gte.values.value._ref=internalNote',
    'where[title][gte][__prismaRawParameters__]=true&where[title][gte][values][$type]=FieldRef',
    `where.title.gte=${encodeURIComponent('{"__prismaRawParameters__":true,"values":{"$type":"FieldRef"}}')}`,
    `where=${encodeURIComponent('{"title":{"gte":{"$type":"FieldRef","value":{"_ref":"internalNote"}}}}')}`,
  ];

  it.each(probes)('refuses %s with a 400 naming where.title.gte', (query) => {
    for (const model of [bookTypes, null]) {
      const { issues } = check(query, model);
      expect(issues[0]).toMatchObject({ code: 'invalid_type', path: 'where.title.gte' });
    }
  });

  it('refuses them under not, in lists, in relation filters and in include filters', () => {
    const cases: [string, string][] = [
      ['where.title.not.$type=FieldRef', 'where.title.not.$type'],
      [`where.pages.in=${encodeURIComponent('[{"$type":"Param"}]')}`, 'where.pages.in.0'],
      ['where.pages.in.__prismaRawParameters__=true&where.pages.in.values=[1,2]', 'where.pages.in'],
      ['where.author.name.lt.$type=FieldRef', 'where.author.name.lt'],
      ['where.reviews.some.rating.gt.$type=FieldRef', 'where.reviews.some.rating.gt'],
      ['include.reviews.where.rating.equals.$type=FieldRef', 'include.reviews.where.rating.equals'],
      ['where.title.contains.$type=FieldRef', 'where.title.contains'],
    ];
    for (const [query, path] of cases) {
      const { issues } = check(query);
      expect(issues[0]?.path, query).toBe(path);
    }
  });

  it('property: no object with a $ or __ key passes as an operand of any operator', () => {
    const operators = ['equals', 'not', 'lt', 'lte', 'gt', 'gte', 'contains', 'startsWith', 'endsWith'];
    const reserved = fc.oneof(
      fc.constantFrom('__prismaRawParameters__', '$type', '$ref', '__proto_x', '$'),
      fc.string({ maxLength: 6 }).map((s) => `$${s}`),
      fc.string({ maxLength: 6 }).map((s) => `__${s}`),
    );
    fc.assert(
      fc.property(
        fc.constantFrom('title', 'pages', 'published', 'authorId'),
        fc.constantFrom(...operators),
        reserved,
        fc.jsonValue({ maxDepth: 2 }),
        (field, operator, key, value) => {
          const operand = { [key]: value };
          const query = `where.${field}.${operator}=${encodeURIComponent(JSON.stringify(operand))}`;
          return refusedAt(query, `where.${field}.${operator}`);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('operands are checked against their field’s type', () => {
  it('names the path and the expected type', () => {
    const cases: [string, string][] = [
      ['where.pages=many', 'expected an integer (32-bit)'],
      ['where.pages=2147483648', 'expected an integer (32-bit)'],
      ['where.published.equals=1', 'expected true or false'],
      ['where.genre=POETRY', 'expected one of FICTION, SCIENCE, HISTORY'],
      [
        'where.publishedAt.lt=tomorrow',
        'expected a date-time in ISO 8601 (2024-01-31 or 2024-01-31T12:00:00Z)',
      ],
      ['where.title.in=abc', 'expected a list of a string'],
      ['where.title.contains=a%00b', 'expected a string'],
      ['where.pages.lt=null', 'expected an integer (32-bit)'],
    ];
    for (const [query, message] of cases) {
      const { issues } = check(query);
      expect(issues[0]?.message, query).toBe(message);
      expect(issues[0]?.code).toBe('invalid_type');
    }
  });

  it('refuses operators a type does not have', () => {
    expect(check('where.pages.contains=1').issues[0]).toEqual({
      code: 'unknown_key',
      path: 'where.pages.contains',
      message: 'unknown filter operator for a Int field',
    });
    expect(check('where.genre.gt=FICTION').issues[0]?.path).toBe('where.genre.gt');
    expect(check('where.published.in=[true]').issues[0]?.path).toBe('where.published.in');
  });

  it('normalizes: text for strings, Date for date-times, bigint for BigInt digits, exact decimal text', () => {
    const { decoded, issues } = check(
      'where.title=2024&where.isbn.in[0]=9780001079199&where.publishedAt.gte=2024-01-31' +
        '&where.price.lt=19.990000000000000001&where.reviews.some.id=007&where.internalNote=null',
    );
    expect(issues).toEqual([]);
    const where = decoded.where as Record<string, Record<string, unknown> | unknown>;
    expect(where.title).toBe('2024');
    expect((where.isbn as { in: unknown[] }).in).toEqual(['9780001079199']);
    expect((where.publishedAt as { gte: unknown }).gte).toEqual(new Date('2024-01-31'));
    expect((where.price as { lt: unknown }).lt).toBe('19.990000000000000001');
    expect(where.internalNote).toBeNull();
    expect(check('where.title=null').decoded.where).toEqual({ title: 'null' });
  });

  it('without model types, operands are untyped scalars and lists of them', () => {
    expect(check('where.title=2024', null).decoded.where).toEqual({ title: 2024 });
    expect(check('where.pages.in=[1,"2",true]', null).issues).toEqual([]);
    expect(check('where.pages.in=[[1]]', null).issues[0]?.path).toBe('where.pages.in.0');
    expect(check('where.pages.gt.x=1', null).issues[0]?.path).toBe('where.pages.gt');
  });
});
