// The cost model of relation filters, checked against `maxRelationFilterCost` (docs/SECURITY.md,
// section 3, has the measurements). The size budgets do not bound what a filter costs: on 100,000
// books and 500,000 reviews, a 570-byte `where` of four `OR` arms of
// `reviews.every.book.reviews.every` ran into PostgreSQL's statement timeout. Each relation filter
// is a join with a table that may be the largest one, so it costs about one scan of it; what makes
// a filter expensive is where the database cannot plan it as a join and runs it as a subquery,
// once per row of what surrounds it. The weights below were fitted to the server's CPU time for
// about 800 filter shapes on that dataset (EXPLAIN ANALYZE showed why):
//
// - `some`, `none`, `is` and the bare to-one form cost 1; `every` (the database runs it as `none`
//   of the negated filter) and `isNot` cost 2.
// - Under `OR` or `NOT` a relation filter costs twice as much: it is a subquery of its own, not a
//   join. (`NOT: { reviews: { some } }` costs 2, like `every`.)
// - What is inside a relation filter is multiplied: by 2 inside a to-many filter (it is evaluated
//   per related row), by 4 more inside `every` or `isNot` and inside a relation filter under
//   `OR`/`NOT` (a correlated subquery per row). Those nestings took 1.6 to 2.9 s of CPU where the
//   same joins took 0.2 to 0.5 s, and one of them did not finish in 8 s.
//
// Only the query's shape counts, never the data, so the verdict is the same for every caller.

/** Where a filter sits: what a relation filter there is multiplied by, and whether `OR`/`NOT` is around it. */
export interface CostScope {
  readonly multiplier: number;
  readonly underOrNot: boolean;
}

/** The top of a `where` (root, `include.<relation>.where`, `_count.select.<relation>.where`). */
export const ROOT_COST_SCOPE: CostScope = Object.freeze({ multiplier: 1, underOrNot: false });

/** `every` and `isNot` negate the filter inside them; the database cannot join what is negated. */
const NEGATING = new Set(['every', 'isNot']);
const NEGATED_COST = 2;
const UNDER_OR_NOT_COST = 2;
const TO_MANY_FACTOR = 2;
const PER_ROW_FACTOR = 4;

/** The scope of the members of an `OR` or `NOT`. */
export function underOrNot(scope: CostScope): CostScope {
  return scope.underOrNot ? scope : { multiplier: scope.multiplier, underOrNot: true };
}

/**
 * What one relation filter in `scope` costs. `operator` is `some`, `every`, `none`, `is`, `isNot`,
 * or `undefined` for the bare to-one form (`author: { name }`) and `author: null`.
 */
export function relationFilterCost(scope: CostScope, operator: string | undefined): number {
  const own = operator !== undefined && NEGATING.has(operator) ? NEGATED_COST : 1;
  return scope.multiplier * own * (scope.underOrNot ? UNDER_OR_NOT_COST : 1);
}

/** The scope of the filter inside a relation filter (of a to-many relation when `toMany`). */
export function insideRelationFilter(
  scope: CostScope,
  operator: string | undefined,
  toMany: boolean,
): CostScope {
  let multiplier = scope.multiplier * (toMany ? TO_MANY_FACTOR : 1);
  if (operator !== undefined && NEGATING.has(operator)) multiplier *= PER_ROW_FACTOR;
  if (scope.underOrNot) multiplier *= PER_ROW_FACTOR;
  return { multiplier, underOrNot: false };
}
