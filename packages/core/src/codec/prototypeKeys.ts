/**
 * Keys that could reach or replace an object's prototype when a consumer copies the decoded query
 * with assignment (`Object.assign`, a naive deep merge). They are refused, never stripped: a
 * silently dropped filter key can widen what a read returns.
 */
export function isPrototypeKey(key: string): boolean {
  return key === '__proto__' || key === 'constructor' || key === 'prototype';
}
