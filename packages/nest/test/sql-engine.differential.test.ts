// The compiled read path answers exactly as the Prisma path does. A differential property test:
// random checked queries of the subset the compiler covers (filters with its operators and AND/OR/NOT,
// sorts with ties and nulls, offset pages and `after`/`before` cursors, to-one relations in `fields`, counts,
// the search text), for callers with different access rules, through two resources on the same
// database and client, one per engine; the answers (items, their order, the meta, the cursors, or
// the error) must be identical, and the compiled one must have been read by SQL, not by Prisma.
// Hostile inputs get the same 4xx from both. PGlite always, PostgreSQL and MariaDB when reachable
// (required in CI).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, type ReadContext, Resource } from '../src/index.js';
import { type ModelSqlReads, type SqlReadEngine, sqlReads } from '../src/sql/index.js';
import { Prisma, type PrismaClient } from './generated/postgresql/client.js';
import { httpRejection } from './support/rejection.js';
import {
  accessibleWhere,
  fields,
  orderBy,
  quoteWhere,
  type Role,
  SqlBookDto,
  SqlQuoteDto,
  seedDifferential,
  select,
  where,
} from './support/sql-differential.js';
import { checkSqlTarget, openSqlTarget, type SqlTarget } from './support/sql-targets.js';

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: SqlBookDto });
const quoteResource = defineResource({
  name: 'quotes',
  delegate: (p: PrismaClient) => p.quote,
  dto: SqlQuoteDto,
});
const secret = 'differential-test-secret-0123456789';
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });

type Answer = { ok: true; body: string } | { ok: false; status: number; body: unknown };

/** JSON of an answer with each value's type: a Decimal, a BigInt or a Date never passes for a text. */
function typed(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key];
  if (typeof raw === 'bigint') return `bigint:${raw}`;
  if (raw instanceof Date) return `date:${raw.toISOString()}`;
  if (Prisma.Decimal.isDecimal(raw)) return `decimal:${raw.toFixed()}`;
  return value;
}

/**
 * A raw row (or rows, or a count) with every value's type beside it, keys in their order: a Boolean
 * read as 1, a number read as a text or a member out of place would differ.
 */
function rawTyped(value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(rawTyped);
  if (typeof value === 'bigint') return `bigint:${value}`;
  if (value instanceof Date) return `date:${value.toISOString()}`;
  if (Prisma.Decimal.isDecimal(value)) return `decimal:${String(value)}`;
  if (typeof value === 'object') return Object.entries(value).map(([key, item]) => [key, rawTyped(item)]);
  return `${typeof value}:${String(value)}`;
}

type Method = 'findMany' | 'count' | 'findFirst' | 'findUnique' | 'aggregate' | 'groupBy';
/** A compiled call and its arguments; `pageAndCount` takes the page's and the count's. */
type Call = [Method, object] | ['pageAndCount', [object, object]];

/** An engine that notes each call it compiles: the checked, scoped, planned arguments Prisma would get. */
function recording(engine: SqlReadEngine, calls: Call[]): SqlReadEngine {
  return {
    forModel(delegate) {
      const reads = engine.forModel(delegate);
      if (reads === undefined) return undefined;
      const noted =
        (method: Method) =>
        (args: object): Promise<never> | undefined => {
          const compiled = (reads[method] as ModelSqlReads['count'])(args);
          if (compiled !== undefined) calls.push([method, args]);
          return compiled as Promise<never> | undefined;
        };
      return {
        findMany: noted('findMany'),
        count: noted('count'),
        findFirst: noted('findFirst'),
        findUnique: noted('findUnique'),
        aggregate: noted('aggregate'),
        groupBy: noted('groupBy') as ModelSqlReads['groupBy'],
        pageAndCount(page, count) {
          const compiled = reads.pageAndCount?.(page, count);
          if (compiled !== undefined) calls.push(['pageAndCount', [page, count]]);
          return compiled;
        },
      };
    },
  };
}

async function answer(read: () => Promise<unknown>): Promise<Answer> {
  try {
    return { ok: true, body: JSON.stringify(await read(), typed) };
  } catch (error) {
    const rejected = await httpRejection(Promise.reject(error));
    return { ok: false, status: rejected.getStatus(), body: rejected.getResponse() };
  }
}

