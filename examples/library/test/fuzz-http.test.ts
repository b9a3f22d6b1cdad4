// Property-based fuzzing of the list endpoint over HTTP, on the real app (PGlite): a few hundred
// query strings, from plausible Prisma-style queries with wrong types, unknown operators and
// out-of-range numbers to raw hostile text. Every answer must be a 200 or a 4xx with a JSON body;
// a 5xx means some input reached a layer that could not classify it. Afterwards the server still
// answers correctly and Object.prototype is untouched.
import { encodeQuery } from '@facet/core';
import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { expectedListCount, LIST_PATH } from './support/listQuery.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';

const PRISTINE_OBJECT_PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort();

// What a client could plausibly name, including fields it may not see and fields that do not exist.
const scalarField = fc.constantFrom(
  'id',
  'isbn',
  'title',
  'price',
  'pages',
  'genre',
  'published',
  'publishedAt',
  'authorId',
  'internalNote',
  'secret',
  'email',
  '__proto__',
  'constructor',
  'toString',
);
const relation = fc.constantFrom('author', 'reviews', 'book', 'books', 'user', '_count');
const operator = fc.constantFrom(
  'equals',
  'not',
  'in',
  'notIn',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'startsWith',
  'endsWith',
  'mode',
  'search',
  'has',
  'some',
  'every',
  'none',
  'is',
  'isNot',
  '$where',
  'raw',
);
const value = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    'NaN',
    'Infinity',
    '1e999',
    'insensitive',
    'FICTION',
    '2024-01-01',
    'not-a-date',
    '10.005',
  ),
  fc.boolean(),
  fc.constant(null),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 4 }),
);

const { condition } = fc.letrec((tie) => ({
  condition: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.dictionary(scalarField, fc.oneof(value, fc.dictionary(operator, value, { maxKeys: 3 })), {
      maxKeys: 3,
    }),
    fc.dictionary(
      fc.constantFrom('AND', 'OR', 'NOT'),
      fc.oneof(tie('condition'), fc.array(tie('condition'), { maxLength: 3 })),
      {
        maxKeys: 2,
      },
    ),
    fc.dictionary(
      relation,
      fc.oneof(tie('condition'), fc.dictionary(operator, tie('condition'), { maxKeys: 2 })),
      {
        maxKeys: 2,
      },
    ),
  ),
}));

const fieldsExpression = fc
  .array(
    fc.oneof(
      scalarField,
      relation.map((name) => `${name}{id,name}`),
      fc.constantFrom('items{id}', 'meta{page,itemCount}', '{', '}', ',', 'author{', 'a b'),
    ),
    { maxLength: 5 },
  )
  .map((parts) => parts.join(','));

const structuredQuery = fc
  .record(
    {
      where: condition,
      orderBy: fc.oneof(
        fc.dictionary(
          fc.oneof(scalarField, relation),
          fc.oneof(fc.constantFrom('asc', 'desc', 'sideways'), value),
          {
            maxKeys: 2,
          },
        ),
        fc.array(fc.dictionary(scalarField, fc.constantFrom('asc', 'desc')), { maxLength: 3 }),
      ),
      include: fc.dictionary(
        relation,
        fc.oneof(
          fc.boolean(),
          value,
          condition.map((where) => ({ where })),
        ),
        {
          maxKeys: 3,
        },
      ),
      select: fc.dictionary(scalarField, fc.oneof(fc.boolean(), value), { maxKeys: 3 }),
      fields: fieldsExpression,
      page: value,
      perPage: value,
      search: fc.string({ maxLength: 10 }),
    },
    { requiredKeys: [] },
  )
  .map((query) => encodeQuery(query));

const rawQuery = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          'where',
          'where[title]',
          'where.pages.gte',
          'include',
          'fields',
          'page',
          'perPage',
          'orderBy',
          'a[b][c]',
          '__proto__[x]',
          'where[AND][0]',
        ),
        fc.oneof(
          fc.string({ maxLength: 10 }),
          fc.constantFrom('{', '[', '{"a":', '%', '%ZZ', '1e999', '[]', '{}'),
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
);

