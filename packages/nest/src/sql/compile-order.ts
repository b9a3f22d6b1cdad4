import { isPlainObject } from '@facet/core';
import { sql } from 'kysely';
import { toManyJoin } from './compile-relation.js';
import { type At, type Fragment, fromClause, joinToOne, NotCovered, subquery } from './compile-where.js';
import type { SortTerm } from './sql-dialect.js';
import { columnRef } from './sql-names.js';

/** A read's `orderBy` (a list or one item) as the terms of an `order by`. */
export function orderBy(value: unknown, at: At): Fragment[] {
  return sortTerms(value, at).map(at.dialect.sort);
}

/** A read's `orderBy` as its sort terms, for the dialect to write. */
export function sortTerms(value: unknown, at: At): SortTerm[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    if (!isPlainObject(item)) throw new NotCovered('an orderBy item that is not an object');
    return Object.entries(item).map(([field, order]) => sortTerm(field, order, at));
  });
}

/**
 * One sort key: a column; a column of a to-one relation (`{ author: { name: 'asc' } }`), as the
 * related row's value or null when there is none, which is how Prisma's left join sorts it; or the
 * number of related rows (`{ reviews: { _count: 'desc' } }`), 0 for none.
 */
function sortTerm(field: string, order: unknown, at: At): SortTerm {
  const column = at.table.columns.get(field);
  if (column?.type === 'Json') throw new NotCovered(`a sort by the Json field ${field}`);
  if (column !== undefined) {
    const direction = isPlainObject(order) ? order.sort : order;
    const nulls = isPlainObject(order) ? order.nulls : undefined;
    if (direction !== 'asc' && direction !== 'desc') throw new NotCovered('a sort direction');
    if (isPlainObject(order) && Object.keys(order).some((key) => key !== 'sort' && key !== 'nulls'))
      throw new NotCovered('a sort option');
    if (nulls !== undefined && nulls !== 'first' && nulls !== 'last') throw new NotCovered('a nulls option');
    // Prisma refuses `nulls` on a required field (a 400): that answer is Prisma's to give.
    if (nulls !== undefined && !column.nullable) throw new NotCovered(`nulls on the required ${field}`);
    return { expression: columnRef(at, column), direction, nulls };
  }
  if (!isPlainObject(order)) throw new NotCovered(`a sort by ${field}`);
  const entries = Object.entries(order).filter(([, item]) => item !== undefined);
  if (entries.length !== 1) throw new NotCovered(`a sort by ${field} that names no single field`);
  const [[inner, innerOrder]] = entries as [[string, unknown]];
  const toOne = at.table.toOne.get(field);
  const toMany = at.table.toMany.get(field);
  const related = at.catalog.get((toOne ?? toMany)?.model ?? '');
  if (related === undefined) throw new NotCovered(`a sort by ${field}`);
  if (toOne !== undefined) {
    // The related row joined into this statement, as Prisma's left join sorts by it (null when
    // there is none); a scalar subquery per row would be evaluated row by row before the limit.
    const within = joinToOne(at, field, toOne, related);
    const term = sortTerm(inner, innerOrder, within);
    // Whether `nulls` may be named through a relation is Prisma's to judge.
    if (term.nulls !== undefined) throw new NotCovered(`nulls in a sort through ${field}`);
    return { expression: term.expression, direction: term.direction, nulls: undefined };
  }
  const within = subquery(at, related);
  if (toMany === undefined || inner !== '_count') throw new NotCovered(`a sort by ${field}.${inner}`);
  if (innerOrder !== 'asc' && innerOrder !== 'desc') throw new NotCovered('a sort direction');
  const join = toManyJoin(field, toMany, related, within, at);
  const expression = sql`(select count(*) from ${fromClause(within)} where ${join})`;
  return { expression, direction: innerOrder, nulls: undefined };
}
