import { isPlainObject } from '@facet/core';
import { type RawBuilder, sql } from 'kysely';
import { isDecimalLike } from '../serialization/is-decimal-like.js';
import { conjunction } from './compile-conjunction.js';
import { relationFilter, toManyFilter } from './compile-relation.js';
import type { SqlDialect } from './sql-dialect.js';
import { AND, COMMA, columnRef, OR, SPACE, tableRef } from './sql-names.js';
import type { SqlCatalog, SqlColumn, SqlTable } from './sql-schema.js';

/** A piece of SQL with its parameters (Kysely's raw builder): client values only ever travel as parameters. */
export type Fragment = RawBuilder<unknown>;

/**
 * Thrown inside the compiler for anything it does not cover; `compileFindMany`/`compileCount`
 * catch it in one place and the read goes to Prisma. Never reaches a caller.
 */
export class NotCovered extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Where a filter or selection stands: the model's table under an alias. */
export interface At {
  readonly table: SqlTable;
  readonly alias: string;
  readonly catalog: SqlCatalog;
  /** Gives the next unused alias, so nested statements never shadow an outer one. */
  readonly nextAlias: () => string;
  /**
   * Whether the condition being compiled stands under a `NOT` (or inside one that reads its
   * unknowns) of the nearest `where` it belongs to. Where it does not, only its truth counts (a row
   * whose condition is unknown is left out like one whose condition is false), so a relation
   * filter may be an `exists` the planner turns into a join; under a `NOT` the three-valued form
   * is kept, since `not unknown` is not `not false`.
   */
  readonly negated?: boolean;
  /**
   * The left joins of the statement this condition belongs to, filled while it compiles: a
   * to-one relation read three-valued (under a `NOT`) or sorted by joins its row here, as
   * Prisma's query does, instead of a scalar subquery the planner evaluates row by row. Each
   * statement has its own (`subquery`), and `fromClause` reads them once the statement is compiled.
   */
  readonly joins: Fragment[];
  /** The database's own pieces of SQL (`sql-dialect.ts`). */
  readonly dialect: SqlDialect;
}

/** A statement nested in the one at `at` (a subquery over `table`): a fresh alias and joins of its own. */
export function subquery(at: At, table: SqlTable, negated = false): At {
  return {
    catalog: at.catalog,
    nextAlias: at.nextAlias,
    table,
    alias: at.nextAlias(),
    negated,
    joins: [],
    dialect: at.dialect,
  };
}

/**
 * The same statement, through a to-one relation joined into its `from` (`left join related on
 * related.key = own.key`): the key is the related table's id or a unique field, so the join never
 * repeats a row, and a missing related row reads as nulls, as in Prisma's join.
 */
export function joinToOne(
  at: At,
  name: string,
  relation: { readonly fields: readonly string[]; readonly references: readonly string[] },
  related: SqlTable,
): At {
  const inner: At = { ...at, table: related, alias: at.nextAlias() };
  at.joins.push(
    sql`left join ${tableRef(related, inner.alias)} on ${toOneOn(name, relation, related, inner, at)}`,
  );
  return inner;
}

/** The related row of a to-one relation: its referenced columns (at `inner`) equal to this row's key columns. */
export function toOneOn(
  name: string,
  relation: { readonly fields: readonly string[]; readonly references: readonly string[] },
  related: SqlTable,
  inner: At,
  at: At,
): Fragment {
  const on = relation.fields.map((field, index) => {
    const own = at.table.columns.get(field);
    const other = related.columns.get(relation.references[index] as string);
    if (own === undefined || other === undefined) throw new NotCovered(`the key of ${name}`);
    return sql`${columnRef(inner, other)} = ${columnRef(at, own)}`;
  });
  return sql.join(on, AND);
}

/** The `from` of the statement at `at`: its table and the joins its compiled parts asked for. */
export function fromClause(at: At): Fragment {
  const table = tableRef(at.table, at.alias);
  return at.joins.length === 0 ? table : sql`${table} ${sql.join(at.joins, SPACE)}`;
}

/** The same place, one `NOT` further in. */
export function underNot(at: At): At {
  return { ...at, negated: at.negated !== true };
}

const TRUE = sql`true`;
const FALSE = sql`false`;

/**
 * An operand as a parameter, typed by its column: values of any other JavaScript type than the
 * column's are Prisma's to judge (it answers them its own way), so they are not compiled.
 */
export function operand(column: SqlColumn, value: unknown, dialect: SqlDialect): Fragment {
  switch (column.type) {
    case 'String':
    case 'Enum':
      if (typeof value === 'string') return sql.val(value);
      break;
    case 'Int':
    case 'Float':
      if (typeof value === 'number' && Number.isFinite(value)) return sql.val(value);
      break;
    case 'Boolean':
      if (typeof value === 'boolean') return sql.val(value);
      break;
    case 'BigInt':
      if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value)))
        return dialect.bigInt(String(value));
      if (typeof value === 'string' && /^-?\d+$/.test(value)) return dialect.bigInt(value);
      break;
    case 'Decimal':
      if (isDecimalLike(value)) return sql.val(value.toFixed());
      if (typeof value === 'number' && Number.isFinite(value)) return sql.val(String(value));
      if (typeof value === 'string' && /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value))
        return sql.val(value);
      break;
    case 'DateTime': {
      const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
      if (date === undefined || Number.isNaN(date.getTime())) break;
      return dialect.dateTime(date, column);
    }
  }
  throw new NotCovered(`an operand of ${column.field} that is not a ${column.type}`);
}

/**
 * The filter of a read's `where`. Prisma gives empty groups a meaning of its own: an empty `AND`,
 * `NOT`, `{}` or a field filter without operators is no condition, and is dropped from the group
 * around it; an `OR` left empty is false at the top and dropped when nested. The first is compiled
 * alike; an `OR` left empty is left to Prisma.
 */
