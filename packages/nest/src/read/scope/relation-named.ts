import { getFieldSchema } from '../../projection/field-schema.js';
import type { DtoClass, RelationFieldDefinition } from '../../projection/field-schema.types.js';

/** The DTO's relation whose model name is `name`. */
export function relationNamed(dto: DtoClass, name: string): RelationFieldDefinition | undefined {
  for (const field of getFieldSchema(dto).fields.values()) {
    if (field.kind === 'relation' && field.relation === name) return field;
  }
  return undefined;
}
