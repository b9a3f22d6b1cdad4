// A real Nest app for the HTTP suites of the query layer: books, authors-as-shelves and echo routes
// over a real Prisma client on PGlite, served by Express (either query parser) or Fastify.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
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
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ApiProperty } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { afterAll, beforeAll } from 'vitest';
import { AggregateQueryDTO, type ResourceReadOptions } from '../src/advanced/index.js';
import {
  FacetQuery,
  FacetValidationPipe,
  Field,
  QueryDTO,
  QueryService,
  QueryTransformPipe,
  Relation,
  ResourceQuery,
} from '../src/index.js';
import { ApiFacetErrors, ApiFacetQuery, ApiPaginatedResponse } from '../src/swagger/index.js';
import { type Prisma, PrismaClient } from './generated/postgresql/client.js';
import type { BookTypeMap } from './support/book-service.js';
import { type Recording, recordDelegate } from './support/recording-delegate.js';

export type Platform = 'express' | 'express-extended' | 'fastify';
export const PLATFORMS: readonly Platform[] = ['express', 'express-extended', 'fastify'];

/** The caller's ability in these tests: readers see published books only. */
export interface TestAbility {
  readonly publishedOnly: boolean;
}

// DTOs. Book uses @nestjs/swagger metadata, Review only Facet's decorators, Author both.
export class ReviewDto {
  @Field() id!: string;
  @Field() rating!: number;
  @Field() body!: string;
}

export class AuthorDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ required: false, nullable: true }) country?: string | null;
  // `object`: BookDto is declared below, so design:type metadata must not name it.
  @Relation(() => BookDto) books?: object[];
}

export class BookDto {
  @ApiProperty() id!: number;
  @ApiProperty() isbn!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ description: 'Price with two decimals' }) price!: string;
  @ApiProperty() pages!: number;
  @ApiProperty() published!: boolean;
  // Declared so that clients may filter on it: undeclared fields are refused in where.
  @ApiProperty({ required: false }) authorId?: number;
  @ApiProperty({ required: false })
  @Field({ expose: (context) => context.role !== 'reader' })
  internalNote?: string | null;
  @ApiProperty({ type: () => AuthorDto, required: false }) author?: AuthorDto;
  @Relation(() => ReviewDto) reviews?: ReviewDto[];
}

/** An author seen as a shelf: a resource with real fields called `items` and `meta`. */
export class ShelfDto {
  @Field() id!: number;
  @Field() name!: string;
  @Relation(() => BookDto, { relation: 'books', isArray: true }) items?: BookDto[];
  @Field({ source: 'country' }) meta?: string | null;
}

type BookModel = Partial<Prisma.BookGetPayload<{ include: { author: true; reviews: true } }>>;
type AuthorModel = Partial<Prisma.AuthorGetPayload<{ include: { books: true } }>>;

// Mappers see only the selected columns when the projection is pushed down: optional chaining.
export function toBookDto(model: BookModel): BookDto {
  return {
    id: model.id as number,
    isbn: model.isbn as string,
    title: model.title as string,
    price: model.price?.toFixed(2) as string,
    pages: model.pages as number,
    published: model.published as boolean,
    internalNote: model.internalNote,
    author: model.author && { id: model.author.id, name: model.author.name, country: model.author.country },
    reviews: model.reviews?.map((review) => ({ id: review.id, rating: review.rating, body: review.body })),
  };
}

function toShelfDto(model: AuthorModel): ShelfDto {
  return {
    id: model.id as number,
    name: model.name as string,
    items: model.books?.map((book) => toBookDto(book)),
    meta: model.country,
  };
}

const BOOKS = Symbol('books');
const BOOK_SERVICE = Symbol('bookService');
const SHELVES = Symbol('shelves');

const validation = new ValidationPipe({ transform: true, whitelist: true, forbidNonWhitelisted: true });

function readOf(role: string | undefined): ResourceReadOptions<TestAbility> {
  const reader = role === undefined || role === 'reader';
  return { ability: { publishedOnly: reader }, context: { role: role ?? 'reader' } };
}

type BookService = QueryService<PrismaClient['book'], BookTypeMap, TestAbility>;

@Controller('books')
class BooksController {
  constructor(
    @Inject(BOOKS) private readonly books: ResourceQuery<BookModel, BookDto, TestAbility>,
    @Inject(BOOK_SERVICE) private readonly service: BookService,
  ) {}

  @Get('search')
  @ApiFacetQuery()
  @ApiPaginatedResponse(BookDto)
  @ApiFacetErrors()
  search(
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    return this.books.query(query, readOf(role));
  }

  @Get()
  @ApiFacetQuery({ fields: true })
  @ApiPaginatedResponse(BookDto)
  @ApiFacetErrors()
  list(
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    return this.books.query(query, readOf(role));
  }

  @Get('count')
  count(
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    return this.service.count({ where: query.where }, readOf(role).ability);
  }

  @Get('stats/summary')
  async summary(@Headers('x-role') role?: string) {
    const read = readOf(role);
    const [aggregate, accessibleCount] = await Promise.all([
      this.service.aggregate({ _count: true, _min: { price: true }, _max: { price: true } }, read.ability),
      this.service.count({}, read.ability),
    ]);
    return { aggregate, accessibleCount };
  }

  @Get('aggregate')
  aggregate(
    @Query(QueryTransformPipe, validation) query: AggregateQueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    return this.service.aggregate(query, readOf(role).ability);
  }

  @Get('isbn/:isbn')
  byIsbn(
    @Param('isbn') isbn: string,
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    const read = readOf(role);
    return this.books.findOne(
      (args) => this.service.findUnique({ ...args, where: { isbn } }, read.ability),
      query,
      read,
    );
  }

