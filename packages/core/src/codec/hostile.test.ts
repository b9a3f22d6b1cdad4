import { parse as parseQuerystring } from 'node:querystring';
import { afterEach, describe, expect, it } from 'vitest';
import { type FacetIssue, FacetQueryError } from '../issues.js';
import { resolveDecodeOptions } from './decodeOptions.js';
import { type DecodeQueryInput, decodeQuery } from './decodeQuery.js';

function issueOf(input: DecodeQueryInput, options?: Parameters<typeof decodeQuery>[1]): FacetIssue {
  try {
    decodeQuery(input, options);
  } catch (error) {
    if (error instanceof FacetQueryError) return error.issues[0];
    throw error;
  }
  throw new Error('expected decodeQuery to refuse the input');
}

afterEach(() => {
  // Every case in this file must leave Object.prototype exactly as it was.
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toHaveLength(0);
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
});

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

describe('prototype keys are refused with the path that names them', () => {
  it.each([
    ['__proto__.polluted=1', ['__proto__']],
    ['__proto__[polluted]=1', ['__proto__']],
    ['a.__proto__.polluted=1', ['a', '__proto__']],
    ['a[__proto__][polluted]=1', ['a', '__proto__']],
    ['constructor.prototype.polluted=1', ['constructor']],
    ['a.constructor.prototype.polluted=1', ['a', 'constructor']],
    ['a[b][prototype]=1', ['a', 'b', 'prototype']],
    ['%22__proto__%22.polluted=1', ['__proto__']],
    ['a.%5F%5Fproto%5F%5F.polluted=1', ['a', '__proto__']],
    [`a=${encodeURIComponent('{"__proto__":{"polluted":1}}')}`, ['a', '__proto__']],
    [`a=${encodeURIComponent('{"\\u005f_proto__":{"polluted":1}}')}`, ['a', '__proto__']],
    [
      `a=${encodeURIComponent('[{"x":{"constructor":{"prototype":{"polluted":1}}}}]')}`,
      ['a', 0, 'x', 'constructor'],
    ],
    [`a.b=${encodeURIComponent('{"ok":[{"prototype":1}]}')}`, ['a', 'b', 'ok', 0, 'prototype']],
  ])('%s', (query, path) => {
    expect(issueOf(query)).toMatchObject({ code: 'prototype_key', path });
  });

  it('in records from every kind of Node query parser', () => {
    expect(issueOf(JSON.parse('{"__proto__":{"polluted":"1"}}'))).toMatchObject({
      code: 'prototype_key',
      path: ['__proto__'],
    });
    expect(issueOf(parseQuerystring('__proto__=1'))).toMatchObject({ code: 'prototype_key' });
    expect(issueOf(parseQuerystring('a[__proto__][polluted]=1'))).toMatchObject({ code: 'prototype_key' });
    expect(issueOf({ a: JSON.parse('{"b":{"__proto__":{"polluted":"1"}}}') })).toMatchObject({
      code: 'prototype_key',
      path: ['a', 'b', '__proto__'],
    });
    expect(issueOf({ a: [{ constructor: 'x' }] })).toMatchObject({ path: ['a', 0, 'constructor'] });
  });

  it('in URLSearchParams', () => {
    expect(issueOf(new URLSearchParams([['where[__proto__][polluted]', '1']]))).toMatchObject({
      code: 'prototype_key',
      path: ['where', '__proto__'],
    });
  });

  it('also names keys that only look like they are inherited, and lets them through', () => {
    expect(decodeQuery('toString=1&hasOwnProperty.x=2&valueOf[0]=3')).toEqual({
      toString: 1,
      hasOwnProperty: { x: 2 },
      valueOf: [3],
    });
  });
});

