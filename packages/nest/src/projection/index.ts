export { Field, Relation } from './field.decorators.js';
export { FieldProjection, Fields } from './field-projection.js';
export { getFieldSchema, isFieldVisible } from './field-schema.js';
export type {
  DtoClass,
  FieldContext,
  FieldDefinition,
  FieldExpose,
  FieldOptions,
  FieldSchema,
  RelationFieldDefinition,
  RelationOptions,
  ScalarFieldDefinition,
} from './field-schema.types.js';
export type { IncludeTree } from './merge-relation-args.js';
export {
  type FieldsQueryInput,
  type PreparedFieldsQuery,
  type PreparedQuery,
  type PrepareFieldsQueryOptions,
  prepareFieldsQuery,
} from './prepare-fields-query.js';
export type { ResolvedEntry, ResolvedSelection } from './resolve-selection.js';