// Queries the allow-lists accept, so that values reach Prisma and the database: right fields and
// operators, values of roughly the right type but at the edges (int32 overflow, far dates, long text).
const edgeInt = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -5, max: 2_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e20, -0, 0.5) },
);
const edgeText = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('%', '_', '\\', "'", '"', 'x'.repeat(5_000)),
);
const edgeDate = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom('0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', '2024-02-30', '2024-01-01'),
);
const edgePrice = fc.oneof(edgeInt, fc.constantFrom('19.99', '0.001', '1e3', '99999999999.99', '-1'));
const plausibleWhere = fc.record(
  {
    pages: fc.oneof(
      edgeInt,
      fc.record({ gte: edgeInt, lt: edgeInt }, { requiredKeys: [] }),
      fc.record({ in: fc.array(edgeInt, { maxLength: 5 }) }),
    ),
    title: fc.oneof(
      edgeText,
      fc.record(
        { contains: edgeText, mode: fc.constantFrom('insensitive', 'default') },
        { requiredKeys: ['contains'] },
      ),
    ),
    price: fc.oneof(edgePrice, fc.record({ gt: edgePrice, lte: edgePrice }, { requiredKeys: [] })),
    publishedAt: fc.oneof(
      fc.constant(null),
      fc.record({ gte: edgeDate, lt: edgeDate }, { requiredKeys: [] }),
    ),
    genre: fc.oneof(
      fc.constantFrom('FICTION', 'SCIENCE', 'fiction', ''),
      fc.record({ in: fc.array(fc.constantFrom('FICTION', 'HISTORY', 'X'), { maxLength: 3 }) }),
    ),
    author: fc.record(
      {
        country: fc.oneof(edgeText, fc.record({ in: fc.array(edgeText, { maxLength: 3 }) })),
        bornYear: fc.record({ gte: edgeInt }),
      },
      { requiredKeys: [] },
    ),
    reviews: fc.record({ some: fc.record({ rating: fc.record({ gte: edgeInt }) }) }),
    id: fc.oneof(edgeInt, fc.record({ in: fc.array(edgeInt, { maxLength: 5 }) })),
  },
  { requiredKeys: [] },
);
const plausibleQuery = fc
  .record(
    {
      where: plausibleWhere,
      include: fc.record({ author: fc.boolean(), reviews: fc.boolean() }, { requiredKeys: [] }),
      orderBy: fc.array(
        fc.dictionary(
          fc.constantFrom('id', 'title', 'pages', 'price', 'publishedAt'),
          fc.constantFrom('asc', 'desc'),
          { minKeys: 1, maxKeys: 1 },
        ),
        { minLength: 1, maxLength: 3 },
      ),
      fields: fc.constantFrom(
        'id,title',
        'id,title,author{name},reviews{rating}',
        'items{id},meta{itemCount}',
        'id,price,publishedAt',
      ),
      page: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: 1, max: 5 }) },
        { weight: 1, arbitrary: edgeInt },
      ),
      perPage: fc.oneof(
        { weight: 5, arbitrary: fc.integer({ min: 1, max: 100 }) },
        { weight: 1, arbitrary: edgeInt },
      ),
    },
    { requiredKeys: [] },
  )
  .map((query) => encodeQuery(query));

const role = fc.constantFrom(undefined, 'reader-token', 'editor-token', 'admin-token');

// Operand shapes that Prisma's serializer would read as instructions (docs/SECURITY.md, "Operand
// injection"), at any depth of an operand, in the three key syntaxes of the wire format.
const reservedKey = fc.oneof(
  fc.constantFrom('__prismaRawParameters__', '$type', '$ref', '__typename', '$'),
  fc.string({ maxLength: 5 }).map((s) => `$${s}`),
  fc.string({ maxLength: 5 }).map((s) => `__${s}`),
);
const reservedOperand = fc.oneof(
  fc.constant({
    __prismaRawParameters__: true,
    values: { $type: 'FieldRef', value: { _ref: 'internalNote' } },
  }),
  fc.constant({ $type: 'Param', value: 'x' }),
  fc.constant({ $type: 'FieldRef', value: { _ref: 'title', _container: 'Book' } }),
  fc.tuple(reservedKey, fc.jsonValue({ maxDepth: 1 })).map(([key, value]) => ({ [key]: value })),
  fc
    .tuple(fc.constantFrom('value', 'values', 'x'), reservedKey, fc.jsonValue({ maxDepth: 1 }))
    .map(([outer, key, value]) => ({ [outer]: { [key]: value } })),
);
// A list operand is a list of such objects. (A JSON list sent for a string field's equality is the
// text it was sent as, never an instruction, so it is not a probe.)
const operandProbe = fc
  .record({
    field: fc.constantFrom(
      'title',
      'pages',
      'price',
      'publishedAt',
      'genre',
      'author.name',
      'reviews.some.rating',
    ),
    operator: fc.constantFrom('', 'equals', 'not', 'lt', 'gte', 'in', 'notIn', 'contains', 'endsWith'),
    operand: reservedOperand,
    syntax: fc.constantFrom('dotted', 'brackets', 'json'),
  })
  .map((probe) =>
    probe.operator === 'in' || probe.operator === 'notIn' ? { ...probe, operand: [probe.operand] } : probe,
  );

