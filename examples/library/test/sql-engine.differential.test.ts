// The compiled read path (`engine: 'sql'`, @facet/nest/sql) over the example's own schema and
// fixture: random checked list reads and counts of books, authors and reviews (filters with the
// classified operators and relation filters, `fields` and `include` with relations, sorts with
// ties and nulls, offset pages and cursors, the search text), by every role of the contract with its
// CASL access scope, through two resources on the same database and client, one per engine. The
// answers (the raw rows with each value's type, their order, the meta and cursors, or the refusal)
// must be identical. What the compiler does not cover falls back to Prisma, and must agree all the
// same; the test requires that most reads were compiled. PGlite always, PostgreSQL when reachable
// (required in CI). The same on the package's own test schema: packages/nest/test/sql-engine.differential.test.ts.
//
// Properties run with the run's fast-check seed (FC_SEED or a fixed default, printed once; see test-support).
import { isFacetQueryError } from '@facet/core';
import { type ReadContext, Resource, type ResourceDefinition, type SqlReadEngine } from '@facet/nest';
import { createCaslAccessibleWhere } from '@facet/nest/casl';
import { type SqlPool, sqlReads } from '@facet/nest/sql';
import { orderByArbitrary } from '@facet/test-support/fast-check';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppAbility } from '../src/auth/casl-prisma.js';
import { defineAbility } from '../src/auth/defineAbility.js';
import type { CallerRole } from '../src/auth/roles.js';
import { type LibraryDatabase, loadFixture, openDatabase } from '../src/database/index.js';
import { Prisma } from '../src/generated/prisma/client.js';
import { authors, books, reviews } from '../src/resources/library.resources.js';
import { checkTarget, createTargetDatabase, type TargetDatabase } from './support/targets.js';

const fx = loadFixture();
const secret = 'example-differential-secret-0123456789';
const USER_OF: Readonly<Record<CallerRole, number | undefined>> = {
  admin: 1,
  editor: 2,
  reader: 3,
  anonymous: undefined,
};
const ROLES = Object.keys(USER_OF) as CallerRole[];

function as(role: CallerRole): ReadContext<AppAbility> {
  const userId = USER_OF[role];
  return { ability: defineAbility(role, userId), context: { role, userId } };
}

type Answer = { ok: true; body: string } | { ok: false; error: unknown };

/** JSON of an answer with each value's type: a Decimal, a BigInt or a Date never passes for a text. */
function typed(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (typeof raw === 'bigint') return `bigint:${raw}`;
  if (raw instanceof Date) return `date:${raw.toISOString()}`;
  if (Prisma.Decimal.isDecimal(raw)) return `decimal:${raw.toFixed()}`;
  return value;
}

/** A refusal as its caller sees it: a query error's issues, an HTTP exception's status and body. */
function refusal(error: unknown): unknown {
  if (isFacetQueryError(error)) return { query: error.issues };
  const http = error as { getStatus?: () => number; getResponse?: () => unknown };
  if (typeof http.getStatus === 'function' && typeof http.getResponse === 'function')
    return { status: http.getStatus(), body: http.getResponse() };
  return { name: (error as Error).name, message: (error as Error).message };
}

async function answer(read: () => Promise<unknown>): Promise<Answer> {
  try {
    return { ok: true, body: JSON.stringify(await read(), typed) };
  } catch (error) {
    return { ok: false, error: refusal(error) };
  }
}

// ---- Random queries of the example's three resources ----------------------------------------------

type Filter = Record<string, unknown>;

const ops = <T>(value: fc.Arbitrary<T>): fc.Arbitrary<Filter> =>
  fc.oneof(
    value.map((v) => ({ equals: v })),
    value.map((v) => ({ not: v })),
    fc.array(value, { maxLength: 3 }).map((v) => ({ in: v })),
    fc.array(value, { maxLength: 3 }).map((v) => ({ notIn: v })),
    fc.tuple(fc.constantFrom('lt', 'lte', 'gt', 'gte'), value).map(([op, v]) => ({ [op]: v })),
  );
