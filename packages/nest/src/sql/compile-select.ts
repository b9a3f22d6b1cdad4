import { isPlainObject } from '@facet/core';
import { sql } from 'kysely';
import { sortTerms } from './compile-order.js';
import { toManyJoin } from './compile-relation.js';
import {
  type At,
  compileWhere,
  type Fragment,
  fromClause,
  NotCovered,
  subquery,
  toOneOn,
} from './compile-where.js';
import type { SortTerm, SqlDialect } from './sql-dialect.js';
import { COMMA, columnRef, nameLiteral } from './sql-names.js';
import type { SqlColumn, SqlTable, SqlToMany } from './sql-schema.js';

/** Turns one selected value, as the driver or a JSON aggregate gives it, into what Prisma's row holds. */
export type Decode = (value: unknown) => unknown;

/** One member of a row: its key, its SQL expression and how its value is read back. */
export interface Member {
  readonly key: string;
  readonly expression: Fragment;
  readonly decode: Decode;
}

/** How values of the app's Decimal type are made (`Prisma.Decimal`); none leaves Decimal fields to Prisma. */
export type MakeDecimal = ((text: string) => unknown) | undefined;

/** Postgres caps `json_build_object` at 100 arguments. */
const MAX_JSON_MEMBERS = 50;

/**
 * A scalar as SQL selects it: exact texts for BigInt and Decimal (a JSON number or a double would
 * round them), epoch milliseconds for DateTime (the same instant whatever the session's zone).
 */
function scalarExpression(at: At, column: SqlColumn): Fragment {
  return at.dialect.select(columnRef(at, column), column);
}

export function scalarDecode(column: SqlColumn, decimal: MakeDecimal, dialect: SqlDialect): Decode {
  const nullable =
    (read: (value: unknown) => unknown): Decode =>
    (value) =>
      value === null || value === undefined ? null : read(value);
  switch (column.type) {
    case 'BigInt':
      return nullable((value) => BigInt(value as string));
    case 'Decimal': {
      if (decimal === undefined) throw new NotCovered('a Decimal field without the engine’s `decimal`');
      return nullable((value) => decimal(String(value)));
    }
    case 'DateTime':
      return nullable((value) => new Date(Number(value)));
    case 'Boolean':
      return nullable(dialect.boolean);
    case 'Float':
    case 'Int':
      return nullable((value) => (typeof value === 'number' ? value : Number(value)));
    default:
      return nullable((value) => value);
  }
}

/** The relation's `{ select }`/`{ include }`/`{ omit }`, or `true`. */
type RelationArgs = true | Record<string, unknown>;

/**
 * The members of a row of `at.table` for a read's `select`/`include`/`omit`: every scalar in the
 * model's order (or those `select` names, in its order), then the to-one relations, each as one
 * JSON object built in the same statement. A to-many relation, a `_count`, or a field the compiler
 * does not read is not covered.
 */
export function compileSelection(args: Record<string, unknown>, at: At, decimal: MakeDecimal): Member[] {
  const { select, include, omit } = args;
  if (select !== undefined && (include !== undefined || omit !== undefined))
    throw new NotCovered('select beside include or omit');
  if (select !== undefined) {
    if (!isPlainObject(select)) throw new NotCovered('a select that is not an object');
    const members: Member[] = [];
    for (const [key, value] of Object.entries(select)) {
      if (value === undefined || value === false) continue;
      members.push(member(key, value, at, decimal));
    }
    return members;
  }
  if (omit !== undefined && !isPlainObject(omit)) throw new NotCovered('an omit that is not an object');
  if (at.table.uncovered.size > 0) {
    const read = [...at.table.uncovered].filter((field) => omit?.[field] !== true);
    if (read.length > 0) throw new NotCovered(`the fields ${read.join(', ')}`);
  }
  const members: Member[] = [];
  for (const column of at.table.columns.values()) {
    if (omit?.[column.field] === true) continue;
    members.push(member(column.field, true, at, decimal));
  }
  if (include !== undefined) {
    if (!isPlainObject(include)) throw new NotCovered('an include that is not an object');
    for (const [key, value] of Object.entries(include)) {
      if (value === undefined || value === false) continue;
      members.push(member(key, value, at, decimal));
    }
  }
  return members;
}

