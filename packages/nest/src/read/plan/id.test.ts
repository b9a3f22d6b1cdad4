import { describe, expect, it } from 'vitest';
import { detectIdType, parseId } from './id.js';

describe('parseId', () => {
  it('reads Int ids from canonical strings and integers only', () => {
    expect(parseId('42', 'int')).toBe(42);
    expect(parseId(42, 'int')).toBe(42);
    expect(parseId('-3', 'int')).toBe(-3);
    for (const raw of ['abc', '042', '+42', '4e1', '1.5', ' 42', '', '2147483648', 1.5, Number.NaN, null]) {
      expect(parseId(raw, 'int')).toBeUndefined();
    }
  });

  it('keeps String ids verbatim', () => {
    expect(parseId('007', 'string')).toBe('007');
    expect(parseId(7, 'string')).toBe('7');
  });

  it('reads no id from a text with NUL, whatever the type', () => {
    for (const type of ['string', 'as-given', 'int', 'bigint'] as const) {
      expect(parseId('\u0000', type)).toBeUndefined();
      expect(parseId('7\u0000', type)).toBeUndefined();
    }
  });

  it('reads BigInt ids within 64 bits', () => {
    expect(parseId('9007199254740993', 'bigint')).toBe(9_007_199_254_740_993n);
    expect(parseId('9223372036854775808', 'bigint')).toBeUndefined();
    expect(parseId('x', 'bigint')).toBeUndefined();
  });
});

describe('detectIdType', () => {
  const delegate = (type: string) => ({
    $name: 'Thing',
    $parent: { _runtimeDataModel: { models: { Thing: { fields: [{ name: 'id', type }] } } } },
  });

  it('maps Prisma types to id types', () => {
    expect(detectIdType(delegate('Int'), 'id')).toBe('int');
    expect(detectIdType(delegate('String'), 'id')).toBe('string');
    expect(detectIdType(delegate('BigInt'), 'id')).toBe('bigint');
  });

  it('passes ids as given when the delegate has no data model, or the type is not one it parses', () => {
    expect(detectIdType({}, 'id')).toBe('as-given');
    expect(detectIdType({ $name: 'Thing' }, 'id')).toBe('as-given');
    expect(detectIdType(delegate('Float'), 'id')).toBe('as-given');
  });

  it('reports an idField the data model does not have', () => {
    expect(() => detectIdType(delegate('Int'), 'uuid')).toThrow(/`uuid`/);
  });
});

describe("parseId 'as-given'", () => {
  it('hands strings, numbers and bigints over unchanged, and nothing else', () => {
    expect(parseId('007', 'as-given')).toBe('007');
    expect(parseId(7, 'as-given')).toBe(7);
    expect(parseId(7n, 'as-given')).toBe(7n);
    expect(parseId({ id: 1 }, 'as-given')).toBeUndefined();
  });
});
