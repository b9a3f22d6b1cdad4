// The write fixtures served over real HTTP: `ResourceController(…, { writes: true })` for books and
// reviews on Express and Fastify (useFacetHttp), a real Prisma client on PGlite, the caller named by
// an `x-caller` header. Shared by the write and bulk-write HTTP tests.
import 'reflect-metadata';
import { listenApp } from '@facet/test-support/net';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import { afterAll, beforeAll } from 'vitest';
import { FacetModule, type ReadContext, ResourceController } from '../../src/index.js';
import { createFacetApp, type FacetPlatform } from './facet-app.js';
import { type SeededLibrary, seedLibrary } from './seed.js';
import { openTarget, type TestTarget } from './targets.js';
import {
  type Caller,
  readOf,
  type WriteAbility,
  writeAccess,
  writeBooks,
  writeReviews,
} from './write-fixtures.js';

@Controller('books')
class BooksController extends ResourceController(writeBooks, { writes: true }) {}

@Controller('reviews')
class ReviewsController extends ResourceController(writeReviews, { writes: true }) {}

export const PLATFORMS: readonly FacetPlatform[] = ['express', 'fastify'];

/** An HTTP answer: its status, its JSON body (none when empty) and its entity tag. */
export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown> | undefined;
  readonly etag: string | null;
}

export interface WriteApps {
  /** admin, editor, contributor, and the readers ann and bob. */
  readonly callers: Readonly<Record<string, Caller>>;
  readonly target: TestTarget;
  readonly library: SeededLibrary;
  /** The root URL of the app on `platform` (routes at the root, without /api/v1). */
  url(platform: FacetPlatform): string;
  /** Sends a request as `caller` (a name of `callers`; an unknown name reads as ann). */
  send(
    platform: FacetPlatform,
    method: string,
    path: string,
    caller: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Answer>;
}

/**
 * Starts the apps before the file's tests and closes them after. `readers` are the user ids of ann
 * and bob: each file gives its own, so the rows one file writes are never another's.
 */
export function useWriteApps(readers: { readonly ann: number; readonly bob: number }): WriteApps {
  const callers: Record<string, Caller> = {
    admin: { role: 'admin', userId: 1 },
    editor: { role: 'editor', userId: 2 },
    contributor: { role: 'contributor', userId: 3 },
    ann: { role: 'reader', userId: readers.ann },
    bob: { role: 'reader', userId: readers.bob },
  };
  let target: TestTarget | undefined;
  let library: SeededLibrary | undefined;
  const apps = new Map<FacetPlatform, { app: INestApplication; url: string }>();

  beforeAll(async () => {
    target = await openTarget('pglite');
    library = await seedLibrary(target.prisma);
    for (const platform of PLATFORMS) {
      @Module({
        imports: [
          FacetModule.forRoot({
            prisma: target.prisma,
            accessibleWhere: writeAccess,
            readContext: (request): ReadContext<WriteAbility> => {
              const name = (request as { headers: Record<string, string | undefined> }).headers['x-caller'];
              return readOf(callers[name ?? 'ann'] ?? (callers.ann as Caller));
            },
          }),
          FacetModule.forFeature([writeBooks, writeReviews]),
        ],
        controllers: [BooksController, ReviewsController],
      })
      class AppModule {}
      const app = await createFacetApp(AppModule, platform);
      apps.set(platform, { app, url: await listenApp(app) });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { app } of apps.values()) await app.close();
    await target?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useWriteApps: the apps start in beforeAll');
    return value;
  };
  const url = (platform: FacetPlatform) => started(apps.get(platform)).url;

  return {
    callers,
    get target() {
      return started(target);
    },
    get library() {
      return started(library);
    },
    url,
    async send(platform, method, path, caller, body, headers = {}) {
      const response = await fetch(`${url(platform)}${path}`, {
        method,
        headers: { 'x-caller': caller, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
        etag: response.headers.get('etag'),
      };
    },
  };
}
