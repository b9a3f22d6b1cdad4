// Property-based fuzzing of the two parsers that read attacker-written text: the query decoder and
// the fields grammar. Beyond "never anything but FacetQueryError", the generators aim at the shapes
// that broke peers (qs prototype pollution, bracket bombs, parameter floods) and check what a
// result must never contain, so a parser that "succeeds" wrongly fails here too.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_DECODE_OPTIONS,
  DEFAULT_PARSE_FIELDS_OPTIONS,
  type DecodeQueryInput,
  decodeQuery,
  type FacetIssueCode,
  FacetQueryError,
  type FieldSelection,
  isFacetQueryError,
  isFieldName,
  isFieldSelection,
  parseFields,
  type QueryRecord,
  stringifyFields,
} from '../src/index.js';

const ISSUE_CODES: readonly FacetIssueCode[] = [
  'invalid_type',
  'unknown_key',
  'forbidden_field',
  'too_deep',
  'too_many',
  'invalid_value',
  'prototype_key',
];
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];
const RUNS = { numRuns: 400 };

type Outcome<T> = { ok: true; value: T } | { ok: false; error: FacetQueryError };

/** Runs a parser; anything thrown that is not a well-formed FacetQueryError fails the property. */
function attempt<T>(run: () => T): Outcome<T> {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (!(error instanceof FacetQueryError)) throw error;
    expect(isFacetQueryError(error)).toBe(true);
    expect(error.issues.length).toBeGreaterThan(0);
    for (const issue of error.issues) {
      expect(ISSUE_CODES).toContain(issue.code);
      expect(typeof issue.message).toBe('string');
      expect(issue.message.length).toBeGreaterThan(0);
      for (const segment of issue.path) expect(['string', 'number']).toContain(typeof segment);
    }
    expect(error.code).toBe(error.issues[0].code);
    return { ok: false, error };
  }
}

/** No own key anywhere in a decoded value may name a prototype. */
function assertNoPrototypeKeys(value: unknown, seen = new Set<unknown>()): void {
  if (typeof value !== 'object' || value === null || seen.has(value)) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    expect(PROTOTYPE_KEYS).not.toContain(key);
    assertNoPrototypeKeys((value as Record<PropertyKey, unknown>)[key], seen);
  }
}

function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

function prototypeIsClean(): void {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PRISTINE_OBJECT_PROTOTYPE);
  expect(Object.keys(Object.prototype)).toHaveLength(0);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getOwnPropertyNames(Array.prototype)).not.toContain('polluted');
}
const PRISTINE_OBJECT_PROTOTYPE = Object.getOwnPropertyNames(Object.prototype).sort();
afterEach(prototypeIsClean);

// ---------------------------------------------------------------------------------------------
// Generators of hostile query strings.

const prototypeKey = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  '%5F%5Fproto%5F%5F',
  '__pro%74o__',
  '%22__proto__%22',
  '"constructor"',
);
const plainKey = fc.constantFrom('a', 'b', 'where', 'title', 'include', 'fields', 'x0', '0', '1', '');
const keySegment = fc.oneof({ weight: 4, arbitrary: plainKey }, { weight: 1, arbitrary: prototypeKey });

/** Keys with dots, brackets (balanced or not) and JSON-quoted segments. */
const hostileKey = fc
  .tuple(
    keySegment,
    fc.array(
      fc.tuple(fc.constantFrom('.', '[', ']', '[]', '][', '..', '"', '%5B', '%5D', '%2E'), keySegment),
      { maxLength: 8 },
    ),
  )
  .map(([head, rest]) => head + rest.map(([sep, seg]) => sep + seg).join(''));

/** Values: JSON-ish text with unbalanced braces and prototype keys, numbers at the edges, plain text. */
const hostileValue = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '[',
    ']',
    '{"a":',
    '[{"a":[{"b":',
    '{"__proto__":{"polluted":1}}',
    '{"constructor":{"prototype":{"polluted":1}}}',
    '[{"prototype":1}]',
    '{"a":1}}',
    '[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]',
    '1e999',
    '-0',
    'NaN',
    '9007199254740993',
    '0x10',
    'true',
    'null',
    '',
    '%',
    '%E0%A4%A',
    '%00',
  ),
  fc.json({ maxDepth: 4 }),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

