import { BadRequestException, ForbiddenException } from '@nestjs/common';
import { body, FACET_ERROR_CODES } from '../../errors/prisma-error.mapper.js';
import type { QueryDelegate } from '../../model/delegate.types.js';
import type { KeyField } from '../../read/plan/key.js';
import type { AccessFilter } from '../../read/scope/access-scope.js';

/** A `select` of `names`, for the lookups that only ask whether a row exists. */
export const selectOf = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, true] as const));

/** A `select` of the model's key. */
export const keySelect = (key: readonly KeyField[]) => selectOf(key.map((field) => field.name));

/** `where` narrowed to the rows `filter` allows (the filter is the server's and goes in as built). */
export function within(where: Record<string, unknown>, filter: AccessFilter): Record<string, unknown> {
  return filter.rows === 'all' ? where : { AND: [where, filter.where] };
}

/** Whether a row matching `where` exists within `filter`. */
export async function existsWithin(
  delegate: Pick<QueryDelegate, 'findFirst'>,
  where: Record<string, unknown>,
  filter: AccessFilter,
  select: Record<string, true>,
): Promise<boolean> {
  if (filter.rows === 'none') return false;
  return (await delegate.findFirst({ where: within(where, filter), select })) !== null;
}

/**
 * A 403 unless the row matching `where` lies within `filter`: the one check every write makes of a
 * row before (update, delete) and after (create, update) it changes. A filter that allows every row
 * needs no look.
 */
export async function assertWithin(
  delegate: Pick<QueryDelegate, 'findFirst'>,
  where: Record<string, unknown>,
  filter: AccessFilter,
  key: readonly KeyField[],
): Promise<void> {
  if (filter.rows !== 'all' && !(await existsWithin(delegate, where, filter, keySelect(key)))) {
    throw forbiddenWrite();
  }
}

/** The 403 of a write the caller's conditions do not allow (the row is one it may read, or a new one). */
export function forbiddenWrite(): ForbiddenException {
  return new ForbiddenException(body(403, 'Forbidden', 'Forbidden', FACET_ERROR_CODES.forbidden));
}

/**
 * The 400 of a reference to no row the caller may read: a missing row and a hidden one get this
 * same answer, naming the body field.
 */
export function invalidReference(field: string): BadRequestException {
  return new BadRequestException({
    ...body(400, 'Bad Request', 'A reference names no row', FACET_ERROR_CODES.invalidReference),
    path: field,
  });
}
