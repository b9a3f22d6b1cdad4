// The database-specific pieces of the compiled read path. The compilers build one statement from
// Kysely's `sql` fragments (identifiers by `sql.id`, values by `sql.val`: Kysely's query compiler of
// the dialect quotes the first and numbers or marks the second); what differs beyond that (how a
// scalar is selected exactly, how JSON is built, how an operand is typed, which sort and filter
// options each database compiles as Prisma reads them) is here, one object per database.
import { sql } from 'kysely';
import type { Fragment } from './compile-where.js';
import { COMMA, identifier, SPACE } from './sql-names.js';
import type { SqlColumn } from './sql-schema.js';

/** One term of an `order by`: an expression, its direction, and where its nulls go (when named). */
export interface SortTerm {
  readonly expression: Fragment;
  readonly direction: 'asc' | 'desc';
  readonly nulls: 'first' | 'last' | undefined;
}

/** The rows of a to-many relation, to aggregate into one JSON array. */
export interface RelationRows {
  /** One related row as a JSON object. */
  readonly object: Fragment;
  /** `from <table> as <alias>` of the related rows. */
  readonly from: Fragment;
  /** The join to this row and the relation's own `where`. */
  readonly where: Fragment;
  readonly sorts: readonly SortTerm[];
  readonly take: number | undefined;
  readonly skip: number | undefined;
  /** An alias no other part of the statement uses. */
  readonly alias: string;
}

export interface SqlDialect {
  readonly name: 'postgresql' | 'mariadb';
  /** Whether the dialect reads (selects, filters, sorts) this column exactly as Prisma does. */
  covers(column: SqlColumn): boolean;
  /** A scalar as selected: exact texts for BigInt and Decimal, epoch milliseconds for DateTime. */
  select(ref: Fragment, column: SqlColumn): Fragment;
  /** A Boolean as the driver or a JSON object gives it, as Prisma's row holds it. */
  readonly boolean: (value: unknown) => boolean;
  /** A DateTime operand, compared as Prisma compares it. */
  dateTime(date: Date, column: SqlColumn): Fragment;
  /** A value as its exact text (an aggregate of exact numbers, read without rounding). */
  text(value: Fragment): Fragment;
  /** A BigInt operand (its decimal digits). */
  bigInt(digits: string): Fragment;
  /** Whether `mode: 'insensitive'` compiles (`ilike`); elsewhere it is Prisma's to answer. */
  readonly insensitive: boolean;
  /** One `order by` term (two where `nulls` needs a term of its own). */
  sort(term: SortTerm): Fragment;
  /** `limit`/`offset` of a page. */
  page(take: number | undefined, skip: number | undefined): Fragment[];
  /** A JSON object of `'key', value` pairs. */
  object(pairs: Fragment): Fragment;
  /** A to-many relation's rows as one JSON array in their order (`[]` for none). */
  array(rows: RelationRows): Fragment;
  /** Wraps the whole statement (session settings it needs while it runs). */
  statement(body: Fragment): Fragment;
}

const ASC = sql`asc`;
const DESC = sql`desc`;
const NULLS_FIRST = sql`nulls first`;
const NULLS_LAST = sql`nulls last`;
const way = (term: SortTerm) => (term.direction === 'asc' ? ASC : DESC);

export const postgresDialect: SqlDialect = {
  name: 'postgresql',
  covers: () => true,
  select(ref, column) {
    switch (column.type) {
      case 'BigInt':
      case 'Decimal':
        return sql`${ref}::text`;
      case 'DateTime':
        return sql`floor(extract(epoch from ${ref}) * 1000)::float8`;
      default:
        return ref;
    }
  },
  boolean: (value) => value as boolean,
  text: (value) => sql`${value}::text`,
  dateTime(date, column) {
    // Prisma reads a zone-less timestamp as UTC: compare in UTC whatever the session's zone is.
    const point = sql`cast(${sql.val(date.toISOString())} as timestamptz)`;
    return column.zoned ? point : sql`(${point} at time zone 'UTC')`;
  },
  bigInt: (digits) => sql.val(digits),
  insensitive: true,
  sort(term) {
    if (term.nulls === undefined) return sql`${term.expression} ${way(term)}`;
    return sql`${term.expression} ${way(term)} ${term.nulls === 'first' ? NULLS_FIRST : NULLS_LAST}`;
  },
  page(take, skip) {
    const parts: Fragment[] = [];
    if (take !== undefined) parts.push(sql`limit ${sql.val(take)}`);
    if (skip !== undefined && skip > 0) parts.push(sql`offset ${sql.val(skip)}`);
    return parts;
  },
  object: (pairs) => sql`json_build_object(${pairs})`,
  array(rows) {
    const parts: Fragment[] = [
      sql`select ${rows.object} as ${identifier('j')} from ${rows.from} where ${rows.where}`,
    ];
    if (rows.sorts.length > 0)
      parts.push(sql`order by ${sql.join(rows.sorts.map(postgresDialect.sort), COMMA)}`);
    parts.push(...postgresDialect.page(rows.take, rows.skip));
    return sql`(select coalesce(json_agg(${identifier('j', rows.alias)}), '[]'::json) from (${sql.join(parts, SPACE)}) as ${identifier(rows.alias)})`;
  },
  statement: (body) => body,
};

