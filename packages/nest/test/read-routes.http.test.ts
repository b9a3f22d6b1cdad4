// `ResourceController(def, { routes })` over real HTTP, on Express and Fastify: a read route turned
// off is not served (a 404, as any unknown path) and is in no OpenAPI document, the others answer
// as before; every GET route of the base has a name in READ_ROUTES, so a read route added later
// cannot be left out of the option; a name that is no read route fails at start-up.
import 'reflect-metadata';
import { listenApp } from '@facet/test-support/net';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacetConfigurationError } from '../src/advanced/index.js';
import { defineResource, FacetModule, Field, type ReadRoutes, ResourceController } from '../src/index.js';
import { READ_ROUTES } from '../src/module/read-routes.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { createFacetApp, type FacetPlatform } from './support/facet-app.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';

class BookDto {
  @Field() id!: number;
  @Field() title!: string;
}
const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: BookDto });

// Without `get`, nothing falls through to `GET /:id`: `/search` and `/count` are unknown paths.
const NO_SEARCH: ReadRoutes = { search: false, count: false, get: false };
const NO_LIST: ReadRoutes = { list: false, findById: false };

@Controller('a')
class SearchlessController extends ResourceController(books, { routes: NO_SEARCH }) {}
@Controller('b')
class ListlessController extends ResourceController(books, { routes: NO_LIST }) {}
@Controller('all')
class AllController extends ResourceController(books, { routes: { search: true } }) {}

let target: TestTarget;
let library: SeededLibrary;
const apps = new Map<FacetPlatform, { app: INestApplication; url: string }>();

beforeAll(async () => {
  target = await openTarget('pglite');
  library = await seedLibrary(target.prisma);
  @Module({
    imports: [FacetModule.forRoot({ prisma: target.prisma }), FacetModule.forFeature([books])],
    controllers: [SearchlessController, ListlessController, AllController],
  })
  class AppModule {}
  for (const platform of ['express', 'fastify'] as const) {
    const app = await createFacetApp(AppModule, platform);
    apps.set(platform, { app, url: await listenApp(app) });
  }
}, 60_000);
afterAll(async () => {
  for (const { app } of apps.values()) await app.close();
  await target?.close();
});

describe.each(['express', 'fastify'] as const)('read routes left out, on %s', (platform) => {
  const get = async (path: string) => {
    const response = await fetch(`${apps.get(platform)?.url}${path}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };

  it('answers 404 on a route turned off, and serves the rest', async () => {
    const id = library.bookIds[0] as number;
    const expected = await target.prisma.book.count();
    for (const path of ['/a/search', '/a/count', `/a/${id}`, '/b', `/b/find-by-id/${id}`]) {
      expect((await get(path)).status, path).toBe(404);
    }
    for (const prefix of ['/all', '/b']) {
      expect(await get(`${prefix}/count`), prefix).toEqual({ status: 200, body: expected });
    }
    expect(await get(`/a/find-by-id/${id}?fields=id`)).toEqual({ status: 200, body: { id } });
    expect(await get(`/b/${id}?fields=id`)).toEqual({ status: 200, body: { id } });
    const page = await get('/a?perPage=1');
    expect(page.status).toBe(200);
    expect((await get('/all/search?perPage=1')).body).toEqual(page.body);
  });

  it('documents only the routes it serves', () => {
    const document = SwaggerModule.createDocument(
      apps.get(platform)?.app as INestApplication,
      new DocumentBuilder().build(),
    );
    const paths = Object.keys(document.paths);
    const all = paths.filter((path) => path.startsWith('/all'));
    expect(all.sort()).toEqual(
      [
        '/all',
        '/all/search',
        '/all/count',
        '/all/export',
        '/all/aggregate',
        '/all/find-by-id/{id}',
        '/all/{id}',
      ].sort(),
    );
    expect(paths.filter((path) => path.startsWith('/a/') || path === '/a').sort()).toEqual(
      ['/a', '/a/export', '/a/aggregate', '/a/find-by-id/{id}'].sort(),
    );
    expect(paths.filter((path) => path.startsWith('/b/') || path === '/b').sort()).toEqual(
      ['/b/search', '/b/count', '/b/export', '/b/aggregate', '/b/{id}'].sort(),
    );
  });
});

describe('the names of the read routes', () => {
  it('are every GET route of the base', () => {
    const prototype = ResourceController(books).prototype as object;
    const gets = Object.getOwnPropertyNames(prototype).filter((name) => {
      const handler = (Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor).value;
      return (
        typeof handler === 'function' &&
        Reflect.getMetadata(PATH_METADATA, handler) !== undefined &&
        Reflect.getMetadata(METHOD_METADATA, handler) === 0
      );
    });
    expect(gets.sort()).toEqual([...READ_ROUTES].sort());
  });

  it('refuses a name that is no read route, or a value that is not a boolean', () => {
    expect(() => ResourceController(books, { routes: { serach: false } as ReadRoutes })).toThrow(
      FacetConfigurationError,
    );
    expect(() => ResourceController(books, { routes: { create: false } as unknown as ReadRoutes })).toThrow(
      /routes\.create/,
    );
    expect(() => ResourceController(books, { routes: { list: 'no' } as unknown as ReadRoutes })).toThrow(
      /routes\.list/,
    );
  });
});
