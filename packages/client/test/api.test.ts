import { decodeQuery, encodeQuery } from '@facet/core';
import { AxiosError, isAxiosError, isCancel } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createApiClient,
  entityTagOf,
  FacetHttpError,
  installFacetErrors,
  isFacetHttpError,
  useModuleApi,
} from '../src/api/index.js';
import type { Book } from './helpers/books.js';
import { startServer, type TestServer } from './helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const last = () => server.requests.at(-1)!;

describe('createApiClient', () => {
  it('targets <origin>/api/v1 by default and <origin>/api/<version> when given one', async () => {
    const v1 = createApiClient({ origin: `${server.origin}/` });
    expect(v1.defaults.baseURL).toBe(`${server.origin}/api/v1`);
    await v1.get('/books/1');
    expect(last().path).toBe('/api/v1/books/1');

    await createApiClient({ origin: server.origin }, 'v2').get('/books/1');
    expect(last().path).toBe('/api/v2/books/1');
    expect(() => createApiClient({ origin: server.origin }, 'v1/x')).toThrow(/version/);
  });

  it('targets <origin><basePath> when given one, with a function origin too, and ignores the version', async () => {
    // The test server answers /api/… only; the path each request reached is what counts here.
    const ignore = () => undefined;
    await createApiClient({ origin: server.origin, basePath: '/rest/' }, 'v2').get('/books/1').catch(ignore);
    expect(last().path).toBe('/rest/books/1');
    await createApiClient({ origin: server.origin, basePath: 'internal/api' }).get('/books/2').catch(ignore);
    expect(last().path).toBe('/internal/api/books/2');
    await createApiClient({ origin: `${server.origin}/`, basePath: '' })
      .get('/books/3')
      .catch(ignore);
    expect(last().path).toBe('/books/3');
    await createApiClient({ origin: async () => server.origin, basePath: '/rest' })
      .get('/books/4')
      .catch(ignore);
    expect(last().path).toBe('/rest/books/4');
    for (const basePath of ['https://elsewhere.test/api', '/api?x=1', '/api#top']) {
      expect(() => createApiClient({ origin: server.origin, basePath }), basePath).toThrow(/basePath/);
    }
  });

  it('resolves a function origin on every request, sync or async', async () => {
    let calls = 0;
    const api = createApiClient({
      origin: async () => {
        calls++;
        return server.origin;
      },
    });
    await api.get('/books/2');
    await api.get('/books/3');
    expect(calls).toBe(2);
    expect(last().path).toBe('/api/v1/books/3');
  });

  it('needs an origin outside a browser, and names the option', () => {
    expect(() => createApiClient()).toThrow(TypeError);
    expect(() => createApiClient()).toThrow(/`origin`/);
  });

  it('refuses unknown options, naming them', () => {
    expect(() => createApiClient({ origin: server.origin, tokenheader: 'x' } as never)).toThrow(
      /`tokenheader`/,
    );
  });

  it('sends Authorization: Bearer <token> from a sync or an async getter, resolved per request', async () => {
    let token: string | null = 'first';
    const api = createApiClient({ origin: server.origin, getToken: () => token });
    await api.get('/books/1');
    expect(last().headers.authorization).toBe('Bearer first');
    token = 'second';
    await api.get('/books/1');
    expect(last().headers.authorization).toBe('Bearer second');

    const asyncApi = createApiClient({ origin: server.origin, getToken: async () => 'later' });
    await asyncApi.get('/books/1');
    expect(last().headers.authorization).toBe('Bearer later');
  });

  it('sends no token header for a null, undefined or empty token', async () => {
    for (const token of [null, undefined, '']) {
      await createApiClient({ origin: server.origin, getToken: () => token }).get('/books/1');
      expect(last().headers).not.toHaveProperty('authorization');
    }
  });

  it('uses the configured header and scheme; an empty scheme sends the raw token', async () => {
    await createApiClient({
      origin: server.origin,
      getToken: () => 'abc',
      tokenHeader: 'X-Api-Key',
      tokenScheme: '',
    }).get('/books/1');
    expect(last().headers['x-api-key']).toBe('abc');
    expect(last().headers).not.toHaveProperty('authorization');

    await createApiClient({ origin: server.origin, getToken: () => 'abc', tokenScheme: 'Token' }).get(
      '/books/1',
    );
    expect(last().headers.authorization).toBe('Token abc');
  });

  it('lets a request that sets the token header itself keep it', async () => {
    const api = createApiClient({ origin: server.origin, getToken: () => 'abc' });
    await api.get('/books/1', { headers: { Authorization: 'Basic xyz' } });
    expect(last().headers.authorization).toBe('Basic xyz');
  });

  it('resolves the time zone on every request, and sends it only when the application names a header', async () => {
    const zones = ['Asia/Kathmandu', 'Europe/Paris'];
    let calls = 0;
    const unnamed = createApiClient({ origin: server.origin, getTimezone: () => zones[calls++ % 2] });
    await unnamed.get('/books/1');
    await unnamed.get('/books/2');
    expect(calls).toBe(2);
    expect(Object.keys(last().headers).filter((name) => name.includes('zone'))).toEqual([]);

    const failing = createApiClient({
      origin: server.origin,
      getTimezone: () => {
        throw new Error('no zone');
      },
    });
    await expect(failing.get('/books/1')).rejects.toThrow('no zone');

    await createApiClient({ origin: server.origin, timezoneHeader: 'X-Timezone' }).get('/books/1');
    expect(last().headers['x-timezone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    await createApiClient({
      origin: server.origin,
      timezoneHeader: 'X-Timezone',
      getTimezone: async () => 'Asia/Kathmandu',
    }).get('/books/1');
    expect(last().headers['x-timezone']).toBe('Asia/Kathmandu');
  });

  it('serializes nested params in the Facet wire format, tricky strings included', async () => {
    const params = {
      where: { title: { in: ['2024', 'true', 'a,b{c}'] }, author: { name: { contains: 'null' } } },
      orderBy: [{ title: 'asc' }],
      search: '007',
      page: 1,
    };
    await createApiClient({ origin: server.origin }).get('/books', { params });
    expect(last().rawQuery).toBe(encodeQuery(params));
    expect(last().rawQuery).toContain('where.author.name.contains=%22null%22');
    expect(decodeQuery(last().rawQuery)).toEqual(params);
  });

  it('cancels through an AbortSignal like any axios request', async () => {
    const hold = server.hold((request) => request.path === '/api/v1/books/9');
    const controller = new AbortController();
    const pending = createApiClient({ origin: server.origin }).get('/books/9', { signal: controller.signal });
    await hold.arrived;
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    hold.release();
    expect(isCancel(error)).toBe(true);
  });

  it('rejects with the ordinary AxiosError by default', async () => {
    const error = await createApiClient({ origin: server.origin })
      .get('/books', { params: { where: { nope: 1 } } })
      .catch((e: unknown) => e);
    expect(isAxiosError(error)).toBe(true);
    expect(isFacetHttpError(error)).toBe(false);
  });
});