const query = fc
  .record(
    {
      where,
      orderBy,
      fields,
      select,
      perPage: fc.integer({ min: 1, max: 8 }),
      page: fc.integer({ min: 1, max: 4 }),
      count: fc.constantFrom(undefined, 'none', 'exact'),
      q: fc.constantFrom(undefined, 'alpha', '%', 'ta'),
    },
    { requiredKeys: ['perPage'] },
  )
  // `select` and `fields` both name the projection: one at a time.
  .map(({ select: selected, ...input }) =>
    selected === undefined || input.fields !== undefined ? input : { ...input, select: selected },
  );

const quoteQuery = fc.record(
  {
    where: quoteWhere,
    orderBy: fc.constantFrom<object[]>(
      [],
      [{ book: { title: 'asc' } }, { code: 'desc' }],
      [{ book: { price: 'desc' } }, { code: 'asc' }],
    ),
    fields: fc.constantFrom(undefined, 'code,book{title,price}', 'code,text', 'code,tags,book{title}'),
    perPage: fc.integer({ min: 3, max: 12 }),
  },
  { requiredKeys: ['perPage'] },
);

/** Aggregates of every kind over fields of every type Facet accepts them on, under random filters. */
const aggregates = {
  _count: fc.constantFrom(undefined, true, { _all: true, publishedAt: true, internalNote: true }),
  _avg: fc.constantFrom(undefined, { pages: true }, { price: true, sales: true }),
  _sum: fc.constantFrom(undefined, { pages: true, sales: true }, { price: true }),
  _min: fc.constantFrom(
    undefined,
    { title: true, publishedAt: true },
    { price: true, genre: true, sales: true },
  ),
  _max: fc.constantFrom(
    undefined,
    { pages: true, internalNote: true },
    { sales: true, isbn: true, price: true },
  ),
};
/** Prisma's answer holds the aggregates in the order asked: the order is shuffled too. */
const shuffled = <T extends object>(value: T, reverse: boolean): T =>
  reverse ? (Object.fromEntries(Object.entries(value).reverse()) as T) : value;
const aggregateQuery = fc
  .tuple(
    fc.record({ where: fc.option(where, { nil: undefined }), ...aggregates }, { requiredKeys: [] }),
    fc.boolean(),
  )
  .map(([args, reverse]) => shuffled(args, reverse))
  .filter((args) => AGGREGATE_OPS.some((key) => args[key] !== undefined));
const AGGREGATE_OPS = ['_count', '_avg', '_sum', '_min', '_max'] as const;
const groupQuery = fc
  .record({
    by: fc.constantFrom<string[]>(
      ['genre'],
      ['published'],
      ['genre', 'published'],
      ['pages'],
      ['publishedAt'],
    ),
    where: fc.option(where, { nil: undefined }),
    ...aggregates,
    descending: fc.boolean(),
    reverse: fc.boolean(),
    byAggregate: fc.constantFrom(
      undefined,
      { _count: { pages: 'desc' } },
      { _avg: { price: 'asc' } },
      { _max: { sales: 'desc' } },
    ),
  })
  .map(({ descending, byAggregate, reverse, ...args }) => {
    const [first] = args.by as [string];
    const orderBy = [
      ...(byAggregate === undefined ? [] : [byAggregate]),
      { [first]: descending ? 'desc' : 'asc' },
    ];
    return { ...shuffled(args, reverse), orderBy };
  });

