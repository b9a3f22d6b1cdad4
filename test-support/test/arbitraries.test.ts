// The fast-check arbitraries the suites share, held to what they promise to generate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderByArbitrary } from '../src/fast-check.mjs';

describe('fast-check', () => {
  it('orderByArbitrary: distinct fields, relation fields nested, nulls only on the nullable ones', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(orderByArbitrary(['title', 'publishedAt', 'author.name'], ['publishedAt']), (orderBy) => {
        expect(orderBy.length).toBeLessThanOrEqual(3);
        const names = orderBy.map((term) => Object.keys(term)[0] as string);
        expect(new Set(names).size).toBe(names.length);
        for (const term of orderBy) {
          const [[name, sort]] = Object.entries(term) as [[string, unknown]];
          if (name === 'author') expect(['asc', 'desc']).toContain((sort as { name: string }).name);
          else if (typeof sort === 'object') {
            expect(name).toBe('publishedAt');
            expect(['first', 'last']).toContain((sort as { nulls: string }).nulls);
            seen.add('nulls');
          } else expect(['asc', 'desc']).toContain(sort);
          seen.add(name);
        }
      }),
    );
    // Every shape was generated: each field, and a `nulls` on the nullable one.
    expect([...seen].sort()).toEqual(['author', 'nulls', 'publishedAt', 'title']);
  });
});
