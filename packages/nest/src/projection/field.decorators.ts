import 'reflect-metadata';
import type { DtoClass, FieldOptions, RelationOptions } from './field-schema.types.js';

/** Our own metadata key: one entry per decorated property, stored on the class prototype. */
export const FIELD_METADATA = 'facet:fields';

export type FieldMetadata =
  | { readonly kind: 'scalar'; readonly name: string; readonly options: FieldOptions }
  | {
      readonly kind: 'relation';
      readonly name: string;
      readonly target: () => DtoClass;
      readonly options: RelationOptions;
    };

function addFieldMetadata(prototype: object, entry: FieldMetadata): void {
  const own: readonly FieldMetadata[] = Reflect.getOwnMetadata(FIELD_METADATA, prototype) ?? [];
  Reflect.defineMetadata(
    FIELD_METADATA,
    [...own.filter((item) => item.name !== entry.name), entry],
    prototype,
  );
}

function propertyName(key: string | symbol): string {
  if (typeof key !== 'string') throw new TypeError('@Field() and @Relation() need a string property name.');
  return key;
}

/**
 * Declares a property of a DTO as a selectable field. Needed only where the DTO has no
 * `@ApiProperty()` (whose metadata Facet reads too), or to add `expose`/`source` to one that has.
 */
export function Field(options: FieldOptions = {}): PropertyDecorator {
  return (prototype, key) =>
    addFieldMetadata(prototype, { kind: 'scalar', name: propertyName(key), options });
}

/**
 * Declares a property holding another DTO (or an array of them) as a relation: `fields` can select
 * into it (`author{name}`) and `prepareFieldsQuery` includes it. The target is a thunk so that DTOs
 * may refer to each other in cycles.
 */
export function Relation(target: () => DtoClass, options: RelationOptions = {}): PropertyDecorator {
  return (prototype, key) =>
    addFieldMetadata(prototype, { kind: 'relation', name: propertyName(key), target, options });
}
