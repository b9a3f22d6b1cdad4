// Relation filters of a compiled `where` (`compile-where.ts` reads the rest): through a to-one
// relation as Prisma's left join reads it, through a to-many relation as its `exists` subqueries.
import { isPlainObject } from '@facet/core';
import { sql } from 'kysely';
import {
  type At,
  all,
  condition,
  type Fragment,
  fromClause,
  joinToOne,
  NotCovered,
  subquery,
  toOneOn,
} from './compile-where.js';
import { AND, columnRef } from './sql-names.js';
import type { SqlColumn, SqlTable, SqlToMany, SqlToOne } from './sql-schema.js';

/**
 * A filter through a to-one relation whose key this model holds (`author: { is: W }`, `{ isNot: W }`,
 * `author: W`, `{ is: null }`), read as Prisma's left join reads it: `is: W` is `W and` the related
 * row exists, `isNot: W` is `not W or` it does not, both three-valued (a null that W compares stays
 * unknown, under NOT too). `null` is the key being null. An empty W is Prisma's.
 */
export function relationFilter(name: string, value: unknown, at: At): Fragment | undefined {
  const relation = at.table.toOne.get(name) as SqlToOne;
  const related = at.catalog.get(relation.model);
  const own = relation.fields.map((field) => at.table.columns.get(field));
  if (related === undefined || own.some((column) => column === undefined))
    throw new NotCovered(`the relation filter ${name}`);
  const keys = own as SqlColumn[];
  if (!isPlainObject(value)) throw new NotCovered(`a relation filter of ${name} that is not an object`);
  const members = Object.keys(value).filter((key) => value[key] !== undefined);
  const wrapped = members.some((key) => key === 'is' || key === 'isNot');
  if (wrapped && members.some((key) => key !== 'is' && key !== 'isNot'))
    throw new NotCovered(`is/isNot beside a filter in ${name}`);
  const isNull = (): Fragment => {
    if (keys.length !== 1) throw new NotCovered(`${name} compared to null by a compound key`);
    // Prisma refuses `null` for a required relation (a 400): that answer is Prisma's to give.
    if (!keys[0]?.nullable) throw new NotCovered(`the required ${name} compared to null`);
    return sql`${columnRef(at, keys[0] as SqlColumn)} is null`;
  };
  const joined = (filter: unknown, negated: boolean): Fragment => {
    if (at.negated !== true) {
      // Only the filter's truth counts here, so it is an `exists`, which the planner runs as a
      // semi- or anti-join. `is: W` holds when a related row satisfies W; `isNot: W` when no
      // related row leaves W true or unknown (an unknown W leaves `not W or not exists` unknown).
      const inner = subquery(at, related, negated);
      const where = condition(filter, inner);
      if (where === undefined) throw new NotCovered(`an empty filter of ${name}`);
      const on = toOneOn(name, relation, related, inner, at);
      const test = negated ? sql`(${where}) is not false` : where;
      const rows = sql`exists (select 1 from ${fromClause(inner)} where ${on} and ${test})`;
      return negated ? sql`not ${rows}` : rows;
    }
    // Under a NOT the filter's unknowns count: the related row is joined into this statement
    // (nulls when there is none), and W read on it three-valued, as Prisma's left join reads it.
    const inner: At = { ...joinToOne(at, name, relation, related), negated: true };
    const where = condition(filter, inner);
    if (where === undefined) throw new NotCovered(`an empty filter of ${name}`);
    const key = related.columns.get(relation.references[0] as string) as SqlColumn;
    const exists = sql`${columnRef(inner, key)} is not null`;
    return negated ? sql`(not ${where} or not ${exists})` : sql`(${where} and ${exists})`;
  };
  if (!wrapped) return joined(value, false);
  const parts: Fragment[] = [];
  if (value.is !== undefined) parts.push(value.is === null ? isNull() : joined(value.is, false));
  if (value.isNot !== undefined)
    parts.push(value.isNot === null ? sql`not (${isNull()})` : joined(value.isNot, true));
  return all(parts);
}

/**
 * `some`/`every`/`none` through a to-many relation, as Prisma sends them: `exists` a related row
 * where W holds, `not exists` one where it does not (`every`, so a row whose W is unknown does not
 * break it), `not exists` one where it holds. An empty W is Prisma's.
 */
export function toManyFilter(name: string, value: unknown, at: At): Fragment | undefined {
  const relation = at.table.toMany.get(name) as SqlToMany;
  const related = at.catalog.get(relation.model);
  if (related === undefined) throw new NotCovered(`the relation filter ${name}`);
  if (!isPlainObject(value)) throw new NotCovered(`a relation filter of ${name} that is not an object`);
  const parts: Fragment[] = [];
  for (const [how, filter] of Object.entries(value)) {
    if (filter === undefined) continue;
    if (how !== 'some' && how !== 'every' && how !== 'none')
      throw new NotCovered(`${how} on the list ${name}`);
    // The subquery's own where: only its truth counts, except under `every`'s `not`.
    const inner = subquery(at, related, how === 'every');
    const where = condition(filter, inner);
    if (where === undefined) throw new NotCovered(`an empty ${how} of ${name}`);
    const join = toManyJoin(name, relation, related, inner, at);
    const rows = (test: Fragment) =>
      sql`exists (select 1 from ${fromClause(inner)} where ${join} and ${test})`;
    if (how === 'some') parts.push(rows(where));
    else if (how === 'none') parts.push(sql`not ${rows(where)}`);
    else parts.push(sql`not ${rows(sql`not ${where}`)}`);
  }
  return all(parts);
}

/** The related rows of a to-many relation: their key columns equal to this row's referenced ones. */
export function toManyJoin(
  name: string,
  relation: SqlToMany,
  related: SqlTable,
  inner: At,
  at: At,
): Fragment {
  const join = relation.fields.map((field, index) => {
    const theirs = related.columns.get(field);
    const ours = at.table.columns.get(relation.references[index] as string);
    if (theirs === undefined || ours === undefined) throw new NotCovered(`the key of ${name}`);
    return sql`${columnRef(inner, theirs)} = ${columnRef(at, ours)}`;
  });
  return sql.join(join, AND);
}
