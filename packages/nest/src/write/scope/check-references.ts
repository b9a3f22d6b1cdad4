import type { ReadCall } from '../../read/read-model.js';
import { actionFilter } from '../../read/scope/action-filter.js';
import type { AnyWriteTarget, WriteBinding } from '../types/write-target.js';
import { existsWithin, invalidReference, selectOf } from './write-scope.js';

/**
 * Each foreign key the body sets must name a row the caller may read (the related subject's `read`
 * filter): a hidden row is answered exactly like a missing one, the 400 `invalid_reference`
 * naming the field, so a write cannot probe for rows a read would not show.
 */
export async function checkReferences(
  target: AnyWriteTarget,
  binding: WriteBinding,
  data: Record<string, unknown>,
  read: ReadCall<never>,
): Promise<void> {
  for (const rule of target.references) {
    if (!rule.fields.every((field) => Object.hasOwn(data, field))) continue;
    const values = rule.fields.map((field) => data[field]);
    if (values.some((value) => value === null)) continue;
    const delegate = binding.delegateFor(rule.model);
    if (delegate === undefined)
      throw new TypeError(`Resource ${target.name}: no delegate for ${rule.model}.`);
    const where = Object.fromEntries(rule.references.map((field, index) => [field, values[index]]));
    const filter = actionFilter(target, read, 'read', rule.subject);
    if (!(await existsWithin(delegate, where, filter, selectOf(rule.references)))) {
      throw invalidReference(rule.fields[0] as string);
    }
  }
}