/** MariaDB's `limit` without a bound: `offset` needs one. */
const NO_LIMIT = sql.lit('18446744073709551615');

/**
 * MariaDB (10.5+: `JSON_ARRAYAGG` with `order by` and `limit`), read as Prisma's MariaDB adapter reads
 * it. A derived table cannot see the outer row there, so a relation's page is the aggregate's own
 * `order by`/`limit`. Only zone-less `DATETIME` columns are compiled (a `TIMESTAMP` is read in the
 * session's zone), and Float is Prisma's (a double's JSON text is not proven equal to the driver's).
 */
export const mariadbDialect: SqlDialect = {
  name: 'mariadb',
  covers: (column) =>
    column.type !== 'Float' &&
    // A JSON column is a LONGTEXT here: its text would nest in a JSON object as a string.
    column.type !== 'Json' &&
    (column.type !== 'DateTime' || column.native === undefined || column.native === 'DateTime'),
  select(ref, column) {
    switch (column.type) {
      case 'BigInt':
      case 'Decimal':
        return mariadbDialect.text(ref);
      case 'DateTime':
        // Calendar arithmetic on a DATETIME: the same instant whatever the session's zone is.
        return sql`floor(timestampdiff(microsecond, '1970-01-01 00:00:00', ${ref}) / 1000)`;
      default:
        return ref;
    }
  },
  boolean: (value) => value === true || value === 1 || value === '1' || value === 1n,
  text: (value) => sql`cast(${value} as char)`,
  // As Prisma's adapter sends a Date to a DATETIME: its UTC wall-clock time, milliseconds when not 0.
  dateTime: (date) =>
    sql.val(
      date
        .toISOString()
        .replace('T', ' ')
        .replace(/(\.000)?Z$/, ''),
    ),
  // A BigInt as an integer: a text would be compared with the column as a double.
  bigInt: (digits) => sql.val(BigInt(digits)),
  insensitive: false,
  sort(term) {
    // Nulls sort lowest on MariaDB: `x is null` first puts them where the sort names them.
    if (term.nulls === undefined) return sql`${term.expression} ${way(term)}`;
    const nullsWay = term.nulls === 'first' ? DESC : ASC;
    return sql`(${term.expression} is null) ${nullsWay}, ${term.expression} ${way(term)}`;
  },
  page(take, skip) {
    const parts: Fragment[] = [];
    if (take !== undefined) parts.push(sql`limit ${sql.val(take)}`);
    else if (skip !== undefined && skip > 0) parts.push(sql`limit ${NO_LIMIT}`);
    if (skip !== undefined && skip > 0) parts.push(sql`offset ${sql.val(skip)}`);
    return parts;
  },
  object: (pairs) => sql`json_object(${pairs})`,
  array(rows) {
    const parts: Fragment[] = [sql`json_arrayagg(${rows.object}`];
    if (rows.sorts.length > 0)
      parts.push(sql`order by ${sql.join(rows.sorts.map(mariadbDialect.sort), COMMA)}`);
    parts.push(...mariadbDialect.page(rows.take, rows.skip));
    return sql`coalesce((select ${sql.join(parts, SPACE)}) from ${rows.from} where ${rows.where}), json_array())`;
  },
  // JSON_ARRAYAGG is cut at `group_concat_max_len` (1 MB by default): lifted for this statement only.
  statement: (body) => sql`set statement group_concat_max_len = 4294967295 for ${body}`,
};
