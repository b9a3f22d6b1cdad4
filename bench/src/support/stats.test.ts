import { describe, expect, it } from 'vitest';
import { median, relativeSpread } from './stats.js';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
  });
  it('averages the middle two of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
  it('is NaN for no values and leaves its input unsorted', () => {
    expect(median([])).toBeNaN();
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
  it('ignores one wild round, which is why the bench reports medians', () => {
    expect(median([10, 11, 10, 500, 9])).toBe(10);
  });
});

describe('relativeSpread', () => {
  it('is the interquartile range over the median', () => {
    expect(relativeSpread([8, 9, 10, 11, 12])).toBeCloseTo((11 - 9) / 10);
  });
  it('is 0 for identical or single values', () => {
    expect(relativeSpread([5, 5, 5])).toBe(0);
    expect(relativeSpread([5])).toBe(0);
  });
});
