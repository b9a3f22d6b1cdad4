import { describe, expect, it } from 'vitest';
import { hasNestedEmptyOr, hasTopLevelEmptyOr } from './empty-or.js';

describe('empty OR detection', () => {
  it('finds the top-level empty OR that CASL returns when no rule allows an action', () => {
    expect(hasTopLevelEmptyOr({ OR: [] })).toBe(true);
    expect(hasTopLevelEmptyOr({ OR: [], published: true })).toBe(true);
    expect(hasTopLevelEmptyOr({ OR: [{ published: true }] })).toBe(false);
    expect(hasTopLevelEmptyOr(undefined)).toBe(false);
  });

  it('finds empty ORs below the top level, in arrays and relation filters', () => {
    expect(hasNestedEmptyOr({ AND: [{ OR: [] }] })).toBe(true);
    expect(hasNestedEmptyOr({ author: { OR: [] } })).toBe(true);
    expect(hasNestedEmptyOr({ OR: [] })).toBe(false);
    expect(hasNestedEmptyOr({ AND: [{ OR: [{ a: 1 }] }], at: new Date(0) })).toBe(false);
  });
});
