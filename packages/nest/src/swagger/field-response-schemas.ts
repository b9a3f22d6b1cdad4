import type { OpenAPIObject } from '@nestjs/swagger';
import type { ModelTypes, ScalarType } from '../model/model-types.js';
import { getFieldSchema } from '../projection/field-schema.js';
import type { DtoClass, FieldDefinition } from '../projection/field-schema.types.js';
import type { ReferenceObject, SchemaObject } from './openapi-types.js';

// `@nestjs/swagger` writes a DTO's response schema from `@ApiProperty()` (or its CLI plugin); a DTO
// declared with Facet's `@Field()`/`@Relation()` alone would get an empty one. Facet knows more
// than either: the fields the DTO declares and, from the resource's model, each column's type and
// nullability. This writes what `@ApiProperty()` left out, and nothing it wrote.

/** What one scalar is on the wire, after Facet's serialization (exact strings for Decimal, BigInt). */
function wireSchema(type: ScalarType | undefined, enumValues: readonly string[] | undefined): SchemaObject {
  switch (type) {
    case 'String':
      return { type: 'string' };
    case 'Enum':
      return enumValues === undefined ? { type: 'string' } : { type: 'string', enum: [...enumValues] };
    case 'Int':
      return { type: 'integer' };
    case 'Float':
      return { type: 'number' };
    case 'Decimal':
      return { type: 'string', format: 'decimal', description: 'An exact decimal, as a string' };
    case 'BigInt':
      return { type: 'string', format: 'int64', description: 'An exact integer, as a string' };
    case 'Boolean':
      return { type: 'boolean' };
    case 'DateTime':
      return { type: 'string', format: 'date-time' };
    default:
      // Json, Bytes, or a field the model does not have (computed by the resource's `map`).
      return {};
  }
}

function scalarSchema(
  field: FieldDefinition & { kind: 'scalar' },
  model: ModelTypes | undefined,
): SchemaObject {
  // A field computed from other columns (`source`) is the mapper's: its type is not the model's.
  const column = field.sources.length === 1 && field.sources[0] === field.name ? field.name : undefined;
  if (column === undefined || model === undefined) return {};
  const list = model.list(column) === true;
  const value = wireSchema(model.scalar(column), model.enumValues(column));
  const schema: SchemaObject = list ? { type: 'array', items: value } : value;
  return model.nullable(column) === false ? schema : { ...schema, nullable: true };
}

const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/**
 * Writes the response schema of each DTO of `described`, and of every DTO its relations lead to,
 * from its Facet field declarations and its model's types, into `document.components.schemas`:
 * a property `@ApiProperty()` did not describe gets one (scalars required, relations optional, a
 * to-one relation nullable, since a row the caller may not read is sent as `null`). Properties
 * `@ApiProperty()` wrote are kept as they are. Changes `document` in place; returns the names of
 * the schemas it added, so that the ones a caller's document no longer uses can be left out.
 */
export function writeFieldResponseSchemas(
  document: OpenAPIObject,
  described: readonly { readonly dto: DtoClass; readonly model: ModelTypes | undefined }[],
): Set<string> {
  const added = new Set<string>();
  document.components ??= {};
  document.components.schemas ??= {};
  const schemas = document.components.schemas;
  const seen = new Set<DtoClass>();
  const pending = described.map(({ dto, model }) => ({ dto, model }));
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { dto, model } = next;
    if (seen.has(dto)) continue;
    seen.add(dto);
    const existing = schemas[dto.name];
    if (existing !== undefined && '$ref' in existing) continue;
    if (existing === undefined) added.add(dto.name);
    const schema: SchemaObject = { type: 'object', ...existing };
    const properties = { ...schema.properties };
    const required = new Set(schema.required ?? []);
    for (const field of getFieldSchema(dto).fields.values()) {
      if (field.kind === 'relation') {
        pending.push({ dto: field.target, model: model?.relation(field.relation) });
        if (properties[field.name] !== undefined) continue;
        properties[field.name] = field.isArray
          ? { type: 'array', items: ref(field.target.name) }
          : { allOf: [ref(field.target.name)], nullable: true };
        continue;
      }
      if (properties[field.name] !== undefined) continue;
      properties[field.name] = scalarSchema(field, model);
      required.add(field.name);
    }
    schemas[dto.name] = {
      ...schema,
      properties,
      ...(required.size === 0 ? {} : { required: [...required] }),
    };
  }
  return added;
}