const texts = (values: readonly string[]): fc.Arbitrary<Filter> =>
  fc
    .tuple(
      fc.oneof(
        ops(fc.constantFrom(...values)),
        fc
          .constantFrom(...values, '%', '_', 'e', 'The')
          .chain((v) => fc.constantFrom({ contains: v }, { startsWith: v }, { endsWith: v })),
      ),
      fc.constantFrom<Filter>({}, { mode: 'insensitive' }),
    )
    .map(([filter, mode]) => ({ ...filter, ...mode }));
const one = <T>(items: readonly T[]): T[] => items.slice(0, 1);
const TITLES = [...new Set(fx.books.map((b) => b.title))].slice(0, 12);
const PRICES = [...new Set(fx.books.map((b) => b.price))].slice(0, 6);
const DATES = ['2019-01-24T00:00:00.000Z', '2021-06-01T00:00:00.000Z', '2024-08-21T00:00:00.000Z'];
const COUNTRIES = [...new Set(fx.authors.map((a) => a.country))];
const NAMES = fx.authors.slice(0, 5).map((a) => a.name);
const BODIES = [...new Set(fx.reviews.map((r) => r.body))].slice(0, 5);

const bookField: fc.Arbitrary<Filter> = fc.oneof(
  texts(TITLES).map((f) => ({ title: f })),
  texts(one(fx.books.map((b) => b.isbn))).map((f) => ({ isbn: f })),
  ops(fc.constantFrom(...PRICES, '20', '15.5')).map((f) => ({ price: f })),
  ops(fc.constantFrom(60, 100, 300, 938)).map((f) => ({ pages: f })),
  ops(fc.constantFrom('FICTION', 'SCIENCE', 'POETRY', 'TECH')).map((f) => ({ genre: f })),
  fc.boolean().map((b) => ({ published: b })),
  fc
    .constantFrom<Filter>({ equals: null }, { not: null }, { lt: DATES[1] }, { gte: DATES[0] })
    .map((f) => ({ publishedAt: f })),
  ops(fc.constantFrom(1, 7, 23)).map((f) => ({ authorId: f })),
  // Staff only: a reader's filter on it is refused, alike on both engines.
  fc.constantFrom<Filter>({ contains: 'shelf' }, { startsWith: 'cost' }).map((f) => ({ internalNote: f })),
);
const authorField: fc.Arbitrary<Filter> = fc.oneof(
  texts(NAMES).map((f) => ({ name: f })),
  ops(fc.constantFrom(...COUNTRIES)).map((f) => ({ country: f })),
  ops(fc.constantFrom(1890, 1950, 1975)).map((f) => ({ bornYear: f })),
);
const reviewField: fc.Arbitrary<Filter> = fc.oneof(
  ops(fc.integer({ min: 0, max: 6 })).map((f) => ({ rating: f })),
  texts(BODIES).map((f) => ({ body: f })),
  fc.constantFrom<Filter>({ lt: DATES[1] }, { gte: DATES[2] }).map((f) => ({ createdAt: f })),
  ops(fc.constantFrom(1, 2, 3)).map((f) => ({ userId: f })),
);

const toOne = (name: string, inner: fc.Arbitrary<Filter>): fc.Arbitrary<Filter> =>
  fc
    .tuple(fc.constantFrom('is', 'isNot', 'direct'), inner)
    .map(([how, filter]) => ({ [name]: how === 'direct' ? filter : { [how]: filter } }));
const toMany = (name: string, inner: fc.Arbitrary<Filter>): fc.Arbitrary<Filter> =>
  fc
    .tuple(fc.constantFrom('some', 'every', 'none'), inner)
    .map(([how, filter]) => ({ [name]: { [how]: filter } }));

/** AND/OR/NOT trees over `leaf`; every group holds a condition. */
const tree = (leaf: fc.Arbitrary<Filter>): fc.Arbitrary<Filter> =>
  fc.letrec<{ node: Filter }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => ({ AND: items })),
      fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => ({ OR: items })),
      tie('node').map((item) => ({ NOT: item })),
    ),
  })).node;

const page = {
  perPage: fc.integer({ min: 1, max: 12 }),
  page: fc.integer({ min: 1, max: 3 }),
  count: fc.constantFrom(undefined, 'none', 'exact'),
};

