// A NestJS + Prisma server in its own process, serving GET /books one of three ways:
//   handwritten  a controller that builds the Prisma query itself (what Facet must not be slower than);
//                also GET /books/aggregate?by=genre, the groups a dashboard asks for, as one groupBy call
//   querry-kit   @querry-kit/nest 1.0.5's QueryTransformPipe, QueryService and ResourceQuery
//   facet        @facet/nest's @FacetQuery, QueryService and ResourceQuery with the same static
//                access filter as the others, i.e. the example app's list route without its auth
//   pg           the framework's floor: a controller that runs the `pg` server's two SQL statements
//                (pg-list.ts), no ORM, no validation, no access rules; what Nest and its platform
//                cost on their own
// Usage (forked by the HTTP scenario): node nest-server.js <kind> [express|fastify]; DATABASE_URL names
// the database, and the second argument Nest's HTTP platform (default express).
// The parent learns the port through the IPC channel.
import 'reflect-metadata';
import { FacetQuery, QueryDTO, QueryService, ResourceQuery } from '@facet/nest';
import {
  BadRequestException,
  Controller,
  Get,
  Inject,
  Module,
  Query,
  Req,
  type Type,
  UnauthorizedException,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  QueryDTO as KitQueryDTO,
  QueryService as KitQueryService,
  QueryTransformPipe as KitQueryTransformPipe,
  ResourceQuery as KitResourceQuery,
} from '@querry-kit/nest';
import { type Prisma, PrismaClient } from '../generated/plain/client.js';
import { BookDto, type BookRow, toBookDto } from '../support/dtos.js';
import { pageMeta, parsePlainListQuery } from './list-query.js';
import { ListQueryError, pgListReader } from './pg-list.js';

const PRISMA = Symbol('prisma');
/** The anonymous reader's access filter, as a static ability: every contender applies it. */
const READER = { role: 'reader' } as const;
type Reader = typeof READER;
const readerWhere = () => ({ published: true });

/** The global pipe @querry-kit/nest's README pairs with its QueryDTO. */
const kitValidation = new ValidationPipe({ transform: true });

interface HandwrittenRequest {
  readonly url: string;
  readonly headers: Record<string, string | string[] | undefined>;
}

@Controller('books')
class HandwrittenController {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  /**
   * What the example's auth does, written out: a bearer token is looked up on every request;
   * readers and anonymous callers see published books, editors and admins every book.
   */
  private async seesEveryBook(request: HandwrittenRequest): Promise<boolean> {
    const header = request.headers.authorization;
    if (typeof header !== 'string' || header === '') return false;
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    const user = token
      ? await this.prisma.user.findUnique({ where: { token }, select: { id: true, role: true } })
      : null;
    if (!user) throw new UnauthorizedException('Unknown token.');
    return user.role === 'admin' || user.role === 'editor';
  }

  /**
   * The groups of a dashboard, written for the one question it answers: how many books the caller
   * may read per value of `by` (genre, published or authorId), in the order of that value.
   */
  @Get('aggregate')
  async aggregate(@Req() request: HandwrittenRequest) {
    const everyBook = await this.seesEveryBook(request);
    const mark = request.url.indexOf('?');
    const by = new URLSearchParams(mark === -1 ? '' : request.url.slice(mark + 1)).get('by');
    if (by !== 'genre' && by !== 'published' && by !== 'authorId') {
      throw new BadRequestException('by must be genre, published or authorId');
    }
    // `by` is one of three fields here; Prisma's types check orderBy against a literal `by` only.
    const orderBy: Pick<Prisma.BookOrderByWithAggregationInput, typeof by>[] = [{ [by]: 'asc' }];
    const items = await this.prisma.book.groupBy({
      by: [by],
      where: everyBook ? {} : { published: true },
      _count: { _all: true },
      orderBy,
    });
    return { items };
  }

