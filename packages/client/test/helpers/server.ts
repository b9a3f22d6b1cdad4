import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { decodeQuery, isFacetQueryError } from '@facet/core';
import { listenLocally } from '@facet/test-support/net';
import { type Book, makeBooks } from './books.js';

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path and raw query string, exactly as sent. */
  url: string;
  path: string;
  rawQuery: string;
  query: Record<string, unknown>;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Hold {
  /** Resolves when a matching request has arrived (and is being held). */
  arrived: Promise<RecordedRequest>;
  /** Lets the held response go. */
  release(): void;
}

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: RecordedRequest[];
  /** Holds the response of the next request that matches until `release()`. */
  hold(match: (request: RecordedRequest) => boolean): Hold;
  /** Requests to the list endpoint, in arrival order. */
  listRequests(): RecordedRequest[];
  close(): Promise<void>;
}

class BadQuery extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const OPERATORS = new Set(['contains', 'mode', 'equals', 'in', 'gte', 'lte', 'gt', 'lt', 'not']);

function fieldMatches(value: unknown, condition: unknown, path: string): boolean {
  if (!isObject(condition)) return value === condition;
  for (const key of Object.keys(condition)) {
    if (!OPERATORS.has(key)) throw new BadQuery(`unknown operator ${path}.${key}`);
  }
  const c = condition;
  const insensitive = c.mode === 'insensitive';
  const fold = (text: unknown) => (insensitive ? String(text).toLowerCase() : String(text));
  if (c.contains !== undefined && !fold(value).includes(fold(c.contains))) return false;
  if (c.equals !== undefined && value !== c.equals) return false;
  if (c.in !== undefined && !(Array.isArray(c.in) && c.in.includes(value))) return false;
  if (c.gte !== undefined && !((value as number) >= (c.gte as number))) return false;
  if (c.lte !== undefined && !((value as number) <= (c.lte as number))) return false;
  if (c.gt !== undefined && !((value as number) > (c.gt as number))) return false;
  if (c.lt !== undefined && !((value as number) < (c.lt as number))) return false;
  if (c.not !== undefined && fieldMatches(value, c.not, path)) return false;
  return true;
}

/** A small Prisma-like `where` evaluator: AND/OR/NOT, to-one relations and common operators. */
function matches(item: Record<string, unknown>, where: unknown, path = 'where'): boolean {
  if (!isObject(where)) throw new BadQuery(`${path} must be an object`);
  return Object.entries(where).every(([key, condition]) => {
    if (key === 'AND') return (condition as unknown[]).every((part) => matches(item, part, `${path}.AND`));
    if (key === 'OR') return (condition as unknown[]).some((part) => matches(item, part, `${path}.OR`));
    if (key === 'NOT') return !matches(item, condition, `${path}.NOT`);
    if (!(key in item)) throw new BadQuery(`unknown field ${path}.${key}`);
    const value = item[key];
    return isObject(value)
      ? matches(value, condition, `${path}.${key}`)
      : fieldMatches(value, condition, `${path}.${key}`);
  });
}

function sortKey(item: Record<string, unknown>, rule: unknown): { value: unknown; direction: string } {
  if (!isObject(rule)) throw new BadQuery('orderBy entries must be objects');
  const [[field, spec] = []] = Object.entries(rule);
  if (field === undefined || !(field in item)) throw new BadQuery(`unknown orderBy field ${field}`);
  const value = item[field];
  return isObject(value) && isObject(spec) ? sortKey(value, spec) : { value, direction: String(spec) };
}

function list(books: Book[], query: Record<string, unknown>) {
  const page = query.page === undefined ? 1 : query.page;
  const perPage = query.perPage === undefined ? 20 : query.perPage;
  if (!Number.isInteger(page) || (page as number) < 1) throw new BadQuery('page must be a positive integer');
  if (!Number.isInteger(perPage) || (perPage as number) < 1 || (perPage as number) > 100) {
    throw new BadQuery('perPage must be an integer from 1 to 100');
  }
  const rows = books as unknown as Record<string, unknown>[];
  const filtered = query.where === undefined ? [...rows] : rows.filter((row) => matches(row, query.where));
  const rules =
    query.orderBy === undefined ? [] : Array.isArray(query.orderBy) ? query.orderBy : [query.orderBy];
  filtered.sort((a, b) => {
    for (const rule of rules) {
      const x = sortKey(a, rule);
      const y = sortKey(b, rule).value;
      if (x.value === y) continue;
      const order = (x.value as string) < (y as string) ? -1 : 1;
      return x.direction === 'desc' ? -order : order;
    }
    return 0;
  });
  const p = page as number;
  const n = perPage as number;
  const itemCount = filtered.length;
  const pageCount = Math.ceil(itemCount / n);
  const meta = { page: p, perPage: n, hasPrevPage: p > 1, hasNextPage: p < pageCount };
  // As a Facet server answers each count mode; this fake's "estimate" is the count itself.
  const totals =
    query.count === 'none'
      ? {}
      : query.count === 'estimated'
        ? { itemCount, pageCount, countMode: 'estimated' }
        : { itemCount, pageCount };
  return { items: filtered.slice((p - 1) * n, p * n), meta: { ...meta, ...totals } };
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
  response.end(text);
}

