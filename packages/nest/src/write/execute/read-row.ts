import { isHttpExceptionLike } from '../../errors/classify-error.js';
import type { FieldsQueryInput } from '../../projection/prepare-fields-query.js';
import type { IdPart, KeyField, RecordId } from '../../read/plan/key.js';
import { readById } from '../../read/read-detail.js';
import type { ReadCall } from '../../read/read-model.js';
import { readResourceItem } from '../../read/read-resource.js';
import type { WriteBinding } from '../types/write-target.js';

/** The id `readById` takes for a key's where: the value of a single key, the object of a compound one. */
function idOf(key: readonly KeyField[], where: Record<string, unknown>): RecordId {
  const [single] = key;
  if (single !== undefined && key.length === 1) return where[single.name] as IdPart;
  return where as Record<string, IdPart>;
}

/** The row as this caller reads it (`GET /:id` with the same `fields`); a 404 when it may not. */
export function readRow(
  binding: WriteBinding,
  key: readonly KeyField[],
  where: Record<string, unknown>,
  query: FieldsQueryInput,
  read: ReadCall<never>,
): Promise<unknown> {
  const target = binding.read;
  return readResourceItem(
    target,
    'findById',
    (checked, scope, log) => readById(target.model, idOf(key, where), checked, scope, log),
    query,
    read,
  );
}

/** The written row as the caller reads it, or `undefined` when it may not read it (a 204). */
export async function readBack(
  binding: WriteBinding,
  key: readonly KeyField[],
  where: Record<string, unknown>,
  query: FieldsQueryInput,
  read: ReadCall<never>,
): Promise<unknown> {
  try {
    return await readRow(binding, key, where, query, read);
  } catch (error) {
    if (isHttpExceptionLike(error) && error.getStatus() === 404) return undefined;
    throw error;
  }
}