describe('FacetHttpError (opt-in)', () => {
  it('carries status, code, issues and the request, with the AxiosError as cause', async () => {
    const api = createApiClient({ origin: server.origin, facetErrors: true });
    const error = await api.get('/books', { params: { where: { nope: 1 } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FacetHttpError);
    const failure = error as FacetHttpError;
    expect(failure.status).toBe(400);
    expect(failure.code).toBe('invalid_value');
    expect(failure.issues).toEqual([expect.objectContaining({ code: 'invalid_value', path: 'where' })]);
    expect(failure.request.method).toBe('GET');
    expect(failure.request.url).toBe(`${server.origin}/api/v1/books?where.nope=1`);
    expect(failure.message).toContain(
      `GET ${server.origin}/api/v1/books?where.nope=1 failed with status 400`,
    );
    expect(failure.message).toContain('unknown field where.nope');
    expect(failure.cause).toBeInstanceOf(AxiosError);
  });

  it('keeps cancellations as axios cancellations, and can be removed again', async () => {
    const api = createApiClient({ origin: server.origin });
    const remove = installFacetErrors(api);
    const controller = new AbortController();
    controller.abort();
    expect(isCancel(await api.get('/books/1', { signal: controller.signal }).catch((e: unknown) => e))).toBe(
      true,
    );
    remove();
    expect(isFacetHttpError(await api.get('/books/999').catch((e: unknown) => e))).toBe(false);
  });

  it('reports a network failure without a status', async () => {
    const api = createApiClient({ origin: 'http://127.0.0.1:9', facetErrors: true });
    const error = (await api.get('/books').catch((e: unknown) => e)) as FacetHttpError;
    expect(isFacetHttpError(error)).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.message).toMatch(/^GET http:\/\/127\.0\.0\.1:9\/api\/v1\/books failed:/);
  });

  it('is recognised by name across realms', () => {
    const foreign = Object.assign(new Error('x'), { name: 'FacetHttpError' });
    expect(isFacetHttpError(foreign)).toBe(true);
    expect(isFacetHttpError(new Error('x'))).toBe(false);
  });
});

describe('useModuleApi', () => {
  const books = () => useModuleApi<Book>(createApiClient({ origin: server.origin }), '/books/');

  it('query: GET /books with the query as params, returning { items, meta }', async () => {
    const page = await books().query({ where: { genre: 'science' }, page: 2, perPage: 5 });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/v1/books' });
    expect(last().query).toEqual({ where: { genre: 'science' }, page: 2, perPage: 5 });
    expect(page.meta).toMatchObject({ page: 2, perPage: 5, itemCount: 15, pageCount: 3 });
    expect(page.items.map((book) => book.genre)).toEqual(Array(5).fill('science'));
  });

  // The paths and verbs: docs/spec-conformance.md#42-client-resource-wrapper.
  it('get, findById, count, create, update and delete use the paths and verbs of spec 4.2', async () => {
    const api = books();
    expect((await api.get(3, { fields: 'id,title' })).id).toBe(3);
    expect(last()).toMatchObject({ method: 'GET', path: '/api/v1/books/3', query: { fields: 'id,title' } });
    expect((await api.findById('4')).id).toBe(4);
    expect(last()).toMatchObject({ method: 'GET', path: '/api/v1/books/find-by-id/4' });
    expect(await api.count({ where: { published: true } })).toBe(34);
    expect(last()).toMatchObject({ method: 'GET', path: '/api/v1/books/count' });
    expect(await api.create({ title: 'New' })).toMatchObject({ id: 46, title: 'New' });
    expect(last()).toMatchObject({ method: 'POST', path: '/api/v1/books', body: { title: 'New' } });
    expect(await api.update(5, { pages: 1 })).toMatchObject({ id: 5, pages: 1 });
    expect(last()).toMatchObject({ method: 'PATCH', path: '/api/v1/books/5', body: { pages: 1 } });
    expect((await api.delete(6)).id).toBe(6);
    expect(last()).toMatchObject({ method: 'DELETE', path: '/api/v1/books/6' });
  });

  it('aggregate and groupBy read GET /aggregate, by and orderBy encoded as the server decodes them', async () => {
    const api = books();
    const total = await api.aggregate({ where: { published: true }, _count: { _all: true } });
    expect(last()).toMatchObject({ method: 'GET', path: '/api/v1/books/aggregate' });
    expect(last().query).toEqual({ where: { published: true }, _count: { _all: true } });
    expect(total._count._all).toBeGreaterThan(0);
    const order = [{ _count: { id: 'desc' as const } }];
    const groups = await api.groupBy({ by: 'genre', _count: { _all: true }, orderBy: order });
    expect(last().query).toEqual({ by: 'genre', _count: { _all: true }, orderBy: order });
    const all = await api.aggregate({ _count: { _all: true } });
    expect(groups.items.reduce((sum, group) => sum + group._count._all, 0)).toBe(all._count._all);
    expect(new Set(groups.items.map((group) => group.genre)).size).toBe(groups.items.length);
    await api.groupBy({ by: ['genre', 'published'], _count: true }).catch(() => undefined);
    expect(last().query).toMatchObject({ by: ['genre', 'published'] });
    expect(() => api.groupBy({} as never)).toThrow(TypeError);
  });

  it('URL-encodes ids in the path', async () => {
    await books()
      .get('a/b c?#%')
      .catch(() => undefined);
    expect(last().path).toBe('/api/v1/books/a%2Fb%20c%3F%23%25');
    await books()
      .findById('x/y')
      .catch(() => undefined);
    expect(last().path).toBe('/api/v1/books/find-by-id/x%2Fy');
  });

  it('refuses an empty id or endpoint instead of hitting the collection', () => {
    expect(() => books().delete('')).toThrow(TypeError);
    expect(() => useModuleApi(createApiClient({ origin: server.origin }), '//')).toThrow(/endpoint/);
  });

  it('passes axios config through: an aborted signal cancels', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await books()
      .query(undefined, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(isCancel(error)).toBe(true);
  });
});

describe('useModuleApi writes', () => {
  // A server of its own: a 204 and ETags are what this checks, so it answers only those.
  let tagged: {
    origin: string;
    close(): Promise<void>;
    seen: { method: string; ifMatch: string | undefined }[];
  };
  beforeAll(async () => {
    const { createServer } = await import('node:http');
    const { listenLocally } = await import('@facet/test-support/net');
    const seen: { method: string; ifMatch: string | undefined }[] = [];
    const http = createServer((request, response) => {
      seen.push({ method: request.method ?? '', ifMatch: request.headers['if-match'] as string | undefined });
      request.resume();
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json', etag: 'W/"v1"' });
        response.end(JSON.stringify({ id: 1, title: 'Tagged' }));
      } else if (request.headers['if-match'] === 'W/"old"') {
        response.writeHead(412, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'changed',
            code: 'precondition_failed',
          }),
        );
      } else {
        response.writeHead(204);
        response.end();
      }
    });
    const origin = await listenLocally(http);
    tagged = { origin, seen, close: () => new Promise((resolve) => http.close(() => resolve())) };
  });
  afterAll(() => tagged.close());
  const api = () =>
    useModuleApi<Book>(createApiClient({ origin: tagged.origin, facetErrors: true }), 'books');

  it('a 204 resolves to null, from create and update', async () => {
    expect(await api().create({ title: 'x' })).toBeNull();
    expect(await api().update(1, { title: 'x' })).toBeNull();
  });

  it('entityTagOf gives the ETag a read answered, and ifMatch sends it as If-Match', async () => {
    const row = await api().get(1);
    expect(entityTagOf(row)).toBe('W/"v1"');
    expect(entityTagOf({ ...row })).toBeUndefined();
    expect(entityTagOf(null)).toBeUndefined();
    await api().update(1, { title: 'y' }, undefined, { ifMatch: entityTagOf(row)! });
    expect(tagged.seen.at(-1)).toEqual({ method: 'PATCH', ifMatch: 'W/"v1"' });
    await api().delete(1, undefined, { ifMatch: '*' });
    expect(tagged.seen.at(-1)).toEqual({ method: 'DELETE', ifMatch: '*' });
    await api().update(1, { title: 'z' });
    expect(tagged.seen.at(-1)?.ifMatch).toBeUndefined();
  });

  it('a refused write rejects with a FacetHttpError carrying the body', async () => {
    const error = await api()
      .update(1, { title: 'y' }, undefined, { ifMatch: 'W/"old"' })
      .catch((e: unknown) => e);
    expect(isFacetHttpError(error)).toBe(true);
    expect(error).toMatchObject({ status: 412, code: 'precondition_failed', data: { message: 'changed' } });
  });

  it('refuses an empty ifMatch rather than sending an unconditional write', async () => {
    const count = tagged.seen.length;
    await expect(api().update(1, {}, undefined, { ifMatch: '' })).rejects.toThrow(TypeError);
    expect(tagged.seen.length).toBe(count);
  });
});
