/** Limits of `parseFields`. All are Facet defaults, not from the spec. */
export interface ParseFieldsOptions {
  /**
   * Deepest allowed field, counted in levels: `id` is 1, `author{name}` reaches 2, and the
   * envelope's `items{author{books{title}}}` reaches 4. Deeper braces are refused with a `too_deep`
   * issue at the offending `{`. Facet default, not from the spec.
   * @default 6
   */
  readonly maxDepth?: number;
  /**
   * Longest expression, in characters. Longer ones are refused with a `too_many` issue before any
   * parsing. Facet default, not from the spec.
   * @default 2000
   */
  readonly maxLength?: number;
  /**
   * Most field names in one expression, counting every level and repeats. Facet default, not from
   * the spec.
   * @default 500
   */
  readonly maxFields?: number;
}

/** `ParseFieldsOptions` with every limit filled in. */
export type ResolvedParseFieldsOptions = { readonly [K in keyof ParseFieldsOptions]-?: number };

/** The defaults of `parseFields`'s limits (Facet defaults, not from the spec). */
export const DEFAULT_PARSE_FIELDS_OPTIONS: ResolvedParseFieldsOptions = Object.freeze({
  maxDepth: 6,
  maxLength: 2_000,
  maxFields: 500,
});

const OPTION_NAMES = Object.keys(DEFAULT_PARSE_FIELDS_OPTIONS) as (keyof ParseFieldsOptions)[];

/**
 * Fills in the defaults and checks every given limit.
 * @throws {RangeError} when a limit is not a positive integer; the message names it.
 */
export function resolveParseFieldsOptions(options?: ParseFieldsOptions): ResolvedParseFieldsOptions {
  if (options === undefined) return DEFAULT_PARSE_FIELDS_OPTIONS;
  if (options === null || typeof options !== 'object') {
    throw new TypeError('The `parseFields` options must be an object.');
  }
  const resolved = { ...DEFAULT_PARSE_FIELDS_OPTIONS };
  for (const name of OPTION_NAMES) {
    const value = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`The \`${name}\` option must be a positive integer.`);
    }
    resolved[name] = value;
  }
  return resolved;
}
