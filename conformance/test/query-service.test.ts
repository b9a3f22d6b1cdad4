// Sections 1, 2.2, 2.4, 2.6, 4.3, 4.6 and 5.2 of docs/spec-conformance.md: QueryService from the
// built @facet/nest over a real Prisma client on PGlite.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FacetQueryError } from '@facet/core';
import {
  FacetQuery,
  Fields,
  PageMetaDTO,
  PaginatedDTO,
  parseQueryObject,
  prepareFieldsQuery,
  QueryDTO,
  QueryService,
  QueryTransformPipe,
  ResourceQuery,
} from '@facet/nest';
import { BadRequestException, InternalServerErrorException, NotFoundException } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Ability,
  accessibleWhere,
  type BookDelegate,
  type BookTypeMap,
  type Database,
  LIBRARY,
  openDatabase,
  PUBLISHED,
  READER,
  STAFF,
} from '../support/database.js';

let database: Database;
let books: QueryService<BookDelegate, BookTypeMap, Ability>;
let guarded: QueryService<BookDelegate, BookTypeMap, Ability>;

beforeAll(async () => {
  database = await openDatabase();
  books = new QueryService(database.prisma.book);
  // Refusals are asserted here, so the default logger's lines would only be noise.
  guarded = new QueryService(database.prisma.book, {
    subject: 'Book',
    accessibleWhere,
    errorLogger: () => {},
  });
});
afterAll(() => database?.close());