  @Get()
  async list(@Req() request: HandwrittenRequest) {
    const everyBook = await this.seesEveryBook(request);
    const mark = request.url.indexOf('?');
    const parsed = parsePlainListQuery(new URLSearchParams(mark === -1 ? '' : request.url.slice(mark + 1)));
    if (!parsed.ok) throw new BadRequestException(parsed.message);
    const { genres, minPages, page, perPage } = parsed;
    const where = {
      ...(everyBook ? {} : { published: true }),
      pages: { gte: minPages },
      ...(genres.length ? { genre: { in: genres as ('FICTION' | 'SCIENCE' | 'HISTORY')[] } } : {}),
    };
    const [rows, itemCount] = await Promise.all([
      this.prisma.book.findMany({
        where,
        orderBy: [{ title: 'asc' }],
        skip: (page - 1) * perPage,
        take: perPage,
        select: {
          id: true,
          title: true,
          price: true,
          genre: true,
          author: { select: { name: true, country: true } },
        },
      }),
      this.prisma.book.count({ where }),
    ]);
    const items = rows.map((row) => ({
      id: row.id,
      title: row.title,
      price: row.price.toFixed(2),
      genre: row.genre,
      author: { name: row.author.name, country: row.author.country },
    }));
    return { items, meta: pageMeta(page, perPage, itemCount) };
  }
}

@Controller('books')
class QuerryKitController {
  private readonly service: KitQueryService;

  constructor(@Inject(PRISMA) prisma: PrismaClient) {
    this.service = new KitQueryService(
      prisma.book as never,
      { subject: 'Book', accessibleWhere: readerWhere } as never,
    );
  }

  @Get()
  list(@Query(KitQueryTransformPipe, kitValidation) query: KitQueryDTO<never>) {
    return KitResourceQuery.query({
      service: this.service,
      query,
      schema: BookDto,
      ability: READER,
      map: (model: unknown) => toBookDto(model as BookRow),
    });
  }
}

@Controller('books')
class FacetController {
  private readonly resource: ResourceQuery<BookRow, BookDto, Reader>;

  constructor(@Inject(PRISMA) prisma: PrismaClient) {
    const service = new QueryService(prisma.book, { subject: 'Book', accessibleWhere: readerWhere });
    this.resource = new ResourceQuery<BookRow, BookDto, Reader>({
      service,
      dto: BookDto,
      map: (model) => toBookDto(model),
    });
  }

  @Get()
  list(@FacetQuery(QueryDTO) query: QueryDTO) {
    return this.resource.query(query, { ability: READER });
  }
}

const url = process.env.DATABASE_URL;
/** The `pg` controller's pool, made for that kind only. */
const pgReader = process.argv[2] === 'pg' && url !== undefined ? pgListReader(url) : undefined;

@Controller('books')
class NestPgController {
  @Get()
  async list(@Req() request: HandwrittenRequest) {
    const mark = request.url.indexOf('?');
    try {
      return await (pgReader as ReturnType<typeof pgListReader>).read(
        new URLSearchParams(mark === -1 ? '' : request.url.slice(mark + 1)),
      );
    } catch (error) {
      if (error instanceof ListQueryError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}

const CONTROLLERS: Record<string, Type<unknown>> = {
  handwritten: HandwrittenController,
  'querry-kit': QuerryKitController,
  facet: FacetController,
  pg: NestPgController,
};

const kind = process.argv[2] ?? '';
const controller = CONTROLLERS[kind];
const platform = process.argv[3] ?? 'express';
if (!controller || !url || (platform !== 'express' && platform !== 'fastify'))
  throw new Error(
    `usage: DATABASE_URL=… node nest-server.js <${Object.keys(CONTROLLERS).join('|')}> [express|fastify]`,
  );

const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });

@Module({ controllers: [controller], providers: [{ provide: PRISMA, useValue: prisma }] })
class ServerModule {}

const logger = ['error', 'warn'] as const;
const app =
  platform === 'fastify'
    ? await NestFactory.create<NestFastifyApplication>(ServerModule, new FastifyAdapter(), {
        logger: [...logger],
      })
    : await NestFactory.create<NestExpressApplication>(ServerModule, { logger: [...logger] });
await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
const address = app.getHttpServer().address() as { port: number };
process.send?.({ port: address.port });
const shutdown = () => {
  void app
    .close()
    .finally(() => prisma.$disconnect())
    .finally(() => pgReader?.end())
    .finally(() => process.exit(0));
};
// A clean exit on a signal too, so that `node --cpu-prof` can write its profile.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, shutdown);
process.on('disconnect', shutdown);
