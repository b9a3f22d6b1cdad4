import { type DecodeQueryOptions, resolveDecodeOptions } from './decodeOptions.js';
import { fail, pathOf } from './issue.js';
import { APPEND, type KeySegment, parseKey } from './parseKey.js';
import { decodeComponent } from './percent.js';
import { isPlainObject, isPrototypeKey } from './prototypeKeys.js';
import { QueryTree } from './queryTree.js';

/**
 * Anything that hands out query parameters one by one: `URLSearchParams`, a `Map`, or a look-alike.
 * Typed structurally so that core needs no DOM types.
 */
export type QueryParamsLike =
  | { forEach(callback: (value: string, key: string) => void): void }
  | { entries(): Iterable<readonly [string, string]> };

/**
 * A value of an already-parsed query record: strings, arrays and objects as Express's `simple` and
 * `extended` parsers and Fastify build them. Numbers, booleans and null are taken as already decoded.
 */
export type QueryRecordValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly QueryRecordValue[]
  | { readonly [key: string]: QueryRecordValue };

/** A query a Node framework has already parsed (`req.query`). */
export type QueryRecord = { readonly [key: string]: QueryRecordValue };

/** What `decodeQuery` accepts: a query string (with or without `?`), a params object, or a record. */
export type DecodeQueryInput = string | QueryParamsLike | QueryRecord;

/**
 * Decodes a query into a plain object, following Facet's wire format (see the package README):
 * dotted, bracket and JSON-quoted keys nest; values that parse as JSON become those values (spec
 * 4.5), other values stay strings. Sibling keys merge deeply, and `true` meeting an object under
 * one key becomes the object. A key given twice is otherwise refused unless it says it builds an
 * array (`a[]=1&a[]=2`, `a[0]=1&a[1]=2`).
 *
 * @throws {FacetQueryError} for hostile or contradictory input: prototype keys anywhere
 *   (`prototype_key`), nesting deeper than `maxDepth` (`too_deep`), more than `maxKeys` parameters,
 *   over-long keys or values, too many values, array indexes above `maxArrayIndex` (`too_many`),
 *   malformed, repeated or conflicting keys (`invalid_value`), and a value without a name (`?=1`,
 *   `unknown_key`). Never for a value that merely fails
 *   to parse as JSON: that stays a string.
 * @throws {TypeError} when `input` is none of the accepted shapes; {RangeError} for a bad option.
 */
export function decodeQuery(input: DecodeQueryInput, options?: DecodeQueryOptions): Record<string, unknown> {
  const tree = new QueryTree(resolveDecodeOptions(options));
  if (typeof input === 'string') decodeString(input, tree);
  else if (input === null || typeof input !== 'object') {
    throw new TypeError('decodeQuery expects a query string, a URLSearchParams-like object or a record.');
  } else if (typeof (input as { forEach?: unknown }).forEach === 'function') {
    (input as { forEach(callback: (value: string, key: string) => void): void }).forEach((value, key) => {
      addParameter(tree, String(key), String(value));
    });
  } else if (typeof (input as { entries?: unknown }).entries === 'function') {
    for (const [key, value] of (input as { entries(): Iterable<readonly [string, string]> }).entries()) {
      addParameter(tree, String(key), String(value));
    }
  } else {
    decodeRecord(input as QueryRecord, tree);
  }
  return tree.finish();
}

function decodeString(query: string, tree: QueryTree): void {
  const length = query.length;
  let start = query.charCodeAt(0) === 63 ? 1 : 0;
  // The next '=' is remembered across pairs, so pairs without one cannot make the scan quadratic.
  let equals = -1;
  while (start < length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = length;
    if (end > start) {
      if (equals < start) {
        equals = query.indexOf('=', start);
        if (equals === -1) equals = length;
      }
      const split = Math.min(equals, end);
      const key = decodeComponent(query.slice(start, split));
      const value = split === end ? '' : decodeComponent(query.slice(split + 1, end));
      addParameter(tree, key, value);
    }
    // An empty part (`?&a=1`, a trailing `&`) holds nothing and is skipped.
    start = end + 1;
  }
}

/**
 * A value without a name (`?=1`, `?=`) could only be dropped, and no route could read it: it is
 * refused like any other key a parameter cannot be read by, whatever the input shape.
 */
function addParameter(tree: QueryTree, key: string, value: string): void {
  if (key === '')
    fail({ code: 'unknown_key', path: [], message: 'A query parameter without a name is not accepted.' });
  tree.countParameter();
  tree.checkKeyLength(key);
  tree.addValue(parseKey(key, tree.limits), value);
}

/**
 * A record has lost part of what the raw query said: qs (Express's `extended` parser) turns both
 * `a=1&a=2` and `a[0]=1&a[1]=2` into `{ a: ['1', '2'] }`, and so do node:querystring (Express's
 * `simple` parser) and Fastify for repeated keys. The array is taken as the array it looks like,
 * so qs-style arrays work; a repeated scalar key then arrives as an array, which is still never
 * silently narrowed to one of its values (`page: [1, 2]` fails the server's validation). Pass the
 * raw query string instead of the record to have repeated keys refused outright.
 *
 * A key that itself ends in `[]` (kept by the `simple` parser) appends each element.
 */
function decodeRecord(record: QueryRecord, tree: QueryTree): void {
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value === undefined) continue;
    tree.checkKeyLength(key);
    const segments = parseKey(key, tree.limits);
    if (Array.isArray(value) && segments[segments.length - 1] === APPEND) {
      for (const item of value as readonly QueryRecordValue[]) addNested(tree, segments, item);
    } else {
      addNested(tree, segments, value);
    }
  }
}

function addNested(tree: QueryTree, segments: KeySegment[], value: QueryRecordValue): void {
  if (value === undefined) return;
  if (typeof value === 'string') {
    tree.countParameter();
    tree.addValue(segments.slice(), value);
    return;
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    // Already a value (a record built in code, or by a parser that types scalars): kept as is.
    tree.countParameter();
    tree.addDecoded(segments.slice(), value);
    return;
  }
  if (!Array.isArray(value) && !isPlainObject(value)) {
    fail({
      code: 'invalid_type',
      path: pathOf(segments),
      expected: 'a string, a number, a boolean, null, an array or a plain object',
      message: 'This parameter has a value a query cannot hold.',
    });
  }
  // Checked before descending, so a pathologically deep record cannot exhaust the stack.
  if (segments.length >= tree.limits.maxDepth) {
    fail({
      code: 'too_deep',
      path: pathOf(segments),
      limit: tree.limits.maxDepth,
      message: `Keys may be at most ${tree.limits.maxDepth} levels deep.`,
    });
  }
  if (Array.isArray(value)) {
    value.forEach((item: QueryRecordValue, index: number) => {
      segments.push(index);
      addNested(tree, segments, item);
      segments.pop();
    });
    return;
  }
  const object = value as { readonly [key: string]: QueryRecordValue };
  for (const key of Object.keys(object)) {
    segments.push(key);
    if (isPrototypeKey(key))
      fail({ code: 'prototype_key', path: pathOf(segments), message: 'This key is not allowed.' });
    addNested(tree, segments, object[key]);
    segments.pop();
  }
}
