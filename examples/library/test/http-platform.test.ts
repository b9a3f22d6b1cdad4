// The example runs on Express (default) or Fastify (`HTTP_PLATFORM=fastify`, src/app.ts). Facet reads
// only what both give it (the raw URL, headers, Nest's adapter), so the two must answer every request
// alike: the same status, content type and body, for reads, refusals, writes and the web page. Both
// apps run side by side here on one fresh PGlite database, and each request goes to both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listenApp } from '@facet/test-support/net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../scripts/web-bundle.mjs';
import { createLibraryApp, HTTP_PLATFORMS, type HttpPlatform, type LibraryApp } from '../src/app.js';
import { httpPlatformFromEnv, libraryOptionsFromEnv } from '../src/config.js';
import { type LibraryDatabase, openDatabase } from '../src/database/index.js';
import { TOKENS } from './support/http.js';

interface Answer {
  status: number;
  type: string | null;
  cacheControl: string | null;
  body: string;
}

describe('the example on Express and on Fastify', () => {
  let pgliteDir: string;
  let webDir: string;
  let database: LibraryDatabase;
  const apps = new Map<HttpPlatform, { library: LibraryApp; origin: string }>();

  beforeAll(async () => {
    pgliteDir = mkdtempSync(join(tmpdir(), 'facet-library-platform-pglite-'));
    webDir = mkdtempSync(join(tmpdir(), 'facet-library-platform-web-'));
    await bundleWeb({ outdir: webDir, fromSource: true });
    database = await openDatabase({ pgliteDir });
    for (const httpPlatform of HTTP_PLATFORMS) {
      const library = await createLibraryApp({
        database,
        httpPlatform,
        webDir,
        demo: true,
        logger: ['error'],
      });
      apps.set(httpPlatform, { library, origin: await listenApp(library.app) });
    }
  }, 60_000);

  afterAll(async () => {
    for (const { library } of apps.values()) await library.close();
    await database?.close();
    rmSync(pgliteDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  });

  /** The same request to both apps; their answers, keyed by platform. */
  async function both(path: string, init: RequestInit = {}): Promise<Record<HttpPlatform, Answer>> {
    const answers = {} as Record<HttpPlatform, Answer>;
    for (const [platform, { origin }] of apps) {
      const response = await fetch(origin + path, init);
      answers[platform] = {
        status: response.status,
        // Express names the charset in lower case, Fastify as the body's JSON; both mean the same.
        type: response.headers.get('content-type')?.toLowerCase().replace(/\s/g, '') ?? null,
        cacheControl: response.headers.get('cache-control'),
        body: await response.text(),
      };
    }
    return answers;
  }

  it('runs each app on the platform it was asked for', () => {
    expect(apps.get('express')?.library.app.getHttpAdapter().getType()).toBe('express');
    expect(apps.get('fastify')?.library.app.getHttpAdapter().getType()).toBe('fastify');
    expect(apps.get('fastify')?.library.httpPlatform).toBe('fastify');
  });

  const admin = { authorization: `Bearer ${TOKENS.admin}` };
  const reads: readonly { name: string; status: number; path: string; init?: RequestInit }[] = [
    {
      name: 'a projected, filtered, sorted list',
      status: 200,
      path: '/api/v1/books?fields=id,title,author{name}&where.genre=FICTION&orderBy.price=desc',
    },
    {
      name: 'the admin list, with hidden books',
      status: 200,
      path: '/api/v1/books?fields=id,published&perPage=100',
      init: { headers: admin },
    },
    { name: 'a keyset page', status: 200, path: '/api/v1/books?fields=id,title&orderBy.title=asc&perPage=3' },
    { name: 'a detail read', status: 200, path: '/api/v1/books/1?fields=id,title' },
    { name: 'a count', status: 200, path: '/api/v1/books/count?where.genre=POETRY' },
    { name: 'a field outside the allow-list (400)', status: 400, path: '/api/v1/books?where.internalNote=x' },
    {
      name: 'an operand injection probe (400)',
      status: 400,
      path: '/api/v1/books?where.title.gte.$type=FieldRef',
    },
    {
      name: 'a malformed percent escape (kept as written)',
      status: 200,
      path: '/api/v1/books?where.title=%E0%A4%A',
    },
    { name: 'a page past the limit (400)', status: 400, path: '/api/v1/books?page=100001' },
    { name: 'a missing book (404)', status: 404, path: '/api/v1/books/100000' },
    { name: 'an unknown route (404)', status: 404, path: '/api/v1/nothing-here' },
    {
      name: 'an unknown route with a method no route has (404)',
      status: 404,
      path: '/api/v1/books',
      init: { method: 'PUT' },
    },
    { name: 'a path outside the API that no file answers (404)', status: 404, path: '/api/nothing-here' },
    { name: 'an undecodable path parameter (400)', status: 400, path: '/api/v1/books/%E0%A4%A' },
    { name: 'an undecodable path no route matches (400)', status: 400, path: '/api/v1/nope%E0' },
    { name: 'an undecodable path, with a query (400)', status: 400, path: '/api/v1/books/%ZZ?fields=id' },
    {
      name: 'a long path parameter (404, never a 414)',
      status: 404,
      path: `/api/v1/books/isbn/${'9'.repeat(500)}`,
    },
    {
      name: 'a bad token (401)',
      status: 401,
      path: '/api/v1/books',
      init: { headers: { authorization: 'Bearer not-a-token' } },
    },
    { name: 'the API document', status: 200, path: '/api/docs-json' },
  ];
  it.each(reads)('answers $name alike', async ({ status, path, init }) => {
    const { express, fastify } = await both(path, init);
    expect(express.status).toBe(status);
    expect(fastify).toEqual(express);
  });

  it('answers unknown routes and undecodable URLs in Facet’s body, repeating nothing of the request', async () => {
    for (const path of [
      '/api/v1/nothing-here',
      '/api/v1/books/%E0%A4%A',
      '/api/v1/nope%E0',
      '/api/v1/books/%ZZ',
    ]) {
      const { express } = await both(path);
      const body = JSON.parse(express.body) as Record<string, unknown>;
      expect(Object.keys(body).sort(), path).toEqual(['code', 'error', 'message', 'statusCode']);
      expect(body.code).toBe(express.status === 404 ? 'not_found' : 'bad_url');
      for (const echo of ['nothing-here', 'nope', '%', 'Cannot', 'books'])
        expect(express.body, path).not.toContain(echo);
    }
  });

  it('takes the same JSON bodies on both: 100 KB at most, 32 levels deep, no prototype keys', async () => {
    const json = { ...admin, 'content-type': 'application/json' };
    const before = await both('/api/v1/books/count', { headers: admin });
    const padded = (size: number) => JSON.stringify({ title: 'x'.repeat(size - 12) });
    for (const [body, status, code] of [
      [padded(100 * 1024), 400, 'invalid_value'],
      [padded(100 * 1024 + 1), 413, 'payload_too_large'],
      [padded(1024 * 1024 - 1), 413, 'payload_too_large'],
      [`{"title":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, 400, 'too_deep'],
      ['{"title":{"a":{"__proto__":{"polluted":true}}}}', 400, 'prototype_key'],
      ['{"title": "secret-text', 400, 'invalid_json'],
    ] as const) {
      const { express, fastify } = await both('/api/v1/books', { method: 'POST', headers: json, body });
      expect(express.status, express.body).toBe(status);
      expect(JSON.parse(express.body).code).toBe(code);
      expect(fastify).toEqual(express);
      expect(express.body).not.toContain('secret-text');
    }
    expect(await both('/api/v1/books/count', { headers: admin })).toEqual(before);
  });

  it('sends the count, a bare number, as JSON on both', async () => {
    const { express, fastify } = await both('/api/v1/books/count');
    expect(JSON.parse(express.body)).toEqual(expect.any(Number));
    expect(express.type).toBe('application/json;charset=utf-8');
    expect(fastify.type).toBe(express.type);
  });

  it('answers the demo page alike, never cached, and serves the web bundle', async () => {
    const page = await both('/');
    expect(page.express.status).toBe(200);
    expect(page.express.cacheControl).toBe('no-store');
    expect(page.express.body).toContain('facet-demo');
    expect(page.fastify).toEqual(page.express);
    const script = await both('/app.js');
    expect(script.express.status).toBe(200);
    expect(script.fastify.body).toBe(script.express.body);
  });

  it('refuses the same bad writes alike and changes nothing', async () => {
    const before = await both('/api/v1/books/count', { headers: admin });
    const json = { ...admin, 'content-type': 'application/json' };
    for (const body of [
      '{"title": ',
      JSON.stringify({ title: 'No ISBN' }),
      JSON.stringify({ id: 1, isbn: 'x' }),
    ]) {
      const { express, fastify } = await both('/api/v1/books', { method: 'POST', headers: json, body });
      expect(express.status, body).toBe(400);
      expect(fastify.status, body).toBe(400);
      expect(JSON.parse(fastify.body).code, body).toBe(JSON.parse(express.body).code);
    }
    expect(await both('/api/v1/books/count', { headers: admin })).toEqual(before);
  });

  it('takes its platform from HTTP_PLATFORM, and refuses an unknown one', () => {
    expect(httpPlatformFromEnv({})).toBe('express');
    expect(httpPlatformFromEnv({ HTTP_PLATFORM: ' Fastify ' })).toBe('fastify');
    expect(libraryOptionsFromEnv({ HTTP_PLATFORM: 'fastify' }).httpPlatform).toBe('fastify');
    expect(() => httpPlatformFromEnv({ HTTP_PLATFORM: 'koa' })).toThrow(
      /HTTP_PLATFORM must be one of express, fastify/,
    );
  });
});
