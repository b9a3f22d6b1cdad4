import { FacetQueryError, type IssuePath } from '@facet/core';
import type { PipeTransform } from '@nestjs/common';
import { FacetQueryException } from '../errors/facet-query.exception.js';

const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 32;

function prototypeKeyPath(value: unknown, path: (string | number)[], depth: number): IssuePath | undefined {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  for (const [key, member] of Object.entries(value)) {
    if (PROTOTYPE_KEYS.has(key)) return [...path, key];
    const found = prototypeKeyPath(member, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses (400 `prototype_key`) a JSON body with a `__proto__`, `constructor` or `prototype` key at
 * any depth. `JSON.parse` keeps such keys as own properties and `ValidationPipe` drops them without
 * a word; as for query strings, a key that would be dropped silently is refused instead.
 */
export class RefusePrototypeKeysPipe implements PipeTransform<unknown, unknown> {
  transform(value: unknown): unknown {
    const path = prototypeKeyPath(value, [], 0);
    if (path) {
      throw new FacetQueryException(
        new FacetQueryError([{ code: 'prototype_key', path, message: 'This key is not allowed.' }]),
      );
    }
    return value;
  }
}