const ids = (rows: readonly { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);
const idsOf = (list: readonly { id: number }[]) => ids(list);
const ALL = idsOf(LIBRARY.books);
const VISIBLE = idsOf(PUBLISHED);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** The where each delegate call received, recorded on a real delegate. */
function recorded(delegate: BookDelegate) {
  const calls: { method: string; args: { where?: unknown } }[] = [];
  const wrap =
    (method: 'findFirst' | 'findMany' | 'findUnique' | 'count' | 'aggregate') =>
    (args: { where?: unknown }) => {
      calls.push({ method, args });
      return (delegate[method] as (a: unknown) => Promise<unknown>)(args);
    };
  return {
    calls,
    delegate: {
      findFirst: wrap('findFirst'),
      findMany: wrap('findMany'),
      findUnique: wrap('findUnique'),
      count: wrap('count'),
      aggregate: wrap('aggregate'),
    } as unknown as BookDelegate,
  };
}

describe('1. What the service does', () => {
  it('1.3 QueryService wraps any object with the five operations, imports no ORM, takes a type map', async () => {
    // A Prisma delegate, and a plain object with the five operations over it.
    const plain = recorded(database.prisma.book).delegate;
    expect(ids(await new QueryService<BookDelegate, BookTypeMap>(plain).findMany())).toEqual(ALL);
    const lacking = { findFirst: () => Promise.resolve(null), findMany: () => Promise.resolve([]) };
    expect(() => new QueryService(lacking as never)).toThrow(/findUnique, count, aggregate/);

    // The built package has no import of Prisma anywhere.
    const dist = fileURLToPath(new URL('../../packages/nest/dist/esm/', import.meta.url));
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      expect(readFileSync(`${dist}${file}`, 'utf8'), file).not.toMatch(
        /from ['"]@?prisma|require\(['"]@?prisma/,
      );
    }
  });

  it('1.4 @facet/nest exports the eight helpers of the specification', () => {
    for (const helper of [
      QueryTransformPipe,
      QueryDTO,
      PageMetaDTO,
      PaginatedDTO,
      ResourceQuery,
      QueryService,
    ]) {
      expect(typeof helper).toBe('function');
    }
    expect(typeof parseQueryObject).toBe('function');
    expect(typeof prepareFieldsQuery).toBe('function');
    expect(typeof Fields.project).toBe('function');
    expect(typeof FacetQuery).toBe('function');
    expect(parseQueryObject({ 'a.b': 'true' })).toEqual({ a: { b: true } });
  });

  it('1.5 the access filter of an ability and a subject is merged into every read', async () => {
    expect(ids(await guarded.findMany({}, READER))).toEqual(VISIBLE);
    expect(await guarded.count({}, READER)).toBe(VISIBLE.length);
    expect(ids((await guarded.query({}, READER)).items)).toEqual(VISIBLE);
    expect(ids(await guarded.findMany({}, STAFF))).toEqual(ALL);
  });
});

describe('2.2 Server-side paginated result', () => {
  it('2.2.a QueryService.query returns the page of records as items', async () => {
    const result = await books.query({ orderBy: { id: 'asc' }, page: 2, perPage: 2 });
    expect(result.items.map((book) => book.id)).toEqual([3, 4]);
    expect(result.items[0]).toMatchObject({ title: 'On the Connexion', isbn: '9780000000035' });
  });

  it('2.2.b … and pageMeta, a PageMetaDTO', async () => {
    const { pageMeta } = await books.query({ page: 2, perPage: 2 });
    expect(pageMeta).toBeInstanceOf(PageMetaDTO);
    expect(pageMeta).toMatchObject({ page: 2, perPage: 2, itemCount: 5, pageCount: 3 });
    const partial = await books.query({ perPage: 2 }, undefined, { count: false });
    expect(partial.pageMeta).not.toHaveProperty('itemCount');
  });

  it('2.2.c PaginatedDTO(items, meta) serializes as { items, meta }', async () => {
    const { items, pageMeta } = await books.query({ where: { id: 1 }, select: { id: true } });
    const envelope = new PaginatedDTO(items, pageMeta);
    expect(Object.keys(JSON.parse(JSON.stringify(envelope)))).toEqual(['items', 'meta']);
    expect(JSON.parse(JSON.stringify(envelope)).items).toEqual([{ id: 1 }]);
  });
});

describe('2.4 Query input', () => {
  it('2.4.a page is optional and reads that page', async () => {
    expect((await books.query({ perPage: 2 })).pageMeta.page).toBe(1);
    expect(ids((await books.query({ page: 3, perPage: 2 })).items)).toEqual([5]);
  });

  it('2.4.b perPage is optional and sizes the page', async () => {
    expect((await books.query({})).pageMeta.perPage).toBe(20);
    expect((await books.query({ perPage: 3 })).items).toHaveLength(3);
  });

  it('2.4.c where filters', async () => {
    expect(ids((await books.query({ where: { genre: 'SCIENCE' } })).items)).toEqual([1, 3, 5]);
  });

  it('2.4.d orderBy is an object or an array of objects', async () => {
    const one = await books.query({ orderBy: { pages: 'desc' } });
    expect(one.items.map((book) => book.pages)).toEqual([400, 300, 200, 100, 50]);
    const two = await books.query({ orderBy: [{ authorId: 'desc' }, { pages: 'asc' }] });
    expect(two.items.map((book) => book.id)).toEqual([4, 3, 5, 1, 2]);
  });

  it('2.4.e include loads relations', async () => {
    const { items } = await books.query({ where: { id: 1 }, include: { author: true, reviews: true } });
    const [book] = items as unknown as { author: { name: string }; reviews: { id: string }[] }[];
    expect(book?.author.name).toBe('Ada Lovelace');
    expect(book?.reviews.map((review) => review.id)).toEqual(['r-1']);
  });

  it('2.4.f select loads only the chosen fields', async () => {
    const { items } = await books.query({ where: { id: 2 }, select: { id: true, title: true } });
    expect(items).toEqual([{ id: 2, title: 'Drafts' }]);
  });

  it('2.4.g fields is accepted and not sent to the ORM (projection happens later, 4.4)', async () => {
    const traced = recorded(database.prisma.book);
    const service = new QueryService<BookDelegate, BookTypeMap>(traced.delegate);
    await service.query({ where: { id: 1 }, fields: 'title' });
    for (const call of traced.calls) expect(call.args).not.toHaveProperty('fields');
  });

  it("2.4.h after and before (Facet's addition) read the rows beside a cursor, in one total order", async () => {
    const first = await books.query({ orderBy: { genre: 'asc' }, perPage: 2 });
    const cursor = first.pageMeta.nextCursor as string;
    const second = await books.query({ orderBy: { genre: 'asc' }, perPage: 2, after: cursor });
    const third = await books.query({
      orderBy: { genre: 'asc' },
      perPage: 2,
      after: second.pageMeta.nextCursor as string,
    });
    const walked = [...first.items, ...second.items, ...third.items].map((book) => book.id);
    expect(walked).toEqual([2, 1, 3, 5, 4]);
    const refused = await rejection(books.query({ page: 2, after: cursor }));
    expect(refused).toBeInstanceOf(BadRequestException);
    const back = await books.query({
      orderBy: { genre: 'asc' },
      perPage: 2,
      before: third.pageMeta.prevCursor as string,
    });
    expect(back.items.map((book) => book.id)).toEqual([3, 5]);
    expect(back.pageMeta).toMatchObject({ hasPrevPage: true, prevCursor: expect.any(String) });
    const both = await rejection(books.query({ before: cursor, after: cursor }));
    expect(both).toBeInstanceOf(BadRequestException);
  });

  it('2.4.i aggregate takes _count, _min and _max', async () => {
    const result = await books.aggregate({
      _count: { _all: true },
      _min: { pages: true },
      _max: { pages: true },
    });
    expect(result).toEqual({ _count: { _all: 5 }, _min: { pages: 50 }, _max: { pages: 400 } });
  });
});

describe('2.6 Service construction', () => {
  it('2.6.a QueryService is constructed with the delegate, of any model: its key is read from the schema', async () => {
    // Edition has no id column: its primary key is @@id([isbn, printing]), a String and an Int.
    const editions = new QueryService(database.prisma.edition);
    const [edition] = LIBRARY.editions;
    const expected = { ...edition, note: null };
    expect(await editions.findById({ isbn: edition.isbn, printing: edition.printing })).toEqual(expected);
    expect(await editions.findById([edition.isbn, edition.printing])).toEqual(expected);
    // A path parameter carries the key as JSON: each part is read by its field's type.
    expect(await editions.findById(`["${edition.isbn}","${edition.printing}"]`)).toEqual(expected);
    expect(await rejection(editions.findById(edition.isbn))).toBeInstanceOf(NotFoundException);
    // Pages end their sort with both key fields: a total order.
    const page = await editions.query({ orderBy: { copies: 'desc' } });
    expect(page.items.map((row) => `${row.isbn}/${row.printing}`)).toEqual([
      '9780000000011/1',
      '9780000000035/1',
      '9780000000011/2',
    ]);
    // Quote's key is `code`; idField names a key the schema does not tell (a wrapped delegate's).
    expect((await new QueryService(database.prisma.quote).findById('q-a')).bookId).toBeNull();
    const wrapped = { ...recorded(database.prisma.book).delegate } as BookDelegate;
    const byIsbn = new QueryService<BookDelegate, BookTypeMap>(wrapped, { idField: 'isbn' });
    expect((await byIsbn.findById(LIBRARY.books[1].isbn)).id).toBe(2);
  });

  it('2.6.b subject and accessibleWhere enable the merge, and only together', async () => {
    expect(ids(await guarded.findMany({}, READER))).toEqual(VISIBLE);
    expect(() => new QueryService(database.prisma.book, { subject: 'Book' })).toThrow(/together/);
    expect(() => new QueryService(database.prisma.book, { accessibleWhere })).toThrow(/together/);
  });

  it('2.6.c errorLogger receives an unexpected error before it becomes a 500', async () => {
    const logged: unknown[] = [];
    const failure = new Error('delegate broke');
    const broken = { ...recorded(database.prisma.book).delegate, findMany: () => Promise.reject(failure) };
    const service = new QueryService(broken as BookDelegate, { errorLogger: (entry) => logged.push(entry) });
    expect(await rejection(service.findMany())).toBeInstanceOf(InternalServerErrorException);
    expect(logged).toEqual([expect.objectContaining({ error: failure, operation: 'findMany' })]);
  });
});

describe('4.3 Server query methods', () => {
  it('4.3.a findOne: one record, or empty (null)', async () => {
    expect((await books.findOne({ where: { isbn: '9780000000028' } }))?.id).toBe(2);
    expect(await books.findOne({ where: { isbn: 'none' } })).toBeNull();
  });

  it('4.3.b findMany: an array of records', async () => {
    const rows = await books.findMany({ where: { authorId: 2 }, orderBy: { id: 'asc' } });
    expect(rows.map((book) => book.id)).toEqual([3, 4, 5]);
  });

  it('4.3.c findById: one record; the not-found exception when there is none', async () => {
    expect((await books.findById(3)).title).toBe('On the Connexion');
    expect((await books.findById('3')).title).toBe('On the Connexion');
    for (const missing of [999, 'abc']) {
      expect(await rejection(books.findById(missing))).toBeInstanceOf(NotFoundException);
    }
    expect(await rejection(guarded.findById(2, {}, READER))).toBeInstanceOf(NotFoundException);
  });

  it('4.3.d findUnique: with an ability, a find-first into whose where the access filter merges', async () => {
    const traced = recorded(database.prisma.book);
    const service = new QueryService<BookDelegate, BookTypeMap, Ability>(traced.delegate, {
      subject: 'Book',
      accessibleWhere,
    });
    // A read of the server's own (4.6.g): no ability, no access filter, Prisma's findUnique.
    expect(
      (await service.findUnique({ where: { isbn: '9780000000011' } }, undefined, { trusted: true }))?.id,
    ).toBe(1);
    expect(traced.calls.at(-1)?.method).toBe('findUnique');
    expect(await service.findUnique({ where: { isbn: '9780000000028' } }, READER)).toBeNull();
    expect(traced.calls.at(-1)).toEqual({
      method: 'findFirst',
      args: { where: { AND: [{ published: true }, { isbn: '9780000000028' }] } },
    });
    const compound = { authorId_title: { authorId: 1, title: 'Notes' } };
    expect((await service.findUnique({ where: compound }, READER))?.id).toBe(1);
  });

  it('4.3.e aggregate: the delegate result with decimal-like values serialized', async () => {
    const result = await books.aggregate({ _sum: { price: true, sales: true }, _max: { price: true } });
    expect(result).toEqual({
      // 9007199254740993 is beyond Number.MAX_SAFE_INTEGER: a number would have lost its last digit.
      _sum: {
        price: '100000039.59',
        sales: String(LIBRARY.books.reduce((sum, book) => sum + book.sales, 0n)),
      },
      _max: { price: '99999999.99' },
    });
    expect(await books.aggregate({ _max: { publishedAt: true } })).toEqual({ _max: { publishedAt: null } });
  });

  it('4.3.e departure: aggregate takes an ability, and merges its access filter', async () => {
    expect(await guarded.aggregate({ _count: { _all: true } }, READER)).toEqual({
      _count: { _all: VISIBLE.length },
    });
    expect(await guarded.aggregate({ _count: { _all: true } }, STAFF)).toEqual({
      _count: { _all: ALL.length },
    });
  });

  it('4.3.f count: a number', async () => {
    expect(await books.count({ where: { published: false } })).toBe(2);
    expect(await guarded.count({}, READER)).toBe(PUBLISHED.length);
  });

  it('4.3.g query: { items, pageMeta } from findMany, count and PageMetaDTO', async () => {
    const traced = recorded(database.prisma.book);
    const service = new QueryService<BookDelegate, BookTypeMap>(traced.delegate);
    const result = await service.query({ where: { genre: 'SCIENCE' }, perPage: 2 });
    expect(Object.keys(result).sort()).toEqual(['items', 'pageMeta']);
    expect(traced.calls.map((call) => call.method).sort()).toEqual(['count', 'findMany']);
    expect(result.pageMeta).toMatchObject({ itemCount: 3, pageCount: 2, page: 1, perPage: 2 });
  });

  it("4.3.h page and perPage default to 1 and 20; out of range is a 400, never clamped (Facet's choice)", async () => {
    expect((await books.query()).pageMeta).toMatchObject({ page: 1, perPage: 20 });
    for (const bad of [{ perPage: 101 }, { page: 10_001 }, { page: 0 }, { perPage: 1.5 }]) {
      expect(await rejection(books.query(bad)), JSON.stringify(bad)).toBeInstanceOf(BadRequestException);
    }
    const narrow = new QueryService(database.prisma.book, { defaultPerPage: 2, maxPerPage: 3 });
    expect((await narrow.query()).items).toHaveLength(2);
  });
});

describe('4.6 Access-filter merge', () => {
  it('4.6.a every read merges { AND: [accessibleWhere(ability, subject), <client where>] }', async () => {
    const traced = recorded(database.prisma.book);
    const service = new QueryService<BookDelegate, BookTypeMap, Ability>(traced.delegate, {
      subject: 'Book',
      accessibleWhere,
    });
    const rows = await service.findMany({ where: { genre: 'SCIENCE' } }, READER);
    expect(ids(rows)).toEqual([1, 3]);
    expect(traced.calls.at(-1)?.args.where).toEqual({ AND: [{ published: true }, { genre: 'SCIENCE' }] });
    await service.count({}, READER);
    expect(traced.calls.at(-1)?.args.where).toEqual({ AND: [{ published: true }] });
  });

  it('4.6.a departure: the client where has its search texts escaped, and $/__ keys are refused', async () => {
    const traced = recorded(database.prisma.book);
    const options = { subject: 'Book', accessibleWhere };
    const service = new QueryService<BookDelegate, BookTypeMap, Ability>(traced.delegate, options);
    // "100%" matches the title with a literal %, not every title starting with 100.
    const rows = await service.findMany({ where: { title: { contains: '0% M' } } }, READER);
    expect(ids(rows)).toEqual([4]);
    expect(traced.calls.at(-1)?.args.where).toEqual({
      AND: [{ published: true }, { title: { contains: '0\\% M' } }],
    });
    expect(ids(await service.findMany({ where: { title: { contains: '_' } } }, READER))).toEqual([4]);

    // literalSearch: false restores the client's where as sent: `_` is then a wildcard.
    const verbatim = new QueryService<BookDelegate, BookTypeMap, Ability>(traced.delegate, {
      ...options,
      literalSearch: false,
    });
    expect(ids(await verbatim.findMany({ where: { title: { contains: '_' } } }, READER))).toEqual(VISIBLE);
    expect(traced.calls.at(-1)?.args.where).toEqual({
      AND: [{ published: true }, { title: { contains: '_' } }],
    });

    // A reserved key is refused whatever the option: no call reaches the delegate.
    const before = traced.calls.length;
    const reserved = { title: { equals: { $type: 'FieldRef', value: { _ref: 'internalNote' } } } };
    const error = await rejection(verbatim.findMany({ where: reserved as never }, READER));
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as BadRequestException).getResponse()).toMatchObject({ code: 'unknown_key' });
    expect(traced.calls.length).toBe(before);
  });

  it("4.6.b an ability given to a service without subject/accessibleWhere is a 500, never an unfiltered read (Facet's choice)", async () => {
    const logged: unknown[] = [];
    const service = new QueryService(database.prisma.book, { errorLogger: (entry) => logged.push(entry) });
    expect(await rejection(service.findMany({}, READER))).toBeInstanceOf(InternalServerErrorException);
    expect(logged).toEqual([
      expect.objectContaining({ context: expect.objectContaining({ kind: 'configuration' }) }),
    ]);
  });

  it('4.6.c findOne, findMany, findById, query and count accept an ability', async () => {
    expect(await guarded.findOne({ where: { id: 2 } }, READER)).toBeNull();
    expect((await guarded.findOne({ where: { id: 2 } }, STAFF))?.id).toBe(2);
    expect(ids(await guarded.findMany({}, READER))).toEqual(VISIBLE);
    expect(await rejection(guarded.findById(5, {}, READER))).toBeInstanceOf(NotFoundException);
    expect((await guarded.findById(5, {}, STAFF)).id).toBe(5);
    expect((await guarded.query({}, READER)).pageMeta.itemCount).toBe(VISIBLE.length);
    expect(await guarded.count({}, STAFF)).toBe(ALL.length);
  });

  it('4.6.d findUnique accepts an ability (switches to find-first)', async () => {
    expect(await guarded.findUnique({ where: { id: 2 } }, READER)).toBeNull();
    expect((await guarded.findUnique({ where: { id: 2 } }, STAFF))?.id).toBe(2);
  });

  it('4.6.e departure: aggregate merges the access filter of an ability; the constrained where of the specification needs { trusted: true }', async () => {
    const traced = recorded(database.prisma.book);
    const service = new QueryService<BookDelegate, BookTypeMap, Ability>(traced.delegate, {
      subject: 'Book',
      accessibleWhere,
      errorLogger: () => {},
    });
    expect(await service.aggregate({ where: { genre: 'SCIENCE' }, _count: { _all: true } }, READER)).toEqual({
      _count: { _all: 2 },
    });
    expect(traced.calls.at(-1)?.args.where).toEqual({ AND: [{ published: true }, { genre: 'SCIENCE' }] });
    // The specification's call: no ability, a where the caller constrained, said to be the server's.
    const where = accessibleWhere(READER, 'Book');
    const trusted = await service.aggregate({ where, _count: { _all: true } }, undefined, { trusted: true });
    expect(trusted).toEqual({ _count: { _all: VISIBLE.length } });
    expect(await rejection(service.aggregate({ where, _count: { _all: true } }))).toBeInstanceOf(
      InternalServerErrorException,
    );
  });

  it("4.6.f with the dto option, related rows are filtered by their own subject's access (Facet's choice)", async () => {
    const { AuthorDto } = await import('../support/dtos.js');
    const authors = new QueryService(database.prisma.author, {
      subject: 'Author',
      accessibleWhere,
      dto: AuthorDto,
    });
    const [ada] = await authors.findMany({ where: { id: 1 }, include: { books: true } }, READER);
    expect((ada as unknown as { books: { id: number }[] }).books.map((book) => book.id)).toEqual([1]);
    const counted = await authors.count({ where: { books: { some: { id: 2 } } } }, READER);
    expect(counted).toBe(0);
  });
});

