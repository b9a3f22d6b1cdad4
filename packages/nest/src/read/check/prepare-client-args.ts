import { FacetQueryError, isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import { literalArgs } from './literal-operands.js';
import { isCleanText } from './operands.js';
import { isServerWhere } from './server-where.js';

/** Far deeper than any budget allows; only a cyclic or absurd object built in code gets here. */
const MAX_DEPTH = 64;

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

export interface ClientArgsOptions {
  /** Escape the operands the operator table calls LIKE patterns (`QueryService`'s `literalSearch`). */
  readonly literalSearch: boolean;
  /** The field types of the model read, so each operand is made literal by its field's type. */
  readonly model?: ModelTypes | undefined;
}

/**
 * The caller's arguments as the delegate should get them: every plain object and array is walked
 * (relation filters, include `where`s and `_count` filters included), a reserved key anywhere is
 * refused, and every filter operand is made literal by the operator table (see `literalArgs`).
 * Objects that need no change are shared, not copied; the input is never mutated. Where-inputs
 * marked with `serverWhere` are the server's own and are not prepared, with one exception: a text
 * with NUL is refused anywhere, theirs included. No column holds it and PostgreSQL answers it with
 * an error, and a server's where can carry a path parameter (`{ isbn }` of `/books/isbn/%00`).
 *
 * @throws {FacetQueryError} (a 400) naming the path of a reserved key, a text with NUL, an operator
 * the field's filter does not have, or one with no literal meaning in its mode.
 */
export function prepareClientArgs<T>(args: T, options: ClientArgsOptions): T {
  refuseUnsendable(args, [], 0, false);
  return literalArgs(args, options.model, options.literalSearch);
}

function refuseUnsendable(value: unknown, path: (string | number)[], depth: number, server: boolean): void {
  if (typeof value === 'string') {
    if (isCleanText(value)) return;
    throw new FacetQueryError([
      {
        code: 'invalid_type',
        path: path.slice(),
        expected: 'text without NUL characters',
        message: 'text with NUL characters is not accepted',
      },
    ]);
  }
  if (depth > MAX_DEPTH) {
    throw new FacetQueryError([
      { code: 'too_deep', path, limit: MAX_DEPTH, message: 'arguments nest too deeply' },
    ]);
  }
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      path.push(index);
      refuseUnsendable(item, path, depth + 1, server);
      path.pop();
    });
    return;
  }
  if (!isPlainObject(value)) return;
  const own = server || isServerWhere(value);
  for (const key of Object.keys(value)) {
    path.push(key);
    if (!own && isReservedKey(key)) {
      throw new FacetQueryError([
        { code: 'unknown_key', path: path.slice(), message: 'keys starting with $ or __ are not accepted' },
      ]);
    }
    refuseUnsendable(value[key], path, depth + 1, own);
    path.pop();
  }
}
