// The cost model of relation filters, checked against `maxRelationFilterCost` (docs/SECURITY.md,
// section 3, has the measurements). The size budgets do not bound what a filter costs: on 100,000
// books and 500,000 reviews, a 570-byte `where` of four `OR` arms of
// `reviews.every.book.reviews.every` ran into PostgreSQL's statement timeout. A relation filter is
// a join with a table that may be the largest one: about one pass over it, whatever the operator.
// What makes one expensive is where the database cannot plan it as a join, and evaluates it once
// per row of what surrounds it. The weights were fitted to the server's CPU time for about 2,000
// filter shapes on that dataset, on count and list routes (EXPLAIN ANALYZE showed the plans):
//
// - `some`, `none`, `is` and the bare to-one form cost 1, `every` 2 (it runs as `none` of the
//   negated filter). Side by side (`AND`) they add up.
// - Under `OR` or `NOT` a to-many filter costs twice as much: a subquery of its own, not a join.
// - A to-one filter under `OR` is looked up once per row (4). Negated (`isNot`, or `is` under
//   `NOT`), its selectivity is a guess, and a list's `LIMIT` plan may look it up for every row when
//   it keeps none (3): a single `book.isNot: {}` took about 1 s on the list of 500,000 reviews (the
//   example's budget of 2 for that resource refuses it).
// - What is inside a relation filter is multiplied: by 2 inside a to-many filter (it runs per
//   related row), by 4 more inside `every` or `isNot` and inside a relation filter under
//   `OR`/`NOT` (a correlated subquery per row). Such nestings took 1.6 to 2.9 s where the same
//   joins took 0.2 to 0.5 s.
// - A to-many filter inside another relation filter visits its rows once per row of that one: 4
//   times. On a list, whose `LIMIT` plan may evaluate the filter row by row, `book.is.reviews.none`
//   took 2.2 s on the 500,000 reviews (the example gives that resource a budget of 2, which refuses
//   it; `author.is.books.some` took 0.25 s on the 100,000 books).
//
// Only the query's shape counts, never the data, so the verdict is the same for every caller.

/** Where a filter sits: what a relation filter there is multiplied by, and what is around it. */
export interface CostScope {
  readonly multiplier: number;
  /** An `OR` between this place and the relation filter around it (or the top of the `where`). */
  readonly underOr: boolean;
  /** A `NOT` between this place and the relation filter around it (or the top of the `where`). */
  readonly underNot: boolean;
  /** Inside another relation filter. */
  readonly nested: boolean;
}

/** The top of a `where` (root, `include.<relation>.where`, `_count.select.<relation>.where`). */
export const ROOT_COST_SCOPE: CostScope = Object.freeze({
  multiplier: 1,
  underOr: false,
  underNot: false,
  nested: false,
});

/** `every` and `isNot` negate the filter inside them. */
const NEGATING: ReadonlySet<string> = new Set(['every', 'isNot']);
/** A negating filter, or a relation filter under `OR`/`NOT`, costs this many times its weight. */
const NOT_JOINED = 2;
/** A to-one filter under `OR` cannot be a join: it is a lookup per row of the table around it. */
const LOOKUP_PER_ROW = 4;
/**
 * A negated to-one filter (`isNot`, `is` under `NOT`): the planner guesses how many rows it keeps,
 * and a list's `LIMIT` plan may look it up for every row when it keeps none.
 */
const NEGATED_TO_ONE = 3;
/** What is inside a to-many filter runs per related row. */
const TO_MANY_FACTOR = 2;
/** A to-many filter inside another relation filter visits its rows once per row of that one. */
const NESTED_TO_MANY = 4;
/** What is inside a negating filter, or a relation filter under `OR`/`NOT`, is a subquery per row. */
const PER_ROW_FACTOR = 4;

/** The scope of the members of an `OR` (`operator` `OR`) or a `NOT`. */
export function underLogical(scope: CostScope, operator: 'OR' | 'NOT'): CostScope {
  if (operator === 'OR') return scope.underOr ? scope : { ...scope, underOr: true };
  return scope.underNot ? scope : { ...scope, underNot: true };
}

/**
 * What one relation filter in `scope` costs. `operator` is `some`, `every`, `none`, `is`, `isNot`,
 * or `undefined` for the bare to-one form (`author: { name }`) and `author: null`.
 */
export function relationFilterCost(scope: CostScope, operator: string | undefined, toMany: boolean): number {
  const negating = operator !== undefined && NEGATING.has(operator);
  if (toMany) {
    const underOrNot = scope.underOr || scope.underNot;
    const own = (negating ? NOT_JOINED : 1) * (underOrNot ? NOT_JOINED : 1);
    return scope.multiplier * own * (scope.nested ? NESTED_TO_MANY : 1);
  }
  if (scope.underOr) return scope.multiplier * LOOKUP_PER_ROW;
  // `NOT` around `is` is `isNot`.
  return scope.multiplier * (negating || scope.underNot ? NEGATED_TO_ONE : 1);
}

/** The scope of the filter inside a relation filter (see `relationFilterCost`). */
export function insideRelationFilter(
  scope: CostScope,
  operator: string | undefined,
  toMany: boolean,
): CostScope {
  let multiplier = scope.multiplier * (toMany ? TO_MANY_FACTOR : 1);
  if (operator !== undefined && NEGATING.has(operator)) multiplier *= PER_ROW_FACTOR;
  if (scope.underOr || scope.underNot) multiplier *= PER_ROW_FACTOR;
  return { multiplier, underOr: false, underNot: false, nested: true };
}
