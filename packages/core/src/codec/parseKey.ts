import { fail } from './issue.js';
import { isPrototypeKey } from './prototypeKeys.js';

/** A key segment: an object key, an array index, or `APPEND` for an empty bracket (`a[]`). */
export type KeySegment = string | number;

/** `a[]=x`: the value goes to the end of the array. */
export const APPEND = -1;

export interface KeyLimits {
  readonly maxDepth: number;
  readonly maxArrayIndex: number;
}

/**
 * Splits one query-string key into segments. Accepted forms, freely mixed:
 * - dotted: `where.author.name`;
 * - brackets, as qs-based clients send them: `where[author][name]`, `ids[0]`, `ids[]`;
 * - JSON-quoted, for keys that contain `.`, `[` or `]` (what `encodeQuery` emits for them):
 *   `where."a.b".c`.
 *
 * A bracketed canonical integer (`[0]`, `[12]`, not `[01]`) is an array index; everything else,
 * including a dotted `.0`, is an object key, so objects with numeric keys survive a round trip.
 * Malformed keys (`a..b`, `a[b`, `a[b]c`) are refused rather than guessed at.
 */
export function parseKey(key: string, limits: KeyLimits): KeySegment[] {
  const segments: KeySegment[] = [];
  const length = key.length;
  let i = 0;
  for (;;) {
    let segment: string;
    if (key.charCodeAt(i) === 34) {
      const end = quotedEnd(key, i);
      if (end === -1) fail(malformed(segments, 'an unterminated quoted key'));
      segment = readQuoted(key.slice(i, end + 1), segments);
      i = end + 1;
    } else {
      let end = i;
      while (end < length) {
        const code = key.charCodeAt(end);
        if (code === 46 || code === 91) break;
        if (code === 93) fail(malformed(segments, "a ']' without '['"));
        end++;
      }
      if (end === i) fail(malformed(segments, 'an empty key segment'));
      segment = key.slice(i, end);
      i = end;
    }
    push(segments, segment, limits);
    while (key.charCodeAt(i) === 91) {
      const close = key.indexOf(']', i + 1);
      if (close === -1) fail(malformed(segments, "a '[' without ']'"));
      push(segments, bracketSegment(key.slice(i + 1, close), segments, limits), limits);
      i = close + 1;
    }
    if (i === length) return segments;
    if (key.charCodeAt(i) !== 46)
      fail(malformed(segments, "a character other than '.' or '[' where a segment ends"));
    i++;
  }
}

function push(segments: KeySegment[], segment: KeySegment, limits: KeyLimits): void {
  segments.push(segment);
  if (typeof segment === 'string' && isPrototypeKey(segment)) {
    fail({ code: 'prototype_key', path: segments.slice(), message: 'This key is not allowed.' });
  }
  if (segments.length > limits.maxDepth) {
    fail({
      code: 'too_deep',
      path: segments.slice(),
      limit: limits.maxDepth,
      message: `Keys may be at most ${limits.maxDepth} levels deep.`,
    });
  }
}

function bracketSegment(content: string, segments: KeySegment[], limits: KeyLimits): KeySegment {
  if (content === '') return APPEND;
  const index = canonicalIndex(content);
  if (index === -1) return content;
  if (index > limits.maxArrayIndex) {
    fail({
      code: 'too_many',
      path: [...segments.filter((segment) => segment !== APPEND), index],
      limit: limits.maxArrayIndex,
      message: `Array indexes may be at most ${limits.maxArrayIndex}.`,
    });
  }
  return index;
}

/** The integer a bracket holds, or -1 when it is not a canonical non-negative integer. */
function canonicalIndex(content: string): number {
  const length = content.length;
  if (length > 1 && content.charCodeAt(0) === 48) return -1;
  let value = 0;
  for (let i = 0; i < length; i++) {
    const code = content.charCodeAt(i);
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  // Past 2^53 the digits no longer name one index; any such index is over every sensible limit.
  return Math.min(value, Number.MAX_SAFE_INTEGER);
}

/** Index of the closing quote of a JSON string starting at `start`, or -1. */
function quotedEnd(key: string, start: number): number {
  for (let i = start + 1; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code === 92) i++;
    else if (code === 34) return i;
  }
  return -1;
}

function readQuoted(quoted: string, segments: readonly KeySegment[]): string {
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return fail(malformed(segments, 'an invalid quoted key'));
  }
}

function malformed(segments: readonly KeySegment[], what: string) {
  return {
    code: 'invalid_value' as const,
    path: segments.filter((segment) => segment !== APPEND),
    message: `The key is malformed: it has ${what}.`,
  };
}
