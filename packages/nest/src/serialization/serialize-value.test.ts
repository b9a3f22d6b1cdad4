import { Decimal } from '@prisma/client/runtime/client';
import { describe, expect, it } from 'vitest';
import { isDecimalLike } from './is-decimal-like.js';
import { serializeValue } from './serialize-value.js';

describe('serializeValue', () => {
  it('turns Prisma Decimals into exact strings, without exponent notation', () => {
    expect(serializeValue(new Decimal('0.1').plus('0.2'))).toBe('0.3');
    expect(serializeValue(new Decimal('99999999.99'))).toBe('99999999.99');
    // toString() would give '1e-7' and '1e+21'.
    expect(serializeValue(new Decimal('0.0000001'))).toBe('0.0000001');
    expect(serializeValue(new Decimal('1e21'))).toBe('1000000000000000000000');
    expect(serializeValue(new Decimal('-12.50'))).toBe('-12.5');
  });

  it('turns BigInt into its decimal string and keeps Dates and other instances', () => {
    const date = new Date('2024-01-02T03:04:05.678Z');
    const bytes = Buffer.from('ab');
    expect(serializeValue(9_007_199_254_740_993n)).toBe('9007199254740993');
    expect(serializeValue(date)).toBe(date);
    expect(serializeValue(bytes)).toBe(bytes);
  });

  it('walks plain objects and arrays without mutating them', () => {
    const input = { _sum: { sales: 5n, price: new Decimal('1.50') }, list: [1n, null], n: 3, s: 'x' };
    const out = serializeValue(input);
    expect(out).toEqual({ _sum: { sales: '5', price: '1.5' }, list: ['1', null], n: 3, s: 'x' });
    expect(input._sum.sales).toBe(5n);
    expect(JSON.stringify(out)).toBe('{"_sum":{"sales":"5","price":"1.5"},"list":["1",null],"n":3,"s":"x"}');
  });

  it('keeps a __proto__ key as data', () => {
    const input = JSON.parse('{"__proto__":{"polluted":1n}}'.replace('1n', '1'));
    const out = serializeValue(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
  });
});

describe('isDecimalLike', () => {
  it('recognizes decimal.js values by shape and nothing else', () => {
    expect(isDecimalLike(new Decimal(1))).toBe(true);
    expect(isDecimalLike({ toFixed: () => '1', d: [1], e: 0, s: 1 })).toBe(true);
    expect(isDecimalLike(1.5)).toBe(false);
    expect(isDecimalLike({ toFixed: () => '1' })).toBe(false);
    expect(isDecimalLike({ d: [1], e: 0, s: 1 })).toBe(false);
    expect(isDecimalLike(null)).toBe(false);
  });
});
