import type { OPERATION_KEYS, QueryOperation, RESOURCE_FACET_KEYS } from './operation-keys.js';

/**
 * How one argument of a read names fields, and so which walk of the check stage reads it against
 * the caller's DTO:
 * - `where`: a where-input (fields, operators, operands, relation filters);
 * - `orderBy`: sort keys, through to-one relations and to-many `_count`s;
 * - `include`, `select`: a tree of relations (and, for `select`, scalars) to load;
 * - `omit`: `{ <scalar>: true | false }`;
 * - `cursor`: a unique where-input of scalars and their values;
 * - `distinct`: a scalar's name, or a list of them;
 * - `aggregate`: `{ <scalar>: true }` under `_count`, `_min`, `_max`, `_avg`, `_sum`;
 * - `fields`: Facet's `fields` text, checked by the projection (`check-fields.ts`);
 * - `group`: `groupBy`'s `by` and `having`, checked with the group's selections by `check-group.ts`;
 * - `none`: names no field (a number, a cursor token, a mode, the search text).
 */
export type ArgumentKind =
  | 'where'
  | 'orderBy'
  | 'include'
  | 'select'
  | 'omit'
  | 'cursor'
  | 'distinct'
  | 'aggregate'
  | 'fields'
  | 'group'
  | 'none';

type Row = (typeof OPERATION_KEYS)[QueryOperation];

/** Every key some read operation takes, from Prisma or from Facet, and the resource-only keys. */
export type ReadArgumentKey =
  | Row['prisma'][number]
  | Row['facet'][number]
  | (typeof RESOURCE_FACET_KEYS)[number];

/**
 * One row per argument key of every read (the operation table's `prisma` and `facet` columns and the
 * resource-only keys; a key added there fails to compile until it has a row here), so that every
 * key that names fields is checked against the DTO as the caller sees it. A field the caller may
 * not see then answers exactly like a misspelt one in every position: an argument passed on
 * unchecked would be refused by Prisma when misspelt but accepted when hidden.
 * `argument-fields.test-d.ts` holds the table to the keys of Prisma's own argument types.
 */
export const ARGUMENT_FIELDS = {
  where: 'where',
  orderBy: 'orderBy',
  include: 'include',
  select: 'select',
  omit: 'omit',
  cursor: 'cursor',
  distinct: 'distinct',
  _count: 'aggregate',
  _min: 'aggregate',
  _max: 'aggregate',
  _avg: 'aggregate',
  _sum: 'aggregate',
  fields: 'fields',
  by: 'group',
  having: 'group',
  take: 'none',
  skip: 'none',
  relationLoadStrategy: 'none',
  page: 'none',
  perPage: 'none',
  after: 'none',
  before: 'none',
  format: 'none',
  // The search text: it searches the DTO's searchable fields the caller may see (check-search.ts).
  q: 'none',
  count: 'none',
} as const satisfies Readonly<Record<ReadArgumentKey, ArgumentKind>>;

/** The kind of `key`, or `undefined` for a key no read takes (refused by `refuseUnknownKeys`). */
export function argumentKind(key: string): ArgumentKind | undefined {
  return Object.hasOwn(ARGUMENT_FIELDS, key) ? ARGUMENT_FIELDS[key as ReadArgumentKey] : undefined;
}
