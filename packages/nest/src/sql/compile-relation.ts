// Relation filters of a compiled `where` (`compile-where.ts` reads the rest): through a to-one
// relation as Prisma's left join reads it, through a to-many relation as its `exists` subqueries.
import { isPlainObject } from '@facet/core';
import { sql } from 'kysely';
import { type At, all, columnRef, condition, type Fragment, NotCovered, tableRef } from './compile-where.js';
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
  // One row always (a left join from a single row), so that a missing related row reads as
  // Prisma's join reads it, not as the null of an empty scalar subquery.
  const joined = (filter: unknown, negated: boolean): Fragment => {
    const inner: At = { ...at, table: related, alias: at.nextAlias() };
    const where = condition(filter, inner);
    if (where === undefined) throw new NotCovered(`an empty filter of ${name}`);
    const references = relation.references.map((field) => {
      const column = related.columns.get(field);
      if (column === undefined) throw new NotCovered(`the key of ${name}`);
      return column;
    });
    const join = references.map(
      (column, index) => sql`${columnRef(inner, column)} = ${columnRef(at, keys[index] as SqlColumn)}`,
    );
    const exists = sql`${columnRef(inner, references[0] as SqlColumn)} is not null`;
    const holds = negated ? sql`(not ${where} or not ${exists})` : sql`(${where} and ${exists})`;
    return sql`(select ${holds} from (select 1) as ${sql.id(`${inner.alias}_one`)} left join ${tableRef(related, inner.alias)} on ${sql.join(join, sql` and `)})`;
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
    const inner: At = { ...at, table: related, alias: at.nextAlias() };
    const where = condition(filter, inner);
    if (where === undefined) throw new NotCovered(`an empty ${how} of ${name}`);
    const join = toManyJoin(name, relation, related, inner, at);
    const rows = (test: Fragment) =>
      sql`exists (select 1 from ${tableRef(related, inner.alias)} where ${join} and ${test})`;
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
  return sql.join(join, sql` and `);
}
