import { sql } from 'kysely';
import { orderBy } from './compile-order.js';
import { compileSelection, decodeRow, type MakeDecimal, type Member, pageSize } from './compile-select.js';
import { type At, compileWhere, type Fragment, fromClause, NotCovered, subquery } from './compile-where.js';
import type { SqlDialect } from './sql-dialect.js';
import { COMMA, identifier, SPACE } from './sql-names.js';
import type { SqlCatalog, SqlTable } from './sql-schema.js';

/**
 * What the compiler covers, and why the rest stays with Prisma (the one decision: every other
 * argument, operator, type or shape throws `NotCovered` and the read runs on the Prisma path):
 *
 * - `findMany` with `where`, `orderBy`, `skip`, `take`, `select`/`include`/`omit`: the calls a
 *   list page makes (`read/plan/plan-page.ts`), the access scope already merged into `where`.
 * - `where`: `AND`/`OR`/`NOT` and the scalar operators of the operator table (`equals`, `not`,
 *   `in`, `notIn`, `lt`...`gte`, `contains`/`startsWith`/`endsWith`, `mode: 'insensitive'`) on
 *   String, enum, Int, Float, BigInt, Decimal, Boolean and DateTime columns; filters through a
 *   to-one relation whose key the model holds, required or optional (`is`, `isNot`, direct,
 *   `is: null`/`isNot: null`), read as Prisma's left join reads them; `some`/`every`/`none` through
 *   a to-many relation, as Prisma's `exists` subqueries. An empty relation filter (`is: {}`), a
 *   filter or sort on Json, Bytes and scalar lists are not compiled: each needs its own
 *   differential proof. Each where is read as one conjunction first (`compile-conjunction.ts`).
 * - `orderBy` on scalar columns (with `nulls`), through to-one relations (`{ author: { name } }`,
 *   without `nulls`) and by a to-many relation's `_count`.
 * - Projection: scalar columns (Json ones too, on PostgreSQL and PGlite); to-one relations whose foreign key the model holds, as JSON objects;
 *   to-many relations as JSON arrays with their own `where`, `orderBy`, `skip` and `take` (ordered
 *   by the related key when they page without an order, as Prisma does), nested at any depth; and
 *   `_count` (`true` or `{ select }` with a `where` per relation). All in the same statement.
 * - `count` with a `where`: `count(*)` under the same filter.
 * - `aggregate` and `groupBy` (`compile-aggregate.ts`): `_count`, `_avg`, `_sum`, `_min`, `_max`
 *   of the field types Facet's aggregate check accepts, groups by scalar columns sorted by a `by`
 *   field or an aggregate, with `take`/`skip`.
 * - `findFirst` and `findUnique` (detail reads by key, by a server's where, under the scope): the
 *   same statement as `findMany`'s, `limit 1`.
 * - PostgreSQL and PGlite; and MariaDB (`mariadbPool`, the pieces that differ in `sql-dialect.ts`),
 *   proven by the same differential tests on a MariaDB server. There `mode: 'insensitive'` is Prisma's
 *   (the collation decides, as Prisma's own `like` and `=` do), and so are Float columns (a double's
 *   JSON text is not proven equal to the driver's) and `@db.Timestamp` ones (read in the session's
 *   zone). A MySQL server (a `mysql` model on any other pool) is read by Prisma: unproven.
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

const COUNT_KEYS: ReadonlySet<string> = new Set(['where', 'take']);

export function rootAt(catalog: SqlCatalog, table: SqlTable, dialect: SqlDialect): At {
  let next = 0;
  return { catalog, table, alias: 't0', nextAlias: () => `t${++next}`, joins: [], dialect };
}

/** Refuses (as not covered) an argument of `call` other than the `allowed` ones. */
export function onlyArguments(
  args: Record<string, unknown>,
  allowed: ReadonlySet<string>,
  call: string,
): void {
  for (const key of Object.keys(args)) {
    if (!allowed.has(key) && args[key] !== undefined) throw new NotCovered(`the ${call} argument ${key}`);
  }
}

/** `findMany(args)` as one statement, or `undefined` when the compiler does not cover `args`. */
export function compileFindMany(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
  decimal: MakeDecimal,
  dialect: SqlDialect,
): CompiledRead<Record<string, unknown>[]> | undefined {
  return covered(() => {
    const { statement, members } = findManyStatement(rootAt(catalog, table, dialect), args, decimal);
    return { statement, read: (rows) => rows.map((row) => decodeRow(row, members)) };
  });
}

/** A page's rows and the count of all its pages' rows, as one statement reads them. */
export interface PageAndCount {
  readonly records: Record<string, unknown>[];
  /** `undefined` when the page is empty and its count is not known to be 0 (see `compilePageAndCount`). */
  readonly count: number | undefined;
}

/** The column of a page statement that carries its count: no selected member is named so (`c0`…). */
const COUNT_COLUMN = 'n';

/**
 * `findMany(page)` and `count(count)` as one statement: the page's own, with the count as a scalar
 * subquery beside its columns, which the database runs once (it reads nothing of the row) and
 * repeats on every row. One round trip and one connection where the two calls took two.
 * An empty page carries no count: when the page's where is the count's (the same arguments) and it
 * skips no rows, nothing matches and the count is 0; otherwise (a cursor's narrower where, an
 * offset past the end) `count` is `undefined` and the caller counts by itself.
 */
