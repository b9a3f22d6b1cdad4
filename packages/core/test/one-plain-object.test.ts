// "Is this a plain object?" decides what the decoder accepts, what the server walks, copies and
// merges, and what stays a value (a Date, a Decimal). One function answers it, `isPlainObject` in
// codec/prototypeKeys.ts; this test reads the source of every package and fails on a second answer.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlainObject } from '../src/index.js';

const PACKAGES = new URL('../../', import.meta.url).pathname;
const HOME = 'core/src/codec/prototypeKeys.ts';

/** Every library source file of every package (not tests), relative to packages/. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name)
      ? [relative(PACKAGES, path)]
      : [];
  });
}

function librarySources(): string[] {
  return readdirSync(PACKAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      try {
        return sourceFiles(join(PACKAGES, entry.name, 'src'));
      } catch {
        return [];
      }
    });
}

/** The code of a file without its comments. */
function code(file: string): string {
  return readFileSync(join(PACKAGES, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** A definition of a plain-object guard under any name, or a prototype compared by hand. */
const SECOND_ANSWER = [
  /\bfunction\s+is\w*Plain\w*\s*[(<]/,
  /\b(const|let|var)\s+is\w*Plain\w*\s*[:=]/,
  // The old namesakes: a guard is named for what it checks (`isNonNullObject`, `isObjectOrFunction`).
  /\b(function|const|let|var)\s+is(Object|Record)\s*[(<:=]/,
  /[!=]==?\s*Object\.prototype\b(?!\.)/,
  /\bObject\.prototype\s*[!=]==?/,
];

describe('one plain-object rule', () => {
  it('is defined once, in @facet/core, and asked everywhere else', () => {
    const files = librarySources();
    expect(files).toContain(HOME);
    expect(files.some((file) => file.startsWith('nest/src/'))).toBe(true);
    expect(files.some((file) => file.startsWith('client/src/'))).toBe(true);
    const offenders = files.filter((file) => SECOND_ANSWER.some((pattern) => pattern.test(code(file))));
    expect(offenders).toEqual([HOME]);
  });

  it('the patterns find the shapes a second definition takes', () => {
    const shapes = [
      'function isPlainRecord(value: unknown): value is PlainRecord {',
      'const isPlainObject = (value: unknown) =>',
      'function isObject(value: unknown): value is Named {',
      'const isRecord = (value: unknown): value is Record<string, unknown> =>',
      'return prototype === Object.prototype || prototype === null;',
      'if (Object.prototype !== Object.getPrototypeOf(value)) return false;',
    ];
    for (const shape of shapes)
      expect(
        SECOND_ANSWER.some((pattern) => pattern.test(shape)),
        shape,
      ).toBe(true);
    expect(SECOND_ANSWER.some((pattern) => pattern.test('Object.prototype.hasOwnProperty.call(a, b)'))).toBe(
      false,
    );
  });

  it('takes objects whose prototype is Object.prototype or null, and nothing else', () => {
    for (const value of [{}, { a: 1 }, Object.create(null), JSON.parse('{"x":[1]}')]) {
      expect(isPlainObject(value)).toBe(true);
    }
    class Point {
      x = 1;
    }
    for (const value of [null, undefined, 1, 'a', [], [{}], new Date(0), new Point(), new Map(), () => 1]) {
      expect(isPlainObject(value)).toBe(false);
    }
    expect(isPlainObject(Object.create({ inherited: true }))).toBe(false);
  });
});
