import { isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';

/** The model's field names, as far as a unique where needs them (a `Set` of them will do). */
export interface FieldNames {
  has(name: string): boolean;
}

/** The field names of a model whose types are known. */
export function fieldNamesOf(model: ModelTypes | undefined): FieldNames | undefined {
  return model === undefined
    ? undefined
    : { has: (name) => model.scalar(name) !== undefined || model.relation(name) !== undefined };
}

const COMBINATORS: ReadonlySet<string> = new Set(['AND', 'OR', 'NOT']);

/**
 * True when `key` of a unique where names a compound key (`@@unique([authorId, title])` is
 * `authorId_title: { authorId, title }`) rather than a field. With the model's field names that is
 * any other key; without them, only Prisma's default name (the fields joined by `_`) is recognised.
 */
function isCompoundKey(key: string, value: unknown, fields: FieldNames | undefined): boolean {
  if (COMBINATORS.has(key) || !isPlainObject(value)) return false;
  if (fields !== undefined) return !fields.has(key);
  const parts = Object.keys(value);
  return parts.length > 1 && parts.join('_') === key;
}

/**
 * Rewrites a `findUnique` where for `findFirst`, whose where input has no compound keys: each
 * compound key becomes its fields, ANDed with the rest (`{ authorId_title: { authorId: 1, title: 'x' } }`
 * is `{ AND: [{}, { authorId: 1, title: 'x' }] }`), so a field named twice must match both values,
 * as in the unique lookup. A where without compound keys is returned as it is.
 */
export function uniqueWhereAsFilter(where: unknown, fields: FieldNames | undefined): unknown {
  if (!isPlainObject(where)) return where;
  const rest: Record<string, unknown> = {};
  const compounds: Record<string, unknown>[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (isCompoundKey(key, value, fields)) compounds.push(value as Record<string, unknown>);
    else rest[key] = value;
  }
  return compounds.length === 0 ? where : { AND: [rest, ...compounds] };
}
