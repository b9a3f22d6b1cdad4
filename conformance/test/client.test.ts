// Sections 1.1, 1.2, 1.6, 2.1, 3, 4.1, 4.2, 5, 6, 7.h and 9 of docs/spec-conformance.md: the built
// @facet/client (axios) against the example app over real HTTP.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import * as clientRoot from '@facet/client';
import { createApiClient, FacetHttpError, useModuleApi } from '@facet/client/api';
import * as autocomplete from '@facet/client/autocomplete';
import * as table from '@facet/client/table';
import { decodeQuery } from '@facet/core';
import * as nest from '@facet/nest';
import { listenLocally } from '@facet/test-support/net';
import axios, { AxiosError, isCancel } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningLibrary, startLibrary, tokenOf } from '../support/library.js';

interface Book {
  id: number;
  isbn: string;
  title: string;
  price: string;
  pages: number;
  genre: string;
  published: boolean;
  authorId: number;
  author?: { name: string };
}

let library: RunningLibrary;
/** A plain HTTP server that records each request, for what the example app cannot show (headers). */
let recorder: { server: Server; origin: string; requests: { url: string; headers: IncomingHttpHeaders }[] };

beforeAll(async () => {
  library = await startLibrary();
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    response.setHeader('content-type', 'application/json');
    response.end(request.url?.includes('/count') ? '7' : '{"items":[],"meta":{}}');
  });
  recorder = { server, origin: await listenLocally(server), requests };
}, 60_000);
afterAll(async () => {
  await library?.close();
  await new Promise((resolve) => recorder?.server.close(resolve));
});

const published = () => library.fixture.books.filter((book) => book.published);
const api = (options: Parameters<typeof createApiClient>[0] = {}) =>
  createApiClient({ origin: library.origin, ...options });
const editorApi = () => api({ getToken: () => tokenOf(library.fixture, 'editor') });
const lastRequest = () => recorder.requests.at(-1) as { url: string; headers: IncomingHttpHeaders };

/** The bare module specifiers the built files under `dir` import. */
function importsOf(dir: string): Set<string> {
  const specifiers = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(`${dir}${file}`, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const specifier = match[1] as string;
      if (!specifier.startsWith('.')) specifiers.add(specifier);
    }
  }
  return specifiers;
}

describe('1. What the service does (client)', () => {
  it('1.1 the client instance depends on no UI framework, state store, cookies or runtime configuration', async () => {
    const dist = fileURLToPath(new URL('../../packages/client/dist/esm/api/', import.meta.url));
    expect([...importsOf(dist)].sort()).toEqual(['@facet/core', 'axios']);
    const instance = createApiClient({ origin: recorder.origin });
    expect(instance.defaults.withCredentials).toBeFalsy();
    await instance.get('/books');
    expect(lastRequest().headers.cookie).toBeUndefined();
    expect(lastRequest().url).toBe('/api/v1/books');
  });

  it('1.2 the client wraps an endpoint into seven operations', async () => {
    const books = useModuleApi<Book>(api(), 'books');
    for (const name of ['query', 'get', 'findById', 'count', 'create', 'update', 'delete'] as const) {
      expect(typeof books[name], name).toBe('function');
    }
    expect(await books.count()).toBe(published().length);
  });

  it('1.6 the client exposes api, table and autocomplete sub-paths with createApiClient, useModuleApi, useTable, useAutocomplete', () => {
    expect(typeof createApiClient).toBe('function');
    expect(typeof useModuleApi).toBe('function');
    expect(typeof table.useTable).toBe('function');
    expect(typeof autocomplete.useAutocomplete).toBe('function');
    const exports = JSON.parse(
      readFileSync(new URL('../../packages/client/package.json', import.meta.url), 'utf8'),
    ).exports as Record<string, unknown>;
    expect(Object.keys(exports)).toEqual(expect.arrayContaining(['./api', './table', './autocomplete']));
  });
});

describe('2.1 Client-side list response', () => {
  it('2.1.a items: the page of results', async () => {
    const page = await useModuleApi<Book>(api(), 'books').query({ orderBy: { id: 'asc' }, perPage: 3 });
    expect(page.items.map((book) => book.id)).toEqual(
      published()
        .slice(0, 3)
        .map((book) => book.id),
    );
  });

  it('2.1.b meta: page information', async () => {
    const page = await useModuleApi<Book>(api(), 'books').query({ perPage: 3, page: 2 });
    expect(page.meta).toMatchObject({
      page: 2,
      perPage: 3,
      itemCount: published().length,
      pageCount: Math.ceil(published().length / 3),
    });
  });
});

