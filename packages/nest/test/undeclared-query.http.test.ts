// Undeclared query parameters over real HTTP, on Express and Fastify: every route a
// ResourceController serves (its read and write routes, and the subclass's own routes), every route
// with @FacetQuery(dto) or @QueryParameters(...), and with refuseUndeclaredQuery: 'every-route'
// every route of the app, answers a parameter it does not declare with Facet's 400 `unknown_key`
// naming it, with no wiring beyond FacetModule and useFacetHttp. Routes are walked as the running
// app lists them (its OpenAPI document), so a route that is not classified here fails the test.
import 'reflect-metadata';
import { listenApp } from '@facet/test-support/net';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  Get,
  type INestApplication,
  Module,
  Param,
  Query,
  Req,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacetConfigurationError } from '../src/advanced/index.js';
import {
  AllowUndeclaredQuery,
  DetailQueryDTO,
  defineResource,
  FacetModule,
  FacetQuery,
  Field,
  QueryDTO,
  QueryParameters,
  ResourceController,
  type UndeclaredQueryScope,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { createFacetApp } from './support/facet-app.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';

class BookDto {
  @Field() id!: number;
  @Field() isbn!: string;
  @Field() title!: string;
}

/** A page query with a parameter of the app's own, validated by class-validator. */
class TitleSearchDto extends QueryDTO {
  @IsOptional()
  @IsString()
  term?: string;
}

/** A book's title, the one field its writes take. */
class TitleBody {
  @IsString() title!: string;
}

const books = defineResource({
  name: 'books',
  delegate: (p: PrismaClient) => p.book,
  dto: BookDto,
  writes: { create: { body: TitleBody }, update: {}, delete: true },
});

/** Writes are for admins: a reader's write is a 403 whatever its query says. */
const adminsOnly: CanActivate = {
  canActivate: (context: ExecutionContext) =>
    context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers['x-role'] ===
    'admin',
};

@Controller('books')
class BooksController extends ResourceController(books, {
  writes: {
    create: { guards: [adminsOnly] },
    update: { guards: [adminsOnly] },
    delete: { guards: [adminsOnly] },
  },
}) {
  @Get('isbn/:isbn')
  async byIsbn(
    @Param('isbn') isbn: string,
    @FacetQuery(DetailQueryDTO) query: DetailQueryDTO,
    @Req() request: unknown,
  ) {
    return this.resource.findOne({ isbn }, query, await this.readContext(request));
  }

  /** A route of the subclass that reads no query. */
  @Get('stats/summary')
  async summary(@Req() request: unknown) {
    return { count: await this.resource.count({}, await this.readContext(request)) };
  }

  @Get('suggest')
  @QueryParameters('q')
  suggest(@Query('q') q: string) {
    return { q };
  }

  @Get('titles')
  async titles(@FacetQuery(TitleSearchDto) query: TitleSearchDto, @Req() request: unknown) {
    const { term, ...rest } = query;
    return this.resource.query(
      { ...rest, where: { title: { contains: term ?? '' } }, fields: 'title' },
      await this.readContext(request),
    );
  }

  @Get('forward')
  @AllowUndeclaredQuery()
  forward() {
    return { forwarded: true };
  }
}

/** A controller of the app's own, not marked: judged only with 'every-route'. */
@Controller('plain')
class PlainController {
  @Get()
  plain() {
    return { plain: true };
  }

  @Get('open')
  @AllowUndeclaredQuery()
  open() {
    return { open: true };
  }
}

/** A controller of the app's own that opts in. */
@Controller('marked')
@QueryParameters()
class MarkedController {
  @Get()
  none() {
    return { marked: true };
  }

  @Get('paged')
  @QueryParameters(QueryDTO, 'term')
  paged(@Query('term') term?: string) {
    return { term: term ?? null };
  }
}

type Platform = 'express' | 'fastify';
const PLATFORMS: readonly Platform[] = ['express', 'fastify'];

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface RunningApp {
  app: INestApplication;
  url: string;
}

let target: TestTarget;
let library: SeededLibrary;
const apps = new Map<string, RunningApp>();

async function start(
  platform: Platform,
  scope: UndeclaredQueryScope | undefined,
  setUp: (app: INestApplication) => void = () => {},
): Promise<RunningApp> {
  @Module({
    imports: [
      FacetModule.forRoot({
        prisma: target.prisma,
        ...(scope === undefined ? {} : { refuseUndeclaredQuery: scope }),
      }),
      FacetModule.forFeature([books]),
    ],
    controllers: [BooksController, PlainController, MarkedController],
  })
  class AppModule {}
  const app = await createFacetApp(AppModule, platform);
  setUp(app);
  return { app, url: await listenApp(app) };
}

beforeAll(async () => {
  target = await openTarget('pglite');
  library = await seedLibrary(target.prisma);
  for (const platform of PLATFORMS) {
    apps.set(`${platform}:default`, await start(platform, undefined));
    apps.set(`${platform}:every-route`, await start(platform, 'every-route'));
  }
}, 60_000);

afterAll(async () => {
  for (const { app } of apps.values()) await app.close();
  await target?.close();
});

async function send(variant: string, method: string, path: string, role = 'admin'): Promise<Answer> {
  const answers: Answer[] = [];
  for (const platform of PLATFORMS) {
    const response = await fetch(`${apps.get(`${platform}:${variant}`)?.url}${path}`, {
      method,
      headers: { 'x-role': role, ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
      ...(method === 'GET' ? {} : { body: '{}' }),
    });
    const text = await response.text();
    answers.push({
      status: response.status,
      body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    });
  }
  const [express, fastify] = answers as [Answer, Answer];
  expect(fastify, `${method} ${path} on Fastify`).toEqual(express);
  return express;
}

function expectUnknown(answer: Answer, path: string, where: string): void {
  expect(answer.status, `${where}: ${JSON.stringify(answer.body)}`).toBe(400);
  expect(answer.body, where).toMatchObject({
    statusCode: 400,
    error: 'Bad Request',
    code: 'unknown_key',
    path,
  });
}

/** Every route of the app as it runs (its OpenAPI document), with a path that reaches it. */
function routesOf(app: INestApplication): string[] {
  const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
  const isbn = `${library.tag}-Alpha`;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map(
      (method) =>
        `${method.toUpperCase()} ${path.replace('{isbn}', isbn).replace('{id}', String(library.bookIds[0]))}`,
    ),
  );
}

// Which routes refuse `?anything=1`, by scope. A route the app serves and this table does not
// classify fails the walk below.
const ROUTES: Record<string, { readonly default: boolean; readonly 'every-route': boolean }> = {
  'GET /books/search': { default: true, 'every-route': true },
  'GET /books': { default: true, 'every-route': true },
  'GET /books/count': { default: true, 'every-route': true },
  'GET /books/export': { default: true, 'every-route': true },
  'GET /books/aggregate': { default: true, 'every-route': true },
  'GET /books/find-by-id/{id}': { default: true, 'every-route': true },
  'GET /books/{id}': { default: true, 'every-route': true },
  'POST /books': { default: true, 'every-route': true },
  'PATCH /books/{id}': { default: true, 'every-route': true },
  'DELETE /books/{id}': { default: true, 'every-route': true },
  'GET /books/isbn/{isbn}': { default: true, 'every-route': true },
  'GET /books/stats/summary': { default: true, 'every-route': true },
  'GET /books/suggest': { default: true, 'every-route': true },
  'GET /books/titles': { default: true, 'every-route': true },
  'GET /books/forward': { default: false, 'every-route': false },
  'GET /plain': { default: false, 'every-route': true },
  'GET /plain/open': { default: false, 'every-route': false },
  'GET /marked': { default: true, 'every-route': true },
  'GET /marked/paged': { default: true, 'every-route': true },
};

describe.each(['default', 'every-route'] as const)('refuseUndeclaredQuery: %s', (variant) => {
  it('every route of the app is classified, and answers `?anything=1` as its class says', async () => {
    const templates = routesOf((apps.get(`express:${variant}`) as RunningApp).app);
    const isbn = `${library.tag}-Alpha`;
    const bookId = String(library.bookIds[0]);
    const listed = Object.keys(ROUTES).map((route) => route.replace('{isbn}', isbn).replace('{id}', bookId));
    expect(templates.sort()).toEqual(listed.sort());
    for (const [route, refuses] of Object.entries(ROUTES)) {
      const [method, template] = route.split(' ') as [string, string];
      const path = template.replace('{isbn}', isbn).replace('{id}', bookId);
      const answer = await send(variant, method, `${path}?anything=1`);
      if (refuses[variant]) expectUnknown(answer, 'anything', route);
      else expect(answer.status, `${route}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    }
  });

  it('every route that decodes its query refuses a value without a name, beside a valid parameter or alone', async () => {
    const isbn = `${library.tag}-Alpha`;
    const bookId = String(library.bookIds[0]);
    for (const [route, refuses] of Object.entries(ROUTES)) {
      if (!refuses[variant]) continue;
      const [method, template] = route.split(' ') as [string, string];
      const path = template.replace('{isbn}', isbn).replace('{id}', bookId);
      // The decoder refuses the nameless part before any parameter is judged against the route.
      for (const query of ['=1', 'fields=id&=1', '=', 'a=1&=&b=2']) {
        const answer = await send(variant, method, `${path}?${query}`);
        expect(answer.status, `${route}?${query}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(answer.body, `${route}?${query}`).toMatchObject({
          code: 'unknown_key',
          message: expect.stringMatching(/without a name/),
        });
      }
    }
  });

  it('a route that takes no query names each parameter it refuses, and answers without one', async () => {
    const answer = await send(variant, 'GET', '/books/stats/summary?where.title=x&foo=1');
    expectUnknown(answer, 'where', 'stats/summary');
    expect((answer.body.issues as { path: string }[]).map((issue) => issue.path)).toEqual(['where', 'foo']);
    for (const path of ['/books/stats/summary', '/books/stats/summary?', '/books/stats/summary?&']) {
      expect((await send(variant, 'GET', path)).status, path).toBe(200);
    }
  });

  it('a part with no name is refused where no parameter is read from it', async () => {
    for (const path of ['/books/stats/summary?=1', '/books/suggest?q=x&=1', '/marked?=']) {
      const answer = await send(variant, 'GET', path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.code, path).toBe('unknown_key');
    }
  });

  it('hostile keys get the refusals they get everywhere', async () => {
    const answer = await send(variant, 'GET', '/books/stats/summary?where.__proto__.x=1');
    expect(answer).toMatchObject({ status: 400, body: { code: 'prototype_key', path: 'where.__proto__' } });
  });

  it('declared parameters are read; the others are refused', async () => {
    expect(await send(variant, 'GET', '/books/suggest?q=dune')).toEqual({ status: 200, body: { q: 'dune' } });
    expectUnknown(await send(variant, 'GET', '/books/suggest?q=dune&page=2'), 'page', 'suggest');
    expect(await send(variant, 'GET', '/marked/paged?term=x&page=2&where.title=y')).toEqual({
      status: 200,
      body: { term: 'x' },
    });
    expectUnknown(await send(variant, 'GET', '/marked/paged?qq=x'), 'qq', 'marked/paged');

    const titles = await send(variant, 'GET', '/books/titles?term=Alpha&perPage=2');
    expect(titles.status, JSON.stringify(titles.body)).toBe(200);
    expectUnknown(await send(variant, 'GET', '/books/titles?term=x&qq=1'), 'qq', 'titles');
    const invalid = await send(variant, 'GET', '/books/titles?term=%5B1%5D');
    expect(invalid).toMatchObject({ status: 400, body: { code: 'invalid_value', path: 'term' } });

    const isbn = `${library.tag}-Alpha`;
    expect((await send(variant, 'GET', `/books/isbn/${isbn}?fields=title`)).status).toBe(200);
    expectUnknown(await send(variant, 'GET', `/books/isbn/${isbn}?page=1`), 'page', 'isbn');
  });

  it('the guards judge first: a caller who may not write gets its 403 whatever the query', async () => {
    for (const [method, path] of [
      ['POST', '/books'],
      ['PATCH', `/books/${library.bookIds[0]}`],
      ['DELETE', `/books/${library.bookIds[0]}`],
    ] as const) {
      expect((await send(variant, method, `${path}?foo=1`, 'reader')).status, `${method} ${path}`).toBe(403);
      expectUnknown(await send(variant, method, `${path}?foo=1`), 'foo', `${method} ${path}`);
    }
  });
});

describe('a global ValidationPipe that strips unknown properties', () => {
  const stripping: RunningApp[] = [];

  beforeAll(async () => {
    for (const platform of PLATFORMS) {
      stripping.push(
        await start(platform, undefined, (app) =>
          app.useGlobalPipes(new ValidationPipe({ whitelist: true, validateCustomDecorators: true })),
        ),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const { app } of stripping) await app.close();
  });

  it('cannot drop a parameter before @FacetQuery(dto) judges it', async () => {
    for (const { url } of stripping) {
      for (const path of ['/books?bogus=1', '/books/count?page=2', '/books/titles?term=x&bogus=1']) {
        const response = await fetch(`${url}${path}`);
        expect(response.status, `${url}${path}`).toBe(400);
        expect(await response.json()).toMatchObject({ code: 'unknown_key' });
      }
    }
  });
});

describe('declarations that cannot hold are refused at start-up', () => {
  it('@FacetQuery() on a parameter typed as another DTO', () => {
    expect(() => {
      class Routes {
        get(@FacetQuery() query: DetailQueryDTO) {
          return query;
        }
      }
      return Routes;
    }).toThrow(FacetConfigurationError);
  });

  it('@QueryParameters(...) on a route that reads @FacetQuery(dto): the DTO is the declaration', () => {
    expect(() => {
      class Routes {
        @QueryParameters('q')
        get(@FacetQuery(QueryDTO) query: QueryDTO) {
          return query;
        }
      }
      return Routes;
    }).toThrow(/declare the parameter in the DTO/);
  });

  it('a refuseUndeclaredQuery that is not a scope', async () => {
    @Module({
      imports: [
        FacetModule.forRoot({
          prisma: target.prisma,
          refuseUndeclaredQuery: 'everywhere' as UndeclaredQueryScope,
        }),
      ],
    })
    class WrongModule {}
    const app = await NestFactory.create(WrongModule, { logger: false, abortOnError: false }).catch(
      (error: unknown) => error,
    );
    expect(app).toBeInstanceOf(FacetConfigurationError);
  });
});