for (const name of ['pglite', 'postgresql', 'mariadb'] as const) {
  const availability = await checkSqlTarget(name);
  describe.skipIf(!availability.available)(`the compiled read path on ${name}`, () => {
    let target: SqlTarget;
    let viaPrisma: Resource<PrismaClient['book'], SqlBookDto, Role>;
    let viaSql: Resource<PrismaClient['book'], SqlBookDto, Role>;
    const prismaCalls: string[] = [];
    let quotes: Record<'prisma' | 'sql', Resource<PrismaClient['quote'], SqlQuoteDto, Role>>;
    let reads: ModelSqlReads;
    const calls: Call[] = [];

    beforeAll(async () => {
      target = await openSqlTarget(name);
      await seedDifferential(target.prisma);
      const environment = { client: target.prisma, accessibleWhere, cursorSecret: secret };
      viaPrisma = new Resource(books, environment);
      // Prepared statements as the example app reads (MariaDB ignores the option).
      const engine = sqlReads({ pool: target.pool, decimal: target.decimal, preparedStatements: 64 });
      const sql = recording(engine, calls);
      reads = engine.forModel(target.prisma.book) as ModelSqlReads;
      // The SQL resource's delegate counts the calls that reach Prisma: a covered read makes none.
      const book = target.prisma.book;
      const calling = <A>(name: string, call: (args: A) => unknown) => ({
        value: (args: A) => {
          prismaCalls.push(name);
          return call(args);
        },
      });
      const counting = Object.create(book, {
        findMany: calling('findMany', (args: object) => book.findMany(args)),
        count: calling('count', (args: object) => book.count(args)),
        findFirst: calling('findFirst', (args: object) => book.findFirst(args)),
        findUnique: calling('findUnique', (args: object) => book.findUnique(args as never)),
        aggregate: calling('aggregate', (args: object) => book.aggregate(args as never)),
        groupBy: calling('groupBy', (args: object) => book.groupBy(args as never)),
      }) as typeof book;
      const sqlBooks = defineResource({ name: 'books', delegate: () => counting, dto: SqlBookDto });
      viaSql = new Resource(sqlBooks, { ...environment, sql, engine: 'sql' });
      quotes = {
        prisma: new Resource(quoteResource, environment),
        sql: new Resource(quoteResource, { ...environment, sql, engine: 'sql' }),
      };
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    /** Both engines' answers to one read, and whether the SQL one read books through Prisma. */
    async function both(read: (resource: typeof viaSql) => Promise<unknown>) {
      const expected = await answer(() => read(viaPrisma));
      const statements = target.statements();
      const sent = prismaCalls.length;
      const actual = await answer(() => read(viaSql));
      const booksByPrisma = prismaCalls.slice(sent);
      return { expected, actual, compiled: target.statements() - statements, booksByPrisma };
    }

    /** A compiled call's raw answer against Prisma's to the same arguments, types and all. */
    async function sameRaw(call: Call): Promise<void> {
      const book = target.prisma.book;
      if (call[0] === 'pageAndCount') {
        // One statement for both: the page Prisma's findMany gives, the total its count gives.
        const [page, count] = call[1];
        const expected = { records: await book.findMany(page), count: await book.count(count) };
        expect(rawTyped(await reads.pageAndCount?.(page, count))).toEqual(rawTyped(expected));
        return;
      }
      const [method, args] = call;
      const expected = await (book[method] as (args: object) => Promise<unknown>)(args);
      const actual = await (reads[method] as (args: object) => Promise<unknown>)(args);
      expect(rawTyped(actual)).toEqual(rawTyped(expected));
    }

    it('answers random covered queries exactly as Prisma does, and reads them by SQL', async () => {
      let compiledReads = 0;
      await fc.assert(
        fc.asyncProperty(query, fc.constantFrom<Role>('admin', 'reader', 'nobody'), async (input, role) => {
          const first = await both((resource) => resource.query(input, as(role)));
          expect(first.actual).toEqual(first.expected);
          // Every answered read is SQL's alone; a refusal may be Prisma's own (null on a required relation).
          if (first.expected.ok) expect(first.booksByPrisma).toEqual([]);
          compiledReads += first.compiled;
          if (!first.expected.ok) return;
          // The next page by its cursor, when the answer shows one.
          const cursor = (JSON.parse(first.expected.body) as { meta?: { nextCursor?: string } }).meta
            ?.nextCursor;
          if (typeof cursor !== 'string') return;
          const { page: _page, ...rest } = input;
          const next = await both((resource) => resource.query({ ...rest, after: cursor }, as(role)));
          expect(next.actual).toEqual(next.expected);
          expect(next.booksByPrisma).toEqual([]);
          // And back by its `before` cursor: the reversed sort and keyset, turned round.
          if (!next.expected.ok) return;
          const back = (JSON.parse(next.expected.body) as { meta?: { prevCursor?: string } }).meta
            ?.prevCursor;
          if (typeof back !== 'string') return;
          const previous = await both((resource) => resource.query({ ...rest, before: back }, as(role)));
          expect(previous.actual).toEqual(previous.expected);
          expect(previous.booksByPrisma).toEqual([]);
        }),
        { numRuns: 150 },
      );
      // The property ran the compiler, not only the fallback (an empty where read nothing by SQL; a
      // counted page is one statement).
      expect(compiledReads).toBeGreaterThan(60);
    }, 240_000);

    it('gives the raw rows Prisma gives, every value of the same type, for the calls the random queries make', async () => {
      let compared = 0;
      await fc.assert(
        fc.asyncProperty(query, fc.constantFrom<Role>('admin', 'reader'), async (input, role) => {
          calls.length = 0;
          await answer(() => viaSql.query(input, as(role)));
          for (const call of calls.splice(0)) {
            await sameRaw(call);
            compared++;
          }
        }),
        { numRuns: 80 },
      );
      expect(compared).toBeGreaterThan(40);
    }, 240_000);

    it('reads a counted page in one statement, and counts on its own only when an empty page cannot say', async () => {
      const book = target.prisma.book;
      const published = { published: true };
      const none = { title: 'no such title' };
      const cases: [string, object, object, number][] = [
        // [what, page, count, statements]
        [
          'a page with rows',
          { where: published, orderBy: [{ id: 'asc' }], take: 3 },
          { where: published },
          1,
        ],
        // The page's where is the count's (as a counted offset page sends it): an empty first page counts 0.
        ['nothing matches', { where: none, take: 3 }, { where: none }, 1],
        [
          'an offset past the end',
          { where: published, orderBy: [{ id: 'asc' }], skip: 10_000, take: 3 },
          { where: published },
          2,
        ],
        [
          'a cursor past the last row',
          { where: { AND: [published, { id: { gt: 1_000_000 } }] }, orderBy: [{ id: 'asc' }], take: 3 },
          { where: published },
          2,
        ],
      ];
      for (const [what, page, count, statements] of cases) {
        const before = target.statements();
        const actual = await reads.pageAndCount?.(page, count);
        expect(target.statements() - before, what).toBe(statements);
        const expected = { records: await book.findMany(page), count: await book.count(count) };
        expect(rawTyped(actual), what).toEqual(rawTyped(expected));
      }
      // The cases are what they say: the empty pages had rows to count.
      expect(await book.count({ where: published })).toBeGreaterThan(0);
    });

    it.each([
      [
        'aggregates as Prisma does: counts, means, totals, least and greatest of every type, under random filters',
        aggregateQuery,
        (resource: typeof viaSql, input: object, role: Role) => resource.aggregate(input, as(role)),
      ],
      [
        'groups as Prisma does: keys of every type, their aggregates, sorted by a key or an aggregate',
        groupQuery,
        (resource: typeof viaSql, input: object, role: Role) =>
          resource.groupBy(input as Parameters<typeof resource.groupBy>[0], as(role)),
      ],
    ] as const)(
      '%s',
      async (_, inputs, read) => {
        let compiled = 0;
        await fc.assert(
          fc.asyncProperty(
            inputs as fc.Arbitrary<object>,
            fc.constantFrom<Role>('admin', 'reader'),
            async (input, role) => {
              const result = await both((resource) => read(resource, input, role));
              expect(result.actual).toEqual(result.expected);
              if (result.expected.ok) expect(result.booksByPrisma).toEqual([]);
              compiled += result.compiled;
            },
          ),
          { numRuns: 80 },
        );
        expect(compiled).toBeGreaterThan(40);
      },
      120_000,
    );

    it('gives the raw aggregates and groups Prisma gives, every value of the same type', async () => {
      let compared = 0;
      const samples = [
        ...fc
          .sample(aggregateQuery, { numRuns: 40 })
          .map((input) => () => viaSql.aggregate(input, as('admin'))),
        ...fc.sample(groupQuery, { numRuns: 40 }).map((input) => () => viaSql.groupBy(input, as('admin'))),
      ];
      for (const read of samples) {
        calls.length = 0;
        await answer(read);
        for (const call of calls.splice(0)) {
          await sameRaw(call);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(40);
    }, 120_000);

    it('reads an optional to-one relation (filters with is, isNot and null, sorts, projections) as Prisma does', async () => {
      let compiled = 0;
      await fc.assert(
        fc.asyncProperty(quoteQuery, fc.constantFrom<Role>('admin', 'reader'), async (input, role) => {
          const expected = await answer(() => quotes.prisma.query(input, as(role)));
          const before = target.statements();
          const actual = await answer(() => quotes.sql.query(input, as(role)));
          expect(actual).toEqual(expected);
          compiled += target.statements() - before;
        }),
        { numRuns: 100 },
      );
      // A counted page is one statement. On MariaDB a read that selects the Json `tags` (every read
      // without `fields`) is Prisma's, and only its count is compiled.
      expect(compiled).toBeGreaterThan(50);
    }, 120_000);

    // Json as Prisma reads it: nested objects and arrays, JSON's null, escaped texts, a database
    // null; at the top of a row and inside a relation's JSON. On MariaDB, where a JSON column is
    // text, such a read stays on Prisma.
    it.each([
      ['quotes with their Json', () => quotes, { fields: 'code,tags,book{title}', perPage: 20 }],
      [
        'books with their quotes’ Json',
        () => ({ prisma: viaPrisma, sql: viaSql }),
        { fields: 'id,quotes{code,tags}', perPage: 40 },
      ],
    ] as const)('reads %s as Prisma does', async (_, resources, input) => {
      const { prisma, sql } = resources();
      const expected = await answer(() => prisma.query(input, as('admin')));
      const before = target.statements();
      const actual = await answer(() => sql.query(input, as('admin')));
      expect(actual).toEqual(expected);
      expect(expected.body).toContain('"key with spaces":{}');
      // On MariaDB the page is Prisma's (its count, which reads no Json, may still be compiled).
      if (name !== 'mariadb') expect(target.statements() - before).toBeGreaterThan(0);
    });

    it('reads one row by key or by a where (findUnique, findFirst under the scope) as Prisma does', async () => {
      let compiled = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.integer({ min: 0, max: 40 }).map((id) => ({ id: String(id) })),
            fc.constantFrom({ id: 'x' }, { id: '1.5' }, { id: '-1' }),
            fc
              .integer({ min: 0, max: 33 })
              .map((index) => ({ where: { isbn: `isbn-${String(index).padStart(2, '0')}` } })),
          ),
          fc.constantFrom(
            undefined,
            'id,title,price,author{name}',
            'id,reviews{id,rating},_count',
            'isbn,sales,publishedAt',
          ),
          fc.constantFrom<Role>('admin', 'reader', 'nobody'),
          async (lookup, fieldList, role) => {
            const query = fieldList === undefined ? {} : { fields: fieldList };
            const read = (resource: typeof viaSql) =>
              'id' in lookup
                ? resource.findById(lookup.id, query, as(role))
                : resource.findOne(lookup.where, query, as(role));
            const result = await both(read);
            expect(result.actual).toEqual(result.expected);
            expect(result.booksByPrisma).toEqual([]);
            // Every row the caller got was read by SQL.
            if (result.expected.ok) expect(result.compiled).toBe(1);
            if (result.expected.ok) compiled++;
          },
        ),
        { numRuns: 120 },
      );
      expect(compiled).toBeGreaterThan(20);
    }, 120_000);

    it('counts as Prisma does', async () => {
      await fc.assert(
        fc.asyncProperty(where, fc.constantFrom<Role>('admin', 'reader'), async (filter, role) => {
          const result = await both((resource) => resource.count({ where: filter }, as(role)));
          expect(result.actual).toEqual(result.expected);
          if (result.expected.ok) expect(result.booksByPrisma).toEqual([]);
          // A refused filter (a relation filter over the cost budget, or Prisma's own refusal) reads nothing by SQL.
          expect(result.compiled).toBe(result.expected.ok ? 1 : 0);
        }),
        { numRuns: 60 },
      );
    }, 120_000);

    // Prisma drops a group without a condition from the group around it, and reads an OR left
    // empty as false at the top: the compiler does the first, and leaves the second to Prisma.
    it.each<object>([
      { AND: [] },
      { NOT: [] },
      { NOT: {} },
      { OR: [{ pages: 100 }, { AND: [] }] },
      { OR: [{ pages: 100 }, { NOT: [] }] },
      { NOT: [{ pages: 100 }, { AND: [] }] },
      { OR: [{ AND: [] }] },
      { AND: [{ pages: 100 }, { OR: [{ NOT: [] }] }] },
      { NOT: { OR: [{ AND: [] }] } },
      { OR: [{ pages: 100 }, { title: { notIn: [] } }] },
      { NOT: { title: { in: [] } } },
      { OR: [{ title: {} }], published: true },
      { OR: [{ NOT: [] }], pages: 100 },
    ])('reads the filter %j as Prisma does', async (filter) => {
      for (const role of ['admin', 'reader'] as const) {
        const result = await both((resource) => resource.query({ where: filter, perPage: 40 }, as(role)));
        expect(result.actual).toEqual(result.expected);
      }
    });

    // Equalities no row satisfies together compile to `false` where only truth counts, and where
    // unknowns count (under a NOT) on non-nullable columns only; to-one filters through one
    // relation become one. Each must still answer as Prisma does.
    it.each<object>([
      { AND: [{ published: true }, { published: false }] },
      { published: true, AND: [{ published: { equals: false } }] },
      { NOT: { AND: [{ published: true }, { published: false }] } },
      { genre: { in: ['FICTION', 'SCIENCE'] }, AND: [{ genre: { in: ['HISTORY'] } }] },
      { pages: { in: [100, 200], equals: 200 }, AND: { pages: 200 } },
      { pages: { in: [100, 200] }, AND: { pages: { in: [120, 250] } } },
      { author: { is: { bornYear: 1951 } }, AND: [{ author: { bornYear: 1952 } }] },
      { NOT: { author: { is: { bornYear: 1951 } }, AND: [{ author: { bornYear: 1952 } }] } },
      { NOT: { AND: [{ author: { is: { bornYear: 1951 } } }, { author: { is: { bornYear: 1952 } } }] } },
      { author: { is: { country: 'FR' } }, AND: [{ author: { is: { bornYear: { gt: 1950 } } } }] },
      { author: { isNot: { bornYear: 1951 } }, AND: [{ author: { is: { bornYear: 1951 } } }] },
      { OR: [{ published: true, AND: { published: false } }, { pages: 100 }] },
      { OR: [{ published: true }], AND: [{ published: false }] },
      { OR: [{ author: { is: { bornYear: 1951 } } }], author: { bornYear: 1952 } },
      { reviews: { every: { rating: 2, AND: { rating: 4 } } } },
      { reviews: { none: { rating: { in: [0, 2] }, AND: { rating: 4 } } } },
    ])('reads the conjunction %j as Prisma does', async (filter) => {
      for (const role of ['admin', 'reader'] as const) {
        const result = await both((resource) => resource.query({ where: filter, perPage: 40 }, as(role)));
        expect(result.actual).toEqual(result.expected);
        // A refused read (over the relation filter budget) reads nothing on either engine.
        expect(result.booksByPrisma).toEqual([]);
        expect(result.compiled > 0).toBe(result.expected.ok);
      }
    });

    it.each<[string, Record<string, unknown>]>([
      ['an unknown field', { where: { nope: { equals: 1 } } }],
      ['an unknown operator', { where: { title: { like: 'a' } } }],
      ['a malformed Decimal', { where: { price: { gt: 'abc' } } }],
      ['a BigInt out of range', { where: { sales: { gt: '9223372036854775808' } } }],
      ['an Int out of range', { where: { pages: { gt: 2_147_483_648 } } }],
      ['a malformed date', { where: { publishedAt: { lt: 'yesterday' } } }],
      ['a NUL in a text', { where: { title: { contains: 'a\u0000b' } } }],
      ['a prototype key', { where: { __proto__: { x: 1 } } }],
      ['a Prisma key', { where: { $raw: 'select 1' } }],
      ['mode on a number', { where: { pages: { equals: 1, mode: 'insensitive' } } }],
      ['an unknown sort field', { orderBy: [{ nope: 'asc' }] }],
      ['a bad sort direction', { orderBy: [{ title: 'sideways' }] }],
      ['nulls on a required field', { orderBy: [{ title: { sort: 'asc', nulls: 'last' } }] }],
      ['a bad page', { page: 0 }],
      ['a huge perPage', { perPage: 100_000 }],
      ['a forged cursor', { after: 'not-a-cursor' }],
      ['a cursor beside a page', { after: 'x', page: 2 }],
      ['an unknown fields path', { fields: 'id,author{nope}' }],
      ['a statement in a text', { where: { title: { equals: '\'; drop table "Book"; --' } } }],
      ['wildcards in a text', { where: { title: { contains: '%_\\' } } }],
    ])('answers %s as Prisma does', async (_label, input) => {
      const result = await both((resource) => resource.query(input, as('reader')));
      expect(result.actual).toEqual(result.expected);
    });
  });
}