const encodedPair = fc
  .tuple(hostileKey, hostileValue, fc.boolean())
  .map(([key, value, encode]) => `${key}=${encode ? encodeURIComponent(value) : value}`);

const hostileQuery = fc.oneof(
  fc.array(encodedPair, { maxLength: 12 }).map((pairs) => pairs.join('&')),
  // Bracket and dot bombs, far beyond maxDepth.
  fc
    .tuple(fc.integer({ min: 1, max: 3000 }), fc.constantFrom('[a]', '[', ']', '.a', '[0]', '[]', '{'))
    .map(([n, unit]) => `a${unit.repeat(n)}=1`),
  // JSON nesting bombs in one value.
  fc.integer({ min: 1, max: 5000 }).map((n) => `a=${'['.repeat(n)}1${']'.repeat(n)}`),
  fc.integer({ min: 1, max: 5000 }).map((n) => `a=${encodeURIComponent('{"a":'.repeat(n))}1`),
  // Separators only.
  fc.array(fc.constantFrom('&', '=', '?', '&&', '=='), { maxLength: 30 }).map((parts) => parts.join('')),
);

describe('decodeQuery fuzzing', () => {
  it('any hostile query string gives a prototype-free object or a FacetQueryError', () => {
    fc.assert(
      fc.property(hostileQuery, (query) => {
        const outcome = attempt(() => decodeQuery(query));
        if (outcome.ok) {
          assertNoPrototypeKeys(outcome.value);
          // Decoded depth never exceeds the limit (the root object counts as one level here).
          expect(depthOf(outcome.value)).toBeLessThanOrEqual(DEFAULT_DECODE_OPTIONS.maxDepth + 1);
        }
        prototypeIsClean();
      }),
      RUNS,
    );
  });

  it('refuses a query that names a prototype key as a key segment, wherever it sits', () => {
    const withPrototype = fc
      .tuple(
        fc.array(
          plainKey.filter((k) => k !== ''),
          { maxLength: 4 },
        ),
        fc.constantFrom(...PROTOTYPE_KEYS),
        fc.constantFrom('dot', 'bracket'),
      )
      .map(([prefix, proto, style]) => {
        const segments = ['a', ...prefix, proto, 'polluted'];
        return style === 'dot'
          ? `${segments.join('.')}=1`
          : `${segments[0]}${segments
              .slice(1)
              .map((s) => `[${s}]`)
              .join('')}=1`;
      });
    fc.assert(
      fc.property(withPrototype, (query) => {
        const outcome = attempt(() => decodeQuery(query));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(['prototype_key', 'invalid_value', 'too_deep']).toContain(outcome.error.code);
      }),
      RUNS,
    );
  });

  it('a parameter flood is refused with too_many, however it is spelled', () => {
    const flood = fc
      .tuple(
        fc.integer({ min: DEFAULT_DECODE_OPTIONS.maxKeys + 1, max: 20_000 }),
        fc.constantFrom('k%d=1', 'a[%d]=1', 'a.k%d=x', 'k%d'),
      )
      .map(([n, pattern]) => Array.from({ length: n }, (_, i) => pattern.replace('%d', String(i))).join('&'));
    fc.assert(
      fc.property(flood, (query) => {
        const outcome = attempt(() => decodeQuery(query));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error.code).toBe('too_many');
      }),
      { numRuns: 40 },
    );
  });

  it('URLSearchParams and Maps of hostile pairs behave as the equivalent string would', () => {
    const pairs = fc.array(fc.tuple(hostileKey, hostileValue), { maxLength: 10 });
    fc.assert(
      fc.property(pairs, (list) => {
        const params = new URLSearchParams();
        for (const [key, value] of list) params.append(key, value);
        const fromParams = attempt(() => decodeQuery(params));
        const fromString = attempt(() => decodeQuery(params.toString()));
        expect(fromParams.ok).toBe(fromString.ok);
        if (fromParams.ok && fromString.ok) expect(fromParams.value).toEqual(fromString.value);
        if (!fromParams.ok && !fromString.ok) expect(fromParams.error.code).toBe(fromString.error.code);
        if (fromParams.ok) assertNoPrototypeKeys(fromParams.value);

        // A Map keeps only the last value of a repeated key; it must still only ever decode or refuse.
        const fromMap = attempt(() => decodeQuery(new Map(list)));
        if (fromMap.ok) assertNoPrototypeKeys(fromMap.value);
      }),
      RUNS,
    );
  });

  it('records as Node parsers build them, with prototype keys planted by JSON.parse', () => {
    const { recordValue } = fc.letrec((tie) => ({
      recordValue: fc.oneof(
        { depthSize: 'small', maxDepth: 5 },
        hostileValue,
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.array(tie('recordValue'), { maxLength: 4 }),
        fc.dictionary(fc.oneof(plainKey, fc.constantFrom(...PROTOTYPE_KEYS)), tie('recordValue'), {
          maxKeys: 4,
        }),
      ),
    }));
    const record = fc
      .dictionary(fc.oneof(hostileKey, fc.constantFrom(...PROTOTYPE_KEYS)), recordValue, { maxKeys: 6 })
      // JSON round trip turns a `__proto__` entry into an own property, as JSON bodies and
      // querystring-style parsers deliver it; `undefined` entries disappear, `-0` becomes 0.
      .chain((value) =>
        fc.constantFrom(value, JSON.parse(JSON.stringify(value) ?? '{}') as Record<string, unknown>),
      );
    fc.assert(
      fc.property(record, (input) => {
        const outcome = attempt(() => decodeQuery(input as QueryRecord));
        if (outcome.ok) assertNoPrototypeKeys(outcome.value);
        // An `undefined` entry is an absent parameter, whatever its name; any other is refused.
        const planted = Object.keys(input).filter(
          (key) => PROTOTYPE_KEYS.includes(key) && (input as Record<string, unknown>)[key] !== undefined,
        );
        if (planted.length > 0) expect(outcome.ok).toBe(false);
      }),
      RUNS,
    );
  });

  it('a record nested far beyond maxDepth is refused with too_deep, not a stack overflow', () => {
    fc.assert(
      fc.property(fc.integer({ min: DEFAULT_DECODE_OPTIONS.maxDepth + 1, max: 20_000 }), (depth) => {
        let value: Record<string, unknown> = { leaf: '1' };
        for (let i = 0; i < depth; i++) value = { a: value };
        const outcome = attempt(() => decodeQuery(value as QueryRecord));
        expect(outcome.ok).toBe(false);
        if (!outcome.ok) expect(outcome.error.code).toBe('too_deep');
      }),
      { numRuns: 30 },
    );
  });

  it('inputs of the wrong kind are a TypeError, never a partial decode', () => {
    for (const input of [undefined, null, 42, true, Symbol('q')] as unknown[]) {
      expect(() => decodeQuery(input as DecodeQueryInput)).toThrow(TypeError);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The fields grammar.

const fieldsToken = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('id', 'title', 'author', 'books', 'a1', '_x', 'items', 'meta') },
  { weight: 4, arbitrary: fc.constantFrom('{', '}', ',', ' ', '{}', '}}', '{{', ',,') },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, 'toString', 'hasOwnProperty', 'valueOf') },
  { weight: 1, arbitrary: fc.constantFrom('.', '1a', '-', '*', '\u0000', '\n', 'é', '"', '[', ']') },
);
const fieldsText = fc.oneof(
  fc.array(fieldsToken, { maxLength: 40 }).map((tokens) => tokens.join('')),
  fc.integer({ min: 1, max: 3000 }).map((n) => `a${'{a'.repeat(n)}${'}'.repeat(n)}`),
  fc.integer({ min: 1, max: 3000 }).map((n) => '{'.repeat(n)),
  fc.integer({ min: 1, max: 3000 }).map((n) => '}'.repeat(n)),
  fc.integer({ min: 1, max: 2000 }).map((n) => Array.from({ length: n }, (_, i) => `f${i}`).join(',')),
  fc.string({ maxLength: 40 }),
);

