// Aggregates and groups compiled: `aggregate(args)` as one `select` of aggregate functions, and
// `groupBy(args)` as one `select … group by`, under the same compiled `where` as a page's. Values
// come back as Prisma's: counts as numbers, `_avg` as a number (a Decimal for a Decimal field),
// `_sum`, `_min` and `_max` in the field's own type (a Decimal's and a BigInt's exact texts).
import { isPlainObject } from '@facet/core';
import { sql } from 'kysely';
import { type CompiledRead, covered, onlyArguments, rootAt } from './compile-read.js';
import { type Decode, type MakeDecimal, pageSize, scalarDecode } from './compile-select.js';
import { type At, compileWhere, type Fragment, fromClause, NotCovered } from './compile-where.js';
import type { SortTerm, SqlDialect } from './sql-dialect.js';
import { COMMA, columnRef, identifier, SPACE } from './sql-names.js';
import type { SqlCatalog, SqlColumn, SqlTable } from './sql-schema.js';

const AGGREGATES = ['_count', '_avg', '_sum', '_min', '_max'] as const;
type Aggregate = (typeof AGGREGATES)[number];

/** One selected value: where it goes in the answer (`[key]` or `[aggregate, field]`), its SQL and its decoding. */
interface Output {
  readonly path: readonly [string] | readonly [string, string];
  readonly expression: Fragment;
  readonly decode: Decode;
  /** The value as SQL compares it (a sort by an aggregate): not its text. */
  readonly raw: Fragment;
}

const NUMERIC: ReadonlySet<string> = new Set(['Int', 'Float', 'BigInt', 'Decimal']);
const ORDERED: ReadonlySet<string> = new Set([...NUMERIC, 'String', 'DateTime', 'Enum']);

function isAggregate(key: string): key is Aggregate {
  return (AGGREGATES as readonly string[]).includes(key);
}

const toNumber: Decode = (value) => (value === null || value === undefined ? null : Number(value));

/** The SQL and decoding of `aggregate(field)`, for the field types Facet's aggregate check accepts. */
function aggregateOf(operation: Aggregate, column: SqlColumn, at: At, decimal: MakeDecimal): Output {
  const ref = columnRef(at, column);
  const path = [operation, column.field] as const;
  if (operation === '_count') {
    const raw = sql`count(${ref})`;
    return { path, expression: raw, decode: toNumber, raw };
  }
  if (operation === '_min' || operation === '_max') {
    if (!ORDERED.has(column.type)) throw new NotCovered(`${operation} of the ${column.type} ${column.field}`);
    const raw = operation === '_min' ? sql`min(${ref})` : sql`max(${ref})`;
    return {
      path,
      expression: at.dialect.select(raw, column),
      decode: scalarDecode(column, decimal, at.dialect),
      raw,
    };
  }
  if (!NUMERIC.has(column.type)) throw new NotCovered(`${operation} of the ${column.type} ${column.field}`);
  const raw = operation === '_avg' ? sql`avg(${ref})` : sql`sum(${ref})`;
  // As text: a mean or a total of exact numbers is exact in SQL, and a JSON or double read would round it.
  const expression = at.dialect.text(raw);
  if (column.type === 'Decimal') {
    if (decimal === undefined) throw new NotCovered('a Decimal field without the engine’s `decimal`');
    return { path, expression, decode: (value) => (value === null ? null : decimal(String(value))), raw };
  }
  if (operation === '_sum' && column.type === 'BigInt')
    return { path, expression, decode: (value) => (value === null ? null : BigInt(String(value))), raw };
  return { path, expression, decode: toNumber, raw };
}

/**
 * The aggregates `args` asks for, in its order (the order of Prisma's answer): `_count: true` is
 * the number of rows.
 */
function aggregates(args: Record<string, unknown>, at: At, decimal: MakeDecimal): Output[] {
  const outputs: Output[] = [];
  for (const [operation, selection] of Object.entries(args)) {
    if (!isAggregate(operation)) continue;
    if (selection === undefined || selection === false) continue;
    if (selection === true && operation === '_count') {
      outputs.push({ path: ['_count'], expression: sql`count(*)`, decode: toNumber, raw: sql`count(*)` });
      continue;
    }
    if (!isPlainObject(selection)) throw new NotCovered(`a ${operation} that is not an object`);
    for (const [field, wanted] of Object.entries(selection)) {
      if (wanted === undefined || wanted === false) continue;
      if (wanted !== true) throw new NotCovered(`${operation}.${field} that is not true`);
      if (operation === '_count' && field === '_all') {
        outputs.push({
          path: ['_count', '_all'],
          expression: sql`count(*)`,
          decode: toNumber,
          raw: sql`count(*)`,
        });
        continue;
      }
      const column = at.table.columns.get(field);
      if (column === undefined) throw new NotCovered(`${operation} of ${field}`);
      outputs.push(aggregateOf(operation, column, at, decimal));
    }
  }
  return outputs;
}

function selectList(outputs: readonly Output[]): Fragment {
  return sql.join(
    outputs.map((output, index) => sql`${output.expression} as ${identifier(`c${index}`)}`),
    COMMA,
  );
}

