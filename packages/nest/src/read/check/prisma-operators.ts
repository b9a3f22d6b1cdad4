// The Prisma filter vocabulary a client may use. Anything else in a filter position is refused
// (400) rather than passed on: an unknown key is either a typo that Prisma would refuse with an
// error naming our models, or a probe for a feature we did not mean to expose.

// The operators of scalar and list filters are classified in operators.ts.

/** Filters of a to-many relation (`where.books.some.title=…`). */
export const TO_MANY_FILTERS: ReadonlySet<string> = new Set(['some', 'every', 'none']);

/** Filters of a to-one relation (`where.author.is.name=…`; the bare form is accepted too). */
export const TO_ONE_FILTERS: ReadonlySet<string> = new Set(['is', 'isNot']);

/** Combinators of where-inputs. */
export const LOGICAL_OPERATORS: ReadonlySet<string> = new Set(['AND', 'OR', 'NOT']);

/** Arguments a client may give a loaded relation (`include.books.take=5`). */
export const RELATION_LOAD_ARGS: ReadonlySet<string> = new Set([
  'where',
  'orderBy',
  'include',
  'select',
  'take',
  'skip',
]);

/** Sort directions; `nulls` placement of the `{ sort, nulls }` form. */
export const SORT_DIRECTIONS: ReadonlySet<string> = new Set(['asc', 'desc']);
export const NULLS_ORDER: ReadonlySet<string> = new Set(['first', 'last']);

/** Prisma's relation-count key in `include`, `select` and `orderBy`. */
export const COUNT_KEY = '_count';
