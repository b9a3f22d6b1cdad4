// Aggregates and groups of a Resource (`resource.aggregate`, `resource.groupBy`: what
// `GET /<resource>/aggregate` serves), run once per database target by
// resource-aggregate.<target>.test.ts on a real Prisma client. Every expectation is computed here,
// from the rows this suite seeded, never read back from the database it checks.
import { type FacetQueryError, isFacetQueryError } from '@facet/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessSubject,
  defineResource,
  Field,
  type FieldContext,
  type ReadContext,
  Resource,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { httpRejection, rejection } from './support/rejection.js';
import { newTag } from './support/seed.js';
import { checkTarget, openTarget, type TargetName, type TestTarget } from './support/targets.js';

type Role = 'admin' | 'reader' | 'nobody';
const staff = (context: FieldContext) => context.role === 'admin';
/** Readers read published books only, admins every book, `nobody` none (CASL's empty OR). */
const accessibleWhere = (role: Role): object =>
  role === 'admin' ? {} : role === 'reader' ? { published: true } : { OR: [] };
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });

@AccessSubject('Book')
class AggregateBookDto {
  @Field() id!: number;
  @Field({ searchable: true }) title!: string;
  @Field() price!: string;
  @Field() pages!: number;
  @Field() genre!: string;
  @Field() published!: boolean;
  @Field() publishedAt!: Date | null;
  @Field() authorId!: number;
  /** A number and a text only the staff may see: hidden in every aggregate position from readers. */
  @Field({ expose: staff }) sales!: string;
  @Field({ expose: staff }) internalNote!: string | null;
}

/** The declared order of the Genre enum: both databases sort an enum column by it. */
const GENRES = ['FICTION', 'SCIENCE', 'HISTORY'] as const;
type Genre = (typeof GENRES)[number];

interface Row {
  readonly title: string;
  readonly cents: bigint;
  readonly pages: number;
  readonly sales: bigint;
  readonly genre: Genre;
  readonly published: boolean;
  readonly publishedAt: Date | null;
  readonly authorId: number;
}

