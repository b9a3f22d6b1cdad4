// Conditional reads over real HTTP, on Express and Fastify set up by useFacetHttp (and on Express
// with its own `etag` setting turned back on, which must neither add a tag nor replace Facet's), with a real Prisma client on PGlite: every read route of a ResourceController answers
// the weak ETag of the JSON the caller got, `Cache-Control: private, no-cache` and `Vary:
// Authorization`, and a matching If-None-Match is a 304 with no body, also next to the
// `Cache-Control: no-cache` that Node's fetch adds to every conditional request.
import 'reflect-metadata';
import { request as httpRequest } from 'node:http';
import { listenApp } from '@facet/test-support/net';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { representationTag } from '../src/http/entity-tag.js';
import { defineResource, FacetModule, type ReadContext, ResourceController } from '../src/index.js';
import { ApiResourceRoutes } from '../src/swagger/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { createFacetApp } from './support/facet-app.js';
import { PolicyBookDto } from './support/policy-dtos.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';

type Role = 'admin' | 'reader';
const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: PolicyBookDto });

@ApiResourceRoutes(PolicyBookDto)
@Controller('books')
class BooksController extends ResourceController(books) {}

@ApiResourceRoutes(PolicyBookDto)
@Controller('untagged')
class UntaggedBooksController extends ResourceController(books, { etag: false }) {}

type Platform = 'express' | 'fastify' | 'express-etag';
const PLATFORMS: readonly Platform[] = ['express', 'fastify'];

let target: TestTarget;
let library: SeededLibrary;
const apps = new Map<Platform, { app: INestApplication; url: string }>();
/** The `Cache-Control` of the last request a read route saw, as the server received it. */
let lastCacheControl: string | undefined;

async function start(platform: Platform) {
  @Module({
    imports: [
      FacetModule.forRoot({
        prisma: target.prisma,
        // One secret for both apps: a sealed cursor is the same text in both, as in two processes.
        secret: 'conditional-reads-test-secret',
        accessibleWhere: (role: Role) => (role === 'admin' ? {} : { published: true }),
        readContext: (request): ReadContext<Role> => {
          const headers = (request as { headers: Record<string, string | undefined> }).headers;
          lastCacheControl = headers['cache-control'];
          const role: Role = headers.authorization === 'Bearer admin' ? 'admin' : 'reader';
          return { ability: role, context: { role } };
        },
      }),
      FacetModule.forFeature([books]),
    ],
    controllers: [BooksController, UntaggedBooksController],
  })
  class AppModule {}
  const app = await createFacetApp(AppModule, platform === 'fastify' ? 'fastify' : 'express');
  if (platform === 'express-etag') (app as NestExpressApplication).set('etag', 'strong');
  return { app, url: await listenApp(app) };
}

beforeAll(async () => {
  target = await openTarget('pglite');
  library = await seedLibrary(target.prisma);
  for (const platform of [...PLATFORMS, 'express-etag'] as const) apps.set(platform, await start(platform));
}, 60_000);

afterAll(async () => {
  for (const { app } of apps.values()) await app.close();
  await target?.close();
});

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly etag: string | null;
  readonly cacheControl: string | null;
  readonly vary: string | null;
  readonly contentType: string | null;
}

const ADMIN = { authorization: 'Bearer admin' };

async function get(
  platform: Platform,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  const response = await fetch(`${apps.get(platform)?.url}${path}`, { method, headers });
  return {
    status: response.status,
    text: await response.text(),
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    vary: response.headers.get('vary'),
    contentType: response.headers.get('content-type'),
  };
}