describe('3. States and transitions', () => {
  it("3.a the table store's states go idle → fetching → success (Facet's choice)", async () => {
    const books = useModuleApi<Book>(api(), 'books');
    const store = table.createTableStore({ resource: books, perPage: 5 });
    const state = () => `${store.getState().status}/${store.getState().fetchStatus}`;
    const seen: string[] = [state()];
    await new Promise<void>((resolve) => {
      const stop = store.subscribe(() => {
        if (seen.at(-1) !== state()) seen.push(state());
        if (store.getState().status !== 'idle' && store.getState().fetchStatus === 'idle') {
          stop();
          resolve();
        }
      });
    });
    expect(seen).toEqual(['idle/idle', 'idle/fetching', 'success/idle']);
    expect(store.getState().items).toHaveLength(5);
  });
});

describe('4.1 Client construction', () => {
  it('4.1.a createApiClient(options, version?) returns an HTTP client instance', async () => {
    const instance = createApiClient({ origin: library.origin });
    expect(typeof instance.get).toBe('function');
    expect(typeof instance.interceptors.request.use).toBe('function');
    const response = await instance.get('/books/count');
    expect(response.status).toBe(200);
  });

  it('4.1.1 the base URL is <resolved origin>/api/v1', async () => {
    expect(createApiClient({ origin: `${library.origin}/` }).defaults.baseURL).toBe(
      `${library.origin}/api/v1`,
    );
    const later = createApiClient({ origin: async () => recorder.origin });
    await later.get('/books');
    expect(lastRequest().url).toBe('/api/v1/books');
  });

  it('4.1.2 a request interceptor resolves the token and the timezone for every request', async () => {
    const resolved: string[] = [];
    const zones = ['Asia/Kathmandu', 'America/St_Johns'];
    const client = createApiClient({
      origin: recorder.origin,
      getToken: () => {
        resolved.push('token');
        return `t${resolved.length}`;
      },
      getTimezone: async () => {
        resolved.push('zone');
        return zones[resolved.filter((what) => what === 'zone').length - 1];
      },
    });
    await client.get('/books');
    await client.get('/books');
    expect(resolved.sort()).toEqual(['token', 'token', 'zone', 'zone']);
    // Resolved, but sent in no header unless one is named (5.c).
    expect(Object.keys(lastRequest().headers).filter((name) => /zone/i.test(name))).toEqual([]);

    const named = createApiClient({ origin: recorder.origin, timezoneHeader: 'X-Timezone' });
    await named.get('/books');
    expect(lastRequest().headers['x-timezone']).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("4.1.3 responses are the underlying client's: interceptors, cancellation and errors keep working", async () => {
    const client = api();
    const statuses: number[] = [];
    client.interceptors.response.use((response) => {
      statuses.push(response.status);
      return response;
    });
    await client.get('/books/count');
    expect(statuses).toEqual([200]);
    const controller = new AbortController();
    controller.abort();
    const cancelled = await client
      .get('/books', { signal: controller.signal })
      .catch((error: unknown) => error);
    expect(isCancel(cancelled)).toBe(true);
    const missing = await client.get('/books/999999').catch((error: unknown) => error);
    expect(axios.isAxiosError(missing)).toBe(true);
    expect((missing as AxiosError).response?.status).toBe(404);
  });
});

describe('4.2 Client resource wrapper', () => {
  it('4.2.a nested parameters go through a nested-query-string serializer; ids are URL-encoded', async () => {
    const books = useModuleApi<Book>(createApiClient({ origin: recorder.origin }), 'books');
    const query = { where: { title: { contains: 'a b&c' }, author: { name: { in: ['x', 'y'] } } }, page: 2 };
    await books.query(query);
    const sent = lastRequest().url.split('?')[1] as string;
    expect(sent).toContain('where.title.contains=');
    expect(decodeQuery(sent)).toEqual(query);
    await books.get('a/b c?');
    expect(lastRequest().url).toBe('/api/v1/books/a%2Fb%20c%3F');

    // And the real server reads what the client sent.
    const real = useModuleApi<Book>(api(), 'books');
    const [first] = published();
    const page = await real.query({ where: { isbn: { in: [first?.isbn as string] } } });
    expect(page.items.map((book) => book.id)).toEqual([first?.id]);
  });

  it('4.2.b query(query?) is GET /endpoint and resolves to { items, meta }', async () => {
    const page = await useModuleApi<Book>(api(), 'books').query({ fields: 'id,title', perPage: 2 });
    expect(Object.keys(page).sort()).toEqual(['items', 'meta']);
    expect(Object.keys(page.items[0] ?? {}).sort()).toEqual(['id', 'title']);
  });

  it('4.2.c get(id, query?) is GET /endpoint/:id', async () => {
    const [first] = published();
    const book = await useModuleApi<Book>(api(), 'books').get(first?.id as number, { fields: 'title' });
    expect(book).toEqual({ title: first?.title });
  });

  it('4.2.d findById(id, query?) is GET /endpoint/find-by-id/:id', async () => {
    const [first] = published();
    const books = useModuleApi<Book>(createApiClient({ origin: recorder.origin }), 'books');
    await books.findById(first?.id as number);
    expect(lastRequest().url).toBe(`/api/v1/books/find-by-id/${first?.id}`);
    const book = await useModuleApi<Book>(api(), 'books').findById(first?.id as number, {
      fields: 'id,isbn',
    });
    expect(book).toEqual({ id: first?.id, isbn: first?.isbn });
  });

  it('4.2.e count(query?) is GET /endpoint/count and resolves to a number', async () => {
    const books = useModuleApi<Book>(api(), 'books');
    expect(await books.count({ where: { genre: 'POETRY' } })).toBe(
      published().filter((book) => book.genre === 'POETRY').length,
    );
  });

  it('4.2.f create(data, query?) is POST /endpoint with data as the body', async () => {
    const books = useModuleApi<Book>(editorApi(), 'books');
    const created = await books.create({
      isbn: '9790000000001',
      title: 'Created by the conformance suite',
      price: '1.00',
      pages: 10,
      genre: 'TECH',
      authorId: 1,
    });
    expect(created).toMatchObject({ isbn: '9790000000001', published: false });
    expect(await library.database.prisma.book.count({ where: { isbn: '9790000000001' } })).toBe(1);
  });

  it('4.2.g update(id, data, query?) is PATCH /endpoint/:id', async () => {
    const books = useModuleApi<Book>(editorApi(), 'books');
    const target = await library.database.prisma.book.create({
      data: { isbn: '9790000000002', title: 'Before', price: '1.00', pages: 1, genre: 'TECH', authorId: 1 },
    });
    const updated = await books.update(target.id, { title: 'After' });
    expect(updated).toMatchObject({ id: target.id, title: 'After' });
    expect((await library.database.prisma.book.findUnique({ where: { id: target.id } }))?.title).toBe(
      'After',
    );
  });

  it('4.2.h delete(id, query?) is DELETE /endpoint/:id', async () => {
    const admin = api({ getToken: () => tokenOf(library.fixture, 'admin') });
    const target = await library.database.prisma.book.create({
      data: { isbn: '9790000000003', title: 'Doomed', price: '1.00', pages: 1, genre: 'TECH', authorId: 1 },
    });
    const deleted = await useModuleApi<Book>(admin, 'books').delete(target.id);
    expect(deleted).toMatchObject({ id: target.id, title: 'Doomed' });
    expect(await library.database.prisma.book.findUnique({ where: { id: target.id } })).toBeNull();
  });

  it("4.2.i bodies of create and update are the example's input DTOs: a body that does not fit is a 400 (Facet's choice)", async () => {
    const books = useModuleApi<Book>(editorApi(), 'books');
    const refused = await books
      .create({ isbn: 'not-an-isbn', title: 'x', price: '1', pages: 1, genre: 'TECH', authorId: 1 })
      .catch((error: unknown) => error);
    expect((refused as AxiosError).response?.status).toBe(400);
    expect((refused as AxiosError<{ message: string }>).response?.data.message).toMatch(/isbn/);
  });

  it("4.2.j the server routes behind these paths come from ResourceController (Facet's choice)", async () => {
    expect(typeof nest.ResourceController).toBe('function');
    const books = useModuleApi<Book>(api(), 'authors');
    const page = await books.query({ perPage: 1 });
    const [author] = page.items;
    expect(await books.get(author?.id as number)).toMatchObject({ id: author?.id });
    expect(await books.findById(author?.id as number)).toMatchObject({ id: author?.id });
    expect(await books.count()).toBe(library.fixture.authors.length);
  });
});

describe('5. Authentication (client)', () => {
  it('5.1 the client resolves a token for every request in its interceptor', async () => {
    let token = 'first';
    const client = createApiClient({ origin: recorder.origin, getToken: () => token });
    await client.get('/books');
    expect(lastRequest().headers.authorization).toBe('Bearer first');
    token = 'second';
    await client.get('/books');
    expect(lastRequest().headers.authorization).toBe('Bearer second');
  });

  it("5.a the token comes from getToken(), sync or async; none is sent for null or '' (Facet's choice)", async () => {
    await createApiClient({ origin: recorder.origin, getToken: async () => 'async' }).get('/books');
    expect(lastRequest().headers.authorization).toBe('Bearer async');
    for (const none of [null, undefined, '']) {
      await createApiClient({ origin: recorder.origin, getToken: () => none }).get('/books');
      expect(lastRequest().headers.authorization).toBeUndefined();
    }
    // The example app reads it: an editor sees unpublished books.
    const all = await useModuleApi<Book>(editorApi(), 'books').count();
    expect(all).toBe(await library.database.prisma.book.count());
    expect(all).toBeGreaterThan(published().length);
  });

  it("5.b the token travels as Authorization: Bearer, with tokenHeader and tokenScheme to change it (Facet's choice)", async () => {
    await createApiClient({ origin: recorder.origin, getToken: () => 'abc' }).get('/books');
    expect(lastRequest().headers.authorization).toBe('Bearer abc');
    await createApiClient({
      origin: recorder.origin,
      getToken: () => 'abc',
      tokenHeader: 'X-Api-Key',
      tokenScheme: null,
    }).get('/books');
    expect(lastRequest().headers['x-api-key']).toBe('abc');
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it("5.c the timezone is sent in no header unless timezoneHeader names one (Facet's choice)", async () => {
    await createApiClient({ origin: recorder.origin }).get('/books');
    const before = Object.keys(lastRequest().headers).sort();
    expect(before.some((name) => /zone/i.test(name))).toBe(false);
    await createApiClient({
      origin: recorder.origin,
      timezoneHeader: 'X-Zone',
      getTimezone: () => 'Pacific/Chatham',
    }).get('/books');
    expect(lastRequest().headers['x-zone']).toBe('Pacific/Chatham');
  });
});

describe('6. Events', () => {
  it("6.a Facet defines no events: nothing to emit or listen to beyond the stores' subscribe (Facet's choice)", () => {
    const modules = { clientRoot, table, autocomplete, nest };
    for (const [name, module] of Object.entries(modules)) {
      const names = Object.keys(module).filter((key) => /event|emit|listen|^on[A-Z]/i.test(key));
      expect(names, name).toEqual([]);
    }
    const store = table.createTableStore({ resource: useModuleApi<Book>(api(), 'books') });
    expect(Object.keys(store).filter((key) => /event|emit|^on[A-Z]/i.test(key))).toEqual([]);
    expect(typeof store.subscribe).toBe('function');
  });
});

describe('7. Errors (client)', () => {
  it("7.h client errors are the underlying client's; facetErrors: true wraps them, keeping the axios error as cause", async () => {
    const plain = await api()
      .get('/books/999999')
      .catch((error: unknown) => error);
    expect(plain).toBeInstanceOf(AxiosError);
    const wrapped = await api({ facetErrors: true })
      .get('/books/999999')
      .catch((error: unknown) => error);
    expect(wrapped).toBeInstanceOf(FacetHttpError);
    expect((wrapped as FacetHttpError).status).toBe(404);
    expect((wrapped as FacetHttpError).cause).toBeInstanceOf(AxiosError);
  });
});

describe('9. Versioning', () => {
  it('9.1 the client base URL carries /api/v1', async () => {
    await createApiClient({ origin: recorder.origin }).get('/books');
    expect(lastRequest().url).toBe('/api/v1/books');
    expect(await useModuleApi<Book>(api(), 'books').count()).toBe(published().length);
  });

  it('9.2 createApiClient takes an optional second argument, version', async () => {
    await createApiClient({ origin: recorder.origin }, 'v3').get('/books');
    expect(lastRequest().url).toBe('/api/v3/books');
  });

  it("9.a version defaults to 'v1' and replaces that segment (Facet's choice)", () => {
    expect(createApiClient({ origin: 'https://api.example.test' }).defaults.baseURL).toBe(
      'https://api.example.test/api/v1',
    );
    expect(createApiClient({ origin: 'https://api.example.test' }, 'v2').defaults.baseURL).toBe(
      'https://api.example.test/api/v2',
    );
    expect(() => createApiClient({ origin: 'https://api.example.test' }, 'v1/extra')).toThrow(TypeError);
  });
});
