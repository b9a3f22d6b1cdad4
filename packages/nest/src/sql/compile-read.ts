import { isPlainObject } from '@facet/core';
import { sql } from 'kysely';
import { compileSelection, decodeRow, type MakeDecimal, type Member } from './compile-select.js';
import { type At, columnRef, compileWhere, type Fragment, NotCovered, tableRef } from './compile-where.js';
import type { SqlCatalog, SqlTable } from './sql-schema.js';

/**
 * What the compiler covers, and why the rest stays with Prisma (the one decision: every other
 * argument, operator, type or shape throws `NotCovered` and the read runs on the Prisma path):
 *
 * - `findMany` with `where`, `orderBy`, `skip`, `take`, `select`/`include`/`omit`: the calls a
 *   list page makes (`read/plan/plan-page.ts`), the access scope already merged into `where`.
 * - `where`: `AND`/`OR`/`NOT` and the scalar operators of the operator table (`equals`, `not`,
 *   `in`, `notIn`, `lt`...`gte`, `contains`/`startsWith`/`endsWith`, `mode: 'insensitive'`) on
 *   String, enum, Int, Float, BigInt, Decimal, Boolean and DateTime columns, and filters through
 *   a required to-one relation (`is`, `isNot`, direct), read as Prisma's join reads them. Optional
 *   to-one and to-many relation filters (`some`/`every`/`none`), Json, Bytes and scalar lists are
 *   not yet compiled: their SQL needs its own differential proof.
 * - `orderBy` on scalar columns (with `nulls`); sorts through relations or by `_count` are Prisma's.
 * - Projection: scalar columns and to-one relations whose foreign key the model holds, nested, as
 *   JSON objects in the same statement; to-many relations and `_count` are Prisma's.
 * - `count` with a `where`: `count(*)` under the same filter.
 * - PostgreSQL and PGlite only; on MySQL/MariaDB every read is Prisma's until the MySQL dialect is proven.
 */
export interface CompiledRead<T> {
  readonly statement: Fragment;
  readonly read: (rows: readonly Record<string, unknown>[]) => T;
}

const FIND_MANY_KEYS: ReadonlySet<string> = new Set([
  'where',
  'orderBy',
  'skip',
  'take',
  'select',
  'include',
  'omit',
  // How Prisma loads relations; one statement loads them here either way.
  'relationLoadStrategy',
]);

function rootAt(catalog: SqlCatalog, table: SqlTable): At {
  let next = 0;
  return { catalog, table, alias: 't0', nextAlias: () => `t${++next}` };
}

function count(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new NotCovered(`a ${name} that is not a non-negative integer`);
  return value;
}

function orderBy(value: unknown, at: At): Fragment[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    if (!isPlainObject(item)) throw new NotCovered('an orderBy item that is not an object');
    return Object.entries(item).map(([field, order]) => {
      const column = at.table.columns.get(field);
      if (column === undefined) throw new NotCovered(`a sort by ${field}`);
      const ref = columnRef(at, column);
      const direction = isPlainObject(order) ? order.sort : order;
      const nulls = isPlainObject(order) ? order.nulls : undefined;
      if (direction !== 'asc' && direction !== 'desc') throw new NotCovered('a sort direction');
      if (isPlainObject(order) && Object.keys(order).some((key) => key !== 'sort' && key !== 'nulls'))
        throw new NotCovered('a sort option');
      const way = direction === 'asc' ? sql`asc` : sql`desc`;
      if (nulls === undefined) return sql`${ref} ${way}`;
      if (nulls !== 'first' && nulls !== 'last') throw new NotCovered('a nulls option');
      // Prisma refuses `nulls` on a required field (a 400): that answer is Prisma's to give.
      if (!column.nullable) throw new NotCovered(`nulls on the required ${field}`);
      return sql`${ref} ${way} ${nulls === 'first' ? sql`nulls first` : sql`nulls last`}`;
    });
  });
}

/** `findMany(args)` as one statement, or `undefined` when the compiler does not cover `args`. */
export function compileFindMany(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
  decimal: MakeDecimal,
): CompiledRead<Record<string, unknown>[]> | undefined {
  return covered(() => {
    for (const key of Object.keys(args)) {
      if (!FIND_MANY_KEYS.has(key) && args[key] !== undefined) throw new NotCovered(`the argument ${key}`);
    }
    const at = rootAt(catalog, table);
    const members: Member[] = compileSelection(args, at, decimal);
    if (members.length === 0) throw new NotCovered('an empty selection');
    const columns = sql.join(members.map((item, index) => sql`${item.expression} as ${sql.id(`c${index}`)}`));
    const where = compileWhere(args.where, at);
    const sorts = orderBy(args.orderBy, at);
    const take = count(args.take, 'take');
    const skip = count(args.skip, 'skip');
    const parts: Fragment[] = [sql`select ${columns} from ${tableRef(table, at.alias)} where ${where}`];
    if (sorts.length > 0) parts.push(sql`order by ${sql.join(sorts)}`);
    if (take !== undefined) parts.push(sql`limit ${sql.val(take)}`);
    if (skip !== undefined && skip > 0) parts.push(sql`offset ${sql.val(skip)}`);
    return {
      statement: sql.join(parts, sql` `),
      read: (rows) => rows.map((row) => decodeRow(row, members)),
    };
  });
}

/** `count(args)` as one statement, or `undefined` when the compiler does not cover `args`. */
export function compileCount(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
): CompiledRead<number> | undefined {
  return covered(() => {
    for (const key of Object.keys(args)) {
      if (key !== 'where' && args[key] !== undefined) throw new NotCovered(`the count argument ${key}`);
    }
    const at = rootAt(catalog, table);
    const statement = sql`select count(*) as ${sql.id('c')} from ${tableRef(table, at.alias)} where ${compileWhere(args.where, at)}`;
    return { statement, read: (rows) => Number(rows[0]?.c ?? 0) };
  });
}

/** The one place a read is judged: compiled, or `undefined` for the Prisma path. */
function covered<T>(compile: () => T): T | undefined {
  try {
    return compile();
  } catch (error) {
    if (error instanceof NotCovered) return undefined;
    throw error;
  }
}
