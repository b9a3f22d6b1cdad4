import { hasNestedEmptyOr, hasTopLevelEmptyOr } from '../access/empty-or.js';
import type { QueryDelegate } from '../model/delegate.types.js';
import type { ModelTypes } from '../model/model-types.js';
import { getAccessSubject } from '../policy/access-subject.js';
import { isPlainRecord, type PlainRecord } from '../policy/plain-record.js';
import { getFieldSchema } from '../projection/field-schema.js';
import type { DtoClass, RelationFieldDefinition } from '../projection/field-schema.types.js';

/**
 * What the to-one check needs from its resource: the access filter of a subject for this read
 * (`undefined` or `{}` when every row is readable), and the delegate of a model by its name. Each
 * related row is identified by its own model's primary key (from the schema, see `ModelTypes`).
 */
export interface ToOneAccess {
  readonly accessFor: (subject: string) => object | undefined;
  readonly delegateFor: (model: string) => QueryDelegate | undefined;
}

/** One to-one relation to check: where it is loaded, and the rows it was loaded on. */
interface Pending {
  readonly relation: RelationFieldDefinition;
  readonly access: object;
  readonly model: ModelTypes;
  readonly holders: PlainRecord[];
}

/** The DTO's relation whose model name is `name`. */
function relationNamed(dto: DtoClass, name: string): RelationFieldDefinition | undefined {
  for (const field of getFieldSchema(dto).fields.values()) {
    if (field.kind === 'relation' && field.relation === name) return field;
  }
  return undefined;
}

function isEmpty(access: object | undefined): boolean {
  return access === undefined || (isPlainRecord(access) && Object.keys(access).length === 0);
}

/**
 * Adds the related model's key to the `select` of every to-one relation whose subject has an
 * access filter, so the loaded row can be checked after the read (the projection drops it again
 * unless it was asked for). Returns a copy; relations without a filter are left as they are.
 */
export function selectToOneIds<TArgs extends object>(
  args: TArgs,
  dto: DtoClass,
  model: ModelTypes | undefined,
  access: ToOneAccess,
): TArgs {
  return withIds(args as PlainRecord, dto, model, access) as TArgs;
}

function withIds(
  args: PlainRecord,
  dto: DtoClass,
  model: ModelTypes | undefined,
  access: ToOneAccess,
): PlainRecord {
  let out: PlainRecord | undefined;
  for (const key of ['include', 'select'] as const) {
    const tree = args[key];
    if (!isPlainRecord(tree)) continue;
    const next: PlainRecord = { ...tree };
    for (const [name, value] of Object.entries(tree)) {
      const relation = relationNamed(dto, name);
      if (!relation || !isPlainRecord(value)) continue;
      const target = model?.relation(name);
      let nested = withIds(value, relation.target, target, access);
      const subject = getAccessSubject(relation.target);
      const filtered = subject !== undefined && !isEmpty(access.accessFor(subject));
      const key = target?.idFields() ?? [];
      const select = nested.select;
      if (!relation.isArray && filtered && isPlainRecord(select) && key.some((id) => select[id] !== true)) {
        nested = { ...nested, select: { ...select, ...Object.fromEntries(key.map((id) => [id, true])) } };
      }
      next[name] = nested;
    }
    out ??= { ...args };
    out[key] = next;
  }
  return out ?? args;
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
  collect(rows.filter(isPlainRecord), args as PlainRecord, dto, model, access, pending);
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
    if (!isPlainRecord(tree)) continue;
    for (const [name, value] of Object.entries(tree)) {
      const relation = relationNamed(dto, name);
      if (!relation || value === false || value === undefined || value === null) continue;
      const target = model?.relation(name);
      const children: PlainRecord[] = [];
      const holders: PlainRecord[] = [];
      for (const row of rows) {
        const child = row[name];
        if (Array.isArray(child)) children.push(...child.filter(isPlainRecord));
        else if (isPlainRecord(child)) {
          children.push(child);
          holders.push(row);
        }
      }
      if (!relation.isArray && holders.length > 0) {
        const subject = getAccessSubject(relation.target);
        const filter = subject === undefined ? undefined : access.accessFor(subject);
        if (!isEmpty(filter)) {
          if (target === undefined) {
            // Without the model's name the rows cannot be checked: hide them rather than guess.
            for (const holder of holders) holder[name] = null;
            continue;
          }
          pending.push({ relation, access: filter as object, model: target, holders });
        }
      }
      if (isPlainRecord(value)) collect(children, value, relation.target, target, access, pending);
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
  const none = hasTopLevelEmptyOr(check.access) || hasNestedEmptyOr(check.access);
  if (!none && delegate !== undefined && keys.size > 0) {
    const rows = [...keys.values()];
    const [single] = fields;
    const byKey =
      fields.length === 1 && single !== undefined
        ? { [single]: { in: rows.map((row) => row[single]) } }
        : { OR: rows.map((row) => Object.fromEntries(fields.map((field) => [field, row[field]]))) };
    const found = (await delegate.findMany({
      where: { AND: [check.access, byKey] },
      select: Object.fromEntries(fields.map((field) => [field, true])),
    })) as PlainRecord[];
    readable = new Set(found.flatMap((row) => keyOf(row, fields) ?? []));
  }
  for (const holder of check.holders) {
    const key = fields.length === 0 ? undefined : keyOf(related(holder), fields);
    if (key === undefined || !readable.has(key)) holder[name] = null;
  }
}
