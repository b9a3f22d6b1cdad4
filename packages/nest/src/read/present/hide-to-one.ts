import { isPlainObject } from '@facet/core';
import type { QueryDelegate } from '../../model/delegate.types.js';
import type { ModelTypes } from '../../model/model-types.js';
import type { DtoClass, RelationFieldDefinition } from '../../projection/field-schema.types.js';
import type { PlainRecord } from '../check/read-call.js';
import type { AccessFilter, AccessScope } from '../scope/access-scope.js';
import { getAccessSubject } from '../scope/access-subject.js';
import { relationNamed } from '../scope/relation-named.js';

/**
 * What the to-one check needs from its read: the read's access scope, and the delegate of a model
 * by its name. Each related row is identified by its own model's primary key (from the schema, see
 * `ModelTypes`).
 */
export interface ToOneAccess {
  readonly scope: AccessScope;
  readonly delegateFor: (model: string) => QueryDelegate | undefined;
}

/** One to-one relation to check: where it is loaded, and the rows it was loaded on. */
interface Pending {
  readonly relation: RelationFieldDefinition;
  readonly access: AccessFilter;
  readonly model: ModelTypes;
  readonly holders: PlainRecord[];
}

/**
 * Prisma has no `where` on a to-one include, so a loaded `review.book` would show a book the
 * caller may not read. After the read, the loaded rows of every to-one relation whose subject has
 * an access filter are checked in one query per relation (`id in [...] AND access`), and those the
 * caller may not read are replaced by `null`: "absent or not readable to you". Nested relations
 * are checked too, to-many ones included (their rows were already filtered by the read itself).
 * Rows are changed in place.
 */
export async function hideUnreadableToOne(
  rows: readonly unknown[],
  args: object,
  dto: DtoClass,
  model: ModelTypes | undefined,
  access: ToOneAccess,
): Promise<void> {
  const pending: Pending[] = [];
  collect(rows.filter(isPlainObject), args as PlainRecord, dto, model, access, pending);
  await Promise.all(pending.map((check) => applyCheck(check, access)));
}

function collect(
  rows: PlainRecord[],
  args: PlainRecord,
  dto: DtoClass,
  model: ModelTypes | undefined,
  access: ToOneAccess,
  pending: Pending[],
): void {
  if (rows.length === 0) return;
  for (const key of ['include', 'select'] as const) {
    const tree = args[key];
    if (!isPlainObject(tree)) continue;
    for (const [name, value] of Object.entries(tree)) {
      const relation = relationNamed(dto, name);
      if (!relation || value === false || value === undefined || value === null) continue;
      const target = model?.relation(name);
      const children: PlainRecord[] = [];
      const holders: PlainRecord[] = [];
      for (const row of rows) {
        const child = row[name];
        if (Array.isArray(child)) children.push(...child.filter(isPlainObject));
        else if (isPlainObject(child)) {
          children.push(child);
          holders.push(row);
        }
      }
      if (!relation.isArray && holders.length > 0) {
        const filter = access.scope.filter(getAccessSubject(relation.target));
        if (filter.rows !== 'all') {
          if (target === undefined) {
            // Without the model's name the rows cannot be checked: hide them rather than guess.
            for (const holder of holders) holder[name] = null;
            continue;
          }
          pending.push({ relation, access: filter, model: target, holders });
        }
      }
      if (isPlainObject(value)) collect(children, value, relation.target, target, access, pending);
    }
  }
}

/** One string per key value, so rows of any key type (BigInt, Date, compound keys) compare by value. */
function keyOf(row: PlainRecord, fields: readonly string[]): string | undefined {
  const values = fields.map((field) => row[field]);
  if (values.some((value) => value === undefined || value === null)) return undefined;
  return JSON.stringify(values, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));
}

async function applyCheck(check: Pending, access: ToOneAccess): Promise<void> {
  const name = check.relation.relation;
  // The related model's own key: another model's key name could match a column that is not unique
  // there, and a hidden row would be shown because a readable one shares its value.
  const fields = check.model.idFields() ?? [];
  const delegate = access.delegateFor(check.model.name);
  const related = (holder: PlainRecord) => holder[name] as PlainRecord;
  const keys = new Map<string, PlainRecord>();
  for (const holder of check.holders) {
    const key = fields.length === 0 ? undefined : keyOf(related(holder), fields);
    if (key !== undefined) keys.set(key, related(holder));
  }
  let readable = new Set<string>();
  // A filter that allows no row (CASL's `{ OR: [] }`) must not be merged: Prisma reads an `OR: []`
  // under `AND` as true. No row is readable then, and nothing needs asking.
  if (check.access.rows !== 'none' && delegate !== undefined && keys.size > 0) {
    const rows = [...keys.values()];
    const [single] = fields;
    const byKey =
      fields.length === 1 && single !== undefined
        ? { [single]: { in: rows.map((row) => row[single]) } }
        : { OR: rows.map((row) => Object.fromEntries(fields.map((field) => [field, row[field]]))) };
    const found = (await delegate.findMany({
      where: { AND: [check.access.where, byKey] },
      select: Object.fromEntries(fields.map((field) => [field, true])),
    })) as PlainRecord[];
    readable = new Set(found.flatMap((row) => keyOf(row, fields) ?? []));
  }
  for (const holder of check.holders) {
    const key = fields.length === 0 ? undefined : keyOf(related(holder), fields);
    if (key === undefined || !readable.has(key)) holder[name] = null;
  }
}