function member(key: string, value: unknown, at: At, decimal: MakeDecimal): Member {
  const column = at.table.columns.get(key);
  if (column !== undefined) {
    if (value !== true) throw new NotCovered(`a select of ${key} that is not true`);
    return {
      key,
      expression: scalarExpression(at, column),
      decode: scalarDecode(column, decimal, at.dialect),
    };
  }
  if (key === '_count') return countMember(value, at);
  const relation = at.table.toOne.get(key) ?? at.table.toMany.get(key);
  if (relation === undefined) throw new NotCovered(`the relation or field ${key}`);
  if (value !== true && !isPlainObject(value)) throw new NotCovered(`a relation selection of ${key}`);
  const related = at.catalog.get(relation.model);
  if (related === undefined) throw new NotCovered(`the model ${relation.model}`);
  if (at.table.toMany.has(key))
    return toManyMember(key, value as RelationArgs, relation, related, at, decimal);
  return toOneMember(key, value as RelationArgs, relation, related, at, decimal);
}

const TO_MANY_ARGS: ReadonlySet<string> = new Set([
  'select',
  'include',
  'omit',
  'where',
  'orderBy',
  'take',
  'skip',
]);

/** A `take` or `skip` the compiler reads: a non-negative integer, or none. */
export function pageSize(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  // A negative `take` reads from the end: Prisma's.
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new NotCovered(`a ${name} that is not a non-negative integer`);
  return value;
}

/**
 * A to-many relation as a correlated JSON array of objects (`[]` when there is none), built as
 * Prisma's relation join builds it: the related rows under the relation's own `where`, in its
 * `orderBy` (its primary key when it pages without one), cut by `skip`/`take`, then aggregated in
 * that order.
 */
function toManyMember(
  key: string,
  value: RelationArgs,
  relation: SqlToMany,
  related: SqlTable,
  at: At,
  decimal: MakeDecimal,
): Member {
  const args = value === true ? {} : value;
  for (const name of Object.keys(args)) {
    if (!TO_MANY_ARGS.has(name) && args[name] !== undefined)
      throw new NotCovered(`${name} in the relation ${key}`);
  }
  const inner = subquery(at, related);
  const members = compileSelection(args, inner, decimal);
  if (members.length === 0) throw new NotCovered(`an empty selection of ${key}`);
  if (members.length > MAX_JSON_MEMBERS)
    throw new NotCovered(`more than ${MAX_JSON_MEMBERS} members in ${key}`);
  const join = toManyJoin(key, relation, related, inner, at);
  const where = compileWhere(args.where, inner);
  const take = pageSize(args.take, 'take');
  const skip = pageSize(args.skip, 'skip');
  let sorts: SortTerm[] = sortTerms(args.orderBy, inner);
  if (sorts.length === 0 && (take !== undefined || skip !== undefined)) {
    if (related.key.length === 0) throw new NotCovered(`a page of ${key} without a key`);
    sorts = related.key.map((field) => {
      const column = related.columns.get(field);
      if (column === undefined) throw new NotCovered(`the key of ${related.name}`);
      return { expression: columnRef(inner, column), direction: 'asc', nulls: undefined };
    });
  }
  const expression = at.dialect.array({
    object: jsonObject(members, at),
    from: fromClause(inner),
    where: sql`${join} and ${where}`,
    sorts,
    take,
    skip,
    alias: at.nextAlias(),
  });
  return {
    key,
    expression,
    decode: (json) => {
      const items = (typeof json === 'string' ? JSON.parse(json) : json) as unknown[];
      return items.map((item) => decodeObject(item, members));
    },
  };
}