/** An answer row as Prisma shapes it: aggregates nested by operation, in the order they were selected. */
function shape(raw: Record<string, unknown>, outputs: readonly Output[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [index, output] of outputs.entries()) {
    const value = output.decode(raw[`c${index}`]);
    const [first, second] = output.path;
    if (second === undefined) {
      row[first] = value;
      continue;
    }
    const group = (row[first] as Record<string, unknown> | undefined) ?? {};
    group[second] = value;
    row[first] = group;
  }
  return row;
}

const AGGREGATE_KEYS: ReadonlySet<string> = new Set(['where', ...AGGREGATES]);
const GROUP_KEYS: ReadonlySet<string> = new Set(['where', 'by', 'orderBy', 'take', 'skip', ...AGGREGATES]);

/** `aggregate(args)` as one statement, or `undefined` when the compiler does not cover `args`. */
export function compileAggregate(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
  decimal: MakeDecimal,
  dialect: SqlDialect,
): CompiledRead<Record<string, unknown>> | undefined {
  return covered(() => {
    onlyArguments(args, AGGREGATE_KEYS, 'aggregate');
    const at = rootAt(catalog, table, dialect);
    const outputs = aggregates(args, at, decimal);
    if (outputs.length === 0) throw new NotCovered('an aggregate that selects nothing');
    const where = compileWhere(args.where, at);
    return {
      statement: sql`select ${selectList(outputs)} from ${fromClause(at)} where ${where}`,
      read: (rows) => shape(rows[0] ?? {}, outputs),
    };
  });
}

/**
 * `groupBy(args)` as one statement, or `undefined`: groups of scalar columns (`by`), the aggregates
 * asked for, `orderBy` by a `by` field or an aggregate of a field, and a page (`take`, `skip`).
 * `having` is not covered (Facet refuses it before any read).
 */
export function compileGroupBy(
  catalog: SqlCatalog,
  table: SqlTable,
  args: Record<string, unknown>,
  decimal: MakeDecimal,
  dialect: SqlDialect,
): CompiledRead<Record<string, unknown>[]> | undefined {
  return covered(() => {
    onlyArguments(args, GROUP_KEYS, 'groupBy');
    const at = rootAt(catalog, table, dialect);
    const by = (Array.isArray(args.by) ? args.by : [args.by]).map((field) => {
      const column = typeof field === 'string' ? at.table.columns.get(field) : undefined;
      if (column === undefined || column.type === 'Json') throw new NotCovered(`a group by ${String(field)}`);
      return column;
    });
    if (by.length === 0) throw new NotCovered('a groupBy without a field');
    const keys: Output[] = by.map((column) => ({
      path: [column.field],
      expression: dialect.select(columnRef(at, column), column),
      decode: scalarDecode(column, decimal, dialect),
      raw: columnRef(at, column),
    }));
    // Prisma's groups hold their aggregates first, then the `by` fields.
    const outputs = [...aggregates(args, at, decimal), ...keys];
    const where = compileWhere(args.where, at);
    const parts: Fragment[] = [
      sql`select ${selectList(outputs)} from ${fromClause(at)} where ${where}`,
      sql`group by ${sql.join(
        by.map((column) => columnRef(at, column)),
        COMMA,
      )}`,
    ];
    const sorts = groupSorts(args.orderBy, at, by, decimal);
    if (sorts.length > 0) parts.push(sql`order by ${sql.join(sorts.map(dialect.sort), COMMA)}`);
    parts.push(...dialect.page(pageSize(args.take, 'take'), pageSize(args.skip, 'skip')));
    return {
      statement: sql.join(parts, SPACE),
      read: (rows) => rows.map((raw) => shape(raw, outputs)),
    };
  });
}

/** A group's `orderBy`: `{ genre: 'asc' }` (a `by` field) or `{ _count: { pages: 'desc' } }`. */
function groupSorts(value: unknown, at: At, by: readonly SqlColumn[], decimal: MakeDecimal): SortTerm[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item) => {
    if (!isPlainObject(item)) throw new NotCovered('an orderBy item that is not an object');
    return Object.entries(item).map(([key, order]): SortTerm => {
      if (isAggregate(key)) {
        const entries = isPlainObject(order) ? Object.entries(order) : [];
        const [entry] = entries;
        if (entries.length !== 1 || entry === undefined) throw new NotCovered(`a sort by ${key}`);
        const [field, direction] = entry;
        const column = at.table.columns.get(field);
        if (column === undefined || (direction !== 'asc' && direction !== 'desc'))
          throw new NotCovered(`a sort by ${key}.${field}`);
        const { raw } = aggregateOf(key, column, at, decimal);
        return { expression: raw, direction, nulls: undefined };
      }
      const column = by.find((item) => item.field === key);
      if (column === undefined || (order !== 'asc' && order !== 'desc'))
        throw new NotCovered(`a group sort by ${key}`);
      return { expression: columnRef(at, column), direction: order, nulls: undefined };
    });
  });
}
