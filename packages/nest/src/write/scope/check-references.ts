import { formatIssuePath } from '@facet/core';
import type { ReadCall } from '../../read/read-model.js';
import { actionFilter } from '../../read/scope/action-filter.js';
import type { AnyWriteTarget, WriteBinding } from '../types/write-target.js';
import { invalidReference, selectOf, within } from './write-scope.js';

/**
 * Each foreign key the body sets must name a row the caller may read (the related subject's `read`
 * filter): a hidden row is answered exactly like a missing one, the 400 `invalid_reference`
 * naming the field, so a write cannot probe for rows a read would not show.
 */
export function checkReferences(
  target: AnyWriteTarget,
  binding: WriteBinding,
  data: Record<string, unknown>,
  read: ReadCall<never>,
): Promise<void> {
  return checkRowReferences(target, binding, [data], read, (_row, field) => field);
}

/**
 * `checkReferences` for the rows of a bulk write: one lookup per foreign key for all the rows (the
 * distinct keys they name, under the related subject's `read` filter); the first row naming no row
 * the caller may read is the 400, its path `pathOf(index, field)`.
 */
export async function checkRowReferences(
  target: AnyWriteTarget,
  binding: WriteBinding,
  rows: readonly Record<string, unknown>[],
  read: ReadCall<never>,
  pathOf: (row: number, field: string) => string = (row, field) => formatIssuePath([row, field]),
): Promise<void> {
  for (const rule of target.references) {
    const named = new Map<string, { index: number; where: Record<string, unknown> }>();
    rows.forEach((data, index) => {
      if (!rule.fields.every((field) => Object.hasOwn(data, field))) return;
      const values = rule.fields.map((field) => data[field]);
      if (values.some((value) => value === null)) return;
      const where = Object.fromEntries(rule.references.map((field, at) => [field, values[at]]));
      const id = JSON.stringify(values, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value));
      if (!named.has(id)) named.set(id, { index, where });
    });
    if (named.size === 0) continue;
    const delegate = binding.delegateFor(rule.model);
    if (delegate === undefined)
      throw new TypeError(`Resource ${target.name}: no delegate for ${rule.model}.`);
    const filter = actionFilter(target, read, 'read', rule.subject);
    const wanted = [...named.values()];
    const found =
      filter.rows === 'none'
        ? []
        : ((await delegate.findMany({
            where: within(
              wanted.length === 1
                ? (wanted[0]?.where as Record<string, unknown>)
                : { OR: wanted.map((entry) => entry.where) },
              filter,
            ),
            select: selectOf(rule.references),
          })) as Record<string, unknown>[]);
    const matches = (entry: { where: Record<string, unknown> }) =>
      found.some((row) => rule.references.every((field) => sameValue(row[field], entry.where[field])));
    const missing = wanted.filter((entry) => !matches(entry)).sort((a, b) => a.index - b.index)[0];
    if (missing !== undefined) throw invalidReference(pathOf(missing.index, rule.fields[0] as string));
  }
}

/** Whether a key value read back equals the one a body named (a BigInt or a Decimal reads back as an object). */
function sameValue(read: unknown, named: unknown): boolean {
  if (read === named) return true;
  return read !== null && read !== undefined && named !== null && String(read) === String(named);
}