export function compileWhere(where: unknown, at: At): Fragment {
  if (where === undefined) return TRUE;
  return condition(where, at) ?? TRUE;
}

/**
 * A where-input object's members ANDed (through its `AND`s, see `compile-conjunction.ts`);
 * `undefined` when it holds no condition, `false` when its equalities cannot hold together.
 */
export function condition(where: unknown, at: At): Fragment | undefined {
  const { members, impossible } = conjunction(where, at);
  const parts: Fragment[] = [];
  for (const [key, value] of members) {
    if (key === 'OR') {
      if (!Array.isArray(value)) throw new NotCovered('an OR that is not a list');
      const items = conditions(value, at);
      if (items.length === 0) throw new NotCovered('an OR without a condition');
      push(parts, any(items));
    } else if (key === 'NOT')
      push(parts, all(conditions(list(value), underNot(at)).map((item) => sql`not (${item})`)));
    else if (at.table.toOne.has(key)) push(parts, relationFilter(key, value, at));
    else if (at.table.toMany.has(key)) push(parts, toManyFilter(key, value, at));
    else {
      const column = at.table.columns.get(key);
      if (column === undefined || column.type === 'Json')
        throw new NotCovered(`a filter on ${key}, which is not a compared scalar`);
      push(parts, fieldFilter(column, value, at));
    }
  }
  // Compiled all the same first: what the compiler does not cover still goes to Prisma.
  return impossible ? FALSE : all(parts);
}

function conditions(items: readonly unknown[], at: At): Fragment[] {
  return items.flatMap((item) => condition(item, at) ?? []);
}

function push(parts: Fragment[], part: Fragment | undefined): void {
  if (part !== undefined) parts.push(part);
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

export function all(parts: readonly Fragment[]): Fragment | undefined {
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? (parts[0] as Fragment) : sql`(${sql.join(parts, AND)})`;
}

function any(parts: readonly Fragment[]): Fragment {
  return parts.length === 1 ? (parts[0] as Fragment) : sql`(${sql.join(parts, OR)})`;
}

/** A field's filter: a value (equality), `null`, or an object of operators under one `mode`. */
function fieldFilter(column: SqlColumn, filter: unknown, at: At): Fragment | undefined {
  const ref = columnRef(at, column);
  if (filter === null) return sql`${ref} is null`;
  if (!isPlainObject(filter) || isDecimalLike(filter))
    return sql`${ref} = ${operand(column, filter, at.dialect)}`;
  const insensitive = filter.mode === 'insensitive';
  if (filter.mode !== undefined && filter.mode !== 'default' && !insensitive)
    throw new NotCovered('an unknown mode');
  if (insensitive && column.type !== 'String') throw new NotCovered('mode on a field that is not a String');
  if (insensitive && !at.dialect.insensitive) throw new NotCovered('mode on this database');
  const parts: Fragment[] = [];
  for (const [operator, value] of Object.entries(filter)) {
    if (operator === 'mode' || value === undefined) continue;
    parts.push(operatorFilter(column, ref, operator, value, insensitive, at));
  }
  return all(parts);
}

/** What Prisma 7 sends for each operator on PostgreSQL (see `read/check/operators.ts`, whose cells say the same). */
function operatorFilter(
  column: SqlColumn,
  ref: Fragment,
  operator: string,
  value: unknown,
  insensitive: boolean,
  at: At,
): Fragment {
  const lower = (fragment: Fragment) => (insensitive ? sql`lower(${fragment})` : fragment);
  const left = lower(ref);
  const right = (item: unknown) => lower(operand(column, item, at.dialect));
  switch (operator) {
    case 'equals':
      if (value === null) return sql`${ref} is null`;
      return insensitive
        ? sql`${ref} ilike ${operand(column, value, at.dialect)}`
        : sql`${ref} = ${operand(column, value, at.dialect)}`;
    case 'not':
      if (value === null) return sql`${ref} is not null`;
      if (isPlainObject(value) && !isDecimalLike(value)) {
        const nested = insensitive && value.mode === undefined ? { ...value, mode: 'insensitive' } : value;
        const inner = fieldFilter(column, nested, at);
        if (inner === undefined) throw new NotCovered('a not without a condition');
        return sql`not (${inner})`;
      }
      return insensitive
        ? sql`${ref} not ilike ${operand(column, value, at.dialect)}`
        : sql`${ref} <> ${operand(column, value, at.dialect)}`;
    case 'in':
    case 'notIn': {
      if (!Array.isArray(value)) throw new NotCovered(`${operator} without a list`);
      if (value.length === 0) return operator === 'in' ? FALSE : TRUE;
      const items = sql.join(value.map(right), COMMA);
      return operator === 'in' ? sql`${left} in (${items})` : sql`${left} not in (${items})`;
    }
    case 'lt':
      return sql`${left} < ${right(value)}`;
    case 'lte':
      return sql`${left} <= ${right(value)}`;
    case 'gt':
      return sql`${left} > ${right(value)}`;
    case 'gte':
      return sql`${left} >= ${right(value)}`;
    case 'contains':
    case 'startsWith':
    case 'endsWith': {
      if (column.type !== 'String' || typeof value !== 'string')
        throw new NotCovered(`${operator} on ${column.field}`);
      const pattern = `${operator === 'startsWith' ? '' : '%'}${value}${operator === 'endsWith' ? '' : '%'}`;
      return insensitive ? sql`${ref} ilike ${sql.val(pattern)}` : sql`${ref} like ${sql.val(pattern)}`;
    }
    default:
      throw new NotCovered(`the operator ${operator}`);
  }
}
