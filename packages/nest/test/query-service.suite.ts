// The QueryService integration suite, run once per database target by the
// query-service.<target>.test.ts files (PGlite style: one suite, many targets).
import { createMongoAbility, ForbiddenError } from '@casl/ability';
import { createPrismaAbility, type Model, type PrismaQueryOf } from '@casl/prisma/runtime';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  InternalServerErrorException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FacetConfigurationError,
  type ModelTypes,
  type QueryErrorLogEntry,
  type QueryOperation,
  type QueryReadOptions,
  readModelTypes,
} from '../src/advanced/index.js';
import { createCaslAccessibleWhere } from '../src/casl/index.js';
import { QueryService, type QueryServiceOptions } from '../src/index.js';
import { Prisma, PrismaClient } from './generated/postgresql/client.js';
import { describeQueryServiceKeyset } from './query-service-keyset.suite.js';
import { describeQueryServiceToOne } from './query-service-to-one.suite.js';
import { describeResourceSearch } from './resource-search.suite.js';
import type { BookDelegate, BookTypeMap, ReviewDelegate, ReviewTypeMap } from './support/book-service.js';
import { plainDelegate } from './support/plain-delegate.js';
import { recordDelegate } from './support/recording-delegate.js';
import { rejection, responseOf } from './support/rejection.js';
import { ofAuthor, type SeededLibrary, seedLibrary } from './support/seed.js';
import { checkTarget, openTarget, type TargetName, type TestTarget } from './support/targets.js';

/** The ability of these tests: which author's books a caller may see, and whether drafts too. */
interface TestAbility {
  readonly authorId: number;
  readonly drafts: boolean;
}

const testAccessWhere = (ability: TestAbility): Prisma.BookWhereInput =>
  ability.drafts ? { authorId: ability.authorId } : { authorId: ability.authorId, published: true };

const titles = (rows: readonly { title: string }[]) => rows.map((row) => row.title);

