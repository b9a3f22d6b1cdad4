// Query-string decoding over real HTTP: the same requests decode to the same objects under
// Express 5's `simple` parser, Express's `extended` parser (qs) and Fastify, through
// QueryTransformPipe (`@Query()`) and @FacetQuery() (the raw URL).
import { describe, expect, it } from 'vitest';
import { appsOnEveryPlatform, PLATFORMS } from './http-app.js';

const app = appsOnEveryPlatform();

// The spec 4.5 (docs/spec-conformance.md#45-query-string-parsing) example request, encoded as a browser's URLSearchParams encodes it.
const specExample = new URLSearchParams([
  ['where.published', 'true'],
  ['where.author.name.contains', 'ada'],
  ['where.author.name.mode', 'insensitive'],
  ['include.author.include.books.select.title', 'true'],
  ['include.author', 'true'],
  ['orderBy', JSON.stringify([{ title: 'asc' }, { id: 'desc' }])],
  ['page', '2'],
  ['perPage', '10'],
]).toString();

const DECODING_CASES: readonly [string, string, unknown][] = [
  [
    'the spec 4.5 example request',
    specExample,
    {
      where: { published: true, author: { name: { contains: 'ada', mode: 'insensitive' } } },
      include: { author: { include: { books: { select: { title: true } } } } },
      orderBy: [{ title: 'asc' }, { id: 'desc' }],
      page: 2,
      perPage: 10,
    },
  ],
  [
    'sibling dotted keys merge',
    'where.a=1&where.b.c=x&where.b.d=false',
    { where: { a: 1, b: { c: 'x', d: false } } },
  ],
  [
    'qs bracket keys',
    'where[author][name]=Ada&where[id][in][0]=1&where[id][in][1]=2',
    {
      where: { author: { name: 'Ada' }, id: { in: [1, 2] } },
    },
  ],
  [
    'dotted and bracket keys together',
    'where.title=x&where[pages][gt]=10',
    { where: { title: 'x', pages: { gt: 10 } } },
  ],
  [
    'JSON-quoted strings stay strings',
    'where.title=%222024%22&where.isbn=007&where.pages=12',
    {
      where: { title: '2024', isbn: '007', pages: 12 },
    },
  ],
  [
    'invalid JSON-like values stay strings',
    'where.title=%7Bnot%20json&term=%5Bx',
    { where: { title: '{not json' }, term: '[x' },
  ],
  [
    'a fields expression with braces and commas',
    'fields=id%2Cauthor%7Bname%7D',
    { fields: 'id,author{name}' },
  ],
];

describe.each(PLATFORMS)('decoding on %s', (platform) => {
  it.each(DECODING_CASES)('%s', async (_name, query, expected) => {
    for (const route of ['/echo/pipe', '/echo/raw']) {
      const response = await app(platform).get(`${route}?${query}`);
      expect({ route, ...response }).toEqual({ route, status: 200, body: expected });
    }
  });

  it.each([
    ['where.__proto__.polluted=1', 'where.__proto__'],
    ['where.constructor.prototype.polluted=1', 'where.constructor'],
    ['where=%7B%22__proto__%22%3A%7B%22polluted%22%3A1%7D%7D', 'where.__proto__'],
    ['orderBy=%5B%7B%22constructor%22%3A1%7D%5D', 'orderBy[0].constructor'],
  ])('refuses the hostile %s with a 400 naming %s', async (query, path) => {
    for (const route of ['/echo/pipe', '/echo/raw']) {
      const response = await app(platform).get(`${route}?${query}`);
      expect({ route, status: response.status }).toEqual({ route, status: 400 });
      expect(response.body).toMatchObject({ code: 'prototype_key', path });
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than the limit with a 400', async () => {
    const key = `where${'.a'.repeat(20)}`;
    const response = await app(platform).get(`/echo/raw?${key}=1`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'too_deep' });
  });

  it('validates page and perPage after decoding, with clear messages', async () => {
    for (const [query, message] of [
      ['page=0', 'page must be a positive integer'],
      ['page=-1', 'page must be a positive integer'],
      ['page=1.5', 'page must be a positive integer'],
      ['perPage=%2210%22', 'perPage must be a positive integer'],
      ['perPage=abc', 'perPage must be a positive integer'],
      ['orderBy=5', 'orderBy must be an object or a non-empty array of objects'],
    ]) {
      const response = await app(platform).get(`/echo/validated?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect((response.body as { message: string[] }).message).toContain(message);
    }
    const ok = await app(platform).get(
      '/echo/validated?page=3&perPage=5&where.title.in=%5B%22a%22%2C%22b%22%5D',
    );
    expect(ok).toEqual({ status: 200, body: { page: 3, perPage: 5, where: { title: { in: ['a', 'b'] } } } });
  });

  it('rejects __proto__ before ValidationPipe could strip it silently', async () => {
    const response = await app(platform).get('/echo/validated?where.__proto__.x=1&where.title=a');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'prototype_key', path: 'where.__proto__' });
  });
});

describe('what only @FacetQuery() can see', () => {
  it('qs drops bracketed __proto__ keys before any pipe runs; the raw URL still refuses them', async () => {
    const query = 'where[__proto__][published]=false&where[title]=x';
    const viaPipe = await app('express-extended').get(`/echo/pipe?${query}`);
    expect(viaPipe).toEqual({ status: 200, body: { where: { title: 'x' } } });
    for (const platform of PLATFORMS) {
      const viaRaw = await app(platform).get(`/echo/raw?${query}`);
      expect(viaRaw.status).toBe(400);
      expect(viaRaw.body).toMatchObject({ code: 'prototype_key', path: 'where.__proto__' });
    }
  });
});