/** A Decimal(10,2) as a whole number of cents, and back: exact arithmetic for the expectations. */
const toCents = (text: string): bigint => {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not a Decimal(10,2) string: ${text}`);
  const value = BigInt(match[2] as string) * 100n + BigInt((match[3] ?? '0').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
};
const centsText = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

/** A small deterministic generator: the rows are the same on every run and every target. */
function rowsFor(authorIds: readonly number[]): Row[] {
  let state = 7;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    // The high bits: an LCG's low bits repeat with a short period.
    return Math.floor((state / 2147483648) * n);
  };
  return Array.from({ length: 36 }, (_, index) => ({
    title: `Book ${String(index).padStart(2, '0')} ${['tide', 'stone', 'ember'][next(3)]}`,
    cents: BigInt(next(1_000_000)) + (index === 0 ? 9_999_999_999n - 1_000_000n : 0n),
    pages: 50 + next(400),
    sales: BigInt(next(1000)) * 9_007_199_254_741n,
    genre: GENRES[next(GENRES.length)] as Genre,
    published: next(3) !== 0,
    publishedAt: next(4) === 0 ? null : new Date(Date.UTC(2020, next(12), 1 + next(28))),
    authorId: authorIds[next(authorIds.length)] as number,
  }));
}

export async function resourceAggregateSuite(name: TargetName): Promise<void> {
  const availability = await checkTarget(name);
  if (!availability.available) console.warn(`Aggregate suite on ${name} skipped: ${availability.reason}`);

  describe.skipIf(!availability.available)(`Resource aggregates and groups on ${name}`, () => {
    let target: TestTarget;
    let prisma: PrismaClient;
    let rows: Row[];
    let authorIds: number[];
    const tag = newTag();
    const resource = (maxGroups?: number) =>
      new Resource(
        defineResource({
          name: 'books',
          delegate: (client: PrismaClient) => client.book,
          dto: AggregateBookDto,
          ...(maxGroups === undefined ? {} : { maxGroups }),
        }),
        { client: prisma, accessibleWhere: (role: Role) => accessibleWhere(role) },
      );
    let books: ReturnType<typeof resource>;
    /** The where every read starts from: this suite's authors only. */
    const mine = () => ({ authorId: { in: authorIds } });
    const readable = (role: Role, row: Row) => role === 'admin' || (role === 'reader' && row.published);

    beforeAll(async () => {
      target = await openTarget(name);
      prisma = target.prisma;
      authorIds = [];
      for (const suffix of ['a', 'b', 'c']) {
        const author = await prisma.author.create({
          data: { name: `Author ${tag}${suffix}`, email: `${tag}${suffix}@example.test` },
        });
        authorIds.push(author.id);
      }
      rows = rowsFor(authorIds);
      await prisma.book.createMany({
        data: rows.map((row, index) => ({
          isbn: `${tag}-${index}`,
          title: row.title,
          price: centsText(row.cents),
          pages: row.pages,
          sales: row.sales,
          genre: row.genre,
          published: row.published,
          publishedAt: row.publishedAt,
          authorId: row.authorId,
          internalNote: `note ${index}`,
        })),
      });
      books = resource();
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    /** The status and body a call rejects with. */
    const refusal = async (call: Promise<unknown>) => {
      const error = await httpRejection(call);
      return { status: error.getStatus(), body: error.getResponse() as Record<string, unknown> };
    };

    describe('aggregate', () => {
      it('counts, sums, averages and bounds the readable rows only; Decimals and BigInts as exact strings', async () => {
        for (const role of ['admin', 'reader'] as const) {
          const seen = rows.filter((row) => readable(role, row));
          const result = (await books.aggregate(
            {
              where: mine(),
              _count: { _all: true, publishedAt: true },
              _sum: { price: true, pages: true },
              _avg: { pages: true },
              _min: { price: true, publishedAt: true },
              _max: { title: true },
            },
            as(role),
          )) as Record<string, Record<string, unknown>>;
          const dates = seen.flatMap((row) => (row.publishedAt ? [row.publishedAt.getTime()] : []));
          const pages = seen.reduce((sum, row) => sum + row.pages, 0);
          expect(result._count).toEqual({ _all: seen.length, publishedAt: dates.length });
          expect(typeof result._sum?.price).toBe('string');
          expect(toCents(result._sum?.price as string)).toBe(seen.reduce((sum, row) => sum + row.cents, 0n));
          expect(result._sum?.pages).toBe(pages);
          // MariaDB averages with 4 decimal places (div_precision_increment); PostgreSQL with more.
          expect(Number(result._avg?.pages)).toBeCloseTo(pages / seen.length, 3);
          expect(toCents(result._min?.price as string)).toBe(
            seen.reduce((min, row) => (row.cents < min ? row.cents : min), seen[0]?.cents as bigint),
          );
          expect(result._min?.publishedAt).toEqual(new Date(Math.min(...dates)));
          expect(result._max?.title).toBe(
            seen
              .map((row) => row.title)
              .sort()
              .at(-1),
          );
        }
      });

      it('sums a BigInt beyond 2^53 exactly, as a string', async () => {
        const result = (await books.aggregate({ where: mine(), _sum: { sales: true } }, as('admin'))) as {
          _sum: { sales: string };
        };
        expect(result._sum.sales).toBe(String(rows.reduce((sum, row) => sum + row.sales, 0n)));
      });

      it('takes the search text q, ANDed with where', async () => {
        const result = (await books.aggregate(
          { where: mine(), q: 'EMBER', _count: true },
          as('reader'),
        )) as unknown as {
          _count: number;
        };
        const expected = rows.filter((row) => row.published && row.title.includes('ember')).length;
        expect(expected).toBeGreaterThan(0);
        expect(result._count).toBe(expected);
      });

      it('aggregates over no row when the access rule allows none', async () => {
        const result = await books.aggregate({ where: mine(), _count: true }, as('nobody'));
        expect(result).toEqual({ _count: 0 });
      });

      it('refuses _avg and _sum of a field that is not a number, and _min of a boolean', async () => {
        for (const args of [
          { _avg: { title: true } },
          { _sum: { publishedAt: true } },
          { _min: { published: true } },
        ]) {
          const answer = await refusal(books.aggregate(args, as('admin')));
          expect(answer.status).toBe(400);
          expect(answer.body.code).toBe('invalid_value');
        }
      });
    });

    describe('a read that selects nothing', () => {
      it('an aggregate without a selection is a FacetQueryError naming what to add', async () => {
        for (const args of [
          {},
          { where: mine() },
          { _count: {} },
          { _count: { _all: false } },
          { _avg: { pages: false }, _min: {} },
          { _sum: undefined },
        ]) {
          const thrown = await rejection(books.aggregate(args as never, as('admin')));
          expect(isFacetQueryError(thrown), JSON.stringify(args)).toBe(true);
          expect((thrown as FacetQueryError).issues).toEqual([
            {
              code: 'invalid_value',
              path: [],
              message: expect.stringMatching(/nothing to aggregate: select _count\._all=true/),
            },
          ]);
          const answer = await refusal(books.aggregate(args as never, as('admin')));
          expect(answer.status).toBe(400);
        }
        // The fields are checked first: a hidden field selected with false is refused as a
        // misspelt one is, not told apart from it by this check.
        const hidden = await rejection(books.aggregate({ _min: { internalNote: false } }, as('reader')));
        const misspelt = await rejection(books.aggregate({ _min: { internalNotes: false } }, as('reader')));
        const told = (error: unknown) =>
          (error as FacetQueryError).issues.map(({ code, path, message }) => ({
            code,
            at: path[0],
            message,
          }));
        expect(told(hidden)).toEqual(told(misspelt));
        expect(told(hidden)).toEqual([{ code: 'unknown_key', at: '_min', message: expect.any(String) }]);
      });

      it('a group read without a selection answers its groups: by alone is a question', async () => {
        const { items } = await books.groupBy({ by: 'genre', where: mine() }, as('admin'));
        // In the enum's order, as PostgreSQL sorts an enum.
        const genres = GENRES.filter((genre) => rows.some((row) => row.genre === genre));
        expect(items).toEqual(genres.map((genre) => ({ genre })));
        const missing = await rejection(books.groupBy({} as never, as('admin')));
        expect((missing as FacetQueryError).issues[0]).toMatchObject({ code: 'invalid_type', path: ['by'] });
      });
    });

    describe('groupBy', () => {
      /** The groups a caller should get, computed from the seeded rows. */
      const expectedGroups = (role: Role, keep: (row: Row) => boolean = () => true) => {
        const groups = new Map<Genre, Row[]>();
        for (const row of rows.filter((row) => readable(role, row) && keep(row))) {
          groups.set(row.genre, [...(groups.get(row.genre) ?? []), row]);
        }
        return GENRES.filter((genre) => groups.has(genre)).map((genre) => {
          const members = groups.get(genre) as Row[];
          return {
            genre,
            count: members.length,
            cents: members.reduce((sum, row) => sum + row.cents, 0n),
            maxPages: Math.max(...members.map((row) => row.pages)),
          };
        });
      };
      const ask = { _count: { _all: true }, _sum: { price: true }, _max: { pages: true } };
      const shape = (items: readonly Record<string, unknown>[]) =>
        items.map((item) => ({
          genre: item.genre,
          count: (item._count as { _all: number })._all,
          cents: toCents((item._sum as { price: string }).price),
          maxPages: (item._max as { pages: number }).pages,
        }));

      it('groups the readable rows by a field, in the order of the field', async () => {
        for (const role of ['admin', 'reader'] as const) {
          const { items } = await books.groupBy({ where: mine(), by: 'genre', ...ask }, as(role));
          expect(shape(items)).toEqual(expectedGroups(role));
          expect(typeof (items[0]?._sum as { price: unknown } | undefined)?.price).toBe('string');
        }
      });

      it('groups by a list of fields, ordered by each in turn', async () => {
        const { items } = await books.groupBy(
          { where: mine(), by: ['published', 'authorId'], _count: { _all: true } },
          as('admin'),
        );
        const expected = [false, true].flatMap((published) =>
          [...authorIds]
            .sort((a, b) => a - b)
            .map((authorId) => ({
              published,
              authorId,
              _count: {
                _all: rows.filter((row) => row.published === published && row.authorId === authorId).length,
              },
            }))
            .filter((group) => group._count._all > 0),
        );
        expect(items).toEqual(expected);
      });

      it('orders by an aggregate, the by fields breaking ties', async () => {
        const { items } = await books.groupBy(
          { where: mine(), by: 'genre', ...ask, orderBy: [{ _count: { id: 'desc' } }] },
          as('reader'),
        );
        const expected = expectedGroups('reader').sort(
          (a, b) => b.count - a.count || GENRES.indexOf(a.genre) - GENRES.indexOf(b.genre),
        );
        expect(shape(items)).toEqual(expected);
        const down = await books.groupBy(
          { where: mine(), by: 'genre', ...ask, orderBy: { genre: 'desc' } },
          as('reader'),
        );
        expect(shape(down.items)).toEqual(expectedGroups('reader').reverse());
      });

      it('takes q and answers no group when the access rule allows no row', async () => {
        const { items } = await books.groupBy(
          { where: mine(), q: 'stone', by: 'genre', ...ask },
          as('reader'),
        );
        expect(shape(items)).toEqual(expectedGroups('reader', (row) => row.title.includes('stone')));
        expect(await books.groupBy({ where: mine(), by: 'genre', _count: true }, as('nobody'))).toEqual({
          items: [],
        });
      });

      it('answers at most maxGroups groups; more is a 400 asking to narrow the filter', async () => {
        const genres = new Set(rows.map((row) => row.genre)).size;
        const limited = resource(genres - 1);
        const answer = await refusal(
          limited.groupBy({ where: mine(), by: 'genre', _count: true }, as('admin')),
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 'too_many' });
        expect(String(answer.body.message)).toMatch(/narrow the filter/);
        const narrowed = { ...mine(), genre: { in: GENRES.slice(0, genres - 1) } };
        const { items } = await limited.groupBy({ where: narrowed, by: 'genre', _count: true }, as('admin'));
        expect(items).toHaveLength(genres - 1);
      });

      it('refuses having with its reason, and a malformed by or orderBy', async () => {
        const having = await refusal(
          books.groupBy({ by: 'genre', _count: true, having: { pages: { _avg: { gt: 1 } } } }, as('admin')),
        );
        expect(having.status).toBe(400);
        expect(String(having.body.message)).toMatch(/having is not supported/);
        for (const args of [
          { by: [] },
          { by: 7 },
          { by: ['genre', 'genre'] },
          { by: 'genre', orderBy: { pages: 'asc' } },
          { by: 'genre', orderBy: { genre: 'up' } },
          { by: 'genre', orderBy: [{ genre: 'asc', pages: 'asc' }] },
          { by: 'genre', orderBy: { _avg: { title: 'asc' } } },
          { by: 'internalNote', extra: true },
        ]) {
          const answer = await refusal(books.groupBy(args as never, as('admin')));
          expect(answer.status, JSON.stringify(args)).toBe(400);
        }
      });
    });

    describe('the oracle property: an aggregate tells a caller nothing of what it may not read', () => {
      /** Every position a field is named in, for one name. */
      const positions = (field: string) => [
        { by: field, _count: true },
        { by: ['genre', field], _count: true },
        { by: 'genre', _min: { [field]: true } },
        { by: 'genre', _avg: { [field]: true } },
        { by: 'genre', _count: { [field]: true } },
        { by: 'genre', orderBy: { [field]: 'asc' } },
        { by: 'genre', _sum: { pages: true }, orderBy: [{ _sum: { [field]: 'desc' } }] },
      ];

      it('a hidden field answers exactly like a misspelt one, in by, every selection and orderBy', async () => {
        for (const hidden of ['sales', 'internalNote']) {
          for (const [index, args] of positions(hidden).entries()) {
            const misspelt = positions('doesNotExist')[index] as object;
            const asHidden = await refusal(books.groupBy(args, as('reader')));
            const asMisspelt = await refusal(books.groupBy(misspelt as never, as('reader')));
            expect(asHidden.status, `${hidden} ${JSON.stringify(args)}`).toBe(400);
            expect(JSON.stringify(asHidden.body).replaceAll(hidden, 'doesNotExist')).toBe(
              JSON.stringify(asMisspelt.body),
            );
          }
          const aggregate = await refusal(books.aggregate({ _max: { [hidden]: true } }, as('reader')));
          const misspelt = await refusal(books.aggregate({ _max: { doesNotExist: true } }, as('reader')));
          expect(JSON.stringify(aggregate.body).replaceAll(hidden, 'doesNotExist')).toBe(
            JSON.stringify(misspelt.body),
          );
        }
      });

      it('group counts and sums equal those of the readable rows, whatever the filter', async () => {
        const filter = fc.record({
          minPages: fc.integer({ min: 40, max: 460 }),
          maxCents: fc.bigInt({ min: 0n, max: 1_100_000n }),
          word: fc.option(fc.constantFrom('tide', 'stone', 'ember'), { nil: undefined }),
          by: fc.constantFrom(['genre'], ['published'], ['genre', 'authorId']),
        });
        await fc.assert(
          fc.asyncProperty(filter, async ({ minPages, maxCents, word, by }) => {
            const where = {
              AND: [mine(), { pages: { gte: minPages } }, { price: { lte: centsText(maxCents) } }],
            };
            const keep = (row: Row) =>
              row.pages >= minPages &&
              row.cents <= maxCents &&
              (word === undefined || row.title.includes(word));
            const { items } = await books.groupBy(
              {
                where,
                ...(word === undefined ? {} : { q: word }),
                by,
                _count: { _all: true },
                _sum: { price: true },
              },
              as('reader'),
            );
            // The readable rows, grouped here: hidden rows neither add a group nor change one.
            const expected = new Map<string, { count: number; cents: bigint }>();
            for (const row of rows.filter((row) => row.published && keep(row))) {
              const key = JSON.stringify(by.map((field) => row[field as keyof Row]));
              const group = expected.get(key) ?? { count: 0, cents: 0n };
              expected.set(key, { count: group.count + 1, cents: group.cents + row.cents });
            }
            const got = new Map(
              items.map((item) => [
                JSON.stringify(by.map((field) => item[field])),
                {
                  count: (item._count as { _all: number })._all,
                  cents: toCents((item._sum as { price: string }).price),
                },
              ]),
            );
            expect(got).toEqual(expected);
          }),
          { numRuns: 30 },
        );
      });
    });
  });
}
