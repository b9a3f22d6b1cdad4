import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NOT_JSON, readJsonLike } from './readJsonLike.js';

/** The rule spelled out the slow way: whatever JSON.parse accepts, except a bare non-finite number. */
function reference(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'number' && !Number.isFinite(value) ? NOT_JSON : value;
  } catch {
    return NOT_JSON;
  }
}

describe('readJsonLike', () => {
  it('agrees with JSON.parse on number-, literal- and JSON-shaped text', () => {
    const jsonish = fc.constantFrom(...'0123456789-+.eE tfnrulsa"[]{},: \t\n'.split(''));
    const candidates = fc.oneof(
      fc.array(jsonish, { maxLength: 12 }).map((chars) => chars.join('')),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc.string(),
    );
    fc.assert(
      fc.property(candidates, (text) => {
        expect(readJsonLike(text)).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['007', NOT_JSON],
    ['1e3', 1000],
    ['-0', -0],
    ['1.', NOT_JSON],
    ['.5', NOT_JSON],
    ['+1', NOT_JSON],
    ['1e400', NOT_JSON],
    ['true ', true],
    [' null', null],
    ['nul', NOT_JSON],
    ['"a"', 'a'],
    ['', NOT_JSON],
  ])('reads %j as %j', (text, expected) => {
    expect(readJsonLike(text)).toStrictEqual(expected);
  });
});
