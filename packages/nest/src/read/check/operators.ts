import type { ScalarType } from '../../model/model-types.js';

/**
 * The one classification of Prisma's filter operators (docs/SECURITY.md, section 2a): for every
 * field type and operator, how the operand is checked (its shape) and, for each `mode`, how it is
 * made literal before it reaches the database. The policy checks operands with it, `QueryService`
 * makes them literal with it, the OpenAPI schemas describe it, and a test compares it with the
 * filter types of Prisma's generated clients (PostgreSQL and MySQL), so an operator Prisma adds
 * cannot go unclassified.
 *
 * The SQL classes were read from what Prisma 7 sends through its driver adapters (PostgreSQL,
 * PGlite, MariaDB); `packages/nest/test/operator-table.test.ts` checks them against the SQL of
 * every row. Escaping where the SQL is `=` would break exact matches, so each cell says which.
 */

/** A field's filter row: its scalar type, a scalar list (`String[]`), or unknown (`Untyped`). */
export type OperandType = ScalarType | 'Untyped';
/** The row of the table a field reads: its scalar type, `List` for a scalar list, or `Untyped`. */
export type FilterKind = OperandType | 'List';

/** How an operand is shaped, and so how the policy checks it. */
export type OperandShape =
  /** One value of the field's type. */
  | 'value'
  /** One value, or `null` (equality: `IS NULL`). */
  | 'nullableValue'
  /** A value, `null`, or a nested filter object of the same field (Prisma's `not`). */
  | 'negation'
  /** A list of values of the field's type, within the `maxInList` budget. */
  | 'list'
  /** A list of values, or `null` (a scalar list's `equals`). */
  | 'nullableList'
  /** A search text. */
  | 'text'
  /** `default` or `insensitive`; it changes how the other operators of its filter compare. */
  | 'mode'
  | 'boolean'
  /** Json's `path`: a list of keys (PostgreSQL) or a JSON path string (MySQL). */
  | 'jsonPath'
  /** A JSON number or string: Json's `lt`... (Prisma fails on anything else, before any SQL). */
  | 'jsonScalar'
  /** Any JSON value without Prisma-internal keys. */
  | 'json';

/**
 * How an operand reaches the database in one mode.
 * - `exact`: compared as a value (`=`, `<`, `IN`, `@>`, `LOWER(col) = LOWER($1)`, JSON containment);
 *   passed on unchanged.
 * - `pattern`: becomes (part of) a LIKE or ILIKE pattern; `\`, `%` and `_` are escaped so the text
 *   is literal (`contains`, and `equals`/`not` with `mode: 'insensitive'`, which Prisma turns into
 *   `ILIKE`/`NOT ILIKE` on PostgreSQL).
 * - `modifier`: not a value; it changes how the others compare (`mode`).
 * - `refused`: no literal meaning, or a database error for any operand: a 400.
 */
export type SqlClass = 'exact' | 'pattern' | 'modifier' | 'refused';

/** One cell group of the table: an operator's operand shape, and its SQL class in each mode. */
export interface OperatorRule {
  /** How the operand is checked. */
  readonly operand: OperandShape;
  /** The class in the default mode (and on MySQL, which has no `mode` for strings). */
  readonly default: SqlClass;
  /** The class under `mode: 'insensitive'` (only String and Json filters have a mode). */
  readonly insensitive: SqlClass;
  /**
   * Insensitive only with a `path` beside it: without one, PostgreSQL is asked for `LOWER(jsonb)`,
   * which does not exist (an error for every operand).
   */
  readonly insensitiveNeedsPath?: true;
}

/** Prisma's `mode` of a String or Json filter. */
export type Mode = 'default' | 'insensitive';
/** The operators of one filter kind, by name. */
export type OperatorRow = Readonly<Record<string, OperatorRule>>;

const rule = (operand: OperandShape, normal: SqlClass, insensitive: SqlClass = normal): OperatorRule => ({
  operand,
  default: normal,
  insensitive,
});

