import { accessibleBy } from '@casl/prisma/runtime';
import { isPlainObject } from '@facet/core';
import type { AccessibleWhere } from '../read/scope/access.types.js';

/** The part of a CASL `PrismaAbility` this helper needs; any `createPrismaAbility()` result fits. */
export type PrismaAbilityLike = Parameters<typeof accessibleBy>[0];

export interface CaslAccessibleWhereOptions {
  /**
   * The CASL action the filter of a read is built for. Writes ask for their own action (`create`,
   * `update`, `delete`), which is passed through as it is.
   * @default 'read'
   */
  action?: string;
}

/**
 * An `accessibleWhere` built on `@casl/prisma`: the where-input of the rows the ability may `action`
 * on the subject (`accessibleBy(ability, action).ofType(subject)`), where `action` is the option's
 * for a read and `create`, `update` or `delete` for a write.
 *
 * When no rule allows the action, `@casl/prisma` 2 returns a filter that matches nothing (an empty
 * page, not an error) and version 1 throws CASL's `ForbiddenError`, which `QueryService` maps to a
 * 403. Either way nothing unfiltered is read.
 *
 * Each ability's filters are remembered for as long as that ability object lives (and until CASL's
 * `update()` gives it new rules), so reuse abilities between requests where the rules allow it.
 */
export function createCaslAccessibleWhere<TWhere = object>(
  options: CaslAccessibleWhereOptions = {},
): AccessibleWhere<PrismaAbilityLike, TWhere> {
  const action = options.action ?? 'read';
  if (typeof action !== 'string' || action === '') {
    throw new TypeError('The `action` option of createCaslAccessibleWhere must be a non-empty string.');
  }
  // Building the filter walks the ability's rules on every read. An application that reuses its
  // abilities (one per role, or per user for a while) gets each subject's filter built once: the
  // memo lives as long as the ability object, and is dropped when CASL's `update()` replaces its
  // rules. The filter is frozen, because every read that shares it must see the same one.
  const memo = new WeakMap<object, { rules: unknown; bySubject: Map<string, TWhere> }>();
  return (ability, subject, access) => {
    const verb = access === undefined || access === 'read' ? action : access;
    const rules = (ability as { rules?: unknown }).rules;
    let entry = memo.get(ability);
    if (entry === undefined || entry.rules !== rules) {
      entry = { rules, bySubject: new Map() };
      memo.set(ability, entry);
    }
    const key = `${verb} ${subject}`;
    let where = entry.bySubject.get(key);
    if (where === undefined) {
      const records = accessibleBy(ability, verb) as unknown as {
        ofType?: (subject: string) => unknown;
      } & Record<string, unknown>;
      // @casl/prisma 2 has `ofType(subject)`; version 1 exposed each subject as a property.
      where = deepFreeze(
        typeof records.ofType === 'function' ? records.ofType(subject) : records[subject],
      ) as TWhere;
      entry.bySubject.set(key, where);
    }
    return where;
  };
}

function deepFreeze(value: unknown): unknown {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    // Only the plain objects and arrays of a where-input; class instances (Dates, Decimals) stay as they are.
    if (Array.isArray(value) || isPlainObject(value)) {
      Object.freeze(value);
      for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}
