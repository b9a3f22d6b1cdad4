import { isPlainObject } from '@facet/core';

/**
 * Prisma's `relationJoins` preview loads relations in the same statement as their parent (LATERAL
 * joins on PostgreSQL), and its query compiler (Prisma 7.10) cannot build that statement when a
 * to-many relation load is sorted by a relation `_count` and nothing after it: it fails before
 * sending anything ("The column `(not available)` does not exist in the current database"), a 500
 * for a valid read such as `authors?include.books.orderBy={"reviews":{"_count":"desc"}}`. Loading
 * the relations in separate queries (`relationLoadStrategy: 'query'`) reads the same rows in the
 * same order; Facet asks for it for such reads only, and only from a client that has the preview
 * (any other refuses the argument).
 */

/** Whether an `orderBy` (an object or a list, relation paths included) sorts by a `_count` anywhere. */
function sortsByCount(orderBy: unknown): boolean {
  const pending: unknown[] = [orderBy];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (Array.isArray(value)) pending.push(...value);
    else if (isPlainObject(value)) {
      if ('_count' in value) return true;
      pending.push(...Object.values(value));
    }
  }
  return false;
}

/**
 * Whether a relation load of `args` (an `include` or `select` entry, at any depth) is sorted by a
 * relation `_count`, in any position of its `orderBy`. The read's own top-level `orderBy` is not a
 * relation load, and the compiler builds it.
 */
export function hasRelationCountSort(args: unknown): boolean {
  const pending: unknown[] = [args];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (!isPlainObject(value)) continue;
    for (const key of ['include', 'select'] as const) {
      const loads = value[key];
      if (!isPlainObject(loads)) continue;
      for (const load of Object.values(loads)) {
        if (!isPlainObject(load)) continue;
        if (sortsByCount(load.orderBy)) return true;
        pending.push(load);
      }
    }
  }
  return false;
}

/** `args` with `relationLoadStrategy: 'query'` when a join-loading client could not build them. */
export function withRelationLoadStrategy<T extends Record<string, unknown>>(
  args: T,
  relationJoins: boolean,
): T {
  if (!relationJoins || args.relationLoadStrategy === 'query' || !hasRelationCountSort(args)) return args;
  return { ...args, relationLoadStrategy: 'query' };
}
