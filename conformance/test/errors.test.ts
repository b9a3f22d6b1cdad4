// Section 7 of docs/spec-conformance.md: QueryService's error mapping, from the built @facet/nest,
// on errors that real parts raise (Prisma on PGlite, a refused port, CASL, Nest's exceptions).
import { createMongoAbility, ForbiddenError } from '@casl/ability';
import { QueryService, type QueryServiceOptions } from '@facet/nest';
import { classifyError, toHttpException } from '@facet/nest/advanced';
import { ForbiddenException, type HttpException, NotFoundException } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Ability,
  accessibleWhere,
  type BookDelegate,
  type BookTypeMap,
  type Database,
  openDatabase,
  Prisma,
  PrismaClient,
  READER,
} from '../support/database.js';

let database: Database;

beforeAll(async () => {
  database = await openDatabase();
  // A table the schema has and the database lacks: Prisma's P2021, a fault of the server.
  await database.prisma.$executeRawUnsafe('ALTER TABLE "Review" RENAME TO "ReviewMoved"');
});
afterAll(() => database?.close());

type Logged = Parameters<NonNullable<QueryServiceOptions['errorLogger']>>[0];

function service(options: QueryServiceOptions<Ability, Prisma.BookWhereInput> = {}, delegate?: BookDelegate) {
  const logged: Logged[] = [];
  const books = new QueryService<BookDelegate, BookTypeMap, Ability>(delegate ?? database.prisma.book, {
    errorLogger: (entry) => logged.push(entry),
    ...options,
  });
  return { books, logged };
}

async function answer(
  promise: Promise<unknown>,
): Promise<{ status: number; body: unknown; error: HttpException }> {
  try {
    await promise;
  } catch (error) {
    const http = error as HttpException;
    return { status: http.getStatus(), body: http.getResponse(), error: http };
  }
  throw new Error('expected a rejection');
}

/** Book's delegate with findFirst swapped: the rest stays the real client's. */
function withFindFirst(findFirst: (args: unknown) => Promise<unknown>): BookDelegate {
  const book = database.prisma.book;
  return {
    findFirst,
    findMany: (args: object) => book.findMany(args),
    findUnique: (args: never) => book.findUnique(args),
    count: (args: object) => book.count(args),
    aggregate: (args: never) => book.aggregate(args),
  } as unknown as BookDelegate;
}

const reviews = () =>
  new QueryService(database.prisma.review, { errorLogger: () => {} }) as QueryService<
    PrismaClient['review'],
    never
  >;