interface Case {
  readonly resource: 'books' | 'authors' | 'reviews';
  readonly input: Record<string, unknown>;
}

const bookQuery = fc.record(
  {
    where: tree(
      fc.oneof(
        { weight: 4, arbitrary: bookField },
        { weight: 2, arbitrary: toOne('author', authorField) },
        { weight: 2, arbitrary: toMany('reviews', tree(reviewField)) },
      ),
    ),
    orderBy: orderByArbitrary(
      [
        'title',
        'price',
        'pages',
        'genre',
        'published',
        'publishedAt',
        'isbn',
        'author.name',
        'author.bornYear',
      ],
      ['publishedAt'],
    ),
    fields: fc.constantFrom(
      undefined,
      'id,title,price,publishedAt',
      'id,genre,author{name,country}',
      'items{id,price,author{id,bornYear}},meta{itemCount,hasNextPage,nextCursor}',
      'id,title,internalNote',
      'id,reviews{rating,body,createdAt}',
      'id,title,author{name},reviews{id,rating,user{name}}',
    ),
    include: fc.constantFrom(undefined, { author: true }, { reviews: true }, { author: true, reviews: true }),
    q: fc.constantFrom(undefined, 'the', '%', '97800'),
    ...page,
  },
  { requiredKeys: ['perPage'] },
);
const authorQuery = fc.record(
  {
    where: tree(
      fc.oneof(
        { weight: 2, arbitrary: authorField },
        { weight: 1, arbitrary: toMany('books', tree(bookField)) },
      ),
    ),
    orderBy: orderByArbitrary(['name', 'country', 'bornYear']),
    fields: fc.constantFrom(
      undefined,
      'id,name',
      'items{id,country,bornYear},meta{itemCount}',
      'id,books{title,price,publishedAt}',
      'id,name,books{id,genre,reviews{rating}}',
    ),
    include: fc.constantFrom(undefined, { books: true }),
    q: fc.constantFrom(undefined, 'van', '_'),
    ...page,
  },
  { requiredKeys: ['perPage'] },
);
const reviewQuery = fc.record(
  {
    where: tree(
      fc.oneof(
        { weight: 3, arbitrary: reviewField },
        { weight: 1, arbitrary: toOne('book', tree(bookField)) },
        { weight: 1, arbitrary: toOne('user', fc.constantFrom({ name: 'Riley Reader' }, { id: { lt: 3 } })) },
      ),
    ),
    orderBy: orderByArbitrary(['rating', 'createdAt', 'body', 'id', 'book.title', 'book.price', 'user.name']),
    fields: fc.constantFrom(
      undefined,
      'id,rating,createdAt',
      'id,body,book{title,price,publishedAt}',
      'id,user{name,role},book{author{name}}',
    ),
    include: fc.constantFrom(undefined, { book: true }, { user: true }),
    q: fc.constantFrom(undefined, 'twice'),
    ...page,
  },
  { requiredKeys: ['perPage'] },
);

/** `select` with `_count` of the scoped reviews (the books' own fields stay what `select` names). */
const countQuery = fc.record(
  {
    select: fc.constantFrom<Filter>(
      { id: true, _count: { select: { reviews: true } } },
      { id: true, title: true, _count: true },
    ),
    orderBy: orderByArbitrary(['title', 'price', 'author.country']),
    where: tree(bookField),
    ...page,
  },
  { requiredKeys: ['perPage', 'select'] },
);

const cases: fc.Arbitrary<Case> = fc.oneof(
  { weight: 1, arbitrary: countQuery.map((input) => ({ resource: 'books' as const, input })) },
  { weight: 3, arbitrary: bookQuery.map((input) => ({ resource: 'books' as const, input })) },
  { weight: 1, arbitrary: authorQuery.map((input) => ({ resource: 'authors' as const, input })) },
  { weight: 2, arbitrary: reviewQuery.map((input) => ({ resource: 'reviews' as const, input })) },
);

// ---- The two engines on one database ------------------------------------------------------------------

