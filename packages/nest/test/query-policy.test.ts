// checkQueryPolicy / assertQueryPolicy: the allow-list of client where/orderBy/include/select,
// the operator list and the budgets, judged against the DTO schema and the caller's context.
import { type FacetIssue, FacetQueryError } from '@facet/core';
import { describe, expect, it } from 'vitest';
import {
  assertQueryPolicy,
  checkQueryPolicy,
  DEFAULT_QUERY_BUDGET,
  type DtoClass,
  type QueryBudget,
  type QueryPolicyInput,
  resolveQueryBudget,
} from '../src/advanced/index.js';
import { FacetQueryException } from '../src/index.js';
import { PolicyAuthorDto, PolicyBookDto, PolicyReviewDto } from './support/policy-dtos.js';

const reader = { role: 'reader' };
const admin = { role: 'admin' };

function issuesOf(
  query: QueryPolicyInput,
  context = reader,
  budget?: QueryBudget,
  dto: DtoClass = PolicyBookDto,
) {
  try {
    checkQueryPolicy(query, dto, { context, ...(budget ? { budget } : {}) });
  } catch (error) {
    expect(error).toBeInstanceOf(FacetQueryError);
    return (error as FacetQueryError).issues.map((issue: FacetIssue) => ({
      code: issue.code,
      path: issue.path.join('.'),
      message: issue.message,
      ...('limit' in issue && issue.limit !== undefined ? { limit: issue.limit } : {}),
    }));
  }
  return [];
}

const notAvailable = (path: string) => ({ code: 'unknown_key', path, message: 'field is not available' });