/**
 * A real HTTP server on an ephemeral port with a paged `books` resource under `/api/<version>/`,
 * honouring the decoded where, orderBy, page and perPage, and recording every request. `/` and
 * `/assets/*` can serve a test page (see `pages`).
 */
export async function startServer(
  pages: Record<string, { type: string; body: string }> = {},
): Promise<TestServer> {
  const books = makeBooks();
  const requests: RecordedRequest[] = [];
  const holds: {
    match: (request: RecordedRequest) => boolean;
    gate: Promise<void>;
    arrived: (r: RecordedRequest) => void;
  }[] = [];

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = request.url ?? '/';
    const [path = '/', rawQuery = ''] = url.split('?', 2) as [string, string?];
    const page = pages[path];
    if (page) {
      response.writeHead(200, { 'content-type': page.type });
      response.end(page.body);
      return;
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': '*',
      });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let query: Record<string, unknown>;
    try {
      query = decodeQuery(rawQuery);
    } catch (error) {
      if (!isFacetQueryError(error)) throw error;
      const [first] = error.issues;
      send(response, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: error.message,
        code: first.code,
        path: error.path,
        issues: [{ code: first.code, path: error.path, message: first.message }],
      });
      return;
    }
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      url,
      path,
      rawQuery,
      query,
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
    requests.push(recorded);
    const holdIndex = holds.findIndex((hold) => hold.match(recorded));
    if (holdIndex !== -1) {
      const [hold] = holds.splice(holdIndex, 1);
      hold?.arrived(recorded);
      await hold?.gate;
    }
    const route = /^\/api\/(v\d+)\/books(?:\/(find-by-id\/)?([^/]+))?\/?$/.exec(path);
    if (!route)
      return send(response, 404, { statusCode: 404, error: 'Not Found', message: `No route ${path}` });
    const [, , findById, rawId] = route;
    const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
    try {
      if (id === undefined) {
        if (recorded.method === 'GET') return send(response, 200, list(books, query));
        if (recorded.method === 'POST')
          return send(response, 201, { id: books.length + 1, ...(recorded.body as object) });
      } else if (id === 'aggregate' && !findById && recorded.method === 'GET') {
        // A count per group of `by` (one field), or of all rows: enough to see the route and the answer.
        if (query.by === undefined) return send(response, 200, { _count: { _all: books.length } });
        const field = query.by as keyof (typeof books)[number];
        const counts = new Map<unknown, number>();
        for (const book of books) counts.set(book[field], (counts.get(book[field]) ?? 0) + 1);
        const items = [...counts].map(([value, count]) => ({ [field]: value, _count: { _all: count } }));
        return send(response, 200, { items });
      } else if (id === 'count' && !findById && recorded.method === 'GET') {
        return send(
          response,
          200,
          list(books, { ...query, page: 1, perPage: 100, count: 'exact' }).meta.itemCount,
        );
      } else {
        const book = books.find((entry) => String(entry.id) === id);
        if (!book) {
          return send(response, 404, {
            statusCode: 404,
            error: 'Not Found',
            message: `No book ${id}`,
            code: 'not_found',
          });
        }
        if (recorded.method === 'GET') return send(response, 200, book);
        if (recorded.method === 'PATCH')
          return send(response, 200, { ...book, ...(recorded.body as object) });
        if (recorded.method === 'DELETE') return send(response, 200, book);
      }
      send(response, 405, { statusCode: 405, error: 'Method Not Allowed', message: recorded.method });
    } catch (error) {
      if (!(error instanceof BadQuery)) throw error;
      send(response, 400, {
        statusCode: 400,
        error: 'Bad Request',
        message: error.message,
        code: 'invalid_value',
        issues: [{ code: 'invalid_value', path: 'where', message: error.message }],
      });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { message: String(error) }));
  });
  const origin = await listenLocally(server);

  return {
    origin,
    requests,
    hold(match) {
      let release!: () => void;
      let arrived!: (request: RecordedRequest) => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const arrival = new Promise<RecordedRequest>((resolve) => {
        arrived = resolve;
      });
      holds.push({ match, gate, arrived });
      return { arrived: arrival, release };
    },
    listRequests: () => requests.filter((request) => /^\/api\/v\d+\/books\/?$/.test(request.path)),
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
