import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FacetQueryError } from '../issues.js';
import { decodeQuery } from './decodeQuery.js';
import { encodeQuery } from './encodeQuery.js';
import { isPrototypeKey } from './prototypeKeys.js';

// Strings chosen to break naive query-string handling: each is ambiguous as JSON, as a number, as
// query syntax or as a key.
const AWKWARD = [
  '2024',
  'true',
  'false',
  'null',
  '007',
  '1e3',
  '-0',
  '1e400',
  '12 ',
  ' 12',
  'true ',
  '[x]',
  '{x}',
  '"q"',
  '[1,2]',
  'a,b{c}',
  'x=y&z',
  '  padded  ',
  'a+b',
  '%41',
  '',
  'ü',
  'Ünïcödé 日本',
  '😀👩‍👩‍👧',
  'a.b',
  'a[0]',
  'a[]',
  ']',
  '"',
  '.',
  '\u2028',
  '\ud800',
];

const text = fc.oneof(
  fc.constantFrom(...AWKWARD),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);
const key = text.filter((candidate) => !isPrototypeKey(candidate));
const scalar = fc.oneof(
  text,
  fc.boolean(),
  fc.constant(null),
  fc.integer(),
  // JSON has no negative zero (`JSON.stringify([-0])` is `[0]`), so -0 inside an array, which travels
  // as JSON, comes back as 0: the property is over JSON values, where -0 and 0 are one number.
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
);
const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(key, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
}));
const query = fc.dictionary(key, value, { maxKeys: 6, noNullPrototype: true });

// The property is about the format, not the limits: generous limits keep large samples in play.
const roomy = { maxKeys: 10_000, maxNodes: 100_000 };

describe('encodeQuery / decodeQuery round trip', () => {
  it('gives back every JSON object, awkward strings and keys included', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(decodeQuery(encodeQuery(q), roomy)).toEqual(q);
      }),
      { numRuns: 400 },
    );
  });

  it('gives back each awkward string as a value, as a key and as a nested key', () => {
    for (const s of AWKWARD) {
      const q = { [s]: s, nested: { [s]: [s], deeper: { [s]: { [s]: s } } } };
      expect(decodeQuery(encodeQuery(q))).toEqual(q);
    }
  });

  it('also round-trips through URLSearchParams, as a browser would carry it', () => {
    fc.assert(
      fc.property(query, (q) => {
        expect(decodeQuery(new URLSearchParams(encodeQuery(q)), roomy)).toEqual(q);
      }),
      { numRuns: 100 },
    );
  });
});

describe('decodeQuery on arbitrary input', () => {
  const onlyFacetErrors = (input: Parameters<typeof decodeQuery>[0]) => {
    try {
      decodeQuery(input);
    } catch (error) {
      if (!(error instanceof FacetQueryError)) throw error;
    }
  };

  it('returns or throws FacetQueryError for any string, never anything else', () => {
    const alphabet = fc.constantFrom(
      'a',
      'b',
      '0',
      '1',
      '.',
      '[',
      ']',
      '=',
      '&',
      '%',
      '"',
      '{',
      '}',
      '+',
      '?',
      'e',
      '-',
    );
    const queryish = fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join(''));
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), queryish), onlyFacetErrors), {
      numRuns: 1000,
    });
  });

  it('returns or throws FacetQueryError for any record of strings', () => {
    const recordValue = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }));
    fc.assert(fc.property(fc.dictionary(fc.string(), recordValue), onlyFacetErrors), { numRuns: 300 });
  });
});
