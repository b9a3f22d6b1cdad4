import { isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';

export { keysetWhere, reversedKeys } from './keyset-where.js';

/** Where a sort key puts its nulls. */
export type NullsPosition = 'first' | 'last';

/** One key of a total order, as keyset paging reads it. */
export interface SortKey {
  /**
   * The to-one relations leading to the field, outermost first (`['author']` for
   * `{ author: { name: 'asc' } }`); empty for a field of the model itself.
   */
  readonly path: readonly string[];
  /** For each relation of `path`, whether it may be missing (`author Author?`): its row then sorts as null. */
  readonly optional: readonly boolean[];
  readonly field: string;
  readonly direction: 'asc' | 'desc';
  readonly nulls: NullsPosition;
  /** Whether the key can be null: the field is nullable, or a relation on its path may be missing. */
  readonly nullable: boolean;
  /** Whether the field itself is nullable (`String?`). */
  readonly fieldNullable: boolean;
  /** Booleans have no `gt`/`lt` in Prisma: they are compared as values. */
  readonly boolean: boolean;
  /** An enum's values in declaration order (how databases sort enums); it has no `gt`/`lt` either. */
  readonly enumValues?: readonly string[];
}

/** Types whose order Prisma can compare with `gt`/`lt` (or, for booleans and enums, by value). */
const ORDERED_TYPES: ReadonlySet<string> = new Set([
  'String',
  'Int',
  'BigInt',
  'Float',
  'Decimal',
  'DateTime',
  'Boolean',
]);

/** A paged read's sort, made total by the key's fields. */
export interface TotalOrder {
  /** What goes to Prisma: the client's sort, then each key field it does not already have. */
  readonly orderBy: readonly object[];
  /**
   * The keys keyset paging compares, in order: scalars of the model or of a to-one relation;
   * `undefined` when a key cannot be compared by value (a to-many `_count`, a `Json` field, a
   * model whose types are unknown). Such a sort is paged by offset cursors (see `Position`).
   */
  readonly keys: readonly SortKey[] | undefined;
  /** The sort's identity: a cursor made for one sort is refused by another. */
  readonly signature: string;
}

type Direction = 'asc' | 'desc';

const isDirection = (value: unknown): value is Direction => value === 'asc' || value === 'desc';

/**
 * Where the database puts nulls when the sort does not say: PostgreSQL (and CockroachDB) sorts
 * them as larger than any value, MySQL/MariaDB, SQLite and SQL Server as smaller.
 */
function defaultNulls(provider: string | undefined, direction: Direction): NullsPosition {
  const nullsLarge = provider === undefined || provider === 'postgresql' || provider === 'cockroachdb';
  return (direction === 'asc') === nullsLarge ? 'last' : 'first';
}

/** The direction and explicit nulls of a scalar's sort value (`'asc'`, `{ sort, nulls }`), if it is one. */
function sortOf(value: unknown): { direction: Direction; nulls?: NullsPosition } | undefined {
  if (isDirection(value)) return { direction: value };
  if (!isPlainObject(value) || !isDirection(value.sort)) return undefined;
  const nulls = value.nulls;
  return { direction: value.sort, ...(nulls === 'first' || nulls === 'last' ? { nulls } : {}) };
}

/**
 * The keys of one `orderBy` object, read through to-one relations; `undefined` when one of them
 * cannot be compared by value. `path`/`optional` are the relations walked so far.
 */
function keysOf(
  entry: Record<string, unknown>,
  model: ModelTypes,
  provider: string | undefined,
  path: readonly string[],
  optional: readonly boolean[],
): SortKey[] | undefined {
  const keys: SortKey[] = [];
  for (const [field, value] of Object.entries(entry)) {
    const related = model.relation(field);
    if (related !== undefined) {
      // Only a to-one relation has one value per row; a to-many one is sorted by its `_count`.
      // Without the schema text (list and nullability unknown) it cannot be told apart.
      const nullable = model.nullable(field);
      if (model.list(field) !== false || nullable === undefined || !isPlainObject(value)) return undefined;
      const inner = keysOf(value, related, provider, [...path, field], [...optional, nullable]);
      if (inner === undefined) return undefined;
      keys.push(...inner);
      continue;
    }
    const type = model.scalar(field);
    const enumValues = type === 'Enum' ? model.enumValues(field) : undefined;
    const sort = sortOf(value);
    if (type === undefined || !(ORDERED_TYPES.has(type) || enumValues !== undefined) || !sort) {
      return undefined;
    }
    // Unknown nullability (no schema text) keeps the null branches: then merely unused.
    const fieldNullable = model.nullable(field) ?? true;
    keys.push({
      path,
      optional,
      field,
      direction: sort.direction,
      nulls: sort.nulls ?? defaultNulls(provider, sort.direction),
      nullable: fieldNullable || optional.some(Boolean),
      fieldNullable,
      boolean: type === 'Boolean',
      ...(enumValues === undefined ? {} : { enumValues }),
    });
  }
  return keys;
}

/**
 * The client's `orderBy` (an object or a list of objects) ended by each field of the model's key
 * (`keyFields`: one, or a compound key's) ascending, unless the sort already has it, so that rows
 * with equal sort values still come in one fixed order and pages never repeat or skip a row.
 */
export function totalOrder(
  orderBy: unknown,
  keyFields: readonly string[],
  model: ModelTypes | undefined,
  provider: string | undefined,
): TotalOrder {
  const entries: object[] =
    orderBy === undefined || orderBy === null
      ? []
      : Array.isArray(orderBy)
        ? (orderBy as object[])
        : [orderBy as object];
  // Without the model's types (a delegate that hides Prisma's data model) the keys' types and
  // nullability are unknown, and a keyset filter could not be built safely.
  let keys: SortKey[] | undefined = model === undefined ? undefined : [];
  for (const entry of entries) {
    if (keys === undefined || model === undefined) break;
    const more = isPlainObject(entry) ? keysOf(entry, model, provider, [], []) : undefined;
    keys = more === undefined ? undefined : [...keys, ...more];
  }
  const missing = keyFields.filter((field) => !entries.some((entry) => Object.hasOwn(entry, field)));
  const ordered = [...entries, ...missing.map((field) => ({ [field]: 'asc' }))];
  for (const field of keyFields) {
    if (keys === undefined || keys.some((key) => key.path.length === 0 && key.field === field)) continue;
    // A key field's value is never null, and its type's order is the one the key's type gives.
    const type = model?.scalar(field);
    const enumValues = type === 'Enum' ? model?.enumValues(field) : undefined;
    keys.push({
      path: [],
      optional: [],
      field,
      direction: 'asc',
      nulls: defaultNulls(provider, 'asc'),
      nullable: false,
      fieldNullable: false,
      boolean: type === 'Boolean',
      ...(enumValues === undefined ? {} : { enumValues }),
    });
  }
  const signature = JSON.stringify(
    keys?.map((key) => [[...key.path, key.field].join('.'), key.direction, key.nulls]) ?? ordered,
  );
  return { orderBy: ordered, keys, signature };
}

/** The same sort the other way round: what a page read backwards (`before`) sends to Prisma. */
export function reversedOrderBy(orderBy: readonly object[]): object[] {
  const flip = (value: unknown): unknown => {
    if (value === 'asc') return 'desc';
    if (value === 'desc') return 'asc';
    if (!isPlainObject(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      // `{ sort, nulls }`: nulls first one way are nulls last the other way. Left out, the
      // database's default turns round with the direction by itself.
      if (key === 'nulls') out[key] = inner === 'first' ? 'last' : inner === 'last' ? 'first' : inner;
      // `_relevance: { fields, search, sort }`: only its `sort` is a direction.
      else if (key === '_relevance' && isPlainObject(inner)) out[key] = { ...inner, sort: flip(inner.sort) };
      else out[key] = flip(inner);
    }
    return out;
  };
  return orderBy.map((entry) => flip(entry) as object);
}

/**
 * The key values of a row, as a cursor holds them: a missing relation's field is null.
 * @throws {Error} when the row lacks a key (a server bug: the plan selects every key).
 */
export function keyValues(row: unknown, keys: readonly SortKey[]): unknown[] {
  return keys.map((key) => {
    let at: unknown = row;
    for (const relation of key.path) {
      at = (at as Record<string, unknown>)[relation];
      if (at === null) return null;
      if (typeof at !== 'object' || at === undefined)
        throw new Error(`The sort key ${relation} was not read.`);
    }
    const value = (at as Record<string, unknown>)[key.field];
    if (value === undefined) throw new Error(`The sort key ${key.field} was not read.`);
    return value;
  });
}
