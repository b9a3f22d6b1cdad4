import type { OpenAPIObject } from '@nestjs/swagger';
import { getFieldSchema, isFieldVisible } from '../projection/field-schema.js';
import type { DtoClass, FieldContext } from '../projection/field-schema.types.js';
import type { SchemaObject } from './openapi-types.js';

/** `dtos` and every DTO their relations lead to, once each (relations may form cycles). */
function reachableDtos(dtos: readonly DtoClass[]): DtoClass[] {
  const seen = new Set<DtoClass>();
  const pending = [...dtos];
  for (let dto = pending.pop(); dto !== undefined; dto = pending.pop()) {
    if (seen.has(dto)) continue;
    seen.add(dto);
    for (const field of getFieldSchema(dto).fields.values()) {
      if (field.kind === 'relation') pending.push(field.target);
    }
  }
  return [...seen];
}

/**
 * Leaves out of the response schemas (`components.schemas.<DtoName>`, written by `@nestjs/swagger`
 * from `@ApiProperty`) every field and relation of a DTO that its `expose` rule hides from
 * `context`: the server strips them from such a caller's responses, so its document should not name
 * them either. DTOs reached through relations are included. Changes `document` in place.
 */
export function hideResponseFields(
  document: OpenAPIObject,
  dtos: readonly DtoClass[],
  context: FieldContext,
): void {
  hideSchemaFields(
    document,
    reachableDtos(dtos).map((dto) => [dto.name, dto]),
    context,
  );
}

/**
 * Leaves out of each named component schema the fields its DTO's `expose` rules hide from
 * `context`: a response DTO's (`hideResponseFields`), or a write body's, whose schema may be named
 * otherwise (`PartialCreateBookDto`, the update body written from `CreateBookDto`).
 */
export function hideSchemaFields(
  document: OpenAPIObject,
  schemasOf: readonly (readonly [name: string, dto: DtoClass])[],
  context: FieldContext,
): void {
  const schemas = document.components?.schemas;
  if (schemas === undefined) return;
  for (const [name, dto] of schemasOf) {
    const schema = schemas[name] as SchemaObject | undefined;
    if (schema === undefined || '$ref' in schema || schema.properties === undefined) continue;
    const hidden = [...getFieldSchema(dto).fields.values()]
      .filter((field) => !isFieldVisible(field, context))
      .map((field) => field.name);
    if (hidden.length === 0) continue;
    const properties = { ...schema.properties };
    for (const name of hidden) delete properties[name];
    const required = schema.required?.filter((name) => !hidden.includes(name));
    schemas[name] = {
      ...schema,
      properties,
      ...(required === undefined ? {} : { required }),
    };
  }
}