  @Get('find-by-id/:id')
  findById(
    @Param('id') id: string,
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    return this.books.findById(id, query, readOf(role));
  }

  @Get(':id')
  get(
    @Param('id') id: string,
    @Query(QueryTransformPipe, validation) query: QueryDTO<BookTypeMap>,
    @Headers('x-role') role?: string,
  ) {
    return this.books.findById(id, query, readOf(role));
  }
}

@Controller('shelves')
class ShelvesController {
  constructor(@Inject(SHELVES) private readonly shelves: ResourceQuery<AuthorModel, ShelfDto>) {}

  @Get()
  list(@Query(QueryTransformPipe, validation) query: QueryDTO) {
    return this.shelves.query(query);
  }
}

/** A page query with one parameter of the app's own, validated by class-validator. */
export class EchoQueryDTO extends QueryDTO {
  @IsOptional()
  @IsString()
  term?: string;
}

@Controller('echo')
class EchoController {
  @Get('pipe')
  pipe(@Query(QueryTransformPipe) query: Record<string, unknown>) {
    return query;
  }

  @Get('raw')
  raw(@FacetQuery(EchoQueryDTO) query: EchoQueryDTO) {
    return query;
  }

  /** Facet's strict check of its own DTO, and its error body. */
  @Get('strict')
  strict(@FacetQuery(QueryDTO) query: QueryDTO) {
    return query;
  }

  /** FacetValidationPipe's strict defaults, and its error body, behind the spec's pipe. */
  @Get('validation-pipe')
  validationPipe(@Query(QueryTransformPipe, new FacetValidationPipe()) query: QueryDTO) {
    return query;
  }

  /** The decoded query survives ValidationPipe's transform into QueryDTO unchanged. */
  @Get('validated')
  validated(@Query(QueryTransformPipe, validation) query: QueryDTO) {
    return { ...query };
  }
}

export interface HttpFixture {
  readonly prisma: PrismaClient;
  /** Every SQL statement Prisma sent, in order. */
  readonly sql: string[];
  readonly books: Recording<PrismaClient['book']>;
  /** The `baseInclude` object of the books resource, to check that no request mutates it. */
  readonly baseInclude: Readonly<Record<string, unknown>>;
  close(): Promise<void>;
}

/** One PGlite database with the test schema and a logging Prisma client on it. */
export async function openHttpFixture(): Promise<HttpFixture> {
  const db = new PGlite();
  await db.exec(readFileSync(new URL('./prisma/postgres.sql', import.meta.url), 'utf8'));
  const prisma = new PrismaClient({
    adapter: new PrismaPGlite(db),
    log: [{ emit: 'event', level: 'query' }],
  });
  const sql: string[] = [];
  prisma.$on('query', (event) => sql.push(event.query));
  const books = recordDelegate(prisma.book);
  return {
    prisma,
    sql,
    books,
    baseInclude: Object.freeze({ author: true }),
    async close() {
      await prisma.$disconnect();
      await db.close();
    },
  };
}

function appModule(fixture: HttpFixture) {
  const bookService: BookService = new QueryService(fixture.books.delegate, {
    subject: 'Book',
    accessibleWhere: (ability: TestAbility) => (ability.publishedOnly ? { published: true } : {}),
    idType: 'int',
  });
  const authorService = new QueryService<PrismaClient['author'], BookTypeMap>(fixture.prisma.author, {
    idType: 'int',
  });
  @Module({
    controllers: [BooksController, ShelvesController, EchoController],
    providers: [
      { provide: BOOK_SERVICE, useValue: bookService },
      {
        provide: BOOKS,
        useValue: new ResourceQuery({
          service: bookService,
          dto: BookDto,
          map: toBookDto,
          baseInclude: fixture.baseInclude,
        }),
      },
      {
        provide: SHELVES,
        useValue: new ResourceQuery({ service: authorService, dto: ShelfDto, map: toShelfDto }),
      },
    ],
  })
  class HttpTestModule {}
  return HttpTestModule;
}

export interface RunningApp {
  readonly app: INestApplication;
  readonly url: string;
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; body: unknown }>;
}

/** Starts the app on the platform, on a free port, over real HTTP. */
export async function startApp(fixture: HttpFixture, platform: Platform): Promise<RunningApp> {
  const module = appModule(fixture);
  let app: INestApplication;
  if (platform === 'fastify') {
    app = await NestFactory.create(module, new FastifyAdapter(), { logger: false });
  } else {
    const express = await NestFactory.create<NestExpressApplication>(module, { logger: false });
    if (platform === 'express-extended') express.set('query parser', 'extended');
    app = express;
  }
  const url = await listenApp(app);
  return {
    app,
    url,
    async get(path, headers = {}) {
      const response = await fetch(`${url}${path}`, { headers });
      const text = await response.text();
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    },
  };
}

/**
 * The app on every platform, over one fixture, for the whole test file: started before its tests
 * (registers the file's beforeAll and afterAll) and closed after them. Returns a platform's app.
 */
export function appsOnEveryPlatform(): (platform: Platform) => RunningApp {
  let fixture: HttpFixture | undefined;
  const apps = new Map<Platform, RunningApp>();
  beforeAll(async () => {
    fixture = await openHttpFixture();
    for (const platform of PLATFORMS) apps.set(platform, await startApp(fixture, platform));
  }, 60_000);
  afterAll(async () => {
    for (const running of apps.values()) await running.app.close();
    await fixture?.close();
  });
  return (platform) => {
    const running = apps.get(platform);
    if (!running) throw new Error(`no app started on ${platform}`);
    return running;
  };
}
