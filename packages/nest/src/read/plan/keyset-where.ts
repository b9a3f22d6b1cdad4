import type { SortKey } from './keyset.js';

// The where-inputs of keyset paging: the rows on one side of a position in a total order, built
// from Prisma's own operators so that the database compares exactly as it sorts.

/** The keys read the other way round: "after" in them is "before" in the original order. */
export function reversedKeys(keys: readonly SortKey[]): SortKey[] {
  return keys.map((key) => ({
    ...key,
    direction: key.direction === 'asc' ? 'desc' : 'asc',
    nulls: key.nulls === 'first' ? 'last' : 'first',
  }));
}

/** `condition` on the key's field, reached through its relations (`{ author: { is: … } }`). */
function through(key: SortKey, condition: object): object {
  return key.path.reduceRight<object>((inner, relation) => ({ [relation]: { is: inner } }), {
    [key.field]: condition,
  });
}

/** The rows where the key's value is null: the field is, or a relation on its way is missing. */
function isNull(key: SortKey): object {
  const branches: object[] = [];
  key.path.forEach((relation, index) => {
    if (!key.optional[index]) return;
    const missing = { [relation]: { is: null } };
    branches.push(
      key.path.slice(0, index).reduceRight<object>((inner, outer) => ({ [outer]: { is: inner } }), missing),
    );
  });
  if (key.fieldNullable) {
    branches.push(
      key.path.reduceRight<object>((inner, relation) => ({ [relation]: { is: inner } }), {
        [key.field]: null,
      }),
    );
  }
  return branches.length === 1 ? (branches[0] as object) : { OR: branches };
}

/** The rows where the key has a value: its relations are there, and its field is not null. */
function notNull(key: SortKey): object {
  if (key.fieldNullable || key.path.length === 0) return through(key, { not: null });
  // Prisma takes no `not: null` on a required field: the related row being there says it.
  const inner = key.path.slice(0, -1);
  const last = key.path[key.path.length - 1] as string;
  return inner.reduceRight<object>((nested, relation) => ({ [relation]: { is: nested } }), {
    [last]: { isNot: null },
  });
}

/** `field` compared to `value`, strictly after it in the key's order; `undefined` when nothing is. */
function after(key: SortKey, value: unknown): object | undefined {
  if (value === null) return key.nulls === 'first' ? notNull(key) : undefined;
  const nullsAfter = key.nullable && key.nulls === 'last';
  let beyond: object;
  if (key.boolean) {
    // false < true: after false (ascending) comes true; after true (descending) comes false.
    if (value === (key.direction === 'asc')) return nullsAfter ? isNull(key) : undefined;
    beyond = through(key, { equals: key.direction === 'asc' });
  } else if (key.enumValues !== undefined) {
    const index = key.enumValues.indexOf(value as string);
    const later =
      key.direction === 'asc' ? key.enumValues.slice(index + 1) : key.enumValues.slice(0, Math.max(index, 0));
    if (later.length === 0) return nullsAfter ? isNull(key) : undefined;
    beyond = through(key, { in: later });
  } else beyond = through(key, { [key.direction === 'asc' ? 'gt' : 'lt']: value });
  // `>` and `<` never match null: nulls sorted last follow every value.
  return nullsAfter ? { OR: [beyond, isNull(key)] } : beyond;
}

/** The rows whose key equals `value` (null included). */
function equal(key: SortKey, value: unknown): object {
  return value === null ? isNull(key) : through(key, { equals: value });
}

/**
 * The rows after a position in a total order: for keys k1..kn and the position's values v1..vn,
 * (k1 after v1) or (k1 = v1 and k2 after v2) or ... Nulls sort where the key says. With
 * `inclusive`, the position's own row too (all keys equal). `anyField` is a field of the model,
 * to say "no row" with.
 */
export function keysetWhere(
  keys: readonly SortKey[],
  values: readonly unknown[],
  anyField: string,
  inclusive = false,
): object {
  const branches: object[] = [];
  const equals: object[] = [];
  keys.forEach((key, index) => {
    const value = values[index];
    const beyond = after(key, value);
    if (beyond !== undefined) branches.push(equals.length === 0 ? beyond : { AND: [...equals, beyond] });
    equals.push(equal(key, value));
  });
  if (inclusive) branches.push(equals.length === 1 ? (equals[0] as object) : { AND: equals });
  // An empty OR reads as "no filter" in places (see read/scope/empty-or.ts); say "no row" plainly.
  if (branches.length === 0) return { [anyField]: { in: [] } };
  return branches.length === 1 ? (branches[0] as object) : { OR: branches };
}
