import type { OpenAPIObject } from '@nestjs/swagger';

// @nestjs/swagger 11 exports only `OpenAPIObject` of its OpenAPI types from its root; 12 exports
// them all. Reading the others off `OpenAPIObject` keeps Facet's declarations compiling against
// both, with `skipLibCheck: false` too (scripts/floors/ checks the lowest supported versions).

/** An OpenAPI reference, `{ $ref: '#/components/schemas/…' }` (`@nestjs/swagger`'s `ReferenceObject`). */
export type ReferenceObject = Extract<
  NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string],
  { $ref: string }
>;
/** An OpenAPI schema (`@nestjs/swagger`'s `SchemaObject`). */
export type SchemaObject = Exclude<
  NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>[string],
  ReferenceObject
>;
/** An OpenAPI parameter (`@nestjs/swagger`'s `ParameterObject`). */
export type ParameterObject = Exclude<
  NonNullable<OpenAPIObject['paths'][string]['parameters']>[number],
  ReferenceObject
>;
