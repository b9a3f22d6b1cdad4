// Decoding what other serializers send: qs (as qs-based clients such as axios with a qs
// paramsSerializer do), URLSearchParams, and the records Node frameworks build (Express 5's
// `simple` parser is node:querystring, its `extended` parser is qs.parse).
import { parse as parseQuerystring } from 'node:querystring';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { FacetQueryError } from '../issues.js';
import { decodeQuery } from './decodeQuery.js';
import { encodeQuery } from './encodeQuery.js';

const query = {
  where: {
    published: true,
    title: { contains: 'Ada Lovelace' },
    id: { in: [1, 2, 3] },
    author: { name: { contains: 'Ada', mode: 'insensitive' } },
  },
  include: { author: { include: { books: { select: { title: true } } } }, reviews: true },
  orderBy: [{ title: 'asc' }, { id: 'desc' }],
  page: 2,
  perPage: 10,
};

describe('decoding what qs.stringify emits', () => {
  it.each([
    ['default (indices, encoded brackets)', {}],
    ["arrayFormat: 'indices'", { arrayFormat: 'indices' }],
    ["arrayFormat: 'brackets'", { arrayFormat: 'brackets' }],
    ['encode: false', { encode: false }],
    ['allowDots: true', { allowDots: true }],
    ['allowDots with brackets', { allowDots: true, arrayFormat: 'brackets' }],
  ] as const)('%s', (_, options) => {
    const text = qs.stringify(query, options);
    expect(decodeQuery(text)).toEqual(query);
    // The record Express's `extended` parser would build is lossy in two of these formats, before
    // Facet sees it: qs folds 'brackets' arrays of objects (orderBy[][title], orderBy[][id]) into
    // one object, and without allowDots it drops the `.title` of `orderBy[0].title`.
    if (!('arrayFormat' in options && options.arrayFormat === 'brackets') && !('allowDots' in options)) {
      expect(decodeQuery(qs.parse(text, { depth: 10 }) as Record<string, string>)).toEqual(query);
    }
  });

  it("refuses arrayFormat: 'repeat', which cannot be told from a repeated key", () => {
    expect(() => decodeQuery(qs.stringify({ ids: [1, 2] }, { arrayFormat: 'repeat' }))).toThrow(
      FacetQueryError,
    );
  });
});

describe('decoding what URLSearchParams emits', () => {
  it('reads its + for spaces and its encoding of JSON', () => {
    const params = new URLSearchParams();
    params.set('where.title.contains', 'Ada & Grace = 100%');
    params.set('orderBy', JSON.stringify([{ title: 'asc' }]));
    params.set('page', '2');
    const text = params.toString();
    expect(text).toContain('+');
    expect(decodeQuery(text)).toEqual({
      where: { title: { contains: 'Ada & Grace = 100%' } },
      orderBy: [{ title: 'asc' }],
      page: 2,
    });
  });
});

describe('the records Node frameworks hand over', () => {
  const awkward = {
    where: { title: { in: ['2024', 'true', 'null', '007', 'a,b{c}', 'x=y&z', '😀'] }, 'a.b': { '': 'x' } },
    fields: 'id,title,author{name}',
    '[weird]': ['a', { b: 'c' }],
  };

  it('reads our own encoding after node:querystring (Express simple, Fastify-like)', () => {
    const text = encodeQuery(awkward);
    expect(decodeQuery(parseQuerystring(text) as Record<string, string | string[]>)).toEqual(awkward);
  });

  it('reads our own encoding after qs.parse (Express extended)', () => {
    const text = encodeQuery(awkward);
    expect(decodeQuery(qs.parse(text) as Record<string, string>)).toEqual(awkward);
  });

  it('reads bracket keys after node:querystring, which leaves them flat', () => {
    const text = 'where[id][in][]=1&where[id][in][]=2&where[title]=x';
    expect(decodeQuery(parseQuerystring(text) as Record<string, string | string[]>)).toEqual({
      where: { id: { in: [1, 2] }, title: 'x' },
    });
  });
});