describe('7. Errors', () => {
  it('7.a an ORM validation-like error is a BadRequestException', async () => {
    const { books } = service();
    // A select of a field the model lacks: nothing before Prisma looks at select's names.
    const invalid = await answer(books.findMany({ select: { titel: true } } as never));
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'invalid_query' });
    expect((invalid.error.cause as Error).name).toBe('PrismaClientValidationError');
    // Facet's own refusals are validation-like too, and name the path.
    const refused = await answer(books.query({ perPage: 0 }));
    expect(refused).toMatchObject({ status: 400, body: { path: 'perPage' } });
    const operand = await answer(books.findMany({ where: { title: { contains: 5 } } } as never));
    expect(operand).toMatchObject({
      status: 400,
      body: { code: 'invalid_type', path: 'where.title.contains' },
    });
  });

  it('7.b a coded request error the query caused is a BadRequestException', async () => {
    // findFirstOrThrow: Prisma's own P2025 when no row matches, raised by the client, not the database.
    const orThrow = withFindFirst((args) => database.prisma.book.findFirstOrThrow(args as never));
    const { books } = service({}, orThrow);
    const rejected = await answer(books.findOne({ where: { isbn: 'no such isbn' } }));
    expect((rejected.error.cause as { code?: string }).code).toBe('P2025');
    expect(rejected).toMatchObject({ status: 400, body: { code: 'query_rejected' } });
  });

  it('7.b departure: a coded error the server caused (a missing table, P2021) is a 500; knownRequestErrors restores the 400', async () => {
    const fault = await answer(reviews().findMany());
    expect((fault.error.cause as { code?: string }).code).toBe('P2021');
    expect(fault).toMatchObject({ status: 500, body: { code: 'internal_error' } });
    const spec = new QueryService(database.prisma.review, {
      knownRequestErrors: 'bad-request',
      errorLogger: () => {},
    });
    expect(await answer(spec.findMany())).toMatchObject({ status: 400, body: { code: 'query_rejected' } });
  });

  it('7.b departure: in a read, an error the database raised running it is a 500; knownRequestErrors restores the 400', async () => {
    // With literalSearch off, a trailing backslash is an invalid LIKE pattern: PostgreSQL raises
    // SQLSTATE 22025 only when it meets a row, so the answer could tell whether hidden rows exist.
    const where = { title: { endsWith: '\\' } };
    const { books, logged } = service({ literalSearch: false, subject: 'Book', accessibleWhere });
    const read = await answer(books.findMany({ where }, READER));
    expect(read).toMatchObject({ status: 500, body: { code: 'internal_error' } });
    expect(logged.at(-1)?.context.kind).toBe('read_failed');
    const spec = service({
      literalSearch: false,
      subject: 'Book',
      accessibleWhere,
      knownRequestErrors: 'bad-request',
    });
    expect(await answer(spec.books.findMany({ where }, READER))).toMatchObject({ status: 400 });
    // Facet's default never lets it happen: the text is literal.
    expect(await service({ subject: 'Book', accessibleWhere }).books.findMany({ where }, READER)).toEqual([]);
  });

  it('7.c an existing HttpException is passed through unchanged', async () => {
    const thrown = new ForbiddenException('not yours');
    const { books, logged } = service({
      subject: 'Book',
      accessibleWhere: () => {
        throw thrown;
      },
    });
    const passed = await answer(books.findMany({}, READER));
    expect(passed.error).toBe(thrown);
    expect(logged).toEqual([]);
  });

  it('7.d any other error is logged through errorLogger, then an InternalServerErrorException', async () => {
    const failure = new TypeError('a bug in the delegate');
    const { books, logged } = service(
      {},
      withFindFirst(() => Promise.reject(failure)),
    );
    const unexpected = await answer(books.findOne());
    expect(unexpected).toMatchObject({
      status: 500,
      body: { code: 'internal_error', message: 'Internal server error' },
    });
    expect(logged).toEqual([expect.objectContaining({ error: failure, operation: 'findOne' })]);
    expect(JSON.stringify(unexpected.body)).not.toContain('a bug');
  });

  it("7.d departures: a CASL ForbiddenError is a 403 (forbiddenError: 'internal' restores the 500); the logger sees the 400s of Prisma errors (errorLoggerScope: 'unexpected' restores 5xx only)", async () => {
    const casl = () => {
      ForbiddenError.from(createMongoAbility([])).throwUnlessCan('read', 'Book');
      return {};
    };
    const forbidden = service({ subject: 'Book', accessibleWhere: casl });
    expect(await answer(forbidden.books.findMany({}, READER))).toMatchObject({
      status: 403,
      body: { code: 'forbidden' },
    });
    expect(forbidden.logged).toEqual([]);
    const internal = service({ subject: 'Book', accessibleWhere: casl, forbiddenError: 'internal' });
    expect(await answer(internal.books.findMany({}, READER))).toMatchObject({ status: 500 });
    expect(internal.logged).toHaveLength(1);

    const invalid = { select: { titel: true } } as never;
    const mapped = service();
    await answer(mapped.books.findMany(invalid));
    expect(mapped.logged.map((entry) => entry.context.status)).toEqual([400]);
    const unexpectedOnly = service({ errorLoggerScope: 'unexpected' });
    await answer(unexpectedOnly.books.findMany(invalid));
    expect(unexpectedOnly.logged).toEqual([]);
  });

  it('7.e findById with no matching record is the not-found exception', async () => {
    const { books } = service();
    const missing = await answer(books.findById(424242));
    expect(missing.error).toBeInstanceOf(NotFoundException);
    expect(missing.body).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Record not found',
      code: 'not_found',
    });
  });

  it("7.f statuses: 400, 403, 404, 500, and 503/504 for database faults with databaseFaultStatus: 'specific' (Facet's choice)", async () => {
    const refused = new PrismaClient({
      adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:1/none' }),
    });
    try {
      const down = (options: QueryServiceOptions<Ability, Prisma.BookWhereInput>) =>
        service(options, refused.book).books.count();
      expect(await answer(down({}))).toMatchObject({ status: 500, body: { code: 'database_unavailable' } });
      expect(await answer(down({ databaseFaultStatus: 'specific' }))).toMatchObject({
        status: 503,
        body: { code: 'database_unavailable' },
      });
    } finally {
      await refused.$disconnect();
    }
    // A cancelled statement has this shape (proven on a live PostgreSQL in @facet/nest's database-faults.test.ts).
    const cancelled = new Prisma.PrismaClientKnownRequestError(
      'canceling statement due to statement timeout',
      {
        code: 'P2039',
        clientVersion: Prisma.prismaVersion.client,
        meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '57014' } } },
      },
    );
    expect(
      toHttpException(cancelled, classifyError(cancelled, { databaseFaultStatus: 'specific' })).getStatus(),
    ).toBe(504);
    const timedOut = service(
      { databaseFaultStatus: 'specific' },
      withFindFirst(() => Promise.reject(cancelled)),
    );
    expect(await answer(timedOut.books.findOne())).toMatchObject({
      status: 504,
      body: { code: 'database_timeout' },
    });

    const { books } = service({ subject: 'Book', accessibleWhere });
    expect((await answer(books.query({ page: -1 }, READER))).status).toBe(400);
    expect((await answer(books.findById(2, {}, READER))).status).toBe(404);
    expect((await answer(reviews().count())).status).toBe(500);
  });
});
