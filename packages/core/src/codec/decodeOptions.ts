/**
 * Limits of `decodeQuery`. Every limit is a Facet default, not from the spec: the spec leaves
 * hostile-input limits open, and these are sized for Prisma-style queries (a deep `include` chain
 * is about 8 segments; a list page's query is a few dozen parameters).
 */
export interface DecodeQueryOptions {
  /**
   * Deepest allowed path, counted in keys from the root: `where.author.name.contains` is 4, and a
   * JSON value adds its own nesting (`orderBy=[{"title":"asc"}]` reaches 3). Deeper input is refused
   * with a `too_deep` issue. Facet default, not from the spec.
   * @default 10
   */
  readonly maxDepth?: number;
  /**
   * Most parameters (key=value pairs, or leaf strings of an already-parsed record) in one query.
   * More are refused with a `too_many` issue. Facet default, not from the spec.
   * @default 200
   */
  readonly maxKeys?: number;
  /**
   * Longest key or value, in characters after percent-decoding. Longer ones are refused with a
   * `too_many` issue that carries the limit. Facet default, not from the spec.
   * @default 10000
   */
  readonly maxValueLength?: number;
  /**
   * Most values in the decoded result, counting every object, array and scalar inside JSON values
   * and every parameter. Bounds the work a few short but dense JSON values can cause. Facet default,
   * not from the spec.
   * @default 2000
   */
  readonly maxNodes?: number;
  /**
   * Highest array index a bracket key may name (`a[1000]=x`). Higher ones are refused with a
   * `too_many` issue instead of building a huge sparse array. Facet default, not from the spec.
   * @default 1000
   */
  readonly maxArrayIndex?: number;
}

/** `DecodeQueryOptions` with every limit filled in. */
export type ResolvedDecodeQueryOptions = { readonly [K in keyof DecodeQueryOptions]-?: number };

/** The defaults of `decodeQuery`'s limits (Facet defaults, not from the spec). */
export const DEFAULT_DECODE_OPTIONS: ResolvedDecodeQueryOptions = Object.freeze({
  maxDepth: 10,
  maxKeys: 200,
  maxValueLength: 10_000,
  maxNodes: 2_000,
  maxArrayIndex: 1_000,
});

// One entry per option: a new option fails to compile until it is registered here, so the
// validation cannot drift from the interface.
const MINIMUM: { readonly [K in keyof DecodeQueryOptions]-?: number } = {
  maxDepth: 1,
  maxKeys: 1,
  maxValueLength: 1,
  maxNodes: 1,
  maxArrayIndex: 0,
};
const OPTION_NAMES = Object.keys(MINIMUM) as (keyof DecodeQueryOptions)[];

/**
 * Fills in the defaults and checks every given limit.
 * @throws {RangeError} when a limit is not an integer at or above its minimum; the message names it.
 */
export function resolveDecodeOptions(options?: DecodeQueryOptions): ResolvedDecodeQueryOptions {
  if (options === undefined) return DEFAULT_DECODE_OPTIONS;
  if (options === null || typeof options !== 'object') {
    throw new TypeError('The `decodeQuery` options must be an object.');
  }
  const resolved = { ...DEFAULT_DECODE_OPTIONS };
  for (const name of OPTION_NAMES) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < MINIMUM[name]) {
      throw new RangeError(`The \`${name}\` option must be an integer of at least ${MINIMUM[name]}.`);
    }
    resolved[name] = value;
  }
  return resolved;
}
