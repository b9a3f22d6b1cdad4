// Nest warns at start-up about a route handler without `design:paramtypes` when a global
// ValidationPipe would see one of its parameters (NestJS 11.2 and later: "…has no decorator
// metadata…"). ResourceController decorates its write routes at run time, where TypeScript emits
// nothing, so it states their parameter types itself. Proven both ways: every route handler of the
// base carries the metadata (a route added later without it fails here), and a real app with the
// usual global ValidationPipe and every route of the base starts without a warning, on Express and
// Fastify, with the bodies still validated by Facet's pipe alone.
import 'reflect-metadata';
import { listenApp } from '@facet/test-support/net';
import { Controller, type LoggerService, Module, ValidationPipe } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { IsString } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defineResource,
  FacetModule,
  Field,
  facetFastifyOptions,
  ResourceController,
  useFacetHttp,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { openTarget, type TestTarget } from './support/targets.js';

class BookDto {
  @Field() id!: number;
  @Field() title!: string;
}
class BookBody {
  @IsString() title!: string;
}
const books = defineResource({
  name: 'books',
  delegate: (p: PrismaClient) => p.book,
  dto: BookDto,
  writes: { create: { body: BookBody }, update: { body: BookBody }, delete: true, bulk: true },
});
const allRoutes = ResourceController(books, { writes: true });

@Controller('books')
class BooksController extends allRoutes {}

/** Every route handler of a controller prototype chain: name → its handler. */
function routeHandlers(type: abstract new (...args: never[]) => unknown): Map<string, object> {
  const handlers = new Map<string, object>();
  for (
    let proto = type.prototype;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown;
      if (typeof value === 'function' && Reflect.getMetadata(PATH_METADATA, value) !== undefined) {
        if (!handlers.has(name)) handlers.set(name, proto);
      }
    }
  }
  return handlers;
}

describe('the route handlers of ResourceController', () => {
  it('all carry design:paramtypes, one type per parameter', () => {
    const handlers = routeHandlers(allRoutes);
    // The reads, the export, the three writes and their bulk forms: a route added without metadata fails below.
    expect([...handlers.keys()].sort()).toEqual(
      [
        'aggregate',
        'count',
        'create',
        'createMany',
        'deleteMany',
        'export',
        'findById',
        'get',
        'list',
        'remove',
        'search',
        'update',
        'updateMany',
      ].sort(),
    );
    for (const [name, proto] of handlers) {
      const handler = (proto as Record<string, (...args: unknown[]) => unknown>)[name] as (
        ...args: unknown[]
      ) => unknown;
      expect(Reflect.getMetadata(METHOD_METADATA, handler), name).toBeDefined();
      const types = Reflect.getMetadata('design:paramtypes', proto, name) as unknown[] | undefined;
      expect(types, `${name}() has no design:paramtypes`).toBeInstanceOf(Array);
      expect(types?.length, name).toBe(handler.length);
    }
  });
});

class Capture implements LoggerService {
  readonly warnings: string[] = [];
  log() {}
  error(message: unknown) {
    this.warnings.push(`error: ${String(message)}`);
  }
  warn(message: unknown) {
    this.warnings.push(String(message));
  }
}

let target: TestTarget;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  target = await openTarget('pglite');
}, 60_000);
afterAll(async () => {
  for (const close of closers) await close();
  await target?.close();
});

describe.each(['express', 'fastify'] as const)('an app with a global ValidationPipe on %s', (platform) => {
  const logger = new Capture();
  let origin: string;

  beforeAll(async () => {
    @Module({
      imports: [FacetModule.forRoot({ prisma: target.prisma }), FacetModule.forFeature([books])],
      controllers: [BooksController],
    })
    class AppModule {}
    const app =
      platform === 'fastify'
        ? await NestFactory.create(AppModule, new FastifyAdapter(facetFastifyOptions()), { logger })
        : await NestFactory.create(AppModule, { logger });
    app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
    useFacetHttp(app);
    closers.push(() => app.close());
    origin = await listenApp(app);
  }, 60_000);

  it('starts without a warning', () => {
    expect(logger.warnings).toEqual([]);
  });

  it('still validates each body by its class, unknown keys refused rather than stripped', async () => {
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${origin}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    const author = await target.prisma.author.create({
      data: { name: 'Metadata', email: `metadata-${platform}@example.test` },
    });
    const first = await target.prisma.book.create({
      data: {
        isbn: `metadata-${platform}`,
        title: 'Kept',
        price: '1.00',
        pages: 1,
        genre: 'FICTION',
        authorId: author.id,
      },
    });
    const renamed = await send('PATCH', `/books/${first.id}`, { title: 'Renamed' });
    expect(renamed).toEqual({ status: 200, body: { id: first.id, title: 'Renamed' } });
    const unknown = await send('PATCH', `/books/${first.id}`, { title: 'New', extra: 1 });
    expect(unknown.status).toBe(400);
    const wrong = await send('PATCH', `/books/${first.id}`, { title: 5 });
    expect(wrong.status).toBe(400);
    await target.prisma.book.delete({ where: { id: first.id } });
    await target.prisma.author.delete({ where: { id: author.id } });
  });
});
