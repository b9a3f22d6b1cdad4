import { describe, expect, it } from 'vitest';
import { FacetQueryError } from '../issues.js';
import { decodeQuery } from './decodeQuery.js';

describe('decodeQuery: keys', () => {
  it('nests dotted keys and merges siblings deeply', () => {
    expect(decodeQuery('where.a=1&where.b.c=x&where.b.d=y')).toEqual({
      where: { a: 1, b: { c: 'x', d: 'y' } },
    });
  });

  it('reads bracket keys as qs-based clients send them', () => {
    expect(decodeQuery('where[author][name][contains]=Ada&where[id][in][0]=1&where[id][in][1]=2')).toEqual({
      where: { author: { name: { contains: 'Ada' } }, id: { in: [1, 2] } },
    });
  });

  it('appends for empty brackets and compacts sparse indexes', () => {
    expect(decodeQuery('a[]=1&a[]=2&b[3]=x&b[1]=y')).toEqual({ a: [1, 2], b: ['y', 'x'] });
  });

  it('mixes dotted and bracket forms in one key', () => {
    expect(decodeQuery('where.AND[0].title=x&where.AND[1][id]=2')).toEqual({
      where: { AND: [{ title: 'x' }, { id: 2 }] },
    });
  });

  it('reads a dotted number as an object key, a non-canonical index as a key', () => {
    expect(decodeQuery('a.0=x&b[01]=y')).toEqual({ a: { '0': 'x' }, b: { '01': 'y' } });
  });

  it('reads JSON-quoted key segments, so keys may contain dots and brackets', () => {
    expect(decodeQuery('where.%22a.b%22.c=1&%22%5Bx%5D%22=2')).toEqual({
      where: { 'a.b': { c: 1 } },
      '[x]': 2,
    });
  });

  it('merges a JSON object with dotted siblings', () => {
    expect(decodeQuery('where=%7B%22a%22%3A1%7D&where.b=2')).toEqual({ where: { a: 1, b: 2 } });
  });

  it('accepts a leading ?, empty pairs and keys without =', () => {
    expect(decodeQuery('?&a=1&&flag')).toEqual({ a: 1, flag: '' });
    expect(decodeQuery('x&y&z=1&w&v=')).toEqual({ x: '', y: '', z: 1, w: '', v: '' });
    expect(decodeQuery('')).toEqual({});
  });

  it('refuses a value without a name, in every input shape, rather than drop it', () => {
    const nameless = [
      '=1',
      '?=1',
      '=',
      'a=1&=2',
      '=x&b=2',
      new URLSearchParams('a=1&=2'),
      new Map([['', 'x']]),
      { '': 'x' },
    ];
    for (const input of nameless) {
      let issues: unknown;
      try {
        decodeQuery(input);
      } catch (error) {
        issues = error instanceof FacetQueryError ? error.issues : error;
      }
      expect(issues, String(input)).toEqual([expect.objectContaining({ code: expect.any(String) })]);
    }
    expect(() => decodeQuery('a=1&=2')).toThrow(FacetQueryError);
    try {
      decodeQuery('a=1&=2');
    } catch (error) {
      expect((error as FacetQueryError).issues).toEqual([
        { code: 'unknown_key', path: [], message: 'A query parameter without a name is not accepted.' },
      ]);
    }
  });

  it('decodes + as a space and keeps malformed escapes as written', () => {
    expect(decodeQuery('q=a+b%20c&r=100%&s=%E0%A4%41')).toEqual({ q: 'a b c', r: '100%', s: '%E0%A4A' });
  });
});

// "spec 4.5" in these names: docs/spec-conformance.md#45-query-string-parsing.
describe('decodeQuery: values (spec 4.5)', () => {
  it('turns JSON-like strings into their values', () => {
    expect(
      decodeQuery(
        'a=false&b=true&c=null&d=12&e=-1.5e2&f=%5B1%2C2%5D&g=%7B%22x%22%3A%22y%22%7D&h=%22007%22&i=1e3',
      ),
    ).toEqual({ a: false, b: true, c: null, d: 12, e: -150, f: [1, 2], g: { x: 'y' }, h: '007', i: 1000 });
  });

  it('keeps invalid JSON-like strings as strings without throwing', () => {
    expect(decodeQuery('a=007&b=%5Bx%5D&c=%7Bx%7D&d=tru&e=2024-01-01&f=1.&g=nully&h=%22open&i=-')).toEqual({
      a: '007',
      b: '[x]',
      c: '{x}',
      d: 'tru',
      e: '2024-01-01',
      f: '1.',
      g: 'nully',
      h: '"open',
      i: '-',
    });
  });

  it('keeps a number that overflows to Infinity as a string', () => {
    expect(decodeQuery('a=1e400')).toEqual({ a: '1e400' });
  });

  it('decodes the spec 4.5 example request', () => {
    const orderBy = encodeURIComponent(JSON.stringify([{ title: 'asc' }, { author: { name: 'desc' } }]));
    const query =
      'where.published=true&where.author.name.contains=Ada&where.author.name.mode=insensitive' +
      '&include.author.include.books.select.title=true&include.author=true' +
      `&orderBy=${orderBy}&page=2&perPage=10`;
    expect(decodeQuery(query)).toEqual({
      where: { published: true, author: { name: { contains: 'Ada', mode: 'insensitive' } } },
      include: { author: { include: { books: { select: { title: true } } } } },
      orderBy: [{ title: 'asc' }, { author: { name: 'desc' } }],
      page: 2,
      perPage: 10,
    });
  });

  it('decodes the spec 4.5 detail request shape', () => {
    expect(
      decodeQuery(
        `fields=id,title,author%7Bname%7D&where.published=true&orderBy=${encodeURIComponent('{"id":"desc"}')}`,
      ),
    ).toEqual({ fields: 'id,title,author{name}', where: { published: true }, orderBy: { id: 'desc' } });
  });
});

