import { accessibleBy } from '@casl/prisma/runtime';
import type { AccessibleWhere } from '../access/access.types.js';

/** The part of a CASL `PrismaAbility` this helper needs; any `createPrismaAbility()` result fits. */
type PrismaAbilityLike = Parameters<typeof accessibleBy>[0];

export interface CaslAccessibleWhereOptions {
  /**
   * The CASL action the access filter is built for.
   * @default 'read'
   */
  action?: string;
}

/**
 * An `accessibleWhere` for `QueryService` built on `@casl/prisma`: the where-input of the rows the
 * ability may `action` on the service's subject (`accessibleBy(ability, action).ofType(subject)`).
 *
 * When no rule allows the action, `@casl/prisma` 2 returns a filter that matches nothing (an empty
 * page, not an error) and version 1 throws CASL's `ForbiddenError`, which `QueryService` maps to a
 * 403. Either way nothing unfiltered is read.
 */
export function createCaslAccessibleWhere<TWhere = object>(
  options: CaslAccessibleWhereOptions = {},
): AccessibleWhere<PrismaAbilityLike, TWhere> {
  const action = options.action ?? 'read';
  if (typeof action !== 'string' || action === '') {
    throw new TypeError('The `action` option of createCaslAccessibleWhere must be a non-empty string.');
  }
  return (ability, subject) => {
    const records = accessibleBy(ability, action) as unknown as {
      ofType?: (subject: string) => unknown;
    } & Record<string, unknown>;
    // @casl/prisma 2 has `ofType(subject)`; version 1 exposed each subject as a property.
    const where = typeof records.ofType === 'function' ? records.ofType(subject) : records[subject];
    return where as TWhere;
  };
}