/** `where.<field>[.<operator>]=<operand>` in one key syntax. */
function probeQuery(probe: { field: string; operator: string; operand: unknown; syntax: string }): string {
  const path = [...probe.field.split('.'), ...(probe.operator ? [probe.operator] : [])];
  const where: Record<string, unknown> = {};
  let node = where;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) node[key] = probe.operand;
    else {
      const child: Record<string, unknown> = {};
      node[key] = child;
      node = child;
    }
  }
  if (probe.syntax === 'dotted') return encodeQuery({ where });
  if (probe.syntax === 'brackets') return qs.stringify({ where }, { encodeValuesOnly: true });
  return `where=${encodeURIComponent(JSON.stringify(where))}`;
}

// The oracle property: filters over visible fields, including LIKE metacharacters, that a caller
// combines with the ids of rows it may not read, or with ids no row has.
const fx = loadFixture();
const hiddenBookIds = fx.books.filter((b) => !b.published).map((b) => b.id);
/** Stands for "the longest word of the first hidden book's title" among the search texts drawn. */
const TITLE_WORD = Symbol('title word');
const titleWord = (id: number) =>
  (fx.books.find((b) => b.id === id)?.title.split(/\W+/) ?? []).reduce(
    (a, b) => (b.length > a.length ? b : a),
    '',
  );
const likeText = fc.oneof(
  fc.stringMatching(/^[%_\\ax]{0,4}$/),
  fc.constantFrom('\\', '%', '_', 'a\\', '%\\', 'Read', 'it', '.'),
);
const likeOperator = fc.constantFrom('contains', 'startsWith', 'endsWith');
const reviewFilter = fc.record(
  {
    body: fc.oneof(
      likeText,
      fc
        .tuple(likeOperator, likeText, fc.constantFrom(undefined, 'insensitive'))
        .map(([op, text, mode]) => (mode ? { [op]: text, mode } : { [op]: text })),
    ),
    rating: fc.oneof(fc.integer({ min: -1, max: 6 }), fc.record({ gte: fc.integer({ min: 0, max: 5 }) })),
    id: fc.record({ startsWith: likeText }),
  },
  { requiredKeys: [] },
);
const bookFilter = fc.record(
  {
    title: fc.tuple(likeOperator, likeText).map(([op, text]) => ({ [op]: text })),
    pages: fc.record({ gt: fc.integer({ min: 0, max: 1200 }) }),
    reviews: fc.record({ some: reviewFilter }),
    author: fc.record({ name: fc.tuple(likeOperator, likeText).map(([op, text]) => ({ [op]: text })) }),
  },
  { requiredKeys: [] },
);

