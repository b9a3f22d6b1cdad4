import { FacetQueryError } from '@facet/core';
import { FacetQueryException, FacetValidationPipe } from '@facet/nest';
import type { PipeTransform } from '@nestjs/common';

/**
 * Validates a decoded query against the parameter's class with @facet/nest's strict defaults:
 * unknown keys are refused (400) rather than dropped, since a silently ignored filter would widen
 * the result, and the value is passed on as decoded. A refusal has Facet's error body (`code`, `path`).
 */
export const strictValidation = new FacetValidationPipe();

/** Bodies are turned into class instances; `transform` also checks `@IsInt()` on real numbers. */
export const bodyValidation = new FacetValidationPipe({ transform: true, validateCustomDecorators: false });

const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

function prototypeKeyPath(
  value: unknown,
  path: (string | number)[],
  depth: number,
): (string | number)[] | undefined {
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, member] of Object.entries(value)) {
    if (PROTOTYPE_KEYS.has(key)) return [...path, key];
    const found = prototypeKeyPath(member, [...path, Array.isArray(value) ? Number(key) : key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Refuses (400) a JSON body with a `__proto__`, `constructor` or `prototype` key at any depth.
 * `JSON.parse` keeps such keys as own properties, and the validation pipe would drop them without
 * a word; as for query strings, a key that is dropped silently is refused instead.
 */
export const refusePrototypeKeys: PipeTransform<unknown, unknown> = {
  transform(value) {
    const path = prototypeKeyPath(value, [], 0);
    if (path) {
      throw new FacetQueryException(
        new FacetQueryError([{ code: 'prototype_key', path, message: 'This key is not allowed.' }]),
      );
    }
    return value;
  },
};
