import type { KeyField, RecordId } from '../../read/plan/key.js';
import type { ReadCall } from '../../read/read-model.js';
import type { ServerData } from '../types/write.types.js';
import type { PlannedWrite } from '../types/write-target.js';

/** The key's where of a row that holds the key's fields. */
export function keyWhereOf(key: readonly KeyField[], row: unknown): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(key.map((field) => [field.name, values[field.name]]));
}

/** The fields the server sets for one write (its `set`), checked to be an object. */
export async function serverData(
  planned: PlannedWrite<never>,
  read: ReadCall<never>,
  action: 'create' | 'update',
  id?: RecordId,
): Promise<ServerData> {
  if (planned.set === undefined) return {};
  const data = await planned.set(id === undefined ? { read, action } : { read, action, id });
  if (data === null || typeof data !== 'object') {
    throw new TypeError(`writes.${action}.set must return an object of column values.`);
  }
  return data;
}
