/**
 * Limits on the size of what a client may ask for, checked by `assertQueryPolicy` before anything
 * reaches Prisma. Each is a Facet default, not from the spec. Exceeding one is a 400 naming the
 * path and the limit. Page size (`QueryService` `maxPerPage`), `fields` depth (`fieldsOptions`) and
 * the `take` cap on to-many includes (`QueryService` `maxIncludeTake`) are set where they apply.
 */
export interface QueryBudget {
  /**
   * Deepest nesting of objects in a `where` (the `where` object itself is level 1, so
   * `where.author.name.contains` is 3), also inside `include.<relation>.where`.
   * @default 8
   */
  readonly maxWhereDepth?: number;
  /** Deepest nesting of relations in `include`/`select` (`include.books.include.reviews` is 2). @default 3 */
  readonly maxIncludeDepth?: number;
  /** Most keys across all filters of one read (`where` and every relation's `where`). @default 100 */
  readonly maxFilterNodes?: number;
  /** Longest list of `in`, `notIn`, `hasSome`, `hasEvery`. @default 100 */
  readonly maxInList?: number;
  /** Most relations loaded by `include`/`select`, at all levels, `_count` entries included. @default 10 */
  readonly maxIncludes?: number;
  /** Most entries in an `orderBy` list (and keys of one `orderBy` object). @default 5 */
  readonly maxOrderBy?: number;
  /**
   * Most cost of the relation filters (`some`, `every`, `none`, `is`, `isNot`, the bare to-one form)
   * across all filters of one read: `some`, `none` and `is` cost 1 and `every` 2 side by side;
   * under `OR`/`NOT` a to-many filter costs twice, a to-one filter under `OR` 4 (a lookup per row),
   * a negated one (`isNot`, `is` under `NOT`) 3; a to-many filter inside another relation
   * filter 4 times as much; what is inside a to-many filter costs twice, and 4 times more inside
   * `every`, `isNot` or a relation filter under `OR`/`NOT` (relation-filter-cost.ts). The default
   * takes five relation filters side by side, `reviews.some.book.is.author.is` or
   * `author.is.books.some`, and refuses relation filters nested in `every`, `isNot` or in a relation
   * filter under `OR`/`NOT` (docs/SECURITY.md, section 3). Give a resource
   * over a much larger table a lower one.
   * @default 5
   */
  readonly maxRelationFilterCost?: number;
  /** Longest search text (`q`), in characters (UTF-16 code units). @default 200 */
  readonly maxSearchLength?: number;
}

export type ResolvedQueryBudget = { readonly [K in keyof QueryBudget]-?: number };

export const DEFAULT_QUERY_BUDGET: ResolvedQueryBudget = Object.freeze({
  maxWhereDepth: 8,
  maxIncludeDepth: 3,
  maxFilterNodes: 100,
  maxInList: 100,
  maxIncludes: 10,
  maxOrderBy: 5,
  maxRelationFilterCost: 5,
  maxSearchLength: 200,
});

const BUDGET_KEYS = Object.keys(DEFAULT_QUERY_BUDGET) as (keyof QueryBudget)[];

/** Fills in the defaults; throws a `TypeError`/`RangeError` naming a bad or unknown option. */
export function resolveQueryBudget(budget: QueryBudget = {}): ResolvedQueryBudget {
  if (typeof budget !== 'object' || budget === null) throw new TypeError('A query budget must be an object.');
  for (const key of Object.keys(budget)) {
    if (!(BUDGET_KEYS as string[]).includes(key))
      throw new TypeError(`Unknown query budget option \`${key}\`.`);
  }
  const out: Record<string, number> = { ...DEFAULT_QUERY_BUDGET };
  for (const key of BUDGET_KEYS) {
    const value = budget[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`The \`${key}\` budget must be a positive integer, got ${String(value)}.`);
    }
    out[key] = value;
  }
  return Object.freeze(out) as ResolvedQueryBudget;
}
