// QueryService behind a real NestJS HTTP server (Express, ephemeral port, fetch): the statuses
// and bodies a client actually receives for each row of the error mapping.
import 'reflect-metadata';
import { createMongoAbility, ForbiddenError } from '@casl/ability';
import { listenApp } from '@facet/test-support/net';
import {
  Controller,
  Get,
  Headers,
  type INestApplication,
  Inject,
  Module,
  Param,
  Query,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type QueryErrorLogEntry, type QueryReadOptions, serializeValue } from '../src/advanced/index.js';
import { QueryService } from '../src/index.js';
import type { Prisma } from './generated/postgresql/client.js';
import type { BookDelegate, BookTypeMap } from './support/book-service.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';

type Role = 'reader' | 'banned';
const BOOKS = Symbol('books');
const UNGUARDED = Symbol('unguarded');
const errorLogger = vi.fn<(entry: QueryErrorLogEntry) => void>();

// The role header stands in for authentication: readers see published books, banned callers are
// refused by CASL, and no header is a read of the server's own (no ability, trusted, unfiltered).
const abilityOf = (role: string | undefined): Role | undefined =>
  role === 'reader' || role === 'banned' ? role : undefined;
const callerOf = (role: string | undefined): [Role | undefined, QueryReadOptions | undefined] => {
  const ability = abilityOf(role);
  return [ability, ability === undefined ? { trusted: true } : undefined];
};

function accessibleWhere(role: Role): Prisma.BookWhereInput {
  if (role === 'banned') ForbiddenError.from(createMongoAbility([])).throwUnlessCan('read', 'Book');
  return { published: true };
}

@Controller('books')
class BooksController {
  constructor(
    @Inject(BOOKS) private readonly books: QueryService<BookDelegate, BookTypeMap, Role>,
    @Inject(UNGUARDED) private readonly unguarded: QueryService<BookDelegate, BookTypeMap, Role>,
  ) {}

  @Get()
  async list(
    @Query('where') where: string | undefined,
    @Query('page') page: string | undefined,
    @Headers('x-role') role?: string,
  ) {
    const parsed = where === undefined ? undefined : (JSON.parse(where) as Prisma.BookWhereInput);
    // page goes in undecoded: the service reads canonical numeric strings and refuses the rest.
    const query = { where: parsed, page, orderBy: { title: 'asc' as const } };
    return serializeValue(await this.books.query(query, ...callerOf(role)));
  }

  @Get('count')
  count(@Headers('x-role') role?: string) {
    return this.books.count({}, ...callerOf(role));
  }

  @Get('find-by-id/:id')
  async findById(@Param('id') id: string, @Headers('x-role') role?: string) {
    return serializeValue(await this.books.findById(id, {}, ...callerOf(role)));
  }

  @Get('misconfigured/count')
  misconfigured(@Headers('x-role') role?: string) {
    return this.unguarded.count({}, abilityOf(role));
  }
}

describe('QueryService over HTTP (NestJS, Express)', () => {
  let target: TestTarget;
  let library: SeededLibrary;
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    target = await openTarget('pglite');
    library = await seedLibrary(target.prisma);
    const books = new QueryService<BookDelegate, BookTypeMap, Role>(target.prisma.book, {
      subject: 'Book',
      accessibleWhere,
      errorLogger,
    });
    const unguarded = new QueryService<BookDelegate, BookTypeMap, Role>(target.prisma.book, { errorLogger });
    @Module({
      controllers: [BooksController],
      providers: [
        { provide: BOOKS, useValue: books },
        { provide: UNGUARDED, useValue: unguarded },
      ],
    })
    class AppModule {}
    app = await NestFactory.create(AppModule, { logger: false });
    base = await listenApp(app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await target?.close();
  });

  const get = async (path: string, role?: Role) => {
    const response = await fetch(`${base}${path}`, { headers: role ? { 'x-role': role } : {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('serves a filtered page with exact decimals and bigints', async () => {
    const where = encodeURIComponent(JSON.stringify({ authorId: library.authorId }));
    const { status, body } = await get(`/books?where=${where}`, 'reader');
    expect(status).toBe(200);
    expect(body.pageMeta).toEqual({
      page: 1,
      perPage: 20,
      itemCount: 2,
      pageCount: 1,
      hasPrevPage: false,
      hasNextPage: false,
      nextCursor: null,
      prevCursor: null,
    });
    const items = body.items as { title: string; price: string; sales: string }[];
    expect(items.map((item) => [item.title, item.price, item.sales])).toEqual([
      ['Alpha', '12.5', '9007199254740993'],
      ['Gamma', '99999999.99', '0'],
    ]);
  });

  it('answers a where that does not fit the schema with an opaque 400', async () => {
    errorLogger.mockClear();
    const where = encodeURIComponent(JSON.stringify({ internalSecretColumn: 'leak-me' }));
    const { status, body } = await get(`/books?where=${where}`, 'reader');
    expect(status).toBe(400);
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The query does not match the resource',
      code: 'invalid_query',
    });
    expect(JSON.stringify(body)).not.toMatch(/internalSecretColumn|leak-me|published|Book/);
    expect(errorLogger).toHaveBeenCalledOnce();
    expect(String((errorLogger.mock.calls[0]?.[0].error as Error | undefined)?.message)).toContain(
      'internalSecretColumn',
    );
  });

  it('reads an undecoded page string, and answers a bad one with a 400 naming the key', async () => {
    const where = encodeURIComponent(JSON.stringify({ authorId: library.authorId }));
    const second = await get(`/books?where=${where}&page=2`, 'reader');
    expect(second.status).toBe(200);
    expect(second.body.pageMeta).toMatchObject({ page: 2, itemCount: 2, hasPrevPage: true });
    const { status, body } = await get(`/books?where=${where}&page=1.5`, 'reader');
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'invalid_type', path: 'page' });
  });

  it('answers findById with 404 for a missing row and for a row the ability hides', async () => {
    const missing = await get('/books/find-by-id/2000000000', 'reader');
    const hidden = await get(`/books/find-by-id/${library.bookIds[1]}`, 'reader');
    const notAnId = await get('/books/find-by-id/abc', 'reader');
    expect(missing).toEqual({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'Record not found', code: 'not_found' },
    });
    expect(hidden).toEqual(missing);
    expect(notAnId).toEqual(missing);
    const visible = await get(`/books/find-by-id/${library.bookIds[1]}`);
    expect(visible.status).toBe(200);
    expect(visible.body.title).toBe('Beta');
  });

  it('answers a CASL ForbiddenError with 403', async () => {
    expect(await get('/books/count', 'banned')).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Forbidden', code: 'forbidden' },
    });
  });

  it('answers a misconfigured service with an opaque 500, after logging the detail', async () => {
    errorLogger.mockClear();
    const { status, body } = await get('/books/misconfigured/count', 'reader');
    expect(status).toBe(500);
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error',
      code: 'internal_error',
    });
    expect(errorLogger).toHaveBeenCalledOnce();
    expect(errorLogger.mock.calls[0]?.[0]).toMatchObject({
      operation: 'count',
      context: { kind: 'configuration', status: 500 },
    });
  });
});
