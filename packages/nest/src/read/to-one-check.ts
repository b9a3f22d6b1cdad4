import type { DtoClass } from '../projection/field-schema.types.js';
import { hideUnreadableToOne } from './present/hide-to-one.js';
import type { DelegateArgs, ReadModel } from './read-model.js';
import type { AccessScope } from './scope/access-scope.js';
import { selectToOneIds } from './scope/to-one-keys.js';

/**
 * A read with its to-one relations checked: Prisma has no `where` on a to-one load, so each
 * relation whose subject the scope filters gets its model's key selected (scope), and after the
 * read its rows the caller may not read become `null` (present). Every path that loads relations
 * under a scope with a DTO runs through here: a resource's reads and `QueryService`'s alike.
 */
export async function withToOneCheck<T>(
  model: ReadModel,
  dto: DtoClass | undefined,
  args: DelegateArgs,
  scope: AccessScope,
  rows: (result: T) => readonly unknown[],
  read: (args: DelegateArgs) => Promise<T>,
): Promise<T> {
  if (dto === undefined || !scope.active) return read(args);
  const types = model.model.types;
  const withIds = selectToOneIds(args, dto, types, scope);
  const result = await read(withIds);
  await hideUnreadableToOne(rows(result), withIds, dto, types, { scope, delegateFor: model.delegateFor });
  return result;
}

/** The rows a read returned, for the to-one check: none, one, or a list. */
export function rowsOf(result: unknown): readonly unknown[] {
  if (Array.isArray(result)) return result;
  return result === null || result === undefined ? [] : [result];
}
