import { notFoundException } from '../errors/prisma-error.mapper.js';
import type { ReadLog } from './execute/run-read.js';
import { parseKey, type RecordId } from './plan/key.js';
import { fieldNamesOf, uniqueWhereAsFilter } from './plan/unique-where.js';
import type { DelegateArgs, ModelRead, ReadModel } from './read-model.js';
import type { AccessScope } from './scope/access-scope.js';
import { scopedArgs as scoped } from './scoped-args.js';

/** The first matching row, or `null`. */
export const readFirst: ModelRead<unknown> = async (model, checked, scope, log) => {
  const { args, empty } = scoped(model, checked, scope);
  log.args = args;
  return empty ? null : await model.delegate.findFirst(args);
};

/** Every matching row (bounded only by the caller's `take`). */
export const readMany: ModelRead<unknown[]> = async (model, checked, scope, log) => {
  const { args, empty } = scoped(model, checked, scope);
  log.args = args;
  return empty ? [] : ((await model.delegate.findMany(args)) as unknown[]);
};

/**
 * The row whose key is `id`; a 404 when there is none, when the scope hides it (the same 404: no
 * oracle), and when `id` cannot be a key of its type. A sort is checked like every read's, then
 * dropped: it orders one row.
 */
export async function readById(
  model: ReadModel,
  id: RecordId,
  checked: DelegateArgs,
  scope: AccessScope,
  log: ReadLog,
): Promise<unknown> {
  const byId = parseKey(id, model.key);
  if (byId === undefined) throw notFoundException();
  const { where, ...rest } = checked;
  let record: unknown;
  // A compound key's unique input is named after its fields (`isbn_printing`) or by the schema:
  // a find-first on the key's fields reads the same row without knowing that name.
  if (!scope.active && where === undefined && model.key.length === 1) {
    const { orderBy: _ordersOneRow, ...lookup } = scoped(model, rest, scope).args;
    const unique = { ...lookup, where: byId };
    log.args = unique;
    record = await model.delegate.findUnique(unique);
  } else {
    // A client where narrows the lookup; it can only be combined with the key in a find-first.
    const narrowed = where === undefined ? byId : { AND: [byId, where] };
    const { args, empty } = scoped(model, { ...rest, where: narrowed }, scope);
    const { orderBy: _ordersOneRow, ...lookup } = args;
    log.args = lookup;
    record = empty ? null : await model.delegate.findFirst(lookup);
  }
  if (record === null || record === undefined) throw notFoundException();
  return record;
}

/**
 * The row matching a unique where, or `null`. Under access it runs a find-first, so that the access
 * filter can be merged into the where (a unique where cannot take `AND`).
 */
export const readUnique: ModelRead<unknown> = async (model, checked, scope, log) => {
  if (!scope.active) {
    const lookup = scoped(model, checked, scope).args;
    log.args = lookup;
    return await model.delegate.findUnique(lookup);
  }
  // findFirst's where has no compound unique keys (`authorId_title`): spell them as their fields.
  const where = uniqueWhereAsFilter(checked.where, fieldNamesOf(model.model.types));
  return readFirst(model, { ...checked, where }, scope, log);
};
