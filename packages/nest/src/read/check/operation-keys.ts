import { FacetQueryError } from '@facet/core';

/** The arguments of Prisma's find operations that a read may pass on. */
const FIND_ARGS = [
  'where',
  'orderBy',
  'include',
  'select',
  'omit',
  'take',
  'skip',
  'cursor',
  'distinct',
  'relationLoadStrategy',
] as const;
const AGGREGATES = ['_count', '_min', '_max', '_avg', '_sum'] as const;

/**
 * Facet's keys that only a `Resource` takes, consumed before the delegate like `facet`'s: the
 * search text `q` (`checkSearch`) and a list's count mode `count`. `QueryService`, the spec's
 * helper, keeps the spec's shape and refuses them (400 `unknown_key`), never passing them on.
 */
export const RESOURCE_FACET_KEYS = ['q', 'count'] as const;

/**
 * The name of a read operation (a `QueryService` helper), as reported to `errorLogger`. A name
 * added here fails to compile until `OPERATION_KEYS` has its row.
 */
export type QueryOperation =
  | 'findOne'
  | 'findMany'
  | 'findById'
  | 'findUnique'
  | 'aggregate'
  | 'groupBy'
  | 'count'
  | 'query'
  | 'export';

/** The top-level keys of one read operation. */
export interface OperationKeys {
  /** Prisma's arguments the operation passes on to the delegate. */
  readonly prisma: readonly string[];
  /** Facet's own keys, consumed before the delegate is called (Prisma would refuse them). */
  readonly facet: readonly string[];
  /**
   * What a `Resource`, which answers HTTP clients, takes of them and of `RESOURCE_FACET_KEYS`;
   * `undefined` when a resource has no such read. `count` and `aggregate` take no paging or cursor there: they would change what
   * is counted without the caller seeing it.
   */
  readonly resource: readonly string[] | undefined;
}

/**
 * Every read operation and the top-level keys it accepts, for every path that reaches the
 * delegate: `QueryService`'s helpers, and a `Resource`'s reads (`query` is a list, `findById` and
 * `findOne` a detail). Anything else is refused with a 400 `unknown_key` rather than passed on, so
 * a route with no validation in front cannot hand Prisma a `cursor`, a `distinct` or a misspelt
 * key. `query` pages with `page`, `perPage`, `after` and `before` only: `take`, `skip`, `cursor` and
 * `distinct` would change what a page is. A detail read's `orderBy` (the spec's detail request
 * carries one) orders nothing on one row.
 */
export const OPERATION_KEYS = {
  findOne: { prisma: FIND_ARGS, facet: ['fields'], resource: [...FIND_ARGS, 'fields'] },
  findMany: { prisma: FIND_ARGS, facet: ['fields'], resource: undefined },
  findById: {
    prisma: ['where', 'orderBy', 'include', 'select', 'omit'],
    facet: ['fields'],
    resource: ['where', 'orderBy', 'include', 'select', 'omit', 'fields'],
  },
  findUnique: { prisma: ['where', 'include', 'select', 'omit'], facet: ['fields'], resource: undefined },
  count: {
    prisma: ['where', 'orderBy', 'take', 'skip', 'cursor', 'select'],
    facet: ['fields'],
    resource: ['where', 'q'],
  },
  aggregate: {
    prisma: ['where', 'orderBy', 'take', 'skip', 'cursor', ...AGGREGATES],
    facet: ['fields'],
    resource: ['where', 'q', ...AGGREGATES],
  },
  // A resource's groups (`GET /books/aggregate?by=genre`): the client's filter, search, group keys,
  // selections and order; `having` is taken only to be refused with its reason (check-group.ts),
  // and `take` is the server's (`maxGroups`).
  groupBy: {
    prisma: ['where', 'by', 'orderBy', 'having', 'take', ...AGGREGATES],
    facet: [],
    resource: ['where', 'q', 'by', 'orderBy', 'having', ...AGGREGATES],
  },
  query: {
    prisma: ['where', 'orderBy', 'include', 'select', 'omit', 'relationLoadStrategy'],
    facet: ['fields', 'page', 'perPage', 'after', 'before'],
    resource: [
      'where',
      'orderBy',
      'include',
      'select',
      'omit',
      'relationLoadStrategy',
      'fields',
      'page',
      'perPage',
      'after',
      'q',
      'count',
      'before',
    ],
  },
  // A resource's streamed export: the client sends a filter, a search, a sort, a projection and a
  // format, never a page or a cursor (the export walks every row); `include`/`select` are the plan's.
  export: {
    prisma: ['where', 'orderBy', 'include', 'select', 'relationLoadStrategy'],
    facet: ['fields', 'format'],
    resource: ['where', 'q', 'orderBy', 'fields', 'format'],
  },
} as const satisfies Readonly<Record<QueryOperation, OperationKeys>>;

/** Who is reading: the spec's helper (`QueryService`) or a resource answering a client. */
export type ReadCaller = 'service' | 'resource';

const known = new Map<string, ReadonlySet<string>>();

function accepted(operation: QueryOperation, caller: ReadCaller): ReadonlySet<string> {
  const name = `${caller}:${operation}`;
  let keys = known.get(name);
  if (keys === undefined) {
    const row: OperationKeys = OPERATION_KEYS[operation];
    keys = new Set(caller === 'resource' ? (row.resource ?? []) : [...row.prisma, ...row.facet]);
    known.set(name, keys);
  }
  return keys;
}

/**
 * Refuses every top-level key of `args` that `operation` does not take (a key present with
 * `undefined`, an optional DTO property left out, says nothing).
 * @throws {FacetQueryError} `unknown_key` naming each one.
 */
export function refuseUnknownKeys(
  operation: QueryOperation,
  args: object | undefined,
  caller: ReadCaller,
): void {
  if (args === undefined || args === null) return;
  const keys = accepted(operation, caller);
  const [first, ...rest] = Object.entries(args)
    .filter(([key, value]) => value !== undefined && !keys.has(key))
    .map(([key]) => ({
      code: 'unknown_key' as const,
      path: [key],
      message: `${operation} does not take this argument`,
    }));
  if (first) throw new FacetQueryError([first, ...rest]);
}

const RESOURCE_ONLY: ReadonlySet<string> = new Set(RESOURCE_FACET_KEYS);

/** `args` without Facet's own keys of `operation` and without `undefined` members: what Prisma may see. */
export function prismaArgs(operation: QueryOperation, args: object | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (args === undefined) return out;
  const facet: readonly string[] = OPERATION_KEYS[operation].facet;
  for (const [key, value] of Object.entries(args)) {
    if (!facet.includes(key) && !RESOURCE_ONLY.has(key) && value !== undefined) out[key] = value;
  }
  return out;
}