export async function queryServiceSuite(name: TargetName): Promise<void> {
  const availability = await checkTarget(name);
  if (!availability.available) {
    console.warn(`QueryService suite on ${name} skipped: ${availability.reason}`);
  }

  describe.skipIf(!availability.available)(`QueryService on ${name}`, () => {
    let target: TestTarget;
    let prisma: PrismaClient;

    beforeAll(async () => {
      target = await openTarget(name);
      prisma = target.prisma;
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    describeQueryServiceToOne(() => prisma);
    describeResourceSearch(() => prisma, name);
    describeQueryServiceKeyset(() => prisma, name === 'mariadb' ? 'mysql' : 'postgresql');

    const books = (options: QueryServiceOptions<TestAbility, Prisma.BookWhereInput> = {}) =>
      new QueryService<BookDelegate, BookTypeMap, TestAbility>(prisma.book, options);
    const guardedBooks = (options: QueryServiceOptions<TestAbility, Prisma.BookWhereInput> = {}) =>
      books({ subject: 'Book', accessibleWhere: testAccessWhere, ...options });
    const recordedBooks = (options: QueryServiceOptions<TestAbility, Prisma.BookWhereInput> = {}) => {
      const recording = recordDelegate(prisma.book, { introspectable: true });
      const service = new QueryService<BookDelegate, BookTypeMap, TestAbility>(recording.delegate, {
        idType: 'int',
        subject: 'Book',
        accessibleWhere: testAccessWhere,
        ...options,
      });
      return { service, ...recording };
    };

    describe('read helpers', () => {
      let library: SeededLibrary;
      beforeAll(async () => {
        library = await seedLibrary(prisma);
      });

      it('findMany applies where, orderBy and include, and drops the projection key', async () => {
        const rows = await books().findMany({
          where: { ...ofAuthor(library), pages: { gte: 200 } },
          orderBy: { pages: 'desc' },
          include: { author: true },
          fields: 'title',
        });
        expect(titles(rows)).toEqual(['Gamma', 'Beta']);
        expect((rows[0] as unknown as { author: { id: number } }).author.id).toBe(library.authorId);
      });

      it('findOne returns the first match, or null', async () => {
        const first = await books().findOne({ where: ofAuthor(library), orderBy: { title: 'desc' } });
        expect(first?.title).toBe('Gamma');
        expect(await books().findOne({ where: { ...ofAuthor(library), pages: 1 } })).toBeNull();
      });

      it('findById reads an Int key from a path string, a number, and refuses what cannot be one', async () => {
        const [alphaId] = library.bookIds;
        const service = books();
        expect((await service.findById(String(alphaId))).title).toBe('Alpha');
        expect((await service.findById(alphaId)).title).toBe('Alpha');
        for (const id of ['abc', '1.5', `0${alphaId}`, '99999999999', '']) {
          expect(await rejection(service.findById(id))).toBeInstanceOf(NotFoundException);
        }
      });

      it('findById throws NotFoundException for a missing row', async () => {
        const error = await rejection(books().findById(2_000_000_000));
        expect(error).toBeInstanceOf(NotFoundException);
        expect(responseOf(error)).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: 'Record not found',
          code: 'not_found',
        });
      });

      it('findById keeps a String key verbatim: "007"-style ids are not numbers', async () => {
        const digits = String(Date.now()).slice(-9);
        const [alphaId] = library.bookIds;
        await prisma.review.createMany({
          data: [
            { id: `00${digits}`, rating: 5, body: 'with zeros', bookId: alphaId },
            { id: digits, rating: 1, body: 'without zeros', bookId: alphaId },
          ],
        });
        // idType 'auto': read from Prisma's runtime data model through the delegate.
        const reviews = new QueryService<ReviewDelegate, ReviewTypeMap>(prisma.review);
        expect((await reviews.findById(`00${digits}`)).body).toBe('with zeros');
        expect((await reviews.findById(digits)).body).toBe('without zeros');
        expect(await rejection(reviews.findById(`000${digits}`))).toBeInstanceOf(NotFoundException);
      });

      it('findById narrows with a client where', async () => {
        const [alphaId] = library.bookIds;
        expect((await books().findById(alphaId, { where: { published: true } })).title).toBe('Alpha');
        expect(await rejection(books().findById(alphaId, { where: { published: false } }))).toBeInstanceOf(
          NotFoundException,
        );
      });

      it('findUnique finds by a unique key, or returns null', async () => {
        expect((await books().findUnique({ where: { isbn: `${library.tag}-Beta` } }))?.title).toBe('Beta');
        expect(await books().findUnique({ where: { isbn: `${library.tag}-Nope` } })).toBeNull();
      });

      it('count counts the matches', async () => {
        expect(await books().count({ where: ofAuthor(library) })).toBe(3);
        expect(await books().count({ where: { ...ofAuthor(library), published: true } })).toBe(2);
      });

      it('aggregate serializes Decimal and BigInt exactly and keeps Dates', async () => {
        const result = await books().aggregate({
          where: ofAuthor(library),
          _count: { _all: true },
          _min: { price: true, publishedAt: true },
          _max: { price: true, publishedAt: true },
          _sum: { sales: true, price: true },
          _avg: { pages: true },
        });
        expect(result._count).toEqual({ _all: 3 });
        expect(result._min?.price).toBe('0.1');
        expect(result._max?.price).toBe('99999999.99');
        // 12.50 + 0.10 + 99999999.99 in exact decimal arithmetic; a float sum would end in ...0.59000001.
        expect(result._sum?.price).toBe('100000012.59');
        // 9007199254740993 + 5 + 0: above 2^53, so a Number would have rounded it.
        expect(result._sum?.sales).toBe('9007199254740998');
        expect(result._min?.publishedAt).toEqual(new Date('2023-05-06T07:08:09.010Z'));
        expect(result._max?.publishedAt).toBeInstanceOf(Date);
        expect(result._avg?.pages).toBe(200);
        expect(JSON.parse(JSON.stringify(result))._max.publishedAt).toBe('2024-01-02T03:04:05.678Z');
      });
    });

    describe('any delegate with the five operations', () => {
      let library: SeededLibrary;
      beforeAll(async () => {
        library = await seedLibrary(prisma);
      });
      // Not a Prisma client delegate, so the service cannot read the model's types from it.
      const plainBooks = (options: QueryServiceOptions<TestAbility, Prisma.BookWhereInput> = {}) =>
        new QueryService<BookDelegate, BookTypeMap, TestAbility>(
          plainDelegate(prisma.book) as BookDelegate,
          options,
        );

      it('constructs without options and serves every read helper', async () => {
        const service = plainBooks({ subject: 'Book', accessibleWhere: testAccessWhere });
        const mine = { authorId: library.authorId, drafts: false };
        expect(titles(await service.findMany({ orderBy: { title: 'asc' } }, mine))).toEqual([
          'Alpha',
          'Gamma',
        ]);
        expect((await service.findOne({ where: { title: 'Gamma' } }, mine))?.title).toBe('Gamma');
        const alpha = { where: { isbn: `${library.tag}-Alpha` } };
        expect((await service.findUnique(alpha, undefined, { trusted: true }))?.title).toBe('Alpha');
        expect(await service.count({}, mine)).toBe(2);
        const { items, pageMeta } = await service.query({ orderBy: { title: 'asc' }, perPage: 1 }, mine);
        expect(titles(items)).toEqual(['Alpha']);
        expect(pageMeta).toMatchObject({ page: 1, perPage: 1, itemCount: 2, pageCount: 2 });
        const aggregate = await service.aggregate({ _max: { pages: true } }, mine);
        expect(aggregate._max?.pages).toBe(300);
      });

      it('findById passes the id through as given, unless idType says how to read it', async () => {
        const [alphaId] = library.bookIds;
        expect((await plainBooks().findById(alphaId)).title).toBe('Alpha');
        // The path text goes to the delegate as it is, and Prisma refuses a string for an Int key:
        // the client's error (400), not a silent coercion the service cannot know is right.
        expect(await rejection(plainBooks().findById(String(alphaId)))).toBeInstanceOf(BadRequestException);
        expect((await plainBooks({ idType: 'int' }).findById(String(alphaId))).title).toBe('Alpha');
        expect(await rejection(plainBooks({ idType: 'int' }).findById('abc'))).toBeInstanceOf(
          NotFoundException,
        );
      });

      it('the model option gives a plain delegate what Prisma internals would: typed operands, keyset paging, the id type', async () => {
        const typed = plainBooks({ model: { types: readModelTypes(prisma.book) as ModelTypes } });
        // `idType: 'auto'` reads the key's type from the types given: the path text is the Int key.
        const [alphaId] = library.bookIds;
        expect((await typed.findById(String(alphaId))).title).toBe('Alpha');
        const first = await typed.query(
          { where: ofAuthor(library), orderBy: { title: 'asc' }, perPage: 1 },
          undefined,
          { count: false, trusted: true },
        );
        const cursor = (first.pageMeta as { nextCursor: string | null }).nextCursor;
        expect(cursor).not.toBeNull();
        const next = await typed.query(
          { where: ofAuthor(library), orderBy: { title: 'asc' }, perPage: 1, after: cursor as string },
          undefined,
          { trusted: true },
        );
        expect(titles(next.items)).toEqual(['Beta']);
        // Without it the same delegate has no types: keyset paging is refused, the id passed as given.
        const blind = plainBooks();
        const refused = await rejection(
          blind.query({ where: ofAuthor(library), orderBy: { title: 'asc' }, after: cursor as string }),
        );
        expect(refused).toBeInstanceOf(BadRequestException);
        expect(() => plainBooks({ model: { typos: true } as never })).toThrow(/typos/);
        expect(() => plainBooks({ model: { provider: 3 } as never })).toThrow(/provider/);
      });

      it('refuses at construction an object that lacks some of the operations, naming them', () => {
        const { count: _count, aggregate: _aggregate, ...partial } = plainDelegate(prisma.book);
        expect(() => new QueryService<BookDelegate, BookTypeMap>(partial as unknown as BookDelegate)).toThrow(
          /no count, aggregate/,
        );
        expect(() => new QueryService<BookDelegate, BookTypeMap>(null as unknown as BookDelegate)).toThrow(
          TypeError,
        );
      });
    });

    describe('query: paging', () => {
      let library: SeededLibrary;
      beforeAll(async () => {
        library = await seedLibrary(prisma);
      });
      const page = (args: Record<string, unknown>) =>
        books({ defaultPerPage: 2, maxPerPage: 3 }).query({
          where: ofAuthor(library),
          orderBy: { title: 'asc' },
          ...args,
        });

      it('defaults to page 1 and the default perPage, and counts', async () => {
        const { items, pageMeta } = await page({});
        expect(titles(items)).toEqual(['Alpha', 'Beta']);
        expect(pageMeta).toEqual({
          page: 1,
          perPage: 2,
          itemCount: 3,
          pageCount: 2,
          hasPrevPage: false,
          hasNextPage: true,
          nextCursor: expect.any(String),
          prevCursor: null,
        });
      });

      it('reads later pages, accepts canonical numeric strings, and answers past the end with nothing', async () => {
        const second = await page({ page: '2' });
        expect(titles(second.items)).toEqual(['Gamma']);
        expect(second.pageMeta).toMatchObject({
          page: 2,
          hasPrevPage: true,
          hasNextPage: false,
          nextCursor: null,
        });
        const past = await page({ page: 5, perPage: 3 });
        expect(past.items).toEqual([]);
        expect(past.pageMeta).toMatchObject({
          page: 5,
          perPage: 3,
          itemCount: 3,
          pageCount: 1,
          hasNextPage: false,
        });
      });

      it.each([
        ['page', 0],
        ['page', -1],
        ['page', 1.5],
        ['page', '1.5'],
        ['page', '02'],
        ['page', 'abc'],
        ['page', Number.NaN],
        ['page', [1]],
        ['page', true],
        ['perPage', 0],
        ['perPage', '2.0'],
        ['perPage', 4],
        ['perPage', '4'],
        ['perPage', Number.POSITIVE_INFINITY],
      ])('answers %s = %j with a 400 naming the key', async (key, value) => {
        const error = await rejection(page({ [key]: value }));
        expect(error).toBeInstanceOf(BadRequestException);
        expect(responseOf(error)).toMatchObject({ statusCode: 400, path: key });
      });

      it('names the maximum when perPage is above it', async () => {
        const body = responseOf(await rejection(page({ perPage: 4 })));
        expect(body).toMatchObject({ code: 'invalid_value', issues: [{ path: 'perPage', limit: 3 }] });
      });

      it('with count: false runs no count, reads one extra row, and reports hasNextPage exactly', async () => {
        const { service, calls } = recordedBooks({ defaultPerPage: 2 });
        const first = await service.query(
          { where: ofAuthor(library), orderBy: { title: 'asc' } },
          undefined,
          { count: false, trusted: true },
        );
        expect(titles(first.items)).toEqual(['Alpha', 'Beta']);
        expect(first.pageMeta).toEqual({
          page: 1,
          perPage: 2,
          hasPrevPage: false,
          hasNextPage: true,
          nextCursor: expect.any(String),
          prevCursor: null,
        });
        expect('itemCount' in first.pageMeta).toBe(false);
        const whole = await service.query({ where: ofAuthor(library), perPage: 3 }, undefined, {
          count: false,
          trusted: true,
        });
        expect(whole.items).toHaveLength(3);
        expect(whole.pageMeta.hasNextPage).toBe(false);
        expect(calls.map((call) => call.method)).toEqual(['findMany', 'findMany']);
        expect(calls[0]?.args).toMatchObject({ skip: 0, take: 3 });
      });

      it('runs the count and the page read concurrently', async () => {
        const { service, events } = recordedBooks();
        await service.query({ where: ofAuthor(library) }, undefined, { trusted: true });
        // Both reads were started before either finished.
        expect(events.slice(0, 2).sort()).toEqual(['start:count', 'start:findMany']);
      });
    });

    describe('query: keyset paging (after)', () => {
      // Twelve books of one author with ties in `pages`, nulls in `publishedAt` and `internalNote`.
      let authorId: number;
      beforeAll(async () => {
        const tag = `keyset-${Math.random().toString(36).slice(2, 8)}`;
        const author = await prisma.author.create({
          data: { name: `Author ${tag}`, email: `${tag}@example.test`, country: tag },
        });
        authorId = author.id;
        for (let i = 0; i < 12; i++) {
          await prisma.book.create({
            data: {
              title: `Book ${String.fromCharCode(76 - i)}`,
              isbn: `${tag}-${i}`,
              price: `${(i % 4) + 1}.50`,
              pages: [100, 200, 300][i % 3] as number,
              genre: (['FICTION', 'SCIENCE', 'HISTORY'] as const)[Math.floor(i / 4)] as 'FICTION',
              published: i % 2 === 0,
              publishedAt: i % 4 === 0 ? null : new Date(Date.UTC(2024, 0, 1 + (i % 5))),
              internalNote: i % 3 === 0 ? null : `note ${i % 2}`,
              authorId,
            },
          });
        }
      });
      const mine = () => ({ authorId });
      const ids = (items: readonly { id: number }[]) => items.map((item) => item.id);

      /** Every page by `after`, as ids. */
      async function walk(service: ReturnType<typeof books>, args: Record<string, unknown>, perPage: number) {
        const seen: number[] = [];
        let after: string | undefined;
        for (let guard = 0; guard < 20; guard++) {
          const result = await service.query(
            { ...args, perPage, ...(after === undefined ? {} : { after }) } as never,
            undefined,
            { count: false },
          );
          seen.push(...ids(result.items));
          const next = (result.pageMeta as { nextCursor: string | null }).nextCursor;
          if (next === null) return seen;
          after = next;
        }
        throw new Error('the walk did not end');
      }

      it.each([
        ['pages desc (ties)', { pages: 'desc' }],
        ['publishedAt asc (nulls)', { publishedAt: 'asc' }],
        ['publishedAt desc (nulls)', { publishedAt: 'desc' }],
        ['internalNote desc, pages asc', [{ internalNote: 'desc' }, { pages: 'asc' }]],
        ['published, price, title', [{ published: 'asc' }, { price: 'desc' }, { title: 'asc' }]],
        ['genre desc (an enum), pages', [{ genre: 'desc' }, { pages: 'asc' }]],
        ['no sort', undefined],
      ])('walking by after gives exactly the offset order: %s', async (_name, orderBy) => {
        const service = books();
        const args = { where: mine(), ...(orderBy === undefined ? {} : { orderBy: orderBy as never }) };
        const all = await service.query({ ...args, perPage: 100 });
        expect(all.items).toHaveLength(12);
        expect(await walk(service, args, 5)).toEqual(ids(all.items));
        // Offset pages end their sort with the id too: page by page, the same order.
        const offset: number[] = [];
        for (let page = 1; page <= 3; page++)
          offset.push(...ids((await service.query({ ...args, perPage: 5, page })).items));
        expect(offset).toEqual(ids(all.items));
      });

      it('keeps every filter: the access filter and the where apply after the cursor too', async () => {
        const service = guardedBooks();
        const reader = { authorId, drafts: false };
        const args = { where: { pages: { gte: 200 } }, orderBy: { title: 'asc' as const } };
        const first = await service.query({ ...args, perPage: 2 }, reader);
        const rest = await service.query(
          { ...args, perPage: 10, after: first.pageMeta.nextCursor as string },
          reader,
        );
        const rows = [...first.items, ...rest.items];
        expect(rows.every((row) => row.published && row.pages >= 200 && row.authorId === authorId)).toBe(
          true,
        );
        expect(ids(rows)).toEqual(ids((await service.query({ ...args, perPage: 100 }, reader)).items));
      });

      it('selects the sort keys it needs and removes them again; counts only when asked', async () => {
        const recording = recordDelegate(prisma.book, { introspectable: true });
        const service = new QueryService<BookDelegate, BookTypeMap>(recording.delegate);
        const { calls } = recording;
        const args = {
          where: mine(),
          orderBy: { pages: 'asc' as const },
          select: { title: true },
          perPage: 4,
        };
        const first = await service.query(args);
        expect(Object.keys(first.items[0] ?? {})).toEqual(['title']);
        const next = await service.query({ ...args, after: first.pageMeta.nextCursor as string }, undefined, {
          count: false,
        });
        expect(next.items).toHaveLength(4);
        expect(next.pageMeta).toEqual({
          perPage: 4,
          hasPrevPage: true,
          hasNextPage: true,
          nextCursor: expect.any(String),
          prevCursor: expect.any(String),
        });
        expect(calls.map((call) => call.method)).toEqual(['findMany', 'count', 'findMany']);
        const counted = await service.query({ ...args, after: first.pageMeta.nextCursor as string });
        expect(counted.pageMeta).toMatchObject({ itemCount: 12, pageCount: 3 });
      });

      it('refuses a tampered, foreign or garbage cursor, another sort’s, and after with page (400 invalid_cursor)', async () => {
        const service = books();
        const args = { where: mine(), orderBy: { pages: 'asc' as const }, perPage: 3 };
        const cursor = (await service.query(args)).pageMeta.nextCursor as string;
        // One character of the sealed text changed, in the middle (the ciphertext).
        const middle = cursor.length >> 1;
        const flipped = `${cursor.slice(0, middle)}${cursor[middle] === 'A' ? 'B' : 'A'}${cursor.slice(middle + 1)}`;
        const otherScope = new QueryService<BookDelegate, BookTypeMap>(prisma.book, {
          cursorScope: 'Author',
        });
        const otherSecret = books({ cursorSecret: 'another secret of 32 characters!' });
        const attempts: [string, () => Promise<unknown>][] = [
          ['tampered', () => service.query({ ...args, after: flipped })],
          ['garbage', () => service.query({ ...args, after: 'not-a-cursor' })],
          ['another sort', () => service.query({ ...args, orderBy: { pages: 'desc' }, after: cursor })],
          ['another scope', () => otherScope.query({ ...args, after: cursor })],
          ['another secret', () => otherSecret.query({ ...args, after: cursor })],
          ['with page', () => service.query({ ...args, page: 2, after: cursor })],
          [
            'relation sort',
            () => service.query({ ...args, orderBy: { author: { name: 'asc' } }, after: cursor }),
          ],
        ];
        for (const [label, attempt] of attempts) {
          const error = await rejection(attempt());
          expect(error, label).toBeInstanceOf(BadRequestException);
          expect(responseOf(error), label).toMatchObject({ code: 'invalid_cursor', path: 'after' });
        }
        expect(() => books({ cursorSecret: 'short' })).toThrow(RangeError);
      });
    });

    describe('access merge', () => {
      let library: SeededLibrary;
      let other: SeededLibrary;
      beforeAll(async () => {
        library = await seedLibrary(prisma);
        other = await seedLibrary(prisma);
      });
      const reader = () => ({ authorId: library.authorId, drafts: false });

      it('merges { AND: [access, where] } into findMany, and the rows obey it', async () => {
        const { service, calls } = recordedBooks();
        const where = { pages: { gte: 150 } };
        const rows = await service.findMany({ where, orderBy: { title: 'asc' } }, reader());
        expect(titles(rows)).toEqual(['Gamma']);
        expect(calls[0]?.args).toEqual({
          where: { AND: [{ authorId: library.authorId, published: true }, where] },
          orderBy: { title: 'asc' },
        });
      });

      it('uses { AND: [access] } when the client sent no where', async () => {
        const { service, calls } = recordedBooks();
        expect(await service.count({}, reader())).toBe(2);
        expect(calls[0]).toEqual({
          method: 'count',
          args: { where: { AND: [{ authorId: library.authorId, published: true }] } },
        });
      });

      it('merges into findOne, count and both reads of query', async () => {
        const { service, calls } = recordedBooks();
        const ability = reader();
        expect(await service.findOne({ where: { title: 'Beta' } }, ability)).toBeNull();
        expect(await service.count({ where: { title: 'Alpha' } }, ability)).toBe(1);
        const { items, pageMeta } = await service.query({ where: { pages: { lte: 300 } } }, ability);
        expect(titles(items).sort()).toEqual(['Alpha', 'Gamma']);
        expect(pageMeta.itemCount).toBe(2);
        const access = { authorId: library.authorId, published: true };
        for (const call of calls)
          expect((call.args as { where: unknown }).where).toMatchObject({ AND: [access, {}] });
        expect(calls.map((call) => call.method).sort()).toEqual(['count', 'count', 'findFirst', 'findMany']);
      });

      it('findUnique with an ability becomes a find-first over the merged where', async () => {
        const { service, calls } = recordedBooks();
        const isbn = `${library.tag}-Beta`;
        expect(await service.findUnique({ where: { isbn } }, reader())).toBeNull();
        expect(calls).toEqual([
          {
            method: 'findFirst',
            args: { where: { AND: [{ authorId: library.authorId, published: true }, { isbn }] } },
          },
        ]);
        const editor = { authorId: library.authorId, drafts: true };
        expect((await service.findUnique({ where: { isbn } }, editor))?.title).toBe('Beta');
        expect((await service.findUnique({ where: { isbn } }, undefined, { trusted: true }))?.title).toBe(
          'Beta',
        );
        expect(calls.at(-1)?.method).toBe('findUnique');
      });

      it('findUnique with an ability takes a compound unique key, under the access filter', async () => {
        const key = (title: string) => ({ authorId_title: { authorId: library.authorId, title } });
        // The real delegate (Prisma's data model known) and a wrapped one (only the default name).
        const { service: recorded, calls } = recordedBooks();
        for (const service of [guardedBooks(), recorded]) {
          expect((await service.findUnique({ where: key('Alpha') }, reader()))?.title).toBe('Alpha');
          // Beta is a draft: hidden from the reader, found by the editor and by a trusted read.
          expect(await service.findUnique({ where: key('Beta') }, reader())).toBeNull();
          const editor = { authorId: library.authorId, drafts: true };
          expect((await service.findUnique({ where: key('Beta') }, editor))?.title).toBe('Beta');
          expect(
            (await service.findUnique({ where: key('Beta') }, undefined, { trusted: true }))?.title,
          ).toBe('Beta');
        }
        expect(calls[0]).toEqual({
          method: 'findFirst',
          args: {
            where: {
              AND: [
                { authorId: library.authorId, published: true },
                { AND: [{}, { authorId: library.authorId, title: 'Alpha' }] },
              ],
            },
          },
        });
      });

      it('findById answers a hidden row with the same 404 as a missing one', async () => {
        const { service, calls } = recordedBooks();
        const [alphaId, betaId] = library.bookIds;
        expect((await service.findById(String(alphaId), {}, reader())).title).toBe('Alpha');
        const hidden = responseOf(await rejection(service.findById(String(betaId), {}, reader())));
        const missing = responseOf(await rejection(service.findById('2000000000', {}, reader())));
        expect(hidden).toEqual(missing);
        const otherBook = responseOf(await rejection(service.findById(other.bookIds[0], {}, reader())));
        expect(otherBook).toEqual(missing);
        expect(calls[0]).toEqual({
          method: 'findFirst',
          args: { where: { AND: [{ authorId: library.authorId, published: true }, { id: alphaId }] } },
        });
      });

      it('passes server-built Dates and Decimals to Prisma untouched, and never mutates inputs', async () => {
        const since = new Date('2024-01-01T00:00:00.000Z');
        const minPrice = new Prisma.Decimal('10.00');
        const access: Prisma.BookWhereInput = { authorId: library.authorId, publishedAt: { gte: since } };
        const where = Object.freeze({ price: Object.freeze({ gte: minPrice }) });
        const args = Object.freeze({ where, orderBy: Object.freeze({ title: 'asc' as const }) });
        const { service, calls } = recordedBooks({ accessibleWhere: () => access });
        const rows = await service.findMany(args, reader());
        expect(titles(rows)).toEqual(['Alpha']);
        const sent = calls[0]?.args as { where: { AND: [Prisma.BookWhereInput, typeof where] } };
        expect(sent.where.AND[0]).toBe(access);
        expect((sent.where.AND[0].publishedAt as { gte: Date }).gte).toBe(since);
        expect(sent.where.AND[1].price.gte).toBe(minPrice);
        expect(access).toEqual({ authorId: library.authorId, publishedAt: { gte: since } });
      });

      it('regression: an access filter of { OR: [] } (CASL, no rule) reads nothing, without asking Prisma', async () => {
        const { service, calls } = recordedBooks({ accessibleWhere: () => ({ OR: [] }) });
        expect(await service.findMany({ where: ofAuthor(library) }, reader())).toEqual([]);
        expect(await service.count({}, reader())).toBe(0);
        expect(await rejection(service.findById(library.bookIds[0], {}, reader()))).toBeInstanceOf(
          NotFoundException,
        );
        const page = await service.query({}, reader());
        expect(page).toEqual({
          items: [],
          pageMeta: expect.objectContaining({ itemCount: 0, pageCount: 0 }),
        });
        expect(calls).toEqual([]);
      });

      it('documents why: Prisma drops an empty OR under AND (if this fails, Prisma changed and the guard can be revisited)', async () => {
        const where = ofAuthor(library);
        expect(await prisma.book.count({ where: { OR: [], ...where } })).toBe(0);
        expect(await prisma.book.count({ where: { AND: [{ OR: [] }, where] } })).toBe(3);
      });

      it('refuses an access filter with a nested empty OR as a configuration error', async () => {
        const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();
        const { service, calls } = recordedBooks({
          accessibleWhere: () => ({ AND: [{ OR: [] }] }),
          errorLogger,
        });
        expect(await rejection(service.findMany({}, reader()))).toBeInstanceOf(InternalServerErrorException);
        expect(calls).toEqual([]);
        expect(errorLogger.mock.calls[0]?.[0].context.kind).toBe('configuration');
      });

      it('keeps parallel reads with different abilities apart', async () => {
        const service = guardedBooks();
        const abilities = Array.from({ length: 10 }, (_, i) => ({
          authorId: i % 2 === 0 ? library.authorId : other.authorId,
          drafts: i % 3 === 0,
        }));
        const results = await Promise.all(abilities.map((ability) => service.query({}, ability)));
        results.forEach((result, i) => {
          const ability = abilities[i] as TestAbility;
          expect(result.pageMeta.itemCount).toBe(ability.drafts ? 3 : 2);
          for (const item of result.items) {
            expect(item.authorId).toBe(ability.authorId);
            if (!ability.drafts) expect(item.published).toBe(true);
          }
        });
      });

      it('fails closed: an ability without accessibleWhere is a logged configuration error, not a read', async () => {
        const recording = recordDelegate(prisma.book);
        const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();
        const service = new QueryService<BookDelegate, BookTypeMap, TestAbility>(recording.delegate, {
          idType: 'int',
          errorLogger,
        });
        const ability = reader();
        const attempts = [
          service.findOne({}, ability),
          service.findMany({}, ability),
          service.findById(library.bookIds[0], {}, ability),
          service.findUnique({ where: { isbn: `${library.tag}-Alpha` } }, ability),
          service.count({}, ability),
          service.query({}, ability),
          service.aggregate({ _count: true }, ability),
        ];
        for (const attempt of attempts) {
          const error = await rejection(attempt);
          expect(error).toBeInstanceOf(InternalServerErrorException);
          expect(responseOf(error)).toEqual({
            statusCode: 500,
            error: 'Internal Server Error',
            message: 'Internal server error',
            code: 'internal_error',
          });
        }
        expect(recording.calls).toEqual([]);
        expect(errorLogger).toHaveBeenCalledTimes(7);
        expect(errorLogger.mock.calls.map(([entry]) => entry.context.kind)).toEqual(
          Array(7).fill('configuration'),
        );
        expect(errorLogger.mock.calls.map(([entry]) => entry.operation)).toEqual([
          'findOne',
          'findMany',
          'findById',
          'findUnique',
          'count',
          'query',
          'aggregate',
        ]);
      });
    });

    describe('a service with an access configuration names its caller (docs/spec-conformance.md#46-access-filter-merge)', () => {
      type Service = QueryService<BookDelegate, BookTypeMap, TestAbility>;
      type Read = (service: Service, ability?: TestAbility, options?: QueryReadOptions) => Promise<unknown>;
      let library: SeededLibrary;
      beforeAll(async () => {
        library = await seedLibrary(prisma);
      });
      const reader = () => ({ authorId: library.authorId, drafts: false });
      /** Every helper, each reading Beta (a draft) or the author's three books: a new helper must be listed. */
      // `export` and `groupBy` are a resource's alone: QueryService has no such helper.
      const helpers = (): Record<Exclude<QueryOperation, 'export' | 'groupBy'>, Read> => ({
        findOne: (service, ability, options) =>
          service.findOne({ where: { ...ofAuthor(library), title: 'Beta' } }, ability, options),
        findMany: (service, ability, options) =>
          service.findMany({ where: ofAuthor(library) }, ability, options),
        findById: (service, ability, options) => service.findById(library.bookIds[1], {}, ability, options),
        findUnique: (service, ability, options) =>
          service.findUnique({ where: { isbn: `${library.tag}-Beta` } }, ability, options),
        count: (service, ability, options) => service.count({ where: ofAuthor(library) }, ability, options),
        aggregate: (service, ability, options) =>
          service.aggregate({ where: ofAuthor(library), _count: true }, ability, options),
        query: (service, ability, options) => service.query({ where: ofAuthor(library) }, ability, options),
      });

      it('refuses a read with no ability as a logged configuration error (500), before any query', async () => {
        const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();
        const { service, calls } = recordedBooks({ errorLogger });
        for (const [operation, read] of Object.entries(helpers())) {
          for (const attempt of [() => read(service), () => read(service, undefined, { trusted: false })]) {
            const error = await rejection(attempt());
            expect(error, operation).toBeInstanceOf(InternalServerErrorException);
            expect(responseOf(error), operation).toMatchObject({ statusCode: 500, code: 'internal_error' });
            expect((error as Error).cause, operation).toBeInstanceOf(FacetConfigurationError);
          }
        }
        expect(calls).toEqual([]);
        expect(errorLogger.mock.calls.map(([entry]) => [entry.operation, entry.context.kind])).toEqual(
          Object.keys(helpers()).flatMap((operation) => Array(2).fill([operation, 'configuration'])),
        );
      });

      it('a trusted read is the server’s own: no access filter; trusted with an ability is refused', async () => {
        const service = guardedBooks({ idType: 'int', errorLogger: () => {} });
        const read = helpers();
        const trusted = { trusted: true } as const;
        expect((await read.findById(service, undefined, trusted)) as { title: string }).toMatchObject({
          title: 'Beta',
        });
        expect(await read.count(service, undefined, trusted)).toBe(3);
        expect(await read.aggregate(service, undefined, trusted)).toEqual({ _count: 3 });
        expect(await read.count(service, reader())).toBe(2);
        for (const [operation, attempt] of Object.entries(read)) {
          await expect(attempt(service, undefined, trusted), operation).resolves.not.toBeUndefined();
          const error = await rejection(attempt(service, reader(), trusted));
          expect(error, operation).toBeInstanceOf(InternalServerErrorException);
          expect((error as Error).cause, operation).toBeInstanceOf(FacetConfigurationError);
        }
      });

      it('a service without an access configuration reads without an ability, as the spec says', async () => {
        const service = books({ idType: 'int' });
        for (const [operation, read] of Object.entries(helpers())) {
          await expect(read(service), operation).resolves.not.toBeUndefined();
        }
        expect(await helpers().count(service)).toBe(3);
      });

      it('aggregate merges the access filter of its ability like every other read', async () => {
        const { service, calls } = recordedBooks();
        const where = ofAuthor(library);
        expect(await service.aggregate({ where, _count: true, _max: { pages: true } }, reader())).toEqual({
          _count: 2,
          _max: { pages: 300 },
        });
        expect(calls[0]?.args).toEqual({
          where: { AND: [{ authorId: library.authorId, published: true }, where] },
          _count: true,
          _max: { pages: true },
        });
        // A rule that allows no row (CASL's empty OR) aggregates over none, asked as a key in [].
        const { service: none, calls: noneCalls } = recordedBooks({ accessibleWhere: () => ({ OR: [] }) });
        expect(await none.aggregate({ where, _count: true }, reader())).toEqual({ _count: 0 });
        expect(noneCalls[0]?.args).toEqual({ where: { id: { in: [] } }, _count: true });
      });
    });

    describe('CASL', () => {
      let library: SeededLibrary;
      beforeAll(async () => {
        library = await seedLibrary(prisma);
      });
      // Conditions typed from this suite's generated client (not @prisma/client's default output).
      type BookQuery = PrismaQueryOf<Prisma.TypeMap, Model<Prisma.BookModel, 'Book'>>;
      type CaslAbility = ReturnType<typeof createPrismaAbility>;
      const casl = () =>
        new QueryService<BookDelegate, BookTypeMap, CaslAbility>(prisma.book, {
          subject: 'Book',
          accessibleWhere: createCaslAccessibleWhere<Prisma.BookWhereInput>(),
        });

      it('builds the access filter from @casl/prisma rules', async () => {
        const ability = createPrismaAbility<[string, 'Book'], BookQuery>([
          { action: 'read', subject: 'Book', conditions: { published: true, authorId: library.authorId } },
        ]);
        const { items, pageMeta } = await casl().query({ orderBy: { title: 'asc' } }, ability);
        expect(titles(items)).toEqual(['Alpha', 'Gamma']);
        expect(pageMeta.itemCount).toBe(2);
      });

      it('builds each ability’s filter once, frozen, and again after CASL’s update()', async () => {
        const accessibleWhere = createCaslAccessibleWhere<Prisma.BookWhereInput>();
        const ability = createPrismaAbility<[string, 'Book'], BookQuery>([
          { action: 'read', subject: 'Book', conditions: { published: true, authorId: library.authorId } },
        ]);
        const first = accessibleWhere(ability, 'Book', 'read');
        expect(accessibleWhere(ability, 'Book', 'read')).toBe(first);
        expect(Object.isFrozen(first)).toBe(true);
        const service = new QueryService<BookDelegate, BookTypeMap, CaslAbility>(prisma.book, {
          subject: 'Book',
          accessibleWhere,
        });
        expect(titles((await service.query({ orderBy: { title: 'asc' } }, ability)).items)).toEqual([
          'Alpha',
          'Gamma',
        ]);
        // New rules on the same ability object: the remembered filter must not outlive them.
        ability.update([{ action: 'read', subject: 'Book', conditions: { authorId: library.authorId } }]);
        expect(accessibleWhere(ability, 'Book', 'read')).not.toBe(first);
        expect(titles((await service.query({ orderBy: { title: 'asc' } }, ability)).items)).toEqual([
          'Alpha',
          'Beta',
          'Gamma',
        ]);
      });

      it('reads nothing when no rule allows the action', async () => {
        const ability = createPrismaAbility([{ action: 'update', subject: 'Book' }]);
        expect(await casl().findMany({ where: ofAuthor(library) }, ability)).toEqual([]);
      });

      it('maps a CASL ForbiddenError to a 403 that does not repeat its message', async () => {
        const service = new QueryService<BookDelegate, BookTypeMap, ReturnType<typeof createMongoAbility>>(
          prisma.book,
          {
            subject: 'Book',
            accessibleWhere: (ability, subject) => {
              ForbiddenError.from(ability).throwUnlessCan('read', subject);
              return {};
            },
          },
        );
        const error = await rejection(service.count({}, createMongoAbility([])));
        expect(error).toBeInstanceOf(ForbiddenException);
        expect(responseOf(error)).toEqual({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Forbidden',
          code: 'forbidden',
        });
      });

      it("with forbiddenError 'internal', a CASL ForbiddenError is the logged 500 of spec 7", async () => {
        const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();
        const service = new QueryService<BookDelegate, BookTypeMap, ReturnType<typeof createMongoAbility>>(
          prisma.book,
          {
            subject: 'Book',
            accessibleWhere: (ability, subject) => {
              ForbiddenError.from(ability).throwUnlessCan('read', subject);
              return {};
            },
            forbiddenError: 'internal',
            errorLogger,
            errorLoggerScope: 'unexpected',
          },
        );
        const error = await rejection(service.count({}, createMongoAbility([])));
        expect(error).toBeInstanceOf(InternalServerErrorException);
        expect(responseOf(error)).toMatchObject({ statusCode: 500, code: 'internal_error' });
        expect(errorLogger.mock.calls[0]?.[0].error).toMatchObject({ name: 'ForbiddenError' });
      });
    });

    // "spec 7" in these names: the error table, docs/spec-conformance.md#7-errors.
    describe('errors (spec 7), thrown by the real client', () => {
      let library: SeededLibrary;
      beforeAll(async () => {
        library = await seedLibrary(prisma);
      });
      const logged = () => vi.fn<(entry: QueryErrorLogEntry) => void>();
      const opaque400 = {
        statusCode: 400,
        error: 'Bad Request',
        message: 'The query does not match the resource',
        code: 'invalid_query',
      };

      it('maps a validation error to 400 on every helper, without echoing the query', async () => {
        const errorLogger = logged();
        const service = books({ errorLogger });
        const secret = `secretValue${library.tag}`;
        const bad = { where: { noSuchField: secret } } as unknown as { where: Prisma.BookWhereInput };
        const attempts: [string, Promise<unknown>][] = [
          ['findOne', service.findOne(bad)],
          ['findMany', service.findMany(bad)],
          ['findById', service.findById(library.bookIds[0], bad)],
          ['findUnique', service.findUnique(bad as never)],
          ['count', service.count(bad)],
          ['aggregate', service.aggregate({ ...bad, _count: true })],
          ['query', service.query(bad)],
        ];
        for (const [operation, attempt] of attempts) {
          const error = await rejection(attempt);
          expect(error, operation).toBeInstanceOf(BadRequestException);
          const body = responseOf(error);
          expect(body, operation).toEqual(opaque400);
          expect(JSON.stringify(body)).not.toMatch(/noSuchField|secretValue|Book|book/);
        }
        expect(errorLogger).toHaveBeenCalledTimes(attempts.length);
        const first = errorLogger.mock.calls[0]?.[0];
        expect(first?.error).toMatchObject({ name: 'PrismaClientValidationError' });
        expect(String((first?.error as Error | undefined)?.message)).toContain('noSuchField');
        expect(first?.context).toMatchObject({ kind: 'validation', status: 400, args: bad });
      });

      it("with errorLoggerScope 'unexpected', the logger sees the 500s only, as spec 7 lists them", async () => {
        const errorLogger = logged();
        const service = books({ errorLogger, errorLoggerScope: 'unexpected' });
        const bad = { where: { noSuchField: 1 } } as unknown as { where: Prisma.BookWhereInput };
        expect(await rejection(service.findMany(bad))).toBeInstanceOf(BadRequestException);
        expect(errorLogger).not.toHaveBeenCalled();
        // An ability without access configured: the configuration error is a 500, and logged.
        const misconfigured = books({ errorLogger, errorLoggerScope: 'unexpected' });
        const error = await rejection(misconfigured.findMany({}, { authorId: 1, drafts: false }));
        expect(error).toBeInstanceOf(InternalServerErrorException);
        expect(errorLogger).toHaveBeenCalledTimes(1);
        expect(errorLogger.mock.calls[0]?.[0].context).toMatchObject({ kind: 'configuration', status: 500 });
      });

      it('maps a coded error that the database raised during a read (P2002) to an opaque 500 and logs it', async () => {
        const errorLogger = logged();
        // Reads seldom fail with a coded error, so this delegate's findMany performs a real
        // conflicting insert: the error object is the real client's, the mapping the service's.
        const conflicting = plainDelegate(prisma.book, {
          findMany: () =>
            prisma.author.create({ data: { name: 'dup', email: `${library.tag}@example.test` } }),
        }) as BookDelegate;
        const service = new QueryService<BookDelegate, BookTypeMap>(conflicting, {
          idType: 'int',
          errorLogger,
        });
        const error = await rejection(service.findMany());
        // Raised while the database ran the statement, so it could depend on rows the caller may
        // not read: a 400 would be an oracle (docs/SECURITY.md, "Error oracles").
        expect(error).toBeInstanceOf(InternalServerErrorException);
        expect(responseOf(error)).toEqual({
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'Internal server error',
          code: 'internal_error',
        });
        expect(errorLogger.mock.calls[0]?.[0]).toMatchObject({
          error: { name: 'PrismaClientKnownRequestError', code: 'P2002' },
          context: { kind: 'read_failed', status: 500 },
        });
      });

      it('maps P2025 (record required but missing) to 400, as spec 7 maps every coded request error', async () => {
        const missing = plainDelegate(prisma.book, {
          findFirst: () => prisma.book.update({ where: { id: 2_000_000_001 }, data: { pages: 1 } }),
        }) as BookDelegate;
        const error = await rejection(
          new QueryService<BookDelegate, BookTypeMap>(missing, { idType: 'int' }).findOne(),
        );
        expect(error).toBeInstanceOf(BadRequestException);
        expect(responseOf(error)).toMatchObject({ statusCode: 400, code: 'query_rejected' });
      });

      it('passes an HttpException through as the same instance', async () => {
        const conflict = new ConflictException('from the application');
        const service = guardedBooks({
          accessibleWhere: () => {
            throw conflict;
          },
        });
        expect(await rejection(service.findMany({}, { authorId: 1, drafts: false }))).toBe(conflict);
      });

      it('maps a refused connection to an opaque 500 naming the fault (spec 7), or a 503 when asked, after logging it', async () => {
        const offline = new PrismaClient({
          adapter: new PrismaPg({
            connectionString: 'postgresql://postgres@127.0.0.1:1/none',
            connectionTimeoutMillis: 2000,
          }),
        });
        const body = { message: 'The database is unavailable', code: 'database_unavailable' };
        try {
          const cases = [
            { options: {}, type: InternalServerErrorException, status: 500, error: 'Internal Server Error' },
            {
              options: { databaseFaultStatus: 'specific' as const },
              type: ServiceUnavailableException,
              status: 503,
              error: 'Service Unavailable',
            },
          ];
          for (const { options, type, status, error: title } of cases) {
            const errorLogger = logged();
            const service = new QueryService<BookDelegate, BookTypeMap>(offline.book, {
              errorLogger,
              ...options,
            });
            for (const attempt of [service.count(), service.aggregate({ _count: true })]) {
              const error = await rejection(attempt);
              expect(error).toBeInstanceOf(type);
              expect(responseOf(error)).toEqual({ statusCode: status, error: title, ...body });
            }
            expect(errorLogger).toHaveBeenCalledTimes(2);
            expect(errorLogger.mock.calls[0]?.[0]).toMatchObject({
              operation: 'count',
              context: { kind: 'unavailable', status },
            });
          }
        } finally {
          await offline.$disconnect();
        }
      });

      it("with knownRequestErrors 'bad-request', a coded outage (P1001) is the 400 of spec 7's table", async () => {
        const offline = new PrismaClient({
          adapter: new PrismaPg({
            connectionString: 'postgresql://postgres@127.0.0.1:1/none',
            connectionTimeoutMillis: 2000,
          }),
        });
        try {
          const errorLogger = logged();
          const service = new QueryService<BookDelegate, BookTypeMap>(offline.book, {
            errorLogger,
            knownRequestErrors: 'bad-request',
          });
          const error = await rejection(service.count());
          expect(error).toBeInstanceOf(BadRequestException);
          expect(responseOf(error)).toEqual({
            statusCode: 400,
            error: 'Bad Request',
            message: 'The query was rejected',
            code: 'query_rejected',
          });
          expect(errorLogger.mock.calls[0]?.[0].error).toMatchObject({ code: 'P1001' });
        } finally {
          await offline.$disconnect();
        }
      });
    });
    describe('literal search texts and reserved keys (docs/SECURITY.md)', () => {
      const searchTitles = ['50% off', 'snake_case', 'back\\slash', 'trailing\\', 'plain'];
      let authorId: number;
      const tag = `search-${Date.now().toString(36)}`;

      beforeAll(async () => {
        const author = await prisma.author.create({
          data: { name: `Searcher ${tag}`, email: `${tag}@example.test` },
        });
        authorId = author.id;
        for (const [index, title] of searchTitles.entries()) {
          await prisma.book.create({
            data: {
              title,
              isbn: `${tag}-${index}`,
              price: '1.00',
              pages: 1,
              genre: 'FICTION',
              // The last two are drafts: a caller who may not read drafts must not learn of them.
              published: index < 3,
              authorId,
            },
          });
        }
      });

      const matching = async (operator: 'contains' | 'startsWith' | 'endsWith', text: string) =>
        titles(
          await books().findMany({
            where: { authorId, title: { [operator]: text } },
            orderBy: { title: 'asc' },
          }),
        );

      it('contains, startsWith and endsWith match %, _ and \\ literally', async () => {
        expect(await matching('contains', '%')).toEqual(['50% off']);
        expect(await matching('contains', '_')).toEqual(['snake_case']);
        expect(await matching('startsWith', '50%')).toEqual(['50% off']);
        expect(await matching('contains', 'k\\s')).toEqual(['back\\slash']);
        expect(await matching('endsWith', '\\')).toEqual(['trailing\\']);
        expect(await matching('contains', 'e_c')).toEqual(['snake_case']);
        expect(await matching('contains', 'p_ain')).toEqual([]);
      });

      it('escapes search texts in relation filters and include filters too', async () => {
        const authors = new QueryService(prisma.author, { idType: 'int' });
        const found = await authors.findMany({
          where: { id: authorId, books: { some: { title: { contains: '_' } } } },
          include: { books: { where: { title: { contains: '%' } } } },
        });
        expect(
          found.map((a) => (a as unknown as { books: { title: string }[] }).books.map((b) => b.title)),
        ).toEqual([['50% off']]);
        expect(
          await authors.count({ where: { id: authorId, books: { some: { title: { startsWith: '_' } } } } }),
        ).toBe(0);
      });

      it('under an access filter, a trailing backslash answers alike whether or not hidden rows match', async () => {
        const guarded = guardedBooks();
        const reader = { authorId, drafts: false };
        // 'trailing\\' is a draft: a wildcard or an error here would reveal it.
        expect(await guarded.count({ where: { title: { endsWith: '\\' } } }, reader)).toBe(0);
        expect(await guarded.count({ where: { title: { endsWith: 'g\\' } } }, reader)).toBe(0);
        expect(
          await guarded.count({ where: { title: { endsWith: 'g\\' } } }, { authorId, drafts: true }),
        ).toBe(1);
      });

      it.skipIf(name === 'mariadb')(
        'without literalSearch, a row-dependent database error is an opaque, logged 500 (never a 400)',
        async () => {
          const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();
          const raw = books({ literalSearch: false, errorLogger });
          // PostgreSQL raises 22025 for a LIKE pattern ending in an escape character when it meets a row.
          const error = await rejection(raw.count({ where: { authorId, title: { endsWith: '\\' } } }));
          expect(error).toBeInstanceOf(InternalServerErrorException);
          expect(responseOf(error)).toMatchObject({ statusCode: 500, code: 'internal_error' });
          expect(errorLogger.mock.calls[0]?.[0].context).toMatchObject({ kind: 'read_failed', status: 500 });
        },
      );

      it('refuses Prisma’s reserved keys anywhere in a caller’s arguments, on every helper', async () => {
        const probe = { __prismaRawParameters__: true, values: [authorId] };
        const fieldRef = { $type: 'FieldRef', value: { _ref: 'internalNote', _container: 'Book' } };
        const service = guardedBooks({ idType: 'int' });
        const reader = { authorId, drafts: false };
        const attempts: [string, () => Promise<unknown>][] = [
          ['findMany', () => service.findMany({ where: { authorId: { in: probe } } } as never, reader)],
          ['findOne', () => service.findOne({ where: { title: { gte: fieldRef } } } as never, reader)],
          ['count', () => service.count({ where: { author: { name: { lt: fieldRef } } } } as never, reader)],
          ['query', () => service.query({ where: { NOT: [{ title: fieldRef }] } } as never, reader)],
          [
            'findById',
            () => service.findById(1, { include: { reviews: { where: { id: fieldRef } } } } as never, reader),
          ],
          [
            'aggregate',
            () => service.aggregate({ where: { pages: { gt: probe } }, _count: true } as never, reader),
          ],
        ];
        for (const [helper, attempt] of attempts) {
          const error = await rejection(attempt());
          expect(error, helper).toBeInstanceOf(BadRequestException);
          expect(responseOf(error), helper).toMatchObject({ statusCode: 400, code: 'unknown_key' });
        }
        // Top-level arguments a helper does not take are refused too, with no pipe in front.
        for (const [helper, attempt] of [
          ['query cursor', () => service.query({ cursor: { id: 1 } } as never, reader)],
          ['query distinct', () => service.query({ distinct: ['title'] } as never, reader)],
          ['query take', () => service.query({ take: 1000 } as never, reader)],
          ['findMany typo', () => service.findMany({ wher: { id: 1 } } as never, reader)],
          ['count include', () => service.count({ include: { author: true } } as never, reader)],
        ] as const) {
          const error = await rejection(attempt());
          expect(error, helper).toBeInstanceOf(BadRequestException);
          expect(responseOf(error), helper).toMatchObject({ statusCode: 400, code: 'unknown_key' });
        }
        // Prisma's own FieldRef, built in code, is a class instance and still works.
        const compared = await service.count(
          { where: { authorId, title: { gte: prisma.book.fields.title } } },
          reader,
        );
        expect(compared).toBe(3);
      });

      it('refuses text with NUL before the database: anywhere in the arguments (400), as an id (404)', async () => {
        // No column holds NUL and PostgreSQL answers it with an error (SQLSTATE 22021): a natural
        // key taken from a path parameter (`{ isbn }`) or a String id must never carry it there.
        const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();
        const service = guardedBooks({ idType: 'int', errorLogger });
        const reader = { authorId, drafts: false };
        const attempts: [string, () => Promise<unknown>][] = [
          ['findOne', () => service.findOne({ where: { isbn: '\u0000' } }, reader)],
          ['findOne, no caller', () => books().findOne({ where: { isbn: 'x\u0000' } })],
          ['findUnique', () => books().findUnique({ where: { isbn: '\u0000' } })],
          ['findUnique, caller', () => service.findUnique({ where: { isbn: '\u0000' } }, reader)],
          ['findMany', () => service.findMany({ where: { OR: [{ title: { in: ['a\u0000'] } }] } }, reader)],
          ['count', () => service.count({ where: { author: { name: '\u0000' } } }, reader)],
          ['query', () => service.query({ where: { title: { contains: '\u0000' } } }, reader)],
          [
            'findById include',
            () => service.findById(1, { include: { reviews: { where: { body: '\u0000' } } } }, reader),
          ],
          ['aggregate', () => service.aggregate({ where: { title: '\u0000' }, _count: true }, reader)],
        ];
        for (const [helper, attempt] of attempts) {
          const error = await rejection(attempt());
          expect(error, helper).toBeInstanceOf(BadRequestException);
          expect(responseOf(error), helper).toMatchObject({ statusCode: 400, code: 'invalid_type' });
        }
        // Every read helper is tried above: a helper added later fails here until it is added to
        // the attempts (or, if it does not read, to this list of the service's inner steps).
        const inner = new Set(['constructor', 'checked', 'run', 'toOne']);
        const tried = new Set(attempts.map(([helper]) => helper.split(/[ ,]/)[0]));
        expect(
          Object.getOwnPropertyNames(QueryService.prototype).filter(
            (name) => !inner.has(name) && !tried.has(name),
          ),
        ).toEqual([]);
        const reviews = new QueryService<ReviewDelegate, ReviewTypeMap>(prisma.review, { errorLogger });
        for (const id of ['\u0000', 'r\u0000']) {
          expect(await rejection(reviews.findById(id))).toBeInstanceOf(NotFoundException);
          expect(await rejection(reviews.findById(id, { where: { rating: 5 } }))).toBeInstanceOf(
            NotFoundException,
          );
        }
        expect(errorLogger).not.toHaveBeenCalled();
      });

      it('refuses an operand outside its column’s range before the database (400, where the database raised P2020/P2033: a 500)', async () => {
        const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();
        const service = guardedBooks({ idType: 'int', errorLogger });
        const reader = { authorId, drafts: false };
        const tooBig = 2 ** 40;
        const attempts: [string, () => Promise<unknown>, string][] = [
          ['gt', () => books().query({ where: { pages: { gt: tooBig } } }), 'where.pages.gt'],
          ['bare', () => books().count({ where: { pages: tooBig } }), 'where.pages'],
          ['in', () => books().findMany({ where: { pages: { in: [1, tooBig] } } }), 'where.pages.in[1]'],
          ['not', () => service.count({ where: { pages: { not: tooBig } } }, reader), 'where.pages.not'],
          [
            'BigInt',
            () => service.findMany({ where: { sales: { lt: 2n ** 63n } } }, reader),
            'where.sales.lt',
          ],
          [
            'relation filter',
            () => service.count({ where: { author: { books: { some: { pages: -tooBig } } } } }, reader),
            'where.author.books.some.pages',
          ],
        ];
        for (const [name, attempt, path] of attempts) {
          const error = await rejection(attempt());
          expect(error, name).toBeInstanceOf(BadRequestException);
          expect(responseOf(error), name).toMatchObject({ statusCode: 400, code: 'invalid_type', path });
        }
        // In range, the same operands read as before.
        expect(await books().count({ where: { pages: { gt: 2 ** 31 - 1 } } })).toBe(0);
        expect(errorLogger).not.toHaveBeenCalled();
      });
    });
  });
}