describe('fuzzing GET /books over HTTP (PGlite)', () => {
  let app: RunningLibrary;
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    // The fuzzer expects some 4xx answers; only a 5xx would be logged, and those fail the test anyway.
    app = await startLibrary({ logger: false });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('every query string gets a 200 or a 4xx with a JSON body, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          { weight: 5, arbitrary: plausibleQuery },
          { weight: 2, arbitrary: structuredQuery },
          { weight: 1, arbitrary: rawQuery },
        ),
        role,
        async (query, token) => {
          const response = await fetch(`${app.api}/books?${query}`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
            signal: AbortSignal.timeout(20_000),
          });
          const text = await response.text();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          expect(
            response.status === 200 || (response.status >= 400 && response.status < 500),
            `${response.status} for ?${query}: ${text}`,
          ).toBe(true);
          expect(response.headers.get('content-type')).toMatch(/^application\/json/);
          const body = JSON.parse(text) as Record<string, unknown>;
          if (response.status === 200)
            expect(Array.isArray(body.items) || typeof body.meta === 'object').toBe(true);
          else expect(body).toMatchObject({ statusCode: response.status, message: expect.anything() });
        },
      ),
      { numRuns: 400, interruptAfterTimeLimit: 150_000 },
    );
    console.log(`[fuzz-http] statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    // The generators must reach both sides, or the property says little.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect([...statuses.keys()].some((status) => status >= 400)).toBe(true);
  }, 200_000);

  it('afterwards the server still answers correctly and Object.prototype is clean', async () => {
    const response = await fetch(app.api + LIST_PATH);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { meta: { itemCount: number } }).meta.itemCount).toBe(
      expectedListCount(),
    );
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PRISTINE_OBJECT_PROTOTYPE);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('operand shapes and error oracles over HTTP (PGlite)', () => {
  let app: RunningLibrary;

  beforeAll(async () => {
    app = await startLibrary({ logger: false });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  async function get(path: string, token?: string) {
    const response = await fetch(app.api + path, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(20_000),
    });
    return { status: response.status, text: await response.text() };
  }

  it('an operand carrying Prisma’s internal forms is a 400 naming its path, in every key syntax', async () => {
    await fc.assert(
      fc.asyncProperty(operandProbe, role, async (probe, token) => {
        const query = probeQuery(probe);
        // qs drops empty lists and objects, which can leave no probe at all.
        fc.pre(query.includes('%24') || query.includes('__') || query.includes('$'));
        const { status, text } = await get(`/books?${query}`, token);
        expect(status, `?${query}: ${text}`).toBe(400);
        const body = JSON.parse(text) as { code?: string; path?: string };
        expect(typeof body.code).toBe('string');
        expect(body.path, `?${query}: ${text}`).toMatch(/^where\./);
      }),
      { numRuns: 150, interruptAfterTimeLimit: 60_000 },
    );
  }, 90_000);

  it('oracle: the answer is the same whether the filter meets rows the caller may not read or none', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // No filter but the ids too, so that the hidden rows are often what the read meets.
          fc
            .oneof(fc.constant({}), bookFilter)
            .map((where) => ({ resource: 'books', key: 'id', where, by: 'genre' })),
          fc
            .oneof(fc.constant({}), reviewFilter)
            .map((where) => ({ resource: 'reviews', key: 'bookId', where, by: 'rating' })),
        ),
        fc.subarray(hiddenBookIds, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(undefined, 'reader-token'),
        // A search text too: none, a word of the first hidden book's title (which it matches), or any.
        fc.oneof(fc.constant(undefined), fc.constant(TITLE_WORD), likeText),
        async ({ resource, key, where, by }, hidden, token, search) => {
          const q = search === TITLE_WORD ? titleWord(hidden[0] as number) : search;
          const filter = (ids: number[]) => ({
            where: { ...where, [key]: { in: ids } },
            ...(q === undefined ? {} : { q }),
          });
          const none = hidden.map((id) => id + 1_000_000);
          const scoped = (ids: number[]) => `/${resource}/count?${encodeQuery(filter(ids))}`;
          const withHidden = await get(scoped(hidden), token);
          const withNone = await get(scoped(none), token);
          expect(withHidden, scoped(hidden)).toEqual(withNone);
          expect([200, 400]).toContain(withHidden.status);
          // The aggregate and the groups: hidden rows neither count nor add a group.
          const aggregated = (ids: number[], grouped: boolean) =>
            `/${resource}/aggregate?${encodeQuery({
              ...filter(ids),
              ...(grouped ? { by } : {}),
              _count: { _all: true },
              _max: { [key]: true },
            })}`;
          for (const grouped of [false, true]) {
            const hiddenAggregate = await get(aggregated(hidden, grouped), token);
            expect(hiddenAggregate, aggregated(hidden, grouped)).toEqual(
              await get(aggregated(none, grouped), token),
            );
            expect([200, 400]).toContain(hiddenAggregate.status);
          }
          if (resource === 'books') {
            const detail = (id: number) => `/books/${id}?${encodeQuery({ where })}`;
            const hiddenDetail = await get(detail(hidden[0] as number), token);
            const missingDetail = await get(detail(2_000_000), token);
            expect(hiddenDetail, detail(hidden[0] as number)).toEqual(missingDetail);
          }
        },
      ),
      { numRuns: 150, interruptAfterTimeLimit: 90_000 },
    );
  }, 120_000);
});