describe('checkQueryPolicy: allow-list', () => {
  it('accepts declared, visible fields in every position', () => {
    expect(
      issuesOf({
        where: {
          title: { contains: 'a', mode: 'insensitive' },
          OR: [{ pages: { gte: 1 } }, { NOT: { published: false } }],
          author: { name: { startsWith: 'A' } },
          reviews: { some: { rating: { in: [4, 5] } }, none: { book: { is: { title: 'x' } } } },
        },
        orderBy: [
          { title: 'asc' },
          { author: { name: { sort: 'desc', nulls: 'last' } } },
          { reviews: { _count: 'desc' } },
        ],
        include: {
          author: true,
          reviews: { where: { rating: 5 }, orderBy: { rating: 'asc' }, take: 3, skip: 1 },
        },
      }),
    ).toEqual([]);
    expect(issuesOf({ select: { id: true, title: true, _count: { select: { reviews: true } } } })).toEqual(
      [],
    );
  });

  it.each([
    ['where', { where: { internalNote: { contains: 'x' } } }, 'where.internalNote'],
    ['a bare equality', { where: { internalNote: 'restock' } }, 'where.internalNote'],
    ['OR (search)', { where: { OR: [{ title: 'x' }, { internalNote: 'x' }] } }, 'where.OR.1.internalNote'],
    ['NOT', { where: { NOT: { internalNote: null } } }, 'where.NOT.internalNote'],
    [
      'a relation filter',
      { where: { reviews: { some: { book: { internalNote: 'x' } } } } },
      'where.reviews.some.book.internalNote',
    ],
    ['orderBy', { orderBy: [{ internalNote: 'desc' }] }, 'orderBy.0.internalNote'],
    [
      'a relation sort',
      {
        orderBy: { reviews: { _count: 'asc' }, author: { books: { _count: 'asc' } } },
        select: { internalNote: true },
      },
      'select.internalNote',
    ],
    ['select', { select: { internalNote: true } }, 'select.internalNote'],
    [
      'an include where',
      { include: { reviews: { where: { book: { is: { internalNote: 'x' } } } } } },
      'include.reviews.where.book.is.internalNote',
    ],
  ])('a field hidden from the caller is refused in %s, with its path', (_what, query, path) => {
    const issues = issuesOf(query as QueryPolicyInput);
    expect(issues).toContainEqual(notAvailable(path));
    // The same query is fine for a caller the field is exposed to.
    expect(issuesOf(query as QueryPolicyInput, admin)).toEqual([]);
  });

  it('an undeclared field gets exactly the answer a hidden one gets (no oracle)', () => {
    expect(issuesOf({ where: { email: 'x' } }, admin, undefined, PolicyAuthorDto)).toEqual([
      notAvailable('where.email'),
    ]);
    expect(issuesOf({ where: { internalNote: 'x' } })).toEqual([notAvailable('where.internalNote')]);
  });

  it('inherited and prototype names are never fields', () => {
    const polluted = JSON.parse('{"__proto__": {"published": false}}') as Record<string, unknown>;
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      expect(issuesOf({ where: { [name]: 'x' } }, admin)).toEqual([notAvailable(`where.${name}`)]);
      expect(issuesOf({ orderBy: { [name]: 'asc' } }, admin)).toEqual([notAvailable(`orderBy.${name}`)]);
      expect(issuesOf({ include: { [name]: true } }, admin)).toEqual([notAvailable(`include.${name}`)]);
    }
    expect(issuesOf({ where: polluted }, admin)).toEqual([notAvailable('where.__proto__')]);
    expect(({} as Record<string, unknown>).published).toBeUndefined();
  });

  it('a computed field (several sources) can be projected but not filtered or sorted', () => {
    expect(issuesOf({ where: { label: 'x' } }, admin)).toEqual([notAvailable('where.label')]);
    expect(issuesOf({ orderBy: { label: 'asc' } }, admin)).toEqual([notAvailable('orderBy.label')]);
  });

  it('refuses unknown operators, relation filters, relation arguments and modes', () => {
    expect(issuesOf({ where: { title: { regex: '.*' } } })).toEqual([
      { code: 'unknown_key', path: 'where.title.regex', message: 'unknown filter operator' },
    ]);
    expect(issuesOf({ where: { title: { not: { $where: '1' } } } })[0]?.path).toBe('where.title.not.$where');
    expect(issuesOf({ where: { reviews: { any: {} } } })[0]).toMatchObject({
      path: 'where.reviews.any',
      code: 'unknown_key',
    });
    expect(issuesOf({ where: { title: { contains: 'a', mode: 'sensitive' } } })[0]).toMatchObject({
      path: 'where.title.mode',
      code: 'invalid_value',
    });
    expect(issuesOf({ include: { reviews: { cursor: { id: 'x' } } } })[0]).toMatchObject({
      path: 'include.reviews.cursor',
    });
    expect(issuesOf({ include: { author: { where: { name: 'x' } } } })[0]).toMatchObject({
      path: 'include.author.where',
    });
    expect(issuesOf({ include: { title: true } })[0]).toMatchObject({
      path: 'include.title',
      code: 'invalid_value',
    });
    expect(issuesOf({ include: { reviews: { take: -1 } } })[0]).toMatchObject({
      path: 'include.reviews.take',
    });
  });

  it('sort directions are asc or desc only (no identifier or SQL injection through values)', () => {
    for (const direction of [
      'asc; DROP TABLE "Book"',
      'ASC',
      '',
      1,
      null,
      { sort: 'up' },
      { sort: 'asc', nulls: 'x' },
    ]) {
      expect(issuesOf({ orderBy: { title: direction } })).toEqual([
        { code: 'invalid_value', path: 'orderBy.title', message: 'the sort direction must be asc or desc' },
      ]);
    }
    expect(issuesOf({ orderBy: { 'title" DESC --': 'asc' } })).toEqual([
      notAvailable('orderBy.title" DESC --'),
    ]);
    expect(issuesOf({ orderBy: { reviews: { rating: 'asc' } } })[0]).toMatchObject({
      path: 'orderBy.reviews',
    });
  });

  it('checks _count keys against the DTO too', () => {
    expect(issuesOf({ include: { _count: { select: { secrets: true } } } })).toEqual([
      notAvailable('include._count.select.secrets'),
    ]);
    expect(issuesOf({ include: { _count: { select: { author: true } } } })[0]).toMatchObject({
      code: 'invalid_value',
    });
    expect(
      issuesOf({ include: { _count: { select: { reviews: { where: { book: { internalNote: 'x' } } } } } } }),
    ).toEqual([notAvailable('include._count.select.reviews.where.book.internalNote')]);
  });
});

