import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computePageMeta, hasNextPage, hasPrevPage, pageCount } from './pageMeta.js';

describe('page meta', () => {
  it('counts pages, 0 when there are no items', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('computes the full meta, including past the last page', () => {
    expect(computePageMeta({ page: 2, perPage: 10, itemCount: 25 })).toEqual({
      page: 2,
      perPage: 10,
      itemCount: 25,
      pageCount: 3,
      hasPrevPage: true,
      hasNextPage: true,
    });
    expect(computePageMeta({ page: 1, perPage: 10, itemCount: 0 })).toMatchObject({
      pageCount: 0,
      hasPrevPage: false,
      hasNextPage: false,
    });
    expect(computePageMeta({ page: 5, perPage: 10, itemCount: 25 })).toMatchObject({
      hasPrevPage: true,
      hasNextPage: false,
    });
  });

  it('holds for any sizes: the pages hold every item and no empty page is counted', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.integer({ min: 1, max: 500 }), (itemCount, perPage) => {
        const count = pageCount(itemCount, perPage);
        expect(count * perPage).toBeGreaterThanOrEqual(itemCount);
        expect(Math.max(count - 1, 0) * perPage).toBeLessThan(Math.max(itemCount, 1));
        expect(hasNextPage(count, count)).toBe(false);
        expect(hasPrevPage(1)).toBe(false);
      }),
    );
  });

  it('refuses impossible input by name', () => {
    expect(() => computePageMeta({ page: 0, perPage: 10, itemCount: 1 })).toThrow(/`page`/);
    expect(() => computePageMeta({ page: 1, perPage: 0, itemCount: 1 })).toThrow(/`perPage`/);
    expect(() => pageCount(-1, 10)).toThrow(/`itemCount`/);
    expect(() => pageCount(1.5, 10)).toThrow(RangeError);
  });
});
