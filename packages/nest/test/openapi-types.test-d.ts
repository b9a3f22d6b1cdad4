// Facet reads its OpenAPI types off `OpenAPIObject` (src/swagger/openapi-types.ts), because
// @nestjs/swagger 11 does not export them from its root. On the @nestjs/swagger this workspace
// builds with, they must be exactly the ones it exports.
import type {
  ParameterObject as SwaggerParameterObject,
  ReferenceObject as SwaggerReferenceObject,
  SchemaObject as SwaggerSchemaObject,
} from '@nestjs/swagger';
import { expectTypeOf, test } from 'vitest';
import type { ParameterObject, ReferenceObject, SchemaObject } from '../src/swagger/openapi-types.js';

test('the OpenAPI types read off OpenAPIObject are @nestjs/swagger’s own', () => {
  expectTypeOf<SchemaObject>().toEqualTypeOf<SwaggerSchemaObject>();
  expectTypeOf<ReferenceObject>().toEqualTypeOf<SwaggerReferenceObject>();
  expectTypeOf<ParameterObject>().toEqualTypeOf<SwaggerParameterObject>();
});
