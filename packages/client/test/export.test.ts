// The export calls of useModuleApi (`exportUrl`, `download`) against a real HTTP server that answers
// like Facet's export route: the URL is the list's encoding, the token goes with `download`, the
// bytes arrive whole in Node, and a refusal rejects with the parsed error body. The example's
// browser test runs the same calls against the real NestJS server in Chromium.
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { decodeQuery, encodeQuery } from '@facet/core';
import { listenLocally } from '@facet/test-support/net';
import { isAxiosError } from 'axios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, isFacetHttpError, useModuleApi } from '../src/api/index.js';
import { tableExportQuery } from '../src/table/index.js';
import type { Book } from './helpers/books.js';

const CSV = 'id,title\r\n1,"A, B"\r\n2,Ünïcode\r\n';
let origin: string;
let seen: IncomingMessage[] = [];
const server = createServer((request, response) => {
  seen.push(request);
  const [path = '', raw = ''] = (request.url ?? '').split('?', 2);
  const query = decodeQuery(raw);
  if (path !== '/api/v1/books/export' || query.fields === 'nope') {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'fields.nope is not a field',
      code: 'unknown_field',
      path: 'fields.nope',
    };
    response.writeHead(400, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    ...(query.where === undefined ? {} : { 'content-disposition': 'attachment; filename="books.csv"' }),
  });
  response.end(CSV);
});

beforeAll(async () => {
  origin = await listenLocally(server);
});
afterAll(async () => {
  server.close();
  await once(server, 'close');
});

const where = { title: { contains: '2024' }, published: true };
const orderBy = [{ title: 'desc' as const }];

describe('exportUrl', () => {
  it('is the absolute URL of GET <base>/export, encoded exactly like a list call', () => {
    const books = useModuleApi<Book>(createApiClient({ origin }, 'v2'), '/books/');
    const url = books.exportUrl({ format: 'csv', where, q: 'sea', orderBy, fields: 'id,title' });
    const [path, raw] = url.split('?', 2);
    expect(path).toBe(`${origin}/api/v2/books/export`);
    expect(raw).toBe(encodeQuery({ format: 'csv', where, q: 'sea', orderBy, fields: 'id,title' }));
    // The ambiguous text "2024" round-trips as a string, as in a list call.
    expect(decodeQuery(raw ?? '')).toEqual({ format: 'csv', where, q: 'sea', orderBy, fields: 'id,title' });
  });

  it('refuses a missing or unknown format, paging keys, and a client with a function origin', () => {
    const books = useModuleApi<Book>(createApiClient({ origin }), 'books');
    expect(() => books.exportUrl({} as never)).toThrow(/format/);
    expect(() => books.exportUrl({ format: 'xlsx' } as never)).toThrow(/'csv' or 'ndjson'/);
    expect(() => books.exportUrl({ format: 'csv', page: 2 } as never)).toThrow(/`page`/);
    const lazy = useModuleApi<Book>(createApiClient({ origin: () => origin }), 'books');
    expect(() => lazy.exportUrl({ format: 'csv' })).toThrow(/function origin/);
  });
});

describe('download', () => {
  it('fetches the export with the token header and gives the bytes, type and file name', async () => {
    seen = [];
    const books = useModuleApi<Book>(createApiClient({ origin, getToken: () => 'secret' }), 'books');
    const file = await books.download({ format: 'csv', where, fields: 'id,title' });
    expect(new TextDecoder().decode(file.data)).toBe(CSV);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.fileName).toBe('books.csv');
    expect(seen[0]?.headers.authorization).toBe('Bearer secret');
    expect(decodeQuery((seen[0]?.url ?? '').split('?')[1] ?? '')).toEqual({
      format: 'csv',
      where,
      fields: 'id,title',
    });
  });

  it('names the file after the endpoint when the answer has no Content-Disposition', async () => {
    const books = useModuleApi<Book>(createApiClient({ origin }), 'books');
    expect((await books.download({ format: 'ndjson' })).fileName).toBe('books.ndjson');
  });

  it('rejects a refusal with the parsed error body: FacetHttpError with facetErrors, AxiosError without', async () => {
    const facet = useModuleApi<Book>(createApiClient({ origin, facetErrors: true }), 'books');
    const error = await facet.download({ format: 'csv', fields: 'nope' as never }).catch((e: unknown) => e);
    expect(isFacetHttpError(error)).toBe(true);
    if (!isFacetHttpError(error)) return;
    expect(error.status).toBe(400);
    expect(error.code).toBe('unknown_field');
    expect(error.path).toBe('fields.nope');
    expect(error.message).toMatch(/fields.nope is not a field/);

    const plain = useModuleApi<Book>(createApiClient({ origin }), 'books');
    const raw = await plain.download({ format: 'csv', fields: 'nope' as never }).catch((e: unknown) => e);
    expect(isAxiosError(raw) && raw.response?.data).toMatchObject({ code: 'unknown_field' });
  });
});

describe('tableExportQuery', () => {
  it("takes the view's where, q, sort and visible fields, without paging, include or envelope", () => {
    const query = tableExportQuery(
      {
        page: 3,
        perPage: 50,
        sorting: [{ field: 'author.name', direction: 'asc' }],
        filters: { genre: 'FICTION' },
        search: 'sea',
        visibleColumns: ['title', 'author.name'],
      },
      {
        resource: useModuleApi<Book>(createApiClient({ origin }), 'books'),
        searchWith: 'q',
        where: { published: true },
        include: { author: true },
        baseFields: ['id'],
      },
    );
    expect(query).toEqual({
      where: { AND: [{ published: true }, { genre: { equals: 'FICTION' } }] },
      q: 'sea',
      orderBy: [{ author: { name: 'asc' } }],
      fields: 'id,title,author{name}',
    });
  });

  it('sends no fields when every column shows, and the search as a where without searchWith q', () => {
    const query = tableExportQuery(
      { page: 1, perPage: 20, sorting: [], filters: {}, search: 'sea', visibleColumns: null },
      { resource: useModuleApi<Book>(createApiClient({ origin }), 'books'), searchFields: ['title'] },
    );
    expect(query).toEqual({ where: { title: { contains: 'sea' } } });
  });
});
