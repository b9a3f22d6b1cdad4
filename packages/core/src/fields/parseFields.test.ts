import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FacetIssue, FacetQueryError } from '../issues.js';
import type { FieldSelection } from './fieldSelection.js';
import { parseFields } from './parseFields.js';
import { stringifyFields } from './stringifyFields.js';

function issueOf(text: string, options?: Parameters<typeof parseFields>[1]): FacetIssue {
  try {
    parseFields(text, options);
  } catch (error) {
    if (error instanceof FacetQueryError) return error.issues[0];
    throw error;
  }
  throw new Error('expected parseFields to refuse the text');
}

describe('parseFields', () => {
  it('parses names, relations and nested relations', () => {
    expect(parseFields('a,b,rel{x,y{z}}')).toEqual({ a: true, b: true, rel: { x: true, y: { z: true } } });
  });

  it('accepts optional outer braces and whitespace between tokens', () => {
    const expected = { id: true, author: { name: true } };
    expect(parseFields('{id,author{name}}')).toEqual(expected);
    expect(parseFields(' { id ,\n\tauthor { name } } ')).toEqual(expected);
  });

  it('parses the envelope projection with empty selections', () => {
    expect(parseFields('items{id,title},meta{page,pageCount}')).toEqual({
      items: { id: true, title: true },
      meta: { page: true, pageCount: true },
    });
    expect(parseFields('items{}')).toEqual({ items: {} });
    expect(parseFields('')).toEqual({});
    expect(parseFields('{}')).toEqual({});
  });

  it('merges duplicates; a plain mention wins over a sub-selection', () => {
    expect(parseFields('a,a,rel{x},rel{y{z}},rel{y{w}}')).toEqual({
      a: true,
      rel: { x: true, y: { z: true, w: true } },
    });
    expect(parseFields('rel{x},rel')).toEqual({ rel: true });
    expect(parseFields('rel,rel{x}')).toEqual({ rel: true });
  });

  it('builds null-prototype selections, so inherited names never resolve', () => {
    const selection = parseFields('toString,rel{valueOf}');
    expect(Object.getPrototypeOf(selection)).toBeNull();
    expect(Object.getPrototypeOf(selection.rel)).toBeNull();
    expect(parseFields('id').toString).toBeUndefined();
  });

  it.each<[string, number, string[], string?]>([
    ['a,', 2, [], 'Expected a field name, found the end.'],
    [',a', 0, []],
    ['a,,b', 2, []],
    ['a b', 2, []],
    ['a{b', 3, ['a'], "The '{' at position 1 is never closed."],
    ['rel{x,}', 6, ['rel']],
    ['rel{x y}', 6, ['rel']],
    ['a}', 1, [], "Unexpected '}' without a matching '{'."],
    ['{a', 2, []],
    ['{a}}', 3, []],
    ['1a', 0, []],
    ['a-b', 1, []],
    ['a.b', 1, []],
    ['$a', 0, []],
    ['a{b{c,9}}', 6, ['a', 'b']],
    ['ü', 0, []],
  ])('refuses %j at position %i in %j', (text, position, path, message) => {
    const issue = issueOf(text);
    expect(issue).toMatchObject({ code: 'invalid_value', position, path });
    if (message !== undefined) expect(issue.message).toBe(message);
  });

  it('refuses prototype names with their position', () => {
    expect(issueOf('a,rel{__proto__}')).toMatchObject({
      code: 'prototype_key',
      path: ['rel', '__proto__'],
      position: 6,
    });
    expect(issueOf('constructor')).toMatchObject({ code: 'prototype_key', position: 0 });
  });

  it('enforces maxDepth at the offending brace', () => {
    expect(parseFields('a{b{c{d{e{f}}}}}')).toEqual({ a: { b: { c: { d: { e: { f: true } } } } } });
    expect(issueOf('a{b{c{d{e{f{g}}}}}}')).toMatchObject({
      code: 'too_deep',
      limit: 6,
      position: 11,
      path: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(issueOf('a{b}', { maxDepth: 1 })).toMatchObject({ code: 'too_deep', limit: 1, position: 1 });
    expect(issueOf('{'.repeat(1_000))).toMatchObject({ code: 'invalid_value' });
    expect(issueOf(`${'a{'.repeat(900)}`)).toMatchObject({ code: 'too_deep' });
  });

  it('enforces maxLength and maxFields', () => {
    expect(issueOf('a'.repeat(2_001))).toMatchObject({ code: 'too_many', limit: 2_000 });
    expect(parseFields('a'.repeat(2_000))).toEqual({ ['a'.repeat(2_000)]: true });
    expect(issueOf('a,b,c', { maxFields: 2 })).toMatchObject({ code: 'too_many', limit: 2, position: 4 });
  });

  it('validates its options by name', () => {
    expect(() => parseFields('a', { maxDepth: 0 })).toThrow(/`maxDepth`/);
    expect(() => parseFields('a', { maxLength: 2.5 })).toThrow(RangeError);
  });

  it('returns or throws FacetQueryError for any text, never anything else', () => {
    const alphabet = fc.constantFrom('a', 'b', '_', '1', '{', '}', ',', ' ', '.', '\n');
    const fieldish = fc.array(alphabet, { maxLength: 30 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(fc.oneof(fieldish, fc.string()), (text) => {
        try {
          parseFields(text);
        } catch (error) {
          if (!(error instanceof FacetQueryError)) throw error;
          expect(error.issues[0].path).toBeInstanceOf(Array);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('stringifyFields', () => {
  it('writes selections and dotted paths', () => {
    expect(stringifyFields({ id: true, author: { name: true, books: {} }, skipped: false })).toBe(
      'id,author{name,books{}}',
    );
    expect(stringifyFields(['id', 'author.name', 'author.books.title'])).toBe('id,author{name,books{title}}');
    expect(stringifyFields(['rel.x', 'rel'])).toBe('rel');
    expect(stringifyFields([])).toBe('');
  });

  it('refuses names parseFields would not read back', () => {
    expect(() => stringifyFields(['a..b'])).toThrow(TypeError);
    expect(() => stringifyFields({ 'a b': true })).toThrow(/a b/);
    expect(() => stringifyFields({ a: 1 as unknown as true })).toThrow(TypeError);
  });

  it('round-trips arbitrary selections through parseFields', () => {
    const name = fc
      .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/)
      .filter((candidate) => !['__proto__', 'constructor', 'prototype'].includes(candidate));
    const { selection } = fc.letrec<{ selection: FieldSelection }>((tie) => ({
      selection: fc.dictionary(
        name,
        fc.oneof({ depthSize: 'small', maxDepth: 4 }, fc.constant(true as const), tie('selection')),
        {
          maxKeys: 4,
        },
      ),
    }));
    fc.assert(
      fc.property(selection, (value) => {
        expect(parseFields(stringifyFields(value))).toEqual(value);
      }),
      { numRuns: 300 },
    );
  });
});
