// The members of one compiled `where`, read as the conjunction they are. A scoped read is
// `{ AND: [scope, filter] }`, and a caller's filter often asks for what the scope excludes
// (`book.published = false` against a scope of published books). The database cannot always see
// that such a conjunction is empty: PostgreSQL's planner keeps `published and not published` as a
// filter of unknown selectivity, walks a page's ordered index looking for 20 rows that cannot exist,
// and takes seconds on a large table where `false` takes microseconds. So the conjunction is read
// here first: to-one filters through one relation become one (there is at most one related row, so
// `is: A` and `is: B` is `is: A and B`), and equalities on one column that no value satisfies
// together make the whole conjunction `false`, which every planner folds.
import { isPlainObject } from '@facet/core';
import { isDecimalLike } from '../serialization/is-decimal-like.js';
import { type At, NotCovered } from './compile-where.js';
import type { SqlColumn } from './sql-schema.js';

/** A where's members, flattened through its `AND`s, with to-one filters through one relation merged. */
export interface Conjunction {
  readonly members: ReadonlyArray<readonly [string, unknown]>;
  /** Whether equalities among the members can never hold together (the conjunction is `false`). */
  readonly impossible: boolean;
}

export function conjunction(where: unknown, at: At): Conjunction {
  const members: Array<[string, unknown]> = [];
  flatten(where, members, at);
  const merged = mergeToOne(members, at);
  return { members: merged, impossible: hasDisjointEqualities(merged, at) };
}

/**
 * The members of `where` and of every `AND` in it, in order: an `AND` is its items' members, and so
 * is an `OR` of one item that surely holds a condition (an access scope of one rule is CASL's
 * `{ OR: [rule] }`; an `OR` whose items hold none has a meaning of Prisma's own).
 */
function flatten(where: unknown, into: Array<[string, unknown]>, at: At): void {
  if (!isPlainObject(where)) throw new NotCovered('a where that is not an object');
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === 'AND') for (const item of Array.isArray(value) ? value : [value]) flatten(item, into, at);
    else if (key === 'OR' && Array.isArray(value) && value.length === 1) {
      const item: Array<[string, unknown]> = [];
      flatten(value[0], item, at);
      if (item.length > 0 && item.every((member) => isCondition(member, at))) into.push(...item);
      else into.push([key, value]);
    } else into.push([key, value]);
  }
}

/** Whether a member compiles to a condition (or is not covered), never to none. */
function isCondition([key, value]: readonly [string, unknown], at: At): boolean {
  if (at.table.toOne.has(key) || at.table.toMany.has(key)) return isPlainObject(value);
  if (!at.table.columns.has(key)) return false;
  if (!isPlainObject(value) || isDecimalLike(value)) return true;
  return Object.entries(value).some(([operator, operand]) => operator !== 'mode' && operand !== undefined);
}

/** The filter `W` of a to-one member that reads "the related row exists and satisfies W". */
function positiveToOne(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value).filter((key) => value[key] !== undefined);
  // An empty W has a meaning of Prisma's own (see compile-relation.ts); it is left as it is.
  if (keys.length === 0) return undefined;
  if (!keys.includes('is') && !keys.includes('isNot')) return value;
  const inner = value.is;
  if (keys.length !== 1 || !isPlainObject(inner)) return undefined;
  return Object.values(inner).some((member) => member !== undefined) ? inner : undefined;
}

function mergeToOne(members: Array<[string, unknown]>, at: At): Array<[string, unknown]> {
  const filters = new Map<string, unknown[]>();
  for (const [key, value] of members) {
    const filter = at.table.toOne.has(key) ? positiveToOne(value) : undefined;
    if (filter !== undefined) filters.set(key, [...(filters.get(key) ?? []), filter]);
  }
  if (![...filters.values()].some((group) => group.length > 1)) return members;
  const out: Array<[string, unknown]> = [];
  const emitted = new Set<string>();
  for (const [key, value] of members) {
    const group = filters.get(key);
    if (group === undefined || group.length < 2 || positiveToOne(value) === undefined) out.push([key, value]);
    else if (!emitted.has(key)) {
      // The group's first member stands for all of it, in its place; the others are dropped.
      emitted.add(key);
      out.push([key, { is: { AND: group } }]);
    }
  }
  return out;
}

/** Types whose equal values are equal in JavaScript too (no collation, precision or time zone). */
const EXACT: ReadonlySet<string> = new Set(['Boolean', 'Enum', 'Int']);

/**
 * Whether two members pin one column to values no row can have at once (`published: true` and
 * `published: false`). Where unknowns count (under a `NOT`), a nullable column's `null` makes
 * both unknown rather than false, so only its non-nullable columns are read there.
 */
function hasDisjointEqualities(members: ReadonlyArray<readonly [string, unknown]>, at: At): boolean {
  const allowed = new Map<string, ReadonlySet<unknown>>();
  for (const [key, value] of members) {
    const column = at.table.columns.get(key);
    if (column === undefined || !EXACT.has(column.type) || (at.negated === true && column.nullable)) continue;
    const values = pinned(column, value);
    if (values === undefined) continue;
    const before = allowed.get(key);
    const now = before === undefined ? values : new Set([...values].filter((item) => before.has(item)));
    if (now.size === 0) return true;
    allowed.set(key, now);
  }
  return false;
}

/** The values a field filter allows, when it only compares equality (`v`, `{ equals: v }`, `{ in: [...] }`). */
function pinned(column: SqlColumn, filter: unknown): ReadonlySet<unknown> | undefined {
  if (isScalar(column, filter)) return new Set([filter]);
  if (!isPlainObject(filter) || isDecimalLike(filter)) return undefined;
  let values: Set<unknown> | undefined;
  for (const [operator, value] of Object.entries(filter)) {
    if (value === undefined || (operator === 'mode' && value === 'default')) continue;
    let these: unknown[];
    if (operator === 'equals' && isScalar(column, value)) these = [value];
    else if (operator === 'in' && Array.isArray(value) && value.every((item) => isScalar(column, item)))
      these = value;
    else return undefined;
    values = new Set(values === undefined ? these : these.filter((item) => values?.has(item)));
  }
  return values;
}

/** A value of the column's own JavaScript type (others are not compiled, see `operand`). */
function isScalar(column: SqlColumn, value: unknown): boolean {
  if (column.type === 'Boolean') return typeof value === 'boolean';
  if (column.type === 'Enum') return typeof value === 'string';
  return Number.isSafeInteger(value);
}
