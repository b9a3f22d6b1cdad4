import { FacetQueryError } from '@facet/core';
import { describe, expect, it } from 'vitest';
import { resolvePaging } from './paging.js';

const limits = { defaultPerPage: 20, maxPerPage: 100 };

function issuesOf(input: { page?: unknown; perPage?: unknown }) {
  try {
    resolvePaging(input, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(FacetQueryError);
    return (error as FacetQueryError).issues.map((issue) => ({ code: issue.code, path: issue.path }));
  }
  throw new Error('expected resolvePaging to throw');
}

describe('resolvePaging', () => {
  it('defaults page to 1 and perPage to the default', () => {
    expect(resolvePaging({}, limits)).toEqual({ page: 1, perPage: 20 });
  });

  it('accepts positive integers and their canonical strings, up to the maximum', () => {
    expect(resolvePaging({ page: 3, perPage: 100 }, limits)).toEqual({ page: 3, perPage: 100 });
    expect(resolvePaging({ page: '2', perPage: '15' }, limits)).toEqual({ page: 2, perPage: 15 });
  });

  it.each([
    0,
    -1,
    1.5,
    '1.5',
    '02',
    '1e2',
    ' 2',
    '',
    'abc',
    Number.NaN,
    Number.POSITIVE_INFINITY,
    [2],
    {},
    true,
    null,
  ])('refuses page %j', (page) => {
    expect(issuesOf({ page })).toEqual([{ code: 'invalid_type', path: ['page'] }]);
  });

  it('refuses perPage above the maximum with its limit, never clamping', () => {
    expect(issuesOf({ perPage: 101 })).toEqual([{ code: 'invalid_value', path: ['perPage'] }]);
  });

  it('refuses a page beyond maxPage (a deep offset is a budget), with its limit', () => {
    const bounded = { ...limits, maxPage: 50 };
    expect(resolvePaging({ page: 50 }, bounded)).toEqual({ page: 50, perPage: 20 });
    expect(() => resolvePaging({ page: 51 }, bounded)).toThrow(/page must not be greater than 50/);
    expect(resolvePaging({ page: 1e9 }, limits).page).toBe(1e9);
  });

  it('reports both keys at once', () => {
    expect(issuesOf({ page: 'x', perPage: 0 })).toEqual([
      { code: 'invalid_type', path: ['page'] },
      { code: 'invalid_type', path: ['perPage'] },
    ]);
  });
});