/** A GET through node:http, which adds no header of its own (fetch adds `Cache-Control: no-cache`). */
function plainGet(platform: Platform, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string; etag: string | undefined }>((resolve, reject) => {
    const request = httpRequest(`${apps.get(platform)?.url}${path}`, { headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text, etag: response.headers.etag }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

function expectTagged(answer: Answer, where: string): string {
  expect(answer.status, `${where}: ${answer.text}`).toBe(200);
  expect(answer.etag, where).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
  // The tag of exactly the text sent (which is the JSON of what the route answered), and only it:
  // Express's own etag added neither a second tag nor its own in place of this one.
  expect(JSON.stringify(JSON.parse(answer.text)), where).toBe(answer.text);
  expect(answer.etag, where).toBe(representationTag(JSON.parse(answer.text)));
  expect(answer.cacheControl, where).toBe('private, no-cache');
  expect(answer.vary, where).toBe('Authorization');
  return answer.etag as string;
}

function expectNotModified(answer: Answer, tag: string, where: string): void {
  expect(answer.status, `${where}: ${answer.text}`).toBe(304);
  expect(answer.text, where).toBe('');
  expect(answer.etag, where).toBe(tag);
  expect(answer.cacheControl, where).toBe('private, no-cache');
  expect(answer.vary, where).toBe('Authorization');
  expect(answer.contentType, where).toBeNull();
}

const ofAuthor = () => `where.authorId=${library.authorId}`;
const byTitle = `orderBy=${encodeURIComponent('{"title":"asc"}')}`;

const documentOf = (app: INestApplication) =>
  SwaggerModule.createDocument(app, new DocumentBuilder().build());

/**
 * The streamed GET routes of the base (STREAMED_ROUTES), deliberately not conditional: a test below
 * holds them to it, and a streamed route added later fails the route list above until it is named.
 */
const STREAMED_PATHS = ['/books/export', '/untagged/export'];

/** Every GET route of the base the app serves (its OpenAPI document), with a path that reaches it. */
function readRoutes(app: INestApplication): string[] {
  return Object.entries(documentOf(app).paths)
    .filter(
      ([path, methods]) => path.startsWith('/books') && 'get' in methods && !STREAMED_PATHS.includes(path),
    )
    .map(([path]) => path.replace('{id}', String(library.bookIds[0])));
}

describe('the OpenAPI document of ApiResourceRoutes', () => {
  it('names If-None-Match and the 304 on every read route, and neither with etag: false', () => {
    const document = documentOf(apps.get('express')?.app as INestApplication);
    const reads = Object.entries(document.paths).filter(([, methods]) => 'get' in methods);
    expect(reads).toHaveLength(14);
    for (const [path, methods] of reads) {
      const operation = methods.get as {
        parameters?: { name: string; in: string }[];
        responses: Record<string, { headers?: Record<string, unknown> }>;
      };
      const header = operation.parameters?.find((p) => p.in === 'header' && p.name === 'If-None-Match');
      const notModified = operation.responses['304'];
      if (path.startsWith('/untagged') || STREAMED_PATHS.includes(path)) {
        expect(header, path).toBeUndefined();
        expect(notModified, path).toBeUndefined();
      } else {
        expect(header, path).toBeDefined();
        expect(Object.keys(notModified?.headers ?? {}), path).toEqual(['ETag', 'Cache-Control', 'Vary']);
        expect(operation.responses['200'], path).toBeDefined();
      }
    }
  });
});

describe.each([...PLATFORMS, 'express-etag'] as const)('conditional reads on %s', (platform) => {
  it('every read route of the base is tagged, the same tag twice, and a matching If-None-Match is a 304', async () => {
    const routes = readRoutes(apps.get(platform)?.app as INestApplication);
    // A GET route added to the base later shows up here, and is held to the same contract.
    expect(routes.sort()).toEqual(
      [
        '/books',
        '/books/aggregate',
        '/books/count',
        `/books/find-by-id/${library.bookIds[0]}`,
        '/books/search',
        `/books/${library.bookIds[0]}`,
      ].sort(),
    );
    for (const route of routes) {
      const query = route.includes(String(library.bookIds[0])) ? 'fields=title' : ofAuthor();
      // An aggregate selects something: Prisma refuses one that selects nothing.
      const path = `${route}?${query}${route.endsWith('/aggregate') ? '&_count=true' : ''}`;
      const first = await get(platform, path, ADMIN);
      const tag = expectTagged(first, path);
      expect(expectTagged(await get(platform, path, ADMIN), path), `${path} twice`).toBe(tag);
      // Node's fetch adds `Cache-Control: no-cache` to a conditional request; the server saw it.
      expectNotModified(await get(platform, path, { ...ADMIN, 'if-none-match': tag }), tag, path);
      expect(lastCacheControl).toBe('no-cache');
      // Without it (node:http adds nothing) and with it said outright: a 304 both ways.
      const plain = await plainGet(platform, path, { ...ADMIN, 'if-none-match': tag });
      expect(plain, path).toEqual({ status: 304, text: '', etag: tag });
      expect(lastCacheControl).toBeUndefined();
      const noCache = { ...ADMIN, 'if-none-match': tag, 'cache-control': 'no-cache', pragma: 'no-cache' };
      expectNotModified(await get(platform, path, noCache), tag, `${path} no-cache`);
    }
    if (platform === 'express-etag') {
      // Express's own tag is on here: an untagged route carries it, so the checks above could fail.
      const untagged = await get(platform, `/untagged/${library.bookIds[0]}`, ADMIN);
      expect(untagged.etag).toMatch(/^"/);
    }
  });
});

describe.each(PLATFORMS)('conditional reads on %s', (platform) => {
  it('leaves the streamed routes out, by design: no tag, and If-None-Match never answers 304', async () => {
    for (const route of STREAMED_PATHS) {
      const path = `${route}?format=ndjson&${ofAuthor()}`;
      const answer = await get(platform, path, ADMIN);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.contentType).toBe('application/x-ndjson');
      expect(answer.etag, path).toBeNull();
      for (const condition of ['*', `W/"x"`]) {
        const again = await get(platform, path, { ...ADMIN, 'if-none-match': condition });
        expect(again.status, condition).toBe(200);
        expect(again.text, condition).toBe(answer.text);
      }
    }
  });

  it('HEAD answers the headers of GET, and its 304', async () => {
    const path = `/books?${ofAuthor()}`;
    const tag = expectTagged(await get(platform, path, ADMIN), path);
    const head = await get(platform, path, ADMIN, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.etag).toBe(tag);
    expectNotModified(await get(platform, path, { ...ADMIN, 'if-none-match': tag }, 'HEAD'), tag, 'HEAD');
  });

  it('reads If-None-Match as RFC 9110 says: lists, *, weak comparison', async () => {
    const path = `/books/${library.bookIds[0]}`;
    const tag = expectTagged(await get(platform, path, ADMIN), path);
    const opaque = tag.slice(2);
    for (const condition of [
      `"other", ${tag}`,
      `W/"other",${tag} , W/"another"`,
      `, ${tag},`,
      // Weak comparison: the strong form of the same opaque tag matches too.
      opaque,
      '*',
    ]) {
      expectNotModified(await get(platform, path, { ...ADMIN, 'if-none-match': condition }), tag, condition);
    }
  });

  it('a tag that does not match, or a malformed header, is a 200 with the tag, never an error', async () => {
    const path = `/books/${library.bookIds[0]}`;
    const tag = expectTagged(await get(platform, path, ADMIN), path);
    const opaque = tag.slice(3, -1);
    for (const condition of [
      'W/"other"',
      `W/"${opaque}x"`,
      // Malformed: matches nothing, though each holds the tag (Express's own check would match some).
      `${tag} junk`,
      `${tag} ${tag}`,
      `w/"${opaque}"`,
      opaque,
      `W/"${opaque}`,
      `*, ${tag}`,
      '',
      ',',
      '"a b"',
    ]) {
      const answer = await get(platform, path, { ...ADMIN, 'if-none-match': condition });
      expect(expectTagged(answer, JSON.stringify(condition)), JSON.stringify(condition)).toBe(tag);
      // And without the `Cache-Control: no-cache` fetch adds, which alone turns Express's check off.
      const plain = await plainGet(platform, path, { ...ADMIN, 'if-none-match': condition });
      expect(plain.status, JSON.stringify(condition)).toBe(200);
      expect(plain.etag, JSON.stringify(condition)).toBe(tag);
    }
  });

  it('callers who get different bodies get different tags; the same body, the same tag', async () => {
    const path = `/books/${library.bookIds[0]}`;
    const adminTag = expectTagged(await get(platform, path, ADMIN), 'admin');
    // The reader does not see internalNote: another representation, another tag.
    const readerTag = expectTagged(await get(platform, path), 'reader');
    expect(readerTag).not.toBe(adminTag);
    expect((await get(platform, path, { 'if-none-match': adminTag })).status).toBe(200);
    const list = `/books?${ofAuthor()}&fields=title&${byTitle}`;
    expect(expectTagged(await get(platform, list), 'reader list')).not.toBe(
      expectTagged(await get(platform, list, ADMIN), 'admin list'),
    );
    // The same projection of a row both may read: the same body, so the same tag.
    const title = `${path}?fields=title`;
    expect(expectTagged(await get(platform, title), 'reader')).toBe(
      expectTagged(await get(platform, title, ADMIN), 'admin'),
    );
  });

  it('a changed row has a new tag, and the old one is a 200', async () => {
    const [, , gamma] = library.bookIds;
    const path = `/books/${gamma}`;
    const list = `/books?${ofAuthor()}&${byTitle}`;
    const before = expectTagged(await get(platform, path, ADMIN), path);
    const listBefore = expectTagged(await get(platform, list, ADMIN), list);
    await target.prisma.book.update({ where: { id: gamma }, data: { pages: 301 } });
    try {
      const after = await get(platform, path, { ...ADMIN, 'if-none-match': before });
      expect(expectTagged(after, path)).not.toBe(before);
      expect(JSON.parse(after.text)).toMatchObject({ pages: 301 });
      const listAfter = await get(platform, list, { ...ADMIN, 'if-none-match': listBefore });
      expect(expectTagged(listAfter, list)).not.toBe(listBefore);
    } finally {
      await target.prisma.book.update({ where: { id: gamma }, data: { pages: 300 } });
    }
    expect(expectTagged(await get(platform, path, ADMIN), path)).toBe(before);
  });

  it('a keyset page has the same tag every time, and in every process that shares the secret', async () => {
    const first = await get(platform, `/books?${ofAuthor()}&perPage=1&${byTitle}`, ADMIN);
    const cursor = (JSON.parse(first.text) as { meta: { nextCursor: string } }).meta.nextCursor;
    expect(cursor).toEqual(expect.any(String));
    const path = `/books?${ofAuthor()}&perPage=1&${byTitle}&after=${encodeURIComponent(cursor)}`;
    const tags = await Promise.all(
      PLATFORMS.map(async (each) => expectTagged(await get(each, path, ADMIN), each)),
    );
    expect(new Set(tags).size).toBe(1);
    expect(expectTagged(await get(platform, path, ADMIN), path)).toBe(tags[0]);
    const firstAgain = await get(platform, `/books?${ofAuthor()}&perPage=1&${byTitle}`, ADMIN);
    expect(firstAgain.etag).toBe(expectTagged(first, 'first page'));
  });

  it("cursor pages both ways, a reader's and an admin's sort by a staff-only field: one tag per answer, and its 304", async () => {
    const sorts: [Record<string, string>, string][] = [
      [{}, '[{"pages":"desc"}]'],
      [ADMIN, '[{"internalNote":"desc"}]'],
      [ADMIN, '[{"author":{"name":"asc"}}]'],
      [ADMIN, '[{"reviews":{"_count":"desc"}}]'],
    ];
    for (const [headers, orderBy] of sorts) {
      const list = `/books?${ofAuthor()}&perPage=1&orderBy=${encodeURIComponent(orderBy)}`;
      const first = await get(platform, list, headers);
      expect(first.status, first.text).toBe(200);
      const { nextCursor } = (JSON.parse(first.text) as { meta: { nextCursor: string } }).meta;
      const after = `${list}&after=${encodeURIComponent(nextCursor)}`;
      const second = await get(platform, after, headers);
      const { prevCursor } = (JSON.parse(second.text) as { meta: { prevCursor: string } }).meta;
      expect(prevCursor, orderBy).toEqual(expect.any(String));
      const before = `${list}&before=${encodeURIComponent(prevCursor)}`;
      for (const path of [list, after, before]) {
        const tag = expectTagged(await get(platform, path, headers), path);
        // The sealed cursors in the body are the same text each time, so the tag is too.
        expect(expectTagged(await get(platform, path, headers), path), `${path} again`).toBe(tag);
        expectNotModified(await get(platform, path, { ...headers, 'if-none-match': tag }), tag, path);
        const plain = await plainGet(platform, path, { ...headers, 'if-none-match': tag });
        expect(plain, path).toEqual({ status: 304, text: '', etag: tag });
      }
    }
  });

  it('errors carry no tag, and a 304 is never answered for one', async () => {
    const [, beta] = library.bookIds;
    for (const [path, status] of [
      [`/books/${beta}`, 404],
      ['/books/999999999', 404],
      ['/books?where.internalNote=x', 400],
      ['/books?page=0', 400],
      ['/books/count?page=2', 400],
      ['/books?unknown=1', 400],
    ] as const) {
      for (const headers of [{}, { 'if-none-match': '*' }] as Record<string, string>[]) {
        const answer = await get(platform, path, headers);
        expect(answer.status, path).toBe(status);
        expect(answer.etag, path).toBeNull();
        expect(answer.cacheControl, path).not.toBe('private, no-cache');
      }
    }
  });

  it('with etag: false, none of it: no Facet tag, no 304 for one', async () => {
    const path = `/untagged/${library.bookIds[0]}`;
    const answer = await get(platform, path, ADMIN);
    expect(answer.status).toBe(200);
    const facetTag = representationTag(JSON.parse(answer.text));
    expect(answer.etag).toBeNull();
    expect(answer.cacheControl).toBeNull();
    expect(answer.vary).toBeNull();
    expect((await get(platform, path, { ...ADMIN, 'if-none-match': facetTag })).status).toBe(200);
  });
});