describe('checkQueryPolicy: budgets', () => {
  const nest = (depth: number): Record<string, unknown> =>
    depth <= 1 ? { title: 'x' } : { AND: nest(depth - 1) };

  it('has documented defaults', () => {
    expect(DEFAULT_QUERY_BUDGET).toEqual({
      maxWhereDepth: 8,
      maxIncludeDepth: 3,
      maxFilterNodes: 100,
      maxInList: 100,
      maxIncludes: 10,
      maxOrderBy: 5,
      maxRelationFilterCost: 5,
      maxSearchLength: 200,
    });
  });

  it('where depth', () => {
    expect(issuesOf({ where: nest(7) })).toEqual([]);
    expect(issuesOf({ where: nest(9) })).toEqual([
      {
        code: 'too_deep',
        path: 'where.AND.AND.AND.AND.AND.AND.AND.AND',
        limit: 8,
        message: 'filters may be nested at most 8 levels deep',
      },
    ]);
    expect(issuesOf({ where: nest(3) }, reader, { maxWhereDepth: 2 })[0]).toMatchObject({
      code: 'too_deep',
      limit: 2,
    });
  });

  it('filter nodes, across all filters of a read', () => {
    const wide = { OR: Array.from({ length: 60 }, (_, i) => ({ pages: i })) };
    expect(issuesOf({ where: wide })).toEqual([]);
    expect(
      issuesOf({
        where: wide,
        include: { reviews: { where: { OR: wide.OR.map((_, i) => ({ rating: i })) } } },
      })[0],
    ).toMatchObject({
      code: 'too_many',
      limit: 100,
    });
    expect(issuesOf({ where: wide }, reader, { maxFilterNodes: 10 })[0]).toMatchObject({
      code: 'too_many',
      limit: 10,
    });
  });

  it('in lists', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => i);
    expect(issuesOf({ where: { id: { in: list(100) } } })).toEqual([]);
    expect(issuesOf({ where: { id: { notIn: list(101) } } })).toEqual([
      { code: 'too_many', path: 'where.id.notIn', limit: 100, message: 'lists may have at most 100 values' },
    ]);
  });

  it('included relations and their depth', () => {
    const deep = { reviews: { include: { book: { include: { reviews: { include: { book: true } } } } } } };
    expect(issuesOf({ include: deep })[0]).toMatchObject({
      code: 'too_deep',
      path: 'include.reviews.include.book.include.reviews.include',
      limit: 3,
    });
    expect(
      issuesOf({ include: { author: true, reviews: true } }, reader, { maxIncludes: 1 })[0],
    ).toMatchObject({
      code: 'too_many',
      path: 'include.reviews',
      limit: 1,
    });
  });

  it('relations selected by fields count towards the same budget', () => {
    const check = (selection: Record<string, unknown>, budget?: QueryBudget) => {
      try {
        checkQueryPolicy({ include: { author: true } }, PolicyBookDto, {
          context: admin,
          ...(budget ? { budget } : {}),
          fields: { selection: selection as never, path: ['fields', 'items'] },
        });
      } catch (error) {
        return (error as FacetQueryError).issues[0];
      }
      return undefined;
    };
    expect(check({ id: true, reviews: { book: { author: true } } })).toBeUndefined();
    expect(check({ reviews: { book: { reviews: { book: true } } } })).toMatchObject({
      code: 'too_deep',
      path: ['fields', 'items', 'reviews', 'book', 'reviews', 'book'],
      limit: 3,
    });
    expect(check({ reviews: true, author: true }, { maxIncludes: 2 })).toMatchObject({
      code: 'too_many',
      path: ['fields', 'items', 'author'],
    });
  });

  it('sort keys', () => {
    expect(issuesOf({ orderBy: Array.from({ length: 6 }, () => ({ title: 'asc' })) })[0]).toMatchObject({
      code: 'too_many',
      limit: 5,
    });
  });

  describe('relation filter cost', () => {
    /** The smallest `maxRelationFilterCost` that accepts `where` (the filter's cost). */
    const costOf = (where: Record<string, unknown>, dto: DtoClass = PolicyBookDto) => {
      const accepts = (limit: number) =>
        issuesOf({ where }, admin, { maxRelationFilterCost: limit }, dto).length === 0;
      let cost = 1;
      while (!accepts(cost)) cost++;
      return cost;
    };
    const leaf = { rating: 5 };

    it.each([
      ['some, none, is and the bare form cost 1', { reviews: { some: leaf } }, 1],
      ['none', { reviews: { none: leaf } }, 1],
      ['is', { author: { is: { name: 'A' } } }, 1],
      ['the bare to-one form', { author: { name: 'A' } }, 1],
      ['a to-one relation that is null', { author: null }, 1],
      ['every costs 2', { reviews: { every: leaf } }, 2],
      ['side by side they add up', { reviews: { some: leaf, none: leaf }, author: { name: 'A' } }, 3],
      ['under OR a to-many filter costs twice', { OR: [{ reviews: { some: leaf } }, { title: 'x' }] }, 2],
      ['under NOT too', { NOT: { reviews: { some: leaf } } }, 2],
      [
        'a to-one filter under OR is a lookup per row',
        { OR: [{ author: { name: 'A' } }, { title: 'x' }] },
        4,
      ],
      ['negated, isNot costs 3', { author: { isNot: { name: 'A' } } }, 3],
      ['and so does is under NOT', { NOT: { author: { is: { name: 'A' } } } }, 3],
      ['isNot under OR costs what is does there', { OR: [{ author: { isNot: { name: 'A' } } }] }, 4],
      ['AND does not change it', { AND: [{ reviews: { some: leaf } }, { author: { name: 'A' } }] }, 2],
      ['inside a to-many filter twice', { reviews: { some: { book: { is: { title: 'x' } } } } }, 1 + 2],
      [
        'inside a to-one filter as much',
        { book: { is: { author: { is: { name: 'A' } } } } },
        1 + 1,
        PolicyReviewDto,
      ],
      [
        'a to-many filter inside another relation filter costs 4 times',
        { author: { is: { books: { some: { title: 'x' } } } } },
        1 + 4,
      ],
      ['inside every 8 times', { reviews: { every: { book: { title: 'x' } } } }, 2 + 8],
      ['inside isNot 4 times', { book: { isNot: { author: { name: 'A' } } } }, 3 + 4, PolicyReviewDto],
      [
        'inside a relation filter under OR 4 times more',
        { OR: [{ reviews: { some: { book: { title: 'x' } } } }] },
        2 + 8,
      ],
      [
        'the factors multiply down the path',
        { reviews: { some: { book: { is: { author: { is: { name: 'A' } } } } } } },
        1 + 2 + 2,
      ],
      [
        'one arm of the red-team filter',
        { OR: [{ reviews: { every: { book: { reviews: { every: { rating: 1 } } } } } }] },
        4 + 32 + 32 * 2 * 4,
      ],
    ] as [string, Record<string, unknown>, number, DtoClass?][])('%s', (_, where, cost, dto) => {
      expect(costOf(where, dto)).toBe(cost);
    });

    it('refuses the red-team filter by default, naming where its cost ran out', () => {
      const arm = (rating: number) => ({ reviews: { every: { book: { reviews: { every: { rating } } } } } });
      expect(issuesOf({ where: { OR: [1, 2, 3, 4].map(arm) } })).toEqual([
        {
          code: 'too_costly',
          path: 'where.OR.0.reviews.every.book',
          limit: 5,
          message: 'relation filters may cost at most 5 in one read',
        },
      ]);
    });

    it('reports the cost after the names, so that a field the caller may not name keeps its answer', () => {
      const where = { author: { books: { every: { internalNote: 'x' } } } };
      expect(issuesOf({ where }).map((issue) => issue.code)).toEqual(['unknown_key', 'too_costly']);
      expect(issuesOf({ where }, admin)).toEqual([
        {
          code: 'too_costly',
          path: 'where.author.books.every',
          limit: 5,
          message: 'relation filters may cost at most 5 in one read',
        },
      ]);
    });

    it('by default takes five plain relation filters, or three hops, and nothing nested in every', () => {
      const five = { AND: [1, 2, 3, 4, 5].map((rating) => ({ reviews: { some: { rating } } })) };
      expect(issuesOf({ where: five })).toEqual([]);
      const six = { AND: [...five.AND, { author: { name: 'A' } }] };
      expect(issuesOf({ where: six })[0]).toMatchObject({ code: 'too_costly', path: 'where.AND.5.author' });
      expect(
        issuesOf({ where: { reviews: { some: { book: { is: { author: { is: { name: 'A' } } } } } } } }),
      ).toEqual([]);
      expect(issuesOf({ where: { reviews: { every: { book: { is: { title: 'x' } } } } } })[0]).toMatchObject({
        code: 'too_costly',
        path: 'where.reviews.every.book.is',
      });
      expect(
        issuesOf(
          { where: { books: { every: { reviews: { some: leaf } } } } },
          reader,
          undefined,
          PolicyAuthorDto,
        )[0],
      ).toMatchObject({
        code: 'too_costly',
        path: 'where.books.every.reviews.some',
      });
    });

    it('counts the filters of included and counted relations into the same read', () => {
      const three = { reviews: { some: { book: { is: { title: 'x' } } } } };
      expect(issuesOf({ where: three })).toEqual([]);
      expect(
        issuesOf({ where: three, include: { reviews: { where: { book: { is: { title: 'x' } } } } } }),
      ).toEqual([]);
      expect(
        issuesOf({
          where: three,
          include: { reviews: { where: { book: { is: { reviews: { every: leaf } } } } } },
        })[0],
      ).toMatchObject({ code: 'too_costly', path: 'include.reviews.where.book.is.reviews.every' });
      expect(
        issuesOf(
          {
            select: {
              _count: { select: { books: { where: { reviews: { every: { book: { title: 'x' } } } } } } },
            },
          },
          reader,
          undefined,
          PolicyAuthorDto,
        )[0],
      ).toMatchObject({ code: 'too_costly', path: 'select._count.select.books.where.reviews.every.book' });
    });
  });

  it('refuses bad budget options', () => {
    expect(() => resolveQueryBudget({ maxInList: 0 })).toThrow(/maxInList/);
    expect(() => resolveQueryBudget({ maxRelationFilterCost: 0 })).toThrow(/maxRelationFilterCost/);
    expect(() => resolveQueryBudget({ maxInLists: 5 } as QueryBudget)).toThrow(/maxInLists/);
    expect(resolveQueryBudget({ maxInList: 5 }).maxInList).toBe(5);
  });
});

describe('assertQueryPolicy', () => {
  it('is a 400 whose body names the path and never echoes the value', () => {
    let thrown: unknown;
    try {
      assertQueryPolicy({ where: { internalNote: { contains: 'secret-probe' } } }, PolicyBookDto, {
        context: reader,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(FacetQueryException);
    const exception = thrown as FacetQueryException;
    expect(exception.getStatus()).toBe(400);
    const body = exception.getResponse() as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'unknown_key',
      path: 'where.internalNote',
      message: 'field is not available at where.internalNote',
    });
    expect(JSON.stringify(body)).not.toContain('secret-probe');
  });
});