/** The pool with a count of the statements it ran, so a test proves a read was compiled. */
function counted(pool: SqlPool): { pool: SqlPool; statements: () => number } {
  let statements = 0;
  return {
    statements: () => statements,
    pool: {
      async connect() {
        const client = await pool.connect();
        return {
          query: (text, values) => {
            statements++;
            return client.query(text, values);
          },
          release: () => client.release(),
        };
      },
    },
  };
}

/** The engine with a count of the reads its compiler did not cover (they went to Prisma). */
function observed(engine: SqlReadEngine): { engine: SqlReadEngine; fallbacks: () => number } {
  let fallbacks = 0;
  const seen = <T>(read: T | undefined): T | undefined => {
    if (read === undefined) fallbacks++;
    return read;
  };
  return {
    fallbacks: () => fallbacks,
    engine: {
      forModel(delegate) {
        const reads = engine.forModel(delegate);
        if (reads === undefined) throw new Error('the example’s models are all compiled');
        return {
          findMany: (args) => seen(reads.findMany(args)),
          count: (args) => seen(reads.count(args)),
          // Not a fallback when it is not compiled: the page's two calls then are, each on its own.
          pageAndCount: (page, count) => reads.pageAndCount?.(page, count),
        };
      },
    },
  };
}

/** The definition without its mapper: the rows are compared as the engines give them, types and all. */
function raw<T extends ResourceDefinition<never, never, object, AppAbility>>(definition: T): T {
  const { map: _map, ...rest } = definition as T & { map?: unknown };
  return rest as T;
}

type AnyResource = Resource<never, object, AppAbility>;