describe('4.6 Access-filter merge: the caller rule', () => {
  it('4.6.g departure: a service with an access configuration refuses a read that names no caller, unless trusted', async () => {
    const logged: { context: { kind: string } }[] = [];
    const traced = recorded(database.prisma.book);
    const service = new QueryService<BookDelegate, BookTypeMap, Ability>(traced.delegate, {
      subject: 'Book',
      accessibleWhere,
      errorLogger: (entry) => logged.push(entry),
    });
    for (const read of [
      () => service.findMany(),
      () => service.findOne(),
      () => service.findById(1),
      () => service.findUnique({ where: { id: 1 } }),
      () => service.count(),
      () => service.query(),
      () => service.aggregate({ _count: true }),
    ]) {
      expect(await rejection(read())).toBeInstanceOf(InternalServerErrorException);
    }
    expect(traced.calls).toEqual([]);
    expect(new Set(logged.map((entry) => entry.context.kind))).toEqual(new Set(['configuration']));
    expect(ids(await service.findMany({}, undefined, { trusted: true }))).toEqual(ALL);
    expect(await rejection(service.findMany({}, READER, { trusted: true }))).toBeInstanceOf(
      InternalServerErrorException,
    );
    // Without an access configuration the ability stays optional.
    expect(ids(await books.findMany())).toEqual(ALL);
  });
});

describe('5. Authentication (server)', () => {
  it('5.2 the server passes an optional ability into the read helpers (required where access is configured)', async () => {
    expect(ids(await guarded.findMany({}, READER))).toEqual(VISIBLE);
    expect(ids(await guarded.findMany({}, STAFF))).toEqual(ALL);
    expect(ids(await books.findMany())).toEqual(ALL);
    expect(await rejection(guarded.findMany())).toBeInstanceOf(InternalServerErrorException);
  });
});

describe('FacetQueryError is the refusal every helper throws before the ORM', () => {
  it('4.3.g a refused query argument never reaches the delegate', async () => {
    const traced = recorded(database.prisma.book);
    const service = new QueryService<BookDelegate, BookTypeMap>(traced.delegate);
    const error = await rejection(service.query({ take: 5 } as never));
    expect(error).toBeInstanceOf(BadRequestException);
    expect((error as { cause?: unknown }).cause).toBeInstanceOf(FacetQueryError);
    expect(traced.calls).toEqual([]);
  });
});
