import type { BulkWrites } from './types/write.types.js';
import type { ResolvedBulk } from './types/write-target.js';

/** `BulkWrites.maxRows`'s default: a page of an admin panel's selection, far below a transaction's reach. */
export const DEFAULT_BULK_MAX_ROWS = 100;

const BULK_KEYS: ReadonlySet<string> = new Set(['create', 'update', 'delete', 'maxRows']);

/**
 * The bulk writes a resource serves, checked at start-up: each only beside the single write it
 * batches (it runs that write's checks), `maxRows` a positive integer. Off unless named.
 */
export function resolveBulk(
  writes: {
    readonly create?: unknown;
    readonly update?: unknown;
    readonly delete?: unknown;
    readonly bulk?: unknown;
  },
  fail: (message: string) => never,
): ResolvedBulk {
  const option = writes.bulk;
  const declared = {
    create: writes.create !== undefined,
    update: writes.update !== undefined,
    delete: writes.delete === true,
  };
  if (option === undefined || option === false) {
    return { create: false, update: false, delete: false, maxRows: DEFAULT_BULK_MAX_ROWS };
  }
  if (option === true) return { ...declared, maxRows: DEFAULT_BULK_MAX_ROWS };
  if (typeof option !== 'object' || option === null) fail('`writes.bulk` must be true or an object.');
  const bulk = option as BulkWrites;
  for (const key of Object.keys(bulk)) {
    if (!BULK_KEYS.has(key))
      fail(`\`writes.bulk.${key}\` is not an option; use create, update, delete or maxRows.`);
  }
  const resolved = { create: false, update: false, delete: false };
  for (const action of ['create', 'update', 'delete'] as const) {
    const wanted = bulk[action];
    if (wanted === undefined || wanted === false) continue;
    if (wanted !== true) fail(`\`writes.bulk.${action}\` must be true or false.`);
    if (!declared[action])
      fail(`\`writes.bulk.${action}\` batches \`writes.${action}\`, which is not declared.`);
    resolved[action] = true;
  }
  const maxRows = bulk.maxRows ?? DEFAULT_BULK_MAX_ROWS;
  if (!Number.isSafeInteger(maxRows) || maxRows < 1) {
    fail(`\`writes.bulk.maxRows\` must be a positive integer, got ${String(maxRows)}.`);
  }
  return { ...resolved, maxRows };
}