const EXACT_VALUE = rule('value', 'exact');
const EXACT_LIST = rule('list', 'exact');
const EQUALITY: OperatorRow = {
  equals: rule('nullableValue', 'exact'),
  not: rule('negation', 'exact'),
  in: EXACT_LIST,
  notIn: EXACT_LIST,
};
const ORDERED: OperatorRow = {
  ...EQUALITY,
  lt: EXACT_VALUE,
  lte: EXACT_VALUE,
  gt: EXACT_VALUE,
  gte: EXACT_VALUE,
};
const SEARCH_TEXT = rule('text', 'pattern');
const JSON_SEARCH_TEXT: OperatorRule = { ...SEARCH_TEXT, insensitiveNeedsPath: true };
const STRING: OperatorRow = {
  ...ORDERED,
  // `ILIKE $1` / `NOT ILIKE $1` when insensitive; `in`, `lt`... become `LOWER(col) < LOWER($1)`.
  equals: rule('nullableValue', 'exact', 'pattern'),
  not: rule('negation', 'exact', 'pattern'),
  contains: SEARCH_TEXT,
  startsWith: SEARCH_TEXT,
  endsWith: SEARCH_TEXT,
  mode: rule('mode', 'modifier'),
  // MySQL's full-text search: boolean-mode syntax, and an error without a full-text index.
  search: rule('text', 'refused'),
};
const JSON_VALUE = rule('json', 'exact');
const JSON_ORDERED = rule('jsonScalar', 'exact');
const JSON_FILTER: OperatorRow = {
  // Insensitive, Prisma compares the operand's JSON text with ILIKE (PostgreSQL; a syntax error on
  // MySQL): JSON text doubles every backslash, so no operand makes that pattern literal.
  equals: rule('json', 'exact', 'refused'),
  not: rule('json', 'exact', 'refused'),
  lt: JSON_ORDERED,
  lte: JSON_ORDERED,
  gt: JSON_ORDERED,
  gte: JSON_ORDERED,
  path: rule('jsonPath', 'exact'),
  mode: rule('mode', 'modifier'),
  string_contains: JSON_SEARCH_TEXT,
  string_starts_with: JSON_SEARCH_TEXT,
  string_ends_with: JSON_SEARCH_TEXT,
  array_contains: JSON_VALUE,
  array_starts_with: JSON_VALUE,
  array_ends_with: JSON_VALUE,
};
/** A scalar list (`String[]`, PostgreSQL): `=`, `@>` and `&&` on arrays. */
const LIST: OperatorRow = {
  equals: rule('nullableList', 'exact'),
  has: rule('nullableValue', 'exact'),
  hasEvery: EXACT_LIST,
  hasSome: EXACT_LIST,
  isEmpty: rule('boolean', 'exact'),
};

/** The operator table: every operator of every filter kind, classified (see the top of this file). */
export const OPERATORS: Readonly<Record<FilterKind, OperatorRow>> = {
  String: STRING,
  Int: ORDERED,
  BigInt: ORDERED,
  Float: ORDERED,
  Decimal: ORDERED,
  DateTime: ORDERED,
  Boolean: { equals: rule('nullableValue', 'exact'), not: rule('negation', 'exact') },
  Enum: EQUALITY,
  Bytes: EQUALITY,
  Json: JSON_FILTER,
  List: LIST,
  // Without the data model every operator is possible: an operator scalars have takes scalars,
  // and `equals`/`not` are patterns when insensitive, as on a String field (only String and Json
  // filters have a mode).
  Untyped: {
    ...JSON_FILTER,
    ...LIST,
    ...STRING,
  },
};

/** What the policy and `QueryService` know of a field whose operands they check or prepare. */
export interface FilterField {
  readonly type: OperandType;
  /** `true` for a scalar list; `undefined` when unknown (its list operators are then accepted too). */
  readonly list?: boolean | undefined;
}

/** The row of a field: its type's, a list's, or (list unknown) both. */
export function rowOf(field: FilterField): OperatorRow {
  if (field.list === true) return OPERATORS.List;
  if (field.list === false || field.type === 'Untyped') return OPERATORS[field.type];
  return LIST_OR_SCALAR[field.type];
}

const LIST_OR_SCALAR = Object.fromEntries(
  Object.entries(OPERATORS).map(([kind, row]) => [kind, { ...LIST, ...row }]),
) as Readonly<Record<FilterKind, OperatorRow>>;

/** The rule of `operator` on a field, or `undefined` when the field's filter has no such operator. */
export function ruleOf(field: FilterField, operator: string): OperatorRule | undefined {
  const row = rowOf(field);
  return Object.hasOwn(row, operator) ? row[operator] : undefined;
}

/** The class of an operand of `rule` in `filter` (whose own keys, `path` included, it reads) under `mode`. */
export function sqlClassOf(
  rule: OperatorRule,
  mode: Mode,
  filter: Readonly<Record<string, unknown>>,
): SqlClass {
  if (mode === 'default') return rule.default;
  return rule.insensitiveNeedsPath === true && filter.path === undefined ? 'refused' : rule.insensitive;
}

/** The `mode` a filter object sets, else the one it inherits (Prisma applies it inside `not`). */
export function modeOf(filter: Readonly<Record<string, unknown>>, inherited: Mode): Mode {
  return filter.mode === 'insensitive' ? 'insensitive' : filter.mode === 'default' ? 'default' : inherited;
}

/** The values of `mode`. */
export const QUERY_MODES: ReadonlySet<Mode> = new Set(['default', 'insensitive']);

/** Every operator of a scalar or list filter that a client may name, in any row. */
export const SCALAR_FILTER_OPERATORS: ReadonlySet<string> = new Set(
  Object.entries(OPERATORS.Untyped)
    .filter(([, { default: normal, insensitive }]) => normal !== 'refused' || insensitive !== 'refused')
    .map(([operator]) => operator),
);

/** Operators whose operand is a list, bounded by the `maxInList` budget. */
export const LIST_OPERATORS: ReadonlySet<string> = new Set(
  Object.entries(OPERATORS.Untyped)
    .filter(([, { operand }]) => operand === 'list' || operand === 'nullableList')
    .map(([operator]) => operator),
);
