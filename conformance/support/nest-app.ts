// A Nest app written the way the specification's helpers are meant to be used: QueryTransformPipe
// and ValidationPipe into QueryDTO, QueryService with the caller's ability, PaginatedDTO out. Its
// `x-role` header stands for authentication: `staff`, or a reader.
import 'reflect-metadata';
import {
  Fields,
  PaginatedDTO,
  prepareFieldsQuery,
  QueryDTO,
  QueryService,
  type QueryServiceOptions,
  QueryTransformPipe,
} from '@facet/nest';
import { listenApp } from '@facet/test-support/net';
import { Controller, Get, Headers, Inject, Module, Param, Query, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  type Ability,
  accessibleWhere,
  type BookDelegate,
  type BookTypeMap,
  type Database,
  type Prisma,
  READER,
  STAFF,
} from './database.js';
import { BookDto } from './dtos.js';

const SERVICE = Symbol('books');
const validation = new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true });
const abilityOf = (role: string | undefined): Ability => (role === 'staff' ? STAFF : READER);

type BookService = QueryService<BookDelegate, BookTypeMap, Ability>;

/** A row as JSON can carry it: Decimal and BigInt as exact strings (the columns a select left out stay out). */
function toJson<T extends { price?: unknown; sales?: unknown }>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  if (row.price !== undefined) out.price = String(row.price);
  if (row.sales !== undefined) out.sales = String(row.sales);
  return out as T;
}

@Controller('books')
class BooksController {
  constructor(@Inject(SERVICE) private readonly books: BookService) {}

  @Get('search')
  async search(
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    const { items, pageMeta } = await this.books.query(query, abilityOf(role));
    return new PaginatedDTO(items.map(toJson), pageMeta);
  }

  /** The query exactly as the pipe and the DTO hand it on. */
  @Get('echo')
  echo(@Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>) {
    return { ...query };
  }

  @Get(':id')
  async detail(
    @Param('id') id: string,
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    const { query: prepared, projection } = prepareFieldsQuery(query, BookDto, { context: { role } });
    const { orderBy: _ordersOneRow, ...detail } = prepared;
    const book = await this.books.findById(id, detail as never, abilityOf(role));
    return Fields.project(toJson(book), projection);
  }
}

export interface RunningNestApp {
  readonly url: string;
  close(): Promise<void>;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

/** Starts the app on a free port over the given database; `options` go to the books service. */
export async function startNestApp(
  database: Database,
  options: QueryServiceOptions<Ability, Prisma.BookWhereInput> = {},
): Promise<RunningNestApp> {
  const service: BookService = new QueryService(database.prisma.book, {
    subject: 'Book',
    accessibleWhere,
    ...options,
  });
  @Module({ controllers: [BooksController], providers: [{ provide: SERVICE, useValue: service }] })
  class AppModule {}
  const app = await NestFactory.create(AppModule, { logger: false });
  const url = await listenApp(app);
  return {
    url,
    close: () => app.close(),
    async get(path, headers = {}) {
      const response = await fetch(`${url}${path}`, { headers });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    },
  };
}
