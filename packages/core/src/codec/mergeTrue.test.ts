import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FacetIssue, FacetQueryError } from '../issues.js';
import type { DecodeQueryOptions } from './decodeOptions.js';
import { type DecodeQueryInput, decodeQuery } from './decodeQuery.js';
import { encodeQuery } from './encodeQuery.js';
import { isPrototypeKey } from './prototypeKeys.js';

function issueOf(input: DecodeQueryInput, options?: DecodeQueryOptions): FacetIssue {
  try {
    decodeQuery(input, options);
  } catch (error) {
    if (error instanceof FacetQueryError) return error.issues[0];
    throw error;
  }
  throw new Error('expected a FacetQueryError');
}

describe('decodeQuery: `true` meeting an object under one key', () => {
  const nested = { author: { include: { books: { select: { title: true } } } } };

  it('becomes the object in either order (the example request of the specification)', () => {
    const deep = 'include.author.include.books.select.title=true';
    expect(decodeQuery(`include.author=true&${deep}`)).toEqual({ include: nested });
    expect(decodeQuery(`${deep}&include.author=true`)).toEqual({ include: nested });
  });

  it('works for bracket keys, JSON objects, and records that already hold `true`', () => {
    expect(decodeQuery('select[author]=true&select[author][select][name]=true')).toEqual({
      select: { author: { select: { name: true } } },
    });
    const json = encodeURIComponent('{"select":{"name":true}}');
    expect(decodeQuery(`include.author=true&include.author=${json}`)).toEqual({
      include: { author: { select: { name: true } } },
    });
    expect(decodeQuery(`include.author=${json}&include.author=true`)).toEqual({
      include: { author: { select: { name: true } } },
    });
    expect(
      decodeQuery(`include=${encodeURIComponent('{"author":true}')}&include.author.select.name=true`),
    ).toEqual({ include: { author: { select: { name: true } } } });
    expect(decodeQuery({ include: { author: 'true' }, 'include.author.select.name': 'true' })).toEqual({
      include: { author: { select: { name: true } } },
    });
    expect(decodeQuery({ 'include.author.select.name': 'true', include: { author: true } })).toEqual({
      include: { author: { select: { name: true } } },
    });
  });

  it('keeps merging siblings once the object has taken the place of `true`', () => {
    expect(
      decodeQuery('include.author=true&include.author.select.name=true&include.author.select.id=true'),
    ).toEqual({ include: { author: { select: { name: true, id: true } } } });
  });

  it('refuses every other scalar next to an object, and `true` next to an array or itself', () => {
    for (const scalar of ['false', '1', 'null', 'x', '%22true%22', 'True']) {
      expect(issueOf(`a=${scalar}&a.b=1`)).toMatchObject({ code: 'invalid_value', path: ['a'] });
      expect(issueOf(`a.b=1&a=${scalar}`)).toMatchObject({ code: 'invalid_value', path: ['a'] });
    }
    expect(issueOf('a=true&a[0]=1')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a[0]=1&a=true')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a=true&a=%5B1%5D')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a=true&a=true')).toMatchObject({ code: 'invalid_value', path: ['a'] });
    expect(issueOf('a=1&a=2')).toMatchObject({ code: 'invalid_value', path: ['a'] });
  });

  it('still refuses prototype keys under the object that replaces `true`', () => {
    expect(issueOf('a=true&a.__proto__.polluted=1')).toMatchObject({ code: 'prototype_key' });
    expect(issueOf(`a=true&a=${encodeURIComponent('{"__proto__":{"polluted":1}}')}`)).toMatchObject({
      code: 'prototype_key',
    });
    expect(issueOf(`a=${encodeURIComponent('{"constructor":{"x":1}}')}&a=true`)).toMatchObject({
      code: 'prototype_key',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps the depth and node budgets: the `true` that gave way still counts as a value sent', () => {
    expect(issueOf('a=true&a.b.c=1', { maxDepth: 2 })).toMatchObject({ code: 'too_deep' });
    expect(issueOf(`a=true&a=${encodeURIComponent('{"b":{"c":1}}')}`, { maxDepth: 2 })).toMatchObject({
      code: 'too_deep',
    });
    // The object, its two keys and the `true` parameter that was sent: four values.
    const json = encodeURIComponent('{"b":1,"c":2}');
    expect(decodeQuery(`a=true&a=${json}`, { maxNodes: 4 })).toEqual({ a: { b: 1, c: 2 } });
    expect(issueOf(`a=true&a=${json}`, { maxNodes: 3 })).toMatchObject({ code: 'too_many' });
    expect(issueOf(`a=${json}&a=true`, { maxNodes: 3 })).toMatchObject({ code: 'too_many' });
  });
});

describe('decodeQuery: `true` and an object, as a property', () => {
  const key = fc.string({ minLength: 1, maxLength: 6 }).filter((candidate) => !isPrototypeKey(candidate));
  const leaf = fc.oneof(fc.boolean(), fc.integer(), fc.constant(null), fc.string({ maxLength: 6 }));
  const { object } = fc.letrec((tie) => ({
    object: fc.dictionary(key, fc.oneof({ depthSize: 'small', maxDepth: 3 }, leaf, tie('object')), {
      maxKeys: 4,
      noNullPrototype: true,
    }),
  }));
  const path = fc.array(key, { minLength: 1, maxLength: 3 });

  function nest(keys: readonly string[], value: unknown): Record<string, unknown> {
    return keys.reduceRight<Record<string, unknown>>((inner, name) => ({ [name]: inner }), value as never);
  }

  it('decodes `path=true` beside the encoded object, in either order, to the object', () => {
    fc.assert(
      fc.property(path, object, (keys, value) => {
        const flag = encodeQuery(nest(keys, true));
        const body = encodeQuery(nest(keys, value));
        const expected = nest(keys, value);
        expect(decodeQuery(`${flag}&${body}`)).toEqual(expected);
        expect(decodeQuery(`${body}&${flag}`)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses any other scalar beside a non-empty object, in either order', () => {
    const other = fc.oneof(fc.constant(false), fc.integer(), fc.constant(null), fc.string({ maxLength: 6 }));
    const nonEmpty = object.filter((value) => Object.keys(value).length > 0);
    fc.assert(
      fc.property(path, other, nonEmpty, (keys, scalar, value) => {
        const flag = encodeQuery(nest(keys, scalar));
        const body = encodeQuery(nest(keys, value));
        expect(issueOf(`${flag}&${body}`)).toMatchObject({ code: 'invalid_value' });
        expect(issueOf(`${body}&${flag}`)).toMatchObject({ code: 'invalid_value' });
      }),
      { numRuns: 300 },
    );
  });
});