function selectionDepth(selection: FieldSelection): number {
  let deepest = 0;
  for (const key of Object.keys(selection)) {
    const entry = selection[key];
    deepest = Math.max(deepest, entry === true ? 0 : selectionDepth(entry as FieldSelection));
  }
  return deepest + 1;
}

describe('parseFields fuzzing', () => {
  it('any text gives a well-formed selection within the limits, or a FacetQueryError', () => {
    fc.assert(
      fc.property(fieldsText, (text) => {
        const outcome = attempt(() => parseFields(text));
        if (outcome.ok) {
          expect(isFieldSelection(outcome.value)).toBe(true);
          assertNoPrototypeKeys(outcome.value);
          expect(selectionDepth(outcome.value)).toBeLessThanOrEqual(DEFAULT_PARSE_FIELDS_OPTIONS.maxDepth);
          // Inherited names never resolve on a parsed selection (the text may name `toString` itself,
          // which the server then refuses as an unknown field; here it is an own key).
          const selection = outcome.value as Record<string, unknown>;
          if (!Object.hasOwn(selection, 'toString')) expect(selection.toString).toBeUndefined();
        }
      }),
      RUNS,
    );
  });

  it('unbalanced braces are always refused', () => {
    const unbalanced = fc
      .array(fc.constantFrom('a', ',', '{', '}'), { minLength: 1, maxLength: 30 })
      .map((chars) => chars.join(''))
      .filter((text) => {
        let open = 0;
        for (const char of text) {
          open += char === '{' ? 1 : char === '}' ? -1 : 0;
          if (open < 0) return true;
        }
        return open !== 0;
      });
    fc.assert(
      fc.property(unbalanced, (text) => {
        const outcome = attempt(() => parseFields(text));
        expect(outcome.ok).toBe(false);
      }),
      RUNS,
    );
  });
});