export function compilePageAndCount(
  catalog: SqlCatalog,
  table: SqlTable,
  page: Record<string, unknown>,
  count: Record<string, unknown>,
  decimal: MakeDecimal,
  dialect: SqlDialect,
): CompiledRead<PageAndCount> | undefined {
  return covered(() => {
    onlyArguments(count, COUNT_KEYS, 'count');
    if (count.take !== undefined) throw new NotCovered('a capped count beside a page');
    const at = rootAt(catalog, table, dialect);
    // Its own aliases from the page's counter: nothing in it refers to, or shadows, the page's.
    const counting = subquery(at, table);
    const countWhere = compileWhere(count.where, counting);
    const total = sql`(select count(*) from ${fromClause(counting)} where ${countWhere})`;
    const { statement, members } = findManyStatement(at, page, decimal, total);
    const emptyIsNone = page.where === count.where && (page.skip === undefined || page.skip === 0);
    return {
      statement,
      read: (rows) => {
        const first = rows[0];
        if (first === undefined) return { records: [], count: emptyIsNone ? 0 : undefined };
        return { records: rows.map((row) => decodeRow(row, members)), count: Number(first[COUNT_COLUMN]) };
      },
    };
  });
}

/** The statement of `findMany(args)` at `at`, with `extra` selected as `n` when given. */
function findManyStatement(
  at: At,
  args: Record<string, unknown>,
  decimal: MakeDecimal,
  extra?: Fragment,
): { statement: Fragment; members: Member[] } {
  onlyArguments(args, FIND_MANY_KEYS, 'findMany');
  const members: Member[] = compileSelection(args, at, decimal);
  if (members.length === 0) throw new NotCovered('an empty selection');
  const selected = members.map((item, index) => sql`${item.expression} as ${identifier(`c${index}`)}`);
  if (extra !== undefined) selected.push(sql`${extra} as ${identifier(COUNT_COLUMN)}`);
  const where = compileWhere(args.where, at);
  const sorts = orderBy(args.orderBy, at);
  const take = pageSize(args.take, 'take');
  const skip = pageSize(args.skip, 'skip');
  const parts: Fragment[] = [sql`select ${sql.join(selected, COMMA)} from ${fromClause(at)} where ${where}`];
  if (sorts.length > 0) parts.push(sql`order by ${sql.join(sorts, COMMA)}`);
  parts.push(...at.dialect.page(take, skip));
  return { statement: at.dialect.statement(sql.join(parts, SPACE)), members };
}

/**
 * `findFirst(args)` as one statement (`limit 1`), or `undefined`: a detail read, its key or the
 * server's where and the access scope already in `where`. A `take` of its own is Prisma's.
 */
export function compileFindFirst(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
  decimal: MakeDecimal,
  dialect: SqlDialect,
): CompiledRead<Record<string, unknown> | null> | undefined {
  if (args.take !== undefined) return undefined;
  const many = compileFindMany(catalog, table, { ...args, take: 1 }, decimal, dialect);
  return many && { statement: many.statement, read: (rows) => many.read(rows)[0] ?? null };
}

/**
 * `findUnique(args)` as one statement, or `undefined`: a where on scalar columns (a key, or a
 * unique field) selects at most one row. A compound key's named input (`isbn_printing`) is not a
 * column, so it stays Prisma's, as does anything but `where` and the projection.
 */
export function compileFindUnique(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
  decimal: MakeDecimal,
  dialect: SqlDialect,
): CompiledRead<Record<string, unknown> | null> | undefined {
  const { orderBy, skip, take } = args;
  if (orderBy !== undefined || skip !== undefined || take !== undefined) return undefined;
  return compileFindFirst(catalog, table, args, decimal, dialect);
}

/** `count(args)` as one statement, or `undefined` when the compiler does not cover `args`. */
export function compileCount(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
  dialect: SqlDialect,
): CompiledRead<number> | undefined {
  return covered(() => {
    onlyArguments(args, COUNT_KEYS, 'count');
    const take = pageSize(args.take, 'count take');
    const at = rootAt(catalog, table, dialect);
    // The where first: compiling it may add the joins `fromClause` writes.
    const where = compileWhere(args.where, at);
    const rows = sql`from ${fromClause(at)} where ${where}`;
    // A capped count (an export's, `take: maxRows + 1`) stops reading at the cap, as Prisma's does.
    const statement =
      take === undefined
        ? sql`select count(*) as ${sql.id('c')} ${rows}`
        : sql`select count(*) as ${sql.id('c')} from (select 1 ${rows} limit ${take}) as ${sql.id('capped')}`;
    return { statement, read: (result) => Number(result[0]?.c ?? 0) };
  });
}

/** The one place a read is judged: compiled, or `undefined` for the Prisma path. */
export function covered<T>(compile: () => T): T | undefined {
  try {
    return compile();
  } catch (error) {
    if (error instanceof NotCovered) return undefined;
    throw error;
  }
}
