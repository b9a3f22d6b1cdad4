/**
 * Prisma sends `contains`, `startsWith` and `endsWith` to the database as LIKE patterns without
 * escaping them, so `%` and `_` in a client's text are wildcards (`contains=%` matches every row)
 * and a trailing `\` makes PostgreSQL raise an error (SQLSTATE 22025) only when it meets a row,
 * which tells the client that a row it may not read exists. Escaping `\`, `%` and `_` makes the
 * three operators literal on PostgreSQL, PGlite and MySQL/MariaDB, whose LIKE all take `\` as the
 * escape character by default (MySQL's `NO_BACKSLASH_ESCAPES` mode changes that; see SECURITY.md).
 */
const SEARCH_OPERATORS: ReadonlySet<string> = new Set(['contains', 'startsWith', 'endsWith']);
const LIKE_METACHARACTERS = /[\\%_]/g;

export function escapeLikePattern(text: string): string {
  return text.replace(LIKE_METACHARACTERS, '\\$&');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A copy of `value` in which every string operand of a search operator is escaped; objects without
 * one are shared, not copied. It walks every plain object and array of a read's arguments, so the
 * search operators of relation filters, include `where`s and `_count` filters are covered too. A
 * model field named `contains`, `startsWith` or `endsWith` inside a relation filter would be taken
 * for the operator: Facet does not support such field names.
 */
export function literalizeSearch<T>(value: T, depth = 0): T {
  if (depth > 64) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = literalizeSearch(item, depth + 1);
      if (next !== item) {
        copy ??= value.slice();
        copy[index] = next;
      }
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next =
      SEARCH_OPERATORS.has(key) && typeof item === 'string'
        ? escapeLikePattern(item)
        : literalizeSearch(item, depth + 1);
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}
