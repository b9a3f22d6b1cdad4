import { isPlainObject } from '@facet/core';

// Prisma 7.10's query compiler drops an `OR: []` that sits anywhere under an `AND` (measured on
// PGlite, PostgreSQL and MariaDB: `{ AND: [{ OR: [] }, w] }` returns every row matching `w`),
// although `{ OR: [] }` on its own matches nothing. CASL's `accessibleBy` returns exactly
// `{ OR: [] }` when no rule allows the action, so the spec's merge `{ AND: [access, where] }` would
// read every row. These checks let the service answer such reads itself, or fail closed.

/** True when a where-input has an empty `OR` at its top level, so it matches no row. */
export function hasTopLevelEmptyOr(where: unknown): boolean {
  return isPlainObject(where) && Array.isArray(where.OR) && where.OR.length === 0;
}

/** True when an empty `OR` appears anywhere below the top level (read-only walk of plain data). */
export function hasNestedEmptyOr(where: unknown): boolean {
  const walk = (value: unknown, depth: number): boolean => {
    if (Array.isArray(value)) return value.some((item) => walk(item, depth + 1));
    if (!isPlainObject(value)) return false;
    if (depth > 0 && Array.isArray(value.OR) && value.OR.length === 0) return true;
    return Object.values(value).some((member) => walk(member, depth + 1));
  };
  return walk(where, 0);
}
