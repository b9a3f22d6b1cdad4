import { keysetWhere, keyValues, type TotalOrder } from './keyset.js';
import { withSortKeys } from './plan-page.js';

type Args = { where?: unknown; [key: string]: unknown };

/** Where an export's walk stands: after the last row's sort keys, or after `offset` rows. */
export type ExportPosition =
  | { readonly keys: readonly unknown[]; readonly offset: number }
  | { readonly keys: undefined; readonly offset: number };

/** One batch of an export: its `findMany`, and the sort keys added to its `select` for the walk. */
export interface ExportBatchPlan {
  readonly findMany: Args;
  readonly added: readonly (readonly string[])[];
}

/**
 * The next batch of an export: the total order replaces the client's sort, and the batch reads
 * the rows after the previous batch's last row by keyset (no offset to skip: every batch costs the
 * same, and rows written meanwhile neither repeat nor skip one). A sort keyset paging cannot
 * compare by value (a to-many `_count`, a `Json` field) is walked by offset instead, which is exact
 * only inside a snapshot (see `openExportSnapshot`).
 */
export function planExportBatch(
  scoped: Args,
  order: TotalOrder,
  position: ExportPosition | undefined,
  batchSize: number,
  anyField: string,
): ExportBatchPlan {
  const { args: base, added } = withSortKeys({ ...scoped, orderBy: order.orderBy }, order.keys ?? []);
  if (position === undefined) return { findMany: { ...base, take: batchSize }, added };
  if (order.keys !== undefined && position.keys !== undefined) {
    const after = keysetWhere(order.keys, position.keys, anyField);
    const where = base.where === undefined ? after : { AND: [base.where, after] };
    return { findMany: { ...base, where, take: batchSize }, added };
  }
  return { findMany: { ...base, skip: position.offset, take: batchSize }, added };
}

/** The position after `records`, the last batch read, `before` the position it was read from. */
export function exportPositionAfter(
  records: readonly unknown[],
  order: TotalOrder,
  before: ExportPosition | undefined,
): ExportPosition {
  const offset = (before?.offset ?? 0) + records.length;
  const last = records[records.length - 1] as Record<string, unknown> | undefined;
  if (order.keys === undefined || last === undefined) return { keys: undefined, offset };
  return { keys: keyValues(last, order.keys), offset };
}