describe('limits', () => {
  it('refuses keys deeper than maxDepth', () => {
    const deep = `${Array.from({ length: 11 }, (_, i) => `k${i}`).join('.')}=1`;
    expect(issueOf(deep)).toMatchObject({ code: 'too_deep', limit: 10 });
    expect(decodeQuery(deep, { maxDepth: 11 })).toBeTypeOf('object');
    expect(issueOf('a[b][c]=1', { maxDepth: 2 })).toMatchObject({
      code: 'too_deep',
      path: ['a', 'b', 'c'],
      limit: 2,
    });
  });

  it('counts JSON nesting into the depth, without overflowing the stack on absurd input', () => {
    expect(issueOf(`a.b=${encodeURIComponent('[[[[[[[[[1]]]]]]]]]')}`)).toMatchObject({
      code: 'too_deep',
      limit: 10,
    });
    const absurd = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(issueOf({ a: absurd }, { maxValueLength: 1_000_000 })).toMatchObject({ code: 'too_deep' });
    let nested: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) nested = { n: nested };
    expect(issueOf(nested as DecodeQueryInput)).toMatchObject({ code: 'too_deep' });
  });

  it('refuses more than maxKeys parameters', () => {
    const many = Array.from({ length: 201 }, (_, i) => `k${i}=1`).join('&');
    expect(issueOf(many)).toMatchObject({ code: 'too_many', limit: 200 });
    expect(Object.keys(decodeQuery(many, { maxKeys: 201 }))).toHaveLength(201);
    expect(issueOf({ 'a[]': Array.from({ length: 201 }, () => 'x') })).toMatchObject({
      code: 'too_many',
    });
  });

  it('refuses values and keys longer than maxValueLength', () => {
    expect(issueOf(`q=${'x'.repeat(10_001)}`)).toMatchObject({
      code: 'too_many',
      path: ['q'],
      limit: 10_000,
    });
    expect(issueOf(`${'k'.repeat(10_001)}=1`)).toMatchObject({ code: 'too_many', limit: 10_000 });
    expect(decodeQuery(`q=${'x'.repeat(10_000)}`).q).toHaveLength(10_000);
  });

  it('refuses JSON values holding more than maxNodes values', () => {
    const wide = `a=${encodeURIComponent(JSON.stringify(Array.from({ length: 2_001 }, () => 0)))}`;
    expect(issueOf(wide)).toMatchObject({ code: 'too_many', limit: 2_000 });
    expect(issueOf(`a=${enc([1, 2, 3])}&b=${enc([4, 5])}`, { maxNodes: 6 })).toMatchObject({
      code: 'too_many',
      path: ['b', 1],
    });
  });

  it('refuses array indexes above maxArrayIndex instead of allocating them', () => {
    expect(issueOf('a[99999999]=1')).toMatchObject({ code: 'too_many', path: ['a', 99999999], limit: 1_000 });
    expect(issueOf('a[99999999999999999999]=1')).toMatchObject({ code: 'too_many', limit: 1_000 });
    expect(decodeQuery('a[1000]=1')).toEqual({ a: [1] });
    expect(issueOf('a[]=1&a[]=2&a[]=3', { maxArrayIndex: 1 })).toMatchObject({
      code: 'too_many',
      path: ['a', 2],
    });
  });

  it('refuses non-finite numbers inside JSON values', () => {
    expect(issueOf(`a=${encodeURIComponent('[1e400]')}`)).toMatchObject({
      code: 'invalid_value',
      path: ['a', 0],
    });
  });
});

describe('options', () => {
  it('validates every limit and names it', () => {
    expect(() => resolveDecodeOptions({ maxDepth: 0 })).toThrow(/`maxDepth`/);
    expect(() => resolveDecodeOptions({ maxKeys: 1.5 })).toThrow(RangeError);
    expect(() => decodeQuery('', { maxNodes: Number.NaN })).toThrow(/`maxNodes`/);
    expect(() => decodeQuery('', { maxArrayIndex: -1 })).toThrow(/`maxArrayIndex`/);
    expect(resolveDecodeOptions({ maxArrayIndex: 0 }).maxArrayIndex).toBe(0);
  });
});
