import { isPlainObject } from '@facet/core';
import { sql } from 'kysely';
import { type At, columnRef, type Fragment, NotCovered, tableRef } from './compile-where.js';
import type { SqlColumn, SqlTable } from './sql-schema.js';

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
  const ref = columnRef(at, column);
  switch (column.type) {
    case 'BigInt':
    case 'Decimal':
      return sql`${ref}::text`;
    case 'DateTime':
      return sql`floor(extract(epoch from ${ref}) * 1000)::float8`;
    default:
      return ref;
  }
}

function scalarDecode(column: SqlColumn, decimal: MakeDecimal): Decode {
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
    return { key, expression: scalarExpression(at, column), decode: scalarDecode(column, decimal) };
  }
  const relation = at.table.toOne.get(key);
  if (relation === undefined) throw new NotCovered(`the relation or field ${key}`);
  if (value !== true && !isPlainObject(value)) throw new NotCovered(`a relation selection of ${key}`);
  const related = at.catalog.get(relation.model);
  if (related === undefined) throw new NotCovered(`the model ${relation.model}`);
  return toOneMember(key, value as RelationArgs, relation, related, at, decimal);
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
  const inner: At = { ...at, table: related, alias: at.nextAlias() };
  const members = compileSelection(args, inner, decimal);
  if (members.length > MAX_JSON_MEMBERS)
    throw new NotCovered(`more than ${MAX_JSON_MEMBERS} members in ${key}`);
  const join = relation.fields.map((field, index) => {
    const own = at.table.columns.get(field);
    const other = related.columns.get(relation.references[index] as string);
    if (own === undefined || other === undefined) throw new NotCovered(`the key of ${key}`);
    return sql`${columnRef(inner, other)} = ${columnRef(at, own)}`;
  });
  const object = sql.join(members.map((item) => sql`${sql.lit(item.key)}, ${item.expression}`));
  const expression = sql`(select json_build_object(${object}) from ${tableRef(related, inner.alias)} where ${sql.join(join, sql` and `)})`;
  return { key, expression, decode: (json) => decodeObject(json, members) };
}

/** A JSON object of a to-one relation (or null), its members decoded as a row's are. */
function decodeObject(json: unknown, members: readonly Member[]): unknown {
  if (json === null || json === undefined) return null;
  const source = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const item of members) row[item.key] = item.decode(source[item.key]);
  return row;
}

/** A row as Prisma gives it: each member's value decoded, in the selection's order. */
export function decodeRow(raw: Record<string, unknown>, members: readonly Member[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  members.forEach((item, index) => {
    row[item.key] = item.decode(raw[`c${index}`]);
  });
  return row;
}
