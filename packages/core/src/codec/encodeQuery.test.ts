import { describe, expect, it } from 'vitest';
import type { QueryInput } from '../types.js';
import { decodeQuery } from './decodeQuery.js';
import { encodeQuery } from './encodeQuery.js';

describe('encodeQuery', () => {
  it('writes nested objects as dotted keys and arrays as JSON', () => {
    expect(
      encodeQuery({ where: { author: { name: { contains: 'Ada' } } }, orderBy: [{ title: 'asc' }], page: 2 }),
    ).toBe('where.author.name.contains=Ada&orderBy=%5B%7B%22title%22%3A%22asc%22%7D%5D&page=2');
  });

  it('JSON-quotes exactly the strings that would decode as something else', () => {
    expect(encodeQuery({ a: '2024', b: 'true', c: 'null', d: '[x]', e: '"q"', f: '1e3', g: ' 1 ' })).toBe(
      'a=%222024%22&b=%22true%22&c=%22null%22&d=%22%5Bx%5D%22&e=%22%5C%22q%5C%22%22&f=%221e3%22&g=%22%201%20%22',
    );
    expect(encodeQuery({ a: '007', b: 'Ada', c: '2024-01-01', d: 'a,b{c}', e: '', f: 'nullable' })).toBe(
      'a=007&b=Ada&c=2024-01-01&d=a%2Cb%7Bc%7D&e=&f=nullable',
    );
  });

  it('quotes keys the key grammar would split, and escapes brackets inside the quotes', () => {
    expect(encodeQuery({ where: { 'a.b': 1, '': 2, '"x': 3, 'c[0]': 4 } })).toBe(
      'where.%22a.b%22=1&where.%22%22=2&where.%22%5C%22x%22=3&where.%22c%5Cu005b0%5Cu005d%22=4',
    );
  });

  it('writes scalars so they decode to the same value', () => {
    const q = { t: true, f: false, n: null, zero: -0, big: 1e21, small: 1.5e-7, neg: -12 };
    expect(encodeQuery(q)).toBe('t=true&f=false&n=null&zero=-0&big=1e%2B21&small=1.5e-7&neg=-12');
    expect(Object.is(decodeQuery(encodeQuery(q)).zero, -0)).toBe(true);
  });

  it('writes an empty object as {} so it survives', () => {
    expect(encodeQuery({ include: {}, where: { a: undefined } })).toBe('include=%7B%7D&where=%7B%7D');
  });

  it('leaves out undefined, functions and symbols, as JSON does', () => {
    expect(encodeQuery({ a: undefined, b: () => 1, c: Symbol('x'), d: 1 })).toBe('d=1');
    expect(encodeQuery({})).toBe('');
  });

  it('honours toJSON (Date, Decimal-like) and keeps bigint digits as a string', () => {
    const decimal = { toJSON: () => '12.50' };
    const q = { at: new Date('2024-05-01T00:00:00.000Z'), price: decimal, id: 12345678901234567890n };
    expect(decodeQuery(encodeQuery(q))).toEqual({
      at: '2024-05-01T00:00:00.000Z',
      price: '12.50',
      id: '12345678901234567890',
    });
  });

  it('carries lone surrogates through JSON escapes instead of throwing', () => {
    const q = { '\ud800key': 'a\udc00b' };
    expect(decodeQuery(encodeQuery(q))).toEqual(q);
  });

  it('adds the ? prefix only when asked and only when there is something to send', () => {
    expect(encodeQuery({ a: 1 }, { addQueryPrefix: true })).toBe('?a=1');
    expect(encodeQuery({}, { addQueryPrefix: true })).toBe('');
  });

  it('refuses values it cannot encode', () => {
    expect(() => encodeQuery({ a: Number.NaN })).toThrow(/non-finite number at a/);
    expect(() => encodeQuery({ a: { b: Number.POSITIVE_INFINITY } })).toThrow(TypeError);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => encodeQuery(cycle)).toThrow(/contains itself/);
    expect(() => encodeQuery([] as unknown as Record<string, unknown>)).toThrow(TypeError);
    expect(() => encodeQuery(null as unknown as Record<string, unknown>)).toThrow(TypeError);
  });

  it('accepts a typed QueryInput (an interface without an index signature) without a cast', () => {
    interface BookWhere {
      title?: { contains?: string };
      year?: { gte?: number };
    }
    const query: QueryInput<BookWhere> = {
      where: { title: { contains: '2024' }, year: { gte: 1990 } },
      page: 3,
    };
    expect(decodeQuery(encodeQuery(query))).toEqual(query);
  });
});