/**
 * `_count`: the number of related rows of each to-many relation it names (`true`: every one), under
 * the relation's `where` when it has one, as one JSON object of numbers.
 */
function countMember(value: unknown, at: At): Member {
  let named: [string, unknown][];
  if (value === true) named = [...at.table.toMany.keys()].map((name) => [name, true]);
  else {
    if (
      !isPlainObject(value) ||
      Object.keys(value).some((name) => name !== 'select') ||
      !isPlainObject(value.select)
    )
      throw new NotCovered('a _count that is not { select }');
    named = Object.entries(value.select).filter(([, item]) => item !== undefined && item !== false);
  }
  if (named.length === 0 || named.length > MAX_JSON_MEMBERS)
    throw new NotCovered('a _count of no or too many relations');
  const counts = named.map(([name, item]) => {
    const relation = at.table.toMany.get(name);
    const related = relation === undefined ? undefined : at.catalog.get(relation.model);
    if (relation === undefined || related === undefined) throw new NotCovered(`a _count of ${name}`);
    if (item !== true && (!isPlainObject(item) || Object.keys(item).some((arg) => arg !== 'where')))
      throw new NotCovered(`a _count of ${name} with more than a where`);
    const inner = subquery(at, related);
    const where = item === true ? sql`true` : compileWhere(item.where, inner);
    const join = toManyJoin(name, relation, related, inner, at);
    return sql`${nameLiteral(name)}, (select count(*) from ${fromClause(inner)} where ${join} and ${where})`;
  });
  const names = named.map(([name]) => name);
  return {
    key: '_count',
    expression: at.dialect.object(sql.join(counts, COMMA)),
    decode: (json) => {
      const source = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
      const row: Record<string, unknown> = {};
      for (const name of names) row[name] = Number(source[name]);
      return row;
    },
  };
}

/** A to-one relation as a correlated JSON object (null when the row has none), decoded by its own members. */
function toOneMember(
  key: string,
  value: RelationArgs,
  relation: { readonly fields: readonly string[]; readonly references: readonly string[] },
  related: SqlTable,
  at: At,
  decimal: MakeDecimal,
): Member {
  const args = value === true ? {} : value;
  for (const name of Object.keys(args)) {
    if (name !== 'select' && name !== 'include' && name !== 'omit')
      throw new NotCovered(`${name} in the relation ${key}`);
  }
  const inner = subquery(at, related);
  const members = compileSelection(args, inner, decimal);
  if (members.length > MAX_JSON_MEMBERS)
    throw new NotCovered(`more than ${MAX_JSON_MEMBERS} members in ${key}`);
  const on = toOneOn(key, relation, related, inner, at);
  const expression = sql`(select ${jsonObject(members, at)} from ${fromClause(inner)} where ${on})`;
  return { key, expression, decode: (json) => decodeObject(json, members) };
}

/** The members as one JSON object, each under its key. */
function jsonObject(members: readonly Member[], at: At): Fragment {
  const entries = members.map((item) => sql`${nameLiteral(item.key)}, ${item.expression}`);
  return at.dialect.object(sql.join(entries, COMMA));
}

/** A JSON object of a to-one relation (or null), its members decoded as a row's are. */
function decodeObject(json: unknown, members: readonly Member[]): unknown {
  if (json === null || json === undefined) return null;
  const source = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const item of members) row[item.key] = item.decode(source[item.key]);
  return row;
}

/** The column aliases of a selection (`c0`, `c1`, …), made once rather than for every cell read. */
const ALIASES: string[] = [];
const aliasOf = (index: number): string => {
  ALIASES[index] ??= `c${index}`;
  return ALIASES[index];
};

/** A row as Prisma gives it: each member's value decoded, in the selection's order. */
export function decodeRow(raw: Record<string, unknown>, members: readonly Member[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (let index = 0; index < members.length; index++) {
    const item = members[index] as Member;
    row[item.key] = item.decode(raw[aliasOf(index)]);
  }
  return row;
}