describe('decodeQuery: input shapes', () => {
  it('reads URLSearchParams and Map', () => {
    const params = new URLSearchParams({ 'where.a.b': 'x y', ids: '[1,2]' });
    expect(decodeQuery(params)).toEqual({ where: { a: { b: 'x y' } }, ids: [1, 2] });
    expect(decodeQuery(new Map([['a.b', 'true']]))).toEqual({ a: { b: true } });
  });

  it('reads anything that only has entries()', () => {
    const entries = { entries: () => [['a[b]', '1'] as const][Symbol.iterator]() };
    expect(decodeQuery(entries)).toEqual({ a: { b: 1 } });
  });

  it('reads a flat record and a nested (qs extended) record alike', () => {
    const flat = { 'where.author.name': 'Ada', 'where[id][in][]': ['1', '2'], page: '2', skipped: undefined };
    const nested = { where: { author: { name: 'Ada' }, id: { in: ['1', '2'] } }, page: '2' };
    const expected = { where: { author: { name: 'Ada' }, id: { in: [1, 2] } }, page: 2 };
    expect(decodeQuery(flat)).toEqual(expected);
    expect(decodeQuery(nested)).toEqual(expected);
  });

  it('reads a null-prototype record, as node:querystring returns', () => {
    const record = Object.assign(Object.create(null) as Record<string, string>, { 'a.b': '1' });
    expect(decodeQuery(record)).toEqual({ a: { b: 1 } });
  });

  it('takes arrays in a record as arrays, since qs makes them from a[0]=1 as well as from a=1&a=2', () => {
    expect(decodeQuery({ ids: ['1'], page: ['1', '2'], 'where.id.in': ['3', '4'] })).toEqual({
      ids: [1],
      page: [1, 2],
      where: { id: { in: [3, 4] } },
    });
  });

  it('keeps numbers, booleans and null of a record built in code as they are', () => {
    expect(
      decodeQuery({ page: 2, where: { published: true, deletedAt: null, title: '2024' } } as never),
    ).toEqual({
      page: 2,
      where: { published: true, deletedAt: null, title: 2024 },
    });
  });

  it('refuses a value type no query parser produces', () => {
    expect(() => decodeQuery({ a: new Date() as unknown as string })).toThrow(FacetQueryError);
    expect(() => decodeQuery(42 as unknown as string)).toThrow(TypeError);
  });
});

describe('decodeQuery: repeated and conflicting keys', () => {
  const issueOf = (input: Parameters<typeof decodeQuery>[0]) => {
    try {
      decodeQuery(input);
    } catch (error) {
      if (error instanceof FacetQueryError) return error.issues[0];
      throw error;
    }
    throw new Error('expected a FacetQueryError');
  };

  it('refuses a repeated scalar key instead of picking one', () => {
    expect(issueOf('page=1&page=2')).toMatchObject({ code: 'invalid_value', path: ['page'] });
    expect(issueOf('a[0]=1&a[0]=2')).toMatchObject({ code: 'invalid_value', path: ['a', 0] });
  });

  it('refuses a key that is both a value and an object, or both an array and an object', () => {
    expect(issueOf('a=1&a.b=2')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a.b=2&a=1')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a[0]=1&a.b=2')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a.b=1&a[0]=2')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a=%5B1%5D&a=%5B2%5D')).toMatchObject({ code: 'invalid_value', path: ['a'] });
  });

  it('refuses malformed keys', () => {
    for (const key of ['a..b', 'a.', '.a', 'a[b', 'a]b', 'a[b]c', '[a]', '%22open.a', '%22%5Cx%22']) {
      expect(issueOf(`${key}=1`)).toMatchObject({ code: 'invalid_value' });
    }
  });
});
