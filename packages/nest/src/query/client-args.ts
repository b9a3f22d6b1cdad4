import { FacetQueryError } from '@facet/core';

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
/** Far deeper than any budget allows; only a cyclic or absurd object built in code gets here. */
const MAX_DEPTH = 64;

export function escapeLikePattern(text: string): string {
  return text.replace(LIKE_METACHARACTERS, '\\$&');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Prisma's serializer gives meaning to plain objects with some keys (`{ __prismaRawParameters__,
 * values }` passes a value list on unchecked, `{ $type: 'FieldRef' }` names another column). No
 * model field starts with `$` or `__`, so in a caller's arguments such a key is never data.
 * Prisma's own values (a `FieldRef` from `prisma.book.fields`, `Prisma.DbNull`) are class
 * instances, not plain objects, and pass.
 */
function isReservedKey(key: string): boolean {
  return key.startsWith('$') || key.startsWith('__');
}

/**
 * The caller's arguments as the delegate should get them: every plain object and array is walked
 * (relation filters, include `where`s and `_count` filters included), a reserved key anywhere is
 * refused, and with `literalSearch` the string operand of every search operator is escaped. Objects
 * that need no change are shared, not copied; the input is never mutated.
 *
 * A model field named `contains`, `startsWith` or `endsWith` inside a relation filter would be
 * taken for the operator: Facet does not support such field names.
 *
 * @throws {FacetQueryError} (a 400) naming the path of a reserved key.
 */
export function prepareClientArgs<T>(args: T, literalSearch: boolean): T {
  return walk(args, literalSearch, [], 0);
}

function walk<T>(value: T, literal: boolean, path: (string | number)[], depth: number): T {
  if (depth > MAX_DEPTH) {
    throw new FacetQueryError([
      { code: 'too_deep', path, limit: MAX_DEPTH, message: 'arguments nest too deeply' },
    ]);
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item: unknown, index) => {
      path.push(index);
      const next = walk(item, literal, path, depth + 1);
      path.pop();
      if (next !== item) {
        copy ??= value.slice();
        copy[index] = next;
      }
    });
    return (copy ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const item = value[key];
    path.push(key);
    if (isReservedKey(key)) {
      throw new FacetQueryError([
        { code: 'unknown_key', path: path.slice(), message: 'keys starting with $ or __ are not accepted' },
      ]);
    }
    const next =
      literal && SEARCH_OPERATORS.has(key) && typeof item === 'string'
        ? escapeLikePattern(item)
        : walk(item, literal, path, depth + 1);
    path.pop();
    if (next !== item) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}
