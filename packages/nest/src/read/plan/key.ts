import { isPlainObject } from '@facet/core';
import { type ModelTypes, readModelTypes } from '../../model/model-types.js';
import { type IdType, idTypeOf, parseId } from './id.js';

/** One field of the key `findById` looks a record up by, and how its part of an id is read. */
export interface KeyField {
  /** The field's name in the model (`isbn`). */
  readonly name: string;
  /** How this field's part of an id is read (see `parseId`). */
  readonly type: IdType;
}

/** One part of an id: a value of one key field. */
export type IdPart = string | number | bigint;

/**
 * An id as `findById` takes it. A single-field key takes one value (`42`, `'42'`, `'007'`). A
 * compound key (`@@id([isbn, printing])`) takes an object of its fields
 * (`{ isbn: '978…', printing: 2 }`), a list of its parts in `idField` order (`['978…', 2]`), or the
 * JSON text of either, which is how a path parameter carries it (`find-by-id/["978…",2]`).
 */
export type RecordId = IdPart | readonly IdPart[] | Readonly<Record<string, IdPart>>;

function keyNames(idField: unknown): readonly string[] | undefined {
  if (idField === undefined) return undefined;
  const names = typeof idField === 'string' ? [idField] : idField;
  if (
    !Array.isArray(names) ||
    names.length === 0 ||
    names.some((name) => typeof name !== 'string' || name === '') ||
    new Set(names).size !== names.length
  ) {
    throw new TypeError(
      'The `idField` option must be a non-empty string, or a list of distinct field names for a compound key.',
    );
  }
  return names as readonly string[];
}

/**
 * The key of the delegate's model (see `keyOf`), its types read from the delegate.
 * @throws {TypeError} when `idField` is malformed, or names a field the data model does not have.
 */
export function resolveKey(
  delegate: unknown,
  idField: unknown,
  idType: IdType | 'auto',
): readonly KeyField[] {
  return keyOf(readModelTypes(delegate), idField, idType);
}

/**
 * The key of the model: the fields `idField` names, else the primary key the schema text of the
 * Prisma client declares (`@id`, or every field of `@@id([…])`, see `ModelTypes.idFields`), else
 * `id`. Each field's part of an id is read as `idType` says; `'auto'` reads each field's type from
 * the model's types (see `detectIdType`).
 *
 * @param model the model's types (`readModelTypes(delegate)`, or the `model` option's), if known.
 * @throws {TypeError} when `idField` is malformed, or names a field the data model does not have.
 */
export function keyOf(
  model: ModelTypes | undefined,
  idField: unknown,
  idType: IdType | 'auto',
): readonly KeyField[] {
  const named = keyNames(idField);
  const names = named ?? model?.idFields() ?? ['id'];
  if (named === undefined && names.length === 1 && names[0] === 'id') {
    if (model !== undefined && model.scalar('id') === undefined && model.relation('id') === undefined) {
      throw new TypeError(
        "The model has no field `id`, and its primary key is not in the delegate's Prisma schema text: " +
          'name it with the `idField` option (a list for a compound key).',
      );
    }
  }
  return names.map((name) => ({ name, type: idType === 'auto' ? idTypeOf(model, name) : idType }));
}

/**
 * The where-input of the record an id names (`{ id: 42 }`, `{ isbn: '978…', printing: 2 }`), or
 * `undefined` when no record can have it: a part that cannot be a value of its field's type, a
 * list of the wrong length, an object with other fields, text that is not JSON. Each part is read
 * like a single id (`parseId`), so an object in a part (`{ gt: 0 }`) is never a filter. The caller
 * answers `undefined` with the 404 of a missing row.
 */
export function parseKey(raw: unknown, key: readonly KeyField[]): Record<string, IdPart> | undefined {
  const [single] = key;
  if (single !== undefined && key.length === 1) {
    const value = parseId(raw, single.type);
    return value === undefined ? undefined : { [single.name]: value };
  }
  let parts: unknown = raw;
  if (typeof raw === 'string') {
    try {
      parts = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  let values: readonly unknown[];
  if (Array.isArray(parts)) {
    values = parts;
  } else if (isPlainObject(parts)) {
    const given = Object.keys(parts);
    if (given.length !== key.length || key.some((field) => !Object.hasOwn(parts as object, field.name))) {
      return undefined;
    }
    values = key.map((field) => (parts as Record<string, unknown>)[field.name]);
  } else return undefined;
  if (values.length !== key.length) return undefined;
  const where: Record<string, IdPart> = {};
  for (const [index, field] of key.entries()) {
    const value = parseId(values[index], field.type);
    if (value === undefined) return undefined;
    where[field.name] = value;
  }
  return where;
}
