import type { ModelTypes } from '../../model/model-types.js';

/** Where a sort key puts its nulls. */
export type NullsPosition = 'first' | 'last';

/** One key of a total order, as keyset paging reads it. */
export interface SortKey {
  readonly field: string;
  readonly direction: 'asc' | 'desc';
  readonly nulls: NullsPosition;
  readonly nullable: boolean;
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
   * The scalar keys keyset paging compares, in order; `undefined` when a key is not a scalar of
   * the model (a relation's field, a `_count`), which keyset paging does not support.
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
  let keys: SortKey[] | undefined = [];
  for (const entry of entries) {
    for (const [field, value] of Object.entries(entry)) {
      // Without the model's types (a delegate that hides Prisma's data model) the keys' types and
      // nullability are unknown, and a keyset filter could not be built safely.
      const type = model?.scalar(field);
      const enumValues = type === 'Enum' ? model?.enumValues(field) : undefined;
      const scalar = type !== undefined && (ORDERED_TYPES.has(type) || enumValues !== undefined);
      let direction: Direction | undefined;
      let nulls: NullsPosition | undefined;
      if (isDirection(value)) direction = value;
      else if (
        typeof value === 'object' &&
        value !== null &&
        isDirection((value as { sort?: unknown }).sort)
      ) {
        direction = (value as { sort: Direction }).sort;
        const explicit = (value as { nulls?: unknown }).nulls;
        if (explicit === 'first' || explicit === 'last') nulls = explicit;
      }
      if (!scalar || direction === undefined) {
        keys = undefined;
        continue;
      }
      keys?.push({
        field,
        direction,
        nulls: nulls ?? defaultNulls(provider, direction),
        // Unknown nullability (no schema text) keeps the null branches: then merely unused.
        nullable: model?.nullable(field) ?? true,
        boolean: type === 'Boolean',
        ...(enumValues === undefined ? {} : { enumValues }),
      });
    }
  }
  if (model === undefined) keys = undefined;
  const missing = keyFields.filter((field) => !entries.some((entry) => Object.hasOwn(entry, field)));
  const ordered = [...entries, ...missing.map((field) => ({ [field]: 'asc' }))];
  for (const field of keyFields) {
    if (keys === undefined || keys.some((key) => key.field === field)) continue;
    // A key field's value is never null, and its type's order is the one the key's type gives.
    const type = model?.scalar(field);
    const enumValues = type === 'Enum' ? model?.enumValues(field) : undefined;
    keys.push({
      field,
      direction: 'asc',
      nulls: defaultNulls(provider, 'asc'),
      nullable: false,
      boolean: type === 'Boolean',
      ...(enumValues === undefined ? {} : { enumValues }),
    });
  }
  const signature = JSON.stringify(keys?.map((key) => [key.field, key.direction, key.nulls]) ?? ordered);
  return { orderBy: ordered, keys, signature };
}

/** `field` compared to `value`, strictly after it in the key's order; `undefined` when nothing is. */
function after(key: SortKey, value: unknown): object | undefined {
  if (value === null) return key.nulls === 'first' ? { [key.field]: { not: null } } : undefined;
  let beyond: object;
  if (key.boolean) {
    // false < true: after false (ascending) comes true; after true (descending) comes false.
    if (value === (key.direction === 'asc'))
      return key.nullable && key.nulls === 'last' ? { [key.field]: null } : undefined;
    beyond = { [key.field]: { equals: key.direction === 'asc' } };
  } else if (key.enumValues !== undefined) {
    const index = key.enumValues.indexOf(value as string);
    const later =
      key.direction === 'asc' ? key.enumValues.slice(index + 1) : key.enumValues.slice(0, Math.max(index, 0));
    if (later.length === 0) return key.nullable && key.nulls === 'last' ? { [key.field]: null } : undefined;
    beyond = { [key.field]: { in: later } };
  } else beyond = { [key.field]: { [key.direction === 'asc' ? 'gt' : 'lt']: value } };
  // `>` and `<` never match null: nulls sorted last follow every value.
  return key.nullable && key.nulls === 'last' ? { OR: [beyond, { [key.field]: null }] } : beyond;
}

/**
 * The rows after a position in a total order: for keys k1..kn and the position's values v1..vn,
 * (k1 after v1) or (k1 = v1 and k2 after v2) or ... Nulls sort where the key says.
 */
export function keysetWhere(keys: readonly SortKey[], values: readonly unknown[], anyField: string): object {
  const branches: object[] = [];
  const equal: object[] = [];
  keys.forEach((key, index) => {
    const value = values[index];
    const beyond = after(key, value);
    if (beyond !== undefined) branches.push(equal.length === 0 ? beyond : { AND: [...equal, beyond] });
    equal.push({ [key.field]: value === null ? null : { equals: value } });
  });
  // An empty OR reads as "no filter" in places (see read/scope/empty-or.ts); say "no row" plainly.
  if (branches.length === 0) return { [anyField]: { in: [] } };
  return branches.length === 1 ? (branches[0] as object) : { OR: branches };
}
