import type { KeyField, RecordId } from '../../read/plan/key.js';
import type { ReadCall } from '../../read/read-model.js';
import { checkWriteBody } from '../check/check-body.js';
import type { ServerData } from '../types/write.types.js';
import type { PlannedWrite } from '../types/write-target.js';

/** The key's where of a row that holds the key's fields. */
export function keyWhereOf(key: readonly KeyField[], row: unknown): Record<string, unknown> {
  const values = row as Record<string, unknown>;
  return Object.fromEntries(key.map((field) => [field.name, values[field.name]]));
}

/** The fields the server sets for one write (its `set`), checked to be an object. */
async function serverData(
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

/** One write's data: the body as the client sent it, checked, and everything Prisma writes. */
export interface WriteData {
  /** The checked body: what the caller chose, whose references are checked against its scope. */
  readonly body: Record<string, unknown>;
  /** The checked body with the server's values over it. */
  readonly all: Record<string, unknown>;
}

/**
 * The server's values for one write (`set`), then the body checked against the input DTO with
 * those keys refused (`checkWriteBody`): every write, single or bulk, prepares its data here.
 */
export async function writeData(
  planned: PlannedWrite<never>,
  body: unknown,
  read: ReadCall<never>,
  action: 'create' | 'update',
  id?: RecordId,
): Promise<WriteData> {
  const server = await serverData(planned, read, action, id);
  const checked = await checkWriteBody(
    planned.plan,
    body,
    action,
    read.context ?? {},
    new Set(Object.keys(server)),
  );
  return { body: checked, all: { ...checked, ...server } };
}
