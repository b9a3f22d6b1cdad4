import { isFacetQueryError, parseFields } from '@facet/core';
import { describe, expect, it } from 'vitest';
import { FIELDS_CACHE_MAX_LENGTH, FIELDS_CACHE_SIZE, parseFieldsCached } from './parse-fields-cached.js';

// Unique per test file run, so entries of other tests in this module cannot answer for these.
let serial = 0;
const unique = (base: string) => `${base},f${++serial}x`;

describe('parseFieldsCached', () => {
  it('returns what parseFields returns, and the same instance for the same text', () => {
    const text = unique('id,title,author{name,country}');
    const first = parseFieldsCached(text);
    expect(first).toEqual(parseFields(text));
    expect(parseFieldsCached(text)).toBe(first);
  });

  it('shares a deeply frozen selection, so no request can change what the next one reads', () => {
    const selection = parseFieldsCached(unique('author{name}'));
    expect(Object.isFrozen(selection)).toBe(true);
    expect(Object.isFrozen(selection.author)).toBe(true);
    expect(() => {
      (selection as Record<string, unknown>).extra = true;
    }).toThrow(TypeError);
  });

  it('keys by the limits too: a text allowed under one limit stays refused under a stricter one', () => {
    const text = unique('author{books{title}}');
    expect(parseFieldsCached(text)).toEqual(parseFields(text));
    const strict = { maxDepth: 2 };
    expect(() => parseFieldsCached(text, strict)).toThrow(
      expect.objectContaining({ name: 'FacetQueryError' }),
    );
    // ...and the other way round, the refusal is not cached either.
    expect(() => parseFieldsCached(text, strict)).toThrow();
    expect(parseFieldsCached(text, { maxDepth: 3 })).toEqual(parseFields(text));
  });

  it('never caches refused input: it throws the same issue every time', () => {
    const text = unique('id,{');
    const errors = [0, 1].map(() => {
      try {
        parseFieldsCached(text);
      } catch (error) {
        return error;
      }
      return undefined;
    });
    for (const error of errors) expect(isFacetQueryError(error)).toBe(true);
    expect(errors[0]).not.toBe(errors[1]);
    expect((errors[1] as { issues: unknown }).issues).toEqual((errors[0] as { issues: unknown }).issues);
  });

  it('is bounded: the least recently used entry goes first', () => {
    const kept = unique('kept');
    const evicted = unique('evicted');
    const keptSelection = parseFieldsCached(kept);
    const evictedSelection = parseFieldsCached(evicted);
    for (let i = 0; i < FIELDS_CACHE_SIZE - 1; i++) {
      // Touch `kept` as a hot endpoint would; `evicted` is never asked for again.
      expect(parseFieldsCached(kept)).toBe(keptSelection);
      parseFieldsCached(unique('filler'));
    }
    expect(parseFieldsCached(kept)).toBe(keptSelection);
    const again = parseFieldsCached(evicted);
    expect(again).not.toBe(evictedSelection);
    expect(again).toEqual(evictedSelection);
  });

  it('parses over-long texts every time instead of keeping them', () => {
    const text = `id${',title'.repeat(FIELDS_CACHE_MAX_LENGTH / 6 + 1)}`;
    expect(text.length).toBeGreaterThan(FIELDS_CACHE_MAX_LENGTH);
    const first = parseFieldsCached(text);
    expect(first).toEqual(parseFields(text));
    expect(parseFieldsCached(text)).not.toBe(first);
  });
});
