/**
 * Keys that could reach or replace an object's prototype when a consumer copies the decoded query
 * with assignment (`Object.assign`, a naive deep merge). They are refused, never stripped: a
 * silently dropped filter key can widen what a read returns.
 */
export function isPrototypeKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}

/**
 * True for a plain object: one whose prototype is `Object.prototype` or `null`, as object literals,
 * `JSON.parse` and `decodeQuery` make them. Arrays, `Date`s, `Decimal`s and other class instances
 * are not: they are values or lists, never trees of keys to walk, copy or merge. Every package of
 * Facet asks this one function (a test in `@facet/core` fails on a second definition).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
