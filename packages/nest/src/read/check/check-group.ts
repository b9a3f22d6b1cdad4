import { type FacetIssue, FacetQueryError, type IssuePath, isPlainObject } from '@facet/core';
import { unavailableField } from '../../projection/unavailable-field.js';
import type { AggregateUse } from './aggregate-types.js';
import {
  AGGREGATE_KEYS,
  type AggregateCheckTarget,
  aggregatable,
  checkAggregateFields,
  typeIssue,
} from './check-aggregate.js';

type Direction = 'asc' | 'desc';

/** A group read's `by` and `orderBy` as the delegate gets them: a list of fields, a total order. */
export interface CheckedGroup {
  readonly by: readonly string[];
  readonly orderBy: readonly Record<string, Direction | Record<string, Direction>>[];
}

const issue = (path: IssuePath, message: string): FacetIssue => ({ code: 'invalid_value', path, message });
const isDirection = (value: unknown): value is Direction => value === 'asc' || value === 'desc';

/**
 * Checks a group read (`GET /books/aggregate?by=genre`): `by` is a field or a non-empty list of
 * distinct fields, each one the caller may name (else the 400 of a misspelt field) and a type a
 * group takes; the selections as `checkAggregateFields`; `orderBy` entries of one key each, a `by`
 * field (`{ genre: 'desc' }`) or an aggregate of a field (`{ _count: { id: 'desc' } }`), checked
 * like a selection; `having` is refused (it would filter on aggregates of rows; `where` filters the
 * rows). The order ends with the `by` fields not yet named, ascending, so it is total.
 *
 * @throws {FacetQueryError} naming each offending path.
 */
export function checkGroupArgs(
  args: { readonly by?: unknown; readonly orderBy?: unknown; readonly having?: unknown },
  target: AggregateCheckTarget,
): CheckedGroup {
  const issues: FacetIssue[] = [];
  if (args.having !== undefined) {
    issues.push(issue(['having'], 'having is not supported: filter the rows with where'));
  }
  const by = checkBy(args.by, target, issues);
  try {
    checkAggregateFields(args, target);
  } catch (error) {
    if (!(error instanceof FacetQueryError)) throw error;
    issues.push(...error.issues);
  }
  const orderBy = checkOrder(args.orderBy, by, target, issues);
  const [first, ...rest] = issues;
  if (first) throw new FacetQueryError([first, ...rest]);
  const named = new Set(orderBy.flatMap((entry) => Object.keys(entry)));
  const ties = by.filter((field) => !named.has(field)).map((field) => ({ [field]: 'asc' as const }));
  return { by, orderBy: [...orderBy, ...ties] };
}

function checkBy(by: unknown, target: AggregateCheckTarget, issues: FacetIssue[]): string[] {
  const list = typeof by === 'string' ? [by] : by;
  if (!Array.isArray(list) || list.length === 0) {
    issues.push({
      code: 'invalid_type',
      path: ['by'],
      expected: 'a field or a non-empty array of fields',
      message: 'by must be a field or a non-empty array of fields',
    });
    return [];
  }
  const fields: string[] = [];
  for (const [index, name] of list.entries()) {
    const path = typeof by === 'string' ? ['by'] : ['by', index];
    if (typeof name !== 'string' || !aggregatable(target, name)) {
      issues.push(unavailableField(path));
      continue;
    }
    const refused = typeIssue(target, path, name, 'by');
    if (refused) issues.push(refused);
    else if (fields.includes(name)) issues.push(issue(path, 'by names this field twice'));
    else fields.push(name);
  }
  return fields;
}

function checkOrder(
  orderBy: unknown,
  by: readonly string[],
  target: AggregateCheckTarget,
  issues: FacetIssue[],
): Record<string, Direction | Record<string, Direction>>[] {
  if (orderBy === undefined) return [];
  const entries = Array.isArray(orderBy) ? orderBy : [orderBy];
  const out: Record<string, Direction | Record<string, Direction>>[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    const at: IssuePath = Array.isArray(orderBy) ? ['orderBy', index] : ['orderBy'];
    const keys = isPlainObject(entry) ? Object.keys(entry) : [];
    if (!isPlainObject(entry) || keys.length !== 1) {
      issues.push(issue(at, 'each orderBy entry names one field or one aggregate'));
      continue;
    }
    const key = keys[0] as string;
    const value = entry[key];
    if (AGGREGATE_KEYS.has(key)) {
      const sorted = aggregateOrder(key as AggregateUse, value, [...at, key], target, issues);
      if (sorted && !seen.has(`${key}.${sorted[0]}`)) {
        seen.add(`${key}.${sorted[0]}`);
        out.push({ [key]: { [sorted[0]]: sorted[1] } });
      } else if (sorted) issues.push(issue([...at, key], 'orderBy names this aggregate twice'));
      continue;
    }
    if (!aggregatable(target, key)) issues.push(unavailableField([...at, key]));
    else if (!by.includes(key))
      issues.push(issue([...at, key], 'orderBy takes a field of by or an aggregate'));
    else if (!isDirection(value)) issues.push(issue([...at, key], "expected 'asc' or 'desc'"));
    else if (seen.has(key)) issues.push(issue([...at, key], 'orderBy names this field twice'));
    else {
      seen.add(key);
      out.push({ [key]: value });
    }
  }
  return out;
}

/** `{ id: 'desc' }` under `_count` (and the other aggregates): the field and the direction. */
function aggregateOrder(
  use: AggregateUse,
  value: unknown,
  path: IssuePath,
  target: AggregateCheckTarget,
  issues: FacetIssue[],
): [string, Direction] | undefined {
  const keys = isPlainObject(value) ? Object.keys(value) : [];
  if (!isPlainObject(value) || keys.length !== 1) {
    issues.push(issue(path, `expected one field of ${use}: { field: 'asc' | 'desc' }`));
    return undefined;
  }
  const name = keys[0] as string;
  const direction = value[name];
  if (!aggregatable(target, name)) {
    issues.push(unavailableField([...path, name]));
    return undefined;
  }
  const refused = typeIssue(target, [...path, name], name, use);
  if (refused) issues.push(refused);
  else if (!isDirection(direction)) issues.push(issue([...path, name], "expected 'asc' or 'desc'"));
  else return [name, direction];
  return undefined;
}