describe('stringifyFields fuzzing', () => {
  const { selectionLike } = fc.letrec((tie) => ({
    selectionLike: fc.dictionary(
      fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom('id', 'title', 'author', 'books', '_a', 'B2') },
        { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS, '', '1a', 'a.b', 'a b', '{', 'é') },
        { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
      ),
      fc.oneof(
        { depthSize: 'small', maxDepth: 4 },
        fc.constantFrom<unknown>(true, false, undefined, null, 1, 'x', []),
        tie('selectionLike'),
      ),
      { maxKeys: 5 },
    ),
  }));

  it('any record gives text that parseFields reads back, or a TypeError', () => {
    fc.assert(
      fc.property(selectionLike, (input) => {
        let text: string;
        try {
          text = stringifyFields(input as FieldSelection);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          return;
        }
        const outcome = attempt(() => parseFields(text));
        if (outcome.ok) {
          // Everything written is readable by name, and nothing but grammar names was written.
          for (const key of Object.keys(outcome.value)) expect(isFieldName(key)).toBe(true);
          expect(stringifyFields(outcome.value)).toBe(text);
        } else {
          // Only a limit may refuse what stringifyFields wrote (a prototype name is a refusal too).
          expect(['too_deep', 'too_many', 'prototype_key']).toContain(outcome.error.code);
        }
      }),
      RUNS,
    );
  });

  it('dotted path lists give parseable text or a TypeError', () => {
    const path = fc
      .array(fc.oneof(fc.constantFrom('a', 'b', 'id', '__proto__', ''), fc.string({ maxLength: 4 })), {
        minLength: 1,
        maxLength: 5,
      })
      .map((parts) => parts.join('.'));
    fc.assert(
      fc.property(fc.array(path, { maxLength: 6 }), (paths) => {
        let text: string;
        try {
          text = stringifyFields(paths);
        } catch (error) {
          expect(error).toBeInstanceOf(TypeError);
          return;
        }
        const outcome = attempt(() => parseFields(text));
        if (!outcome.ok) expect(['too_deep', 'too_many', 'prototype_key']).toContain(outcome.error.code);
      }),
      RUNS,
    );
  });
});