for (const name of ['pglite', 'postgresql'] as const) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`the compiled read path over the example on ${name}`, () => {
    let target: TargetDatabase | undefined;
    let database: LibraryDatabase | undefined;
    let statements: () => number = () => 0;
    let fallbacks: () => number = () => 0;
    const resources = new Map<string, { prisma: AnyResource; sql: AnyResource; mapped: AnyResource }>();

    beforeAll(async () => {
      target = await createTargetDatabase(name);
      database = await openDatabase({ url: target.url });
      const pool = counted(database.sqlPool);
      statements = pool.statements;
      const compiler = observed(sqlReads({ pool: pool.pool, decimal: (text) => new Prisma.Decimal(text) }));
      fallbacks = compiler.fallbacks;
      const sql = compiler.engine;
      const environment = {
        client: database.prisma,
        accessibleWhere: createCaslAccessibleWhere(),
        cursorSecret: secret,
      };
      for (const definition of [books, authors, reviews]) {
        const plain = raw(definition as unknown as ResourceDefinition<never, never, object, AppAbility>);
        resources.set(definition.name, {
          prisma: new Resource(plain, environment) as AnyResource,
          sql: new Resource(plain, { ...environment, sql, engine: 'sql' }) as AnyResource,
          // The example's own mapper on the compiled path: what its HTTP answers are made of.
          mapped: new Resource(
            definition as unknown as ResourceDefinition<never, never, object, AppAbility>,
            { ...environment, sql, engine: 'sql' },
          ) as AnyResource,
        });
      }
    }, 120_000);
    afterAll(async () => {
      await database?.close();
      await target?.drop();
    });

    /** Both engines' answers to one read, and how many statements the compiled one sent itself. */
    async function both(resource: string, read: (on: AnyResource) => Promise<unknown>) {
      const pair = resources.get(resource);
      if (pair === undefined) throw new Error(`no resource ${resource}`);
      const expected = await answer(() => read(pair.prisma));
      const before = statements();
      const fellBack = fallbacks();
      const actual = await answer(() => read(pair.sql));
      return { expected, actual, compiled: statements() - before, fallbacks: fallbacks() - fellBack };
    }

    it('answers random list reads of books, authors and reviews exactly as Prisma does', async () => {
      let reads = 0;
      let compiled = 0;
      await fc.assert(
        fc.asyncProperty(cases, fc.constantFrom(...ROLES), async ({ resource, input }, role) => {
          const first = await both(resource, (on) => on.query(input, as(role)));
          expect(first.actual).toEqual(first.expected);
          // A refused read reads nothing on either engine; every answered one is read by SQL alone.
          expect(first.fallbacks).toBe(0);
          if (first.expected.ok) reads++;
          if (first.expected.ok && first.compiled > 0) compiled++;
          if (!first.expected.ok) return;
          const meta = (JSON.parse(first.expected.body) as { meta?: { nextCursor?: string } }).meta;
          if (typeof meta?.nextCursor !== 'string') return;
          const { page: _page, ...rest } = input;
          const next = await both(resource, (on) => on.query({ ...rest, after: meta.nextCursor }, as(role)));
          expect(next.actual).toEqual(next.expected);
          expect(next.fallbacks).toBe(0);
        }),
        { numRuns: 200 },
      );
      // The example's reads are all covered: none of them fell back to Prisma.
      expect(compiled).toBe(reads);
      expect(reads).toBeGreaterThan(100);
    }, 300_000);

    it('counts as Prisma does', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            bookQuery.map((q) => ['books', q.where] as const),
            reviewQuery.map((q) => ['reviews', q.where] as const),
          ),
          fc.constantFrom(...ROLES),
          async ([resource, where], role) => {
            const result = await both(resource, (on) => on.count({ where }, as(role)));
            expect(result.actual).toEqual(result.expected);
            expect(result.fallbacks).toBe(0);
          },
        ),
        { numRuns: 80 },
      );
    }, 120_000);

    // The oracle property on the compiled path: a filter that meets rows the caller may not read
    // answers exactly as one that meets none. The hidden book (a draft) and its reviews are the
    // admin's to see; an anonymous caller or a reader must learn nothing of them.
    const hidden = fx.books.find((b) => !b.published && fx.reviews.some((r) => r.bookId === b.id));
    it.each(['anonymous', 'reader'] as const)('tells a %s nothing of hidden rows', async (role) => {
      if (hidden === undefined) throw new Error('the fixture has no draft with reviews');
      const pair = resources.get('reviews');
      const bookPair = resources.get('books');
      if (pair === undefined || bookPair === undefined) throw new Error('no resources');
      const probes: [AnyResource, Filter, Filter][] = [
        [bookPair.sql, { id: hidden.id }, { id: 100_000 }],
        [
          bookPair.sql,
          { title: { equals: hidden.title }, published: false },
          { title: { equals: '\u0001' } },
        ],
        [pair.sql, { bookId: hidden.id }, { bookId: 100_000 }],
        [pair.sql, { book: { is: { id: hidden.id } } }, { book: { is: { id: 100_000 } } }],
      ];
      for (const [resource, meets, none] of probes) {
        const before = statements();
        const seen = await answer(() => resource.query({ where: meets, perPage: 5 }, as(role)));
        const nothing = await answer(() => resource.query({ where: none, perPage: 5 }, as(role)));
        expect(statements() - before).toBeGreaterThan(0);
        expect(seen).toEqual(nothing);
        expect(await answer(() => resource.count({ where: meets }, as(role)))).toEqual(
          await answer(() => resource.count({ where: none }, as(role))),
        );
      }
      // And the admin does see them, on the same compiled path.
      const admin = await answer(() => bookPair.sql.count({ where: { id: hidden.id } }, as('admin')));
      expect(admin).toEqual({ ok: true, body: '1' });
    });

    it('maps compiled rows to the same DTOs the example answers with', async () => {
      const pair = resources.get('books');
      if (pair === undefined) throw new Error('no resource books');
      const input = {
        fields: 'id,title,price,publishedAt,author{name}',
        orderBy: [{ price: 'desc' }],
        perPage: 20,
      };
      const mapped = (await pair.mapped.query(input, as('reader'))) as { items: { price: unknown }[] };
      const prices = mapped.items.map((item) => item.price);
      expect(prices.every((price) => typeof price === 'string' && /^\d+\.\d\d$/.test(price))).toBe(true);
      const expected = fx.books
        .filter((b) => b.published)
        .map((b) => b.price)
        .sort((a, b) => Number(b) - Number(a))
        .slice(0, 20);
      expect(prices).toEqual(expected);
    });
  });
  if (!availability.available)
    console.warn(`the example differential test on ${name} skipped: ${availability.reason}`);
}
