// The Prisma filter vocabulary a client may use. Anything else in a filter position is refused
// (400) rather than passed on: an unknown key is either a typo that Prisma would refuse with an
// error naming our models, or a probe for a feature we did not mean to expose.

/** Operators of a scalar field filter (`where.title.contains=…`), Prisma 7. */
export const SCALAR_FILTER_OPERATORS: ReadonlySet<string> = new Set([
  'equals',
  'not',
  'in',
  'notIn',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'startsWith',
  'endsWith',
  'mode',
  // scalar lists
  'has',
  'hasEvery',
  'hasSome',
  'isEmpty',
  // Json fields
  'path',
  'string_contains',
  'string_starts_with',
  'string_ends_with',
  'array_contains',
  'array_starts_with',
  'array_ends_with',
]);

/** Operators whose value is a list, bounded by the `maxInList` budget. */
export const LIST_OPERATORS: ReadonlySet<string> = new Set(['in', 'notIn', 'hasEvery', 'hasSome']);

/** The values of `mode`. */
export const QUERY_MODES: ReadonlySet<string> = new Set(['default', 'insensitive']);

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
