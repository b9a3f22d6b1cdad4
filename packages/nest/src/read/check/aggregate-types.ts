import type { ModelTypes, ScalarType } from '../../model/model-types.js';

/**
 * What a field can be used for in an aggregate or a group: counted (`_count`), its smallest and
 * largest value (`_min`, `_max`), its mean and total (`_avg`, `_sum`), or a group key (`by`).
 */
export type AggregateUse = '_count' | '_min' | '_max' | '_avg' | '_sum' | 'by';

/**
 * Every scalar type of Prisma's schema language, and what an aggregate or a group accepts of it:
 * one table, so a type Prisma adds fails to compile here until it has a row, and
 * `test/aggregate-types.test.ts` holds each row to what Prisma and every database accept.
 *
 * - `_avg`/`_sum` take numbers only (Prisma's own rule).
 * - `_min`/`_max` are refused on `Boolean` and `Bytes`: PostgreSQL has no `min(boolean)` or
 *   `min(bytea)`, and a query that works on one database and fails on another is not offered.
 * - `Json` has no order, so no `_min`/`_max`; it and `Bytes` are no group keys: a group key is a
 *   value a client can compare and send back in a `where`, and JSON equality differs by database.
 * - Scalar lists (`String[]`) are counted only (see `aggregateAccepts`).
 */
export const AGGREGATE_TYPES: Readonly<Record<ScalarType, readonly AggregateUse[]>> = {
  String: ['_count', '_min', '_max', 'by'],
  Int: ['_count', '_min', '_max', '_avg', '_sum', 'by'],
  BigInt: ['_count', '_min', '_max', '_avg', '_sum', 'by'],
  Float: ['_count', '_min', '_max', '_avg', '_sum', 'by'],
  Decimal: ['_count', '_min', '_max', '_avg', '_sum', 'by'],
  Boolean: ['_count', 'by'],
  DateTime: ['_count', '_min', '_max', 'by'],
  Json: ['_count'],
  Bytes: ['_count'],
  Enum: ['_count', '_min', '_max', 'by'],
};

/**
 * Whether `use` accepts `field` of `model`. A field whose type is not known (a delegate without
 * Prisma's runtime data model, a type this table does not classify) is counted only: what Facet
 * cannot classify it does not pass on. A scalar list, or a field that may be one (no schema text),
 * is counted only too.
 */
export function aggregateAccepts(model: ModelTypes | undefined, field: string, use: AggregateUse): boolean {
  if (use === '_count') return true;
  const type = model?.scalar(field);
  if (type === undefined || model?.list(field) !== false) return false;
  return AGGREGATE_TYPES[type].includes(use);
}
