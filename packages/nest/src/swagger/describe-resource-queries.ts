import type { INestApplicationContext } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { ModelTypes } from '../model/model-types.js';
import { getResourceToken } from '../module/facet.module.js';
import { getFieldSchema, isFieldVisible } from '../projection/field-schema.js';
import type { FieldContext } from '../projection/field-schema.types.js';
import type { AnyResourceDefinition, ResourceDefinition } from '../resource/define-resource.js';
import { aggregateParameterSchema } from './aggregate-route.js';
import { writeFieldResponseSchemas } from './field-response-schemas.js';
import { FIELDS_DESCRIPTION } from './fields-grammar.js';
import { hideResponseFields, hideSchemaFields } from './hide-response-fields.js';
import type { ParameterObject, ReferenceObject, SchemaObject } from './openapi-types.js';
import { ResourceQuerySchemas } from './resource-query-schemas.js';
import { FACET_DTO_EXTENSION } from './schemas.js';
import { dropSchemasNoLongerUsed, usedSchemas } from './used-schemas.js';
import { documentedBodies } from './write-bodies.js';

export interface DescribeResourceQueriesOptions {
  /**
   * The `expose` context the document is written for: fields hidden from it are left out of the
   * query parameters (the server refuses them for such a caller) and of the DTOs' response schemas
   * (the server strips them from its responses). @default {} (a caller no rule grants anything)
   */
  readonly context?: FieldContext;
}

/** What a resource needs to be described: its DTO and, when known, its model's field types. */
interface Described {
  readonly dto: AnyResourceDefinition['dto'];
  readonly model: ModelTypes | undefined;
}

/**
 * Replaces the free-form `where`, `orderBy`, `include`, `select` and `fields` parameters that
 * `ApiResourceRoutes(Dto)` (or `ApiFacetQuery({ dto })`) documented with schemas derived from each
 * resource: the fields its DTO lets this caller name, the operators each field type takes (the
 * operand grammar the server enforces), enums, relations and sort directions. Generators such as
 * openapi-typescript then produce usable filter types. The DTOs' response schemas get the fields their `@Field()`/`@Relation()` declare that `@ApiProperty()` did not describe (typed from the model), and lose the fields
 * the context may not see. A document is written for one context: serve each caller the one of its
 * own (`resourceDocuments` builds and keeps one per context). Call it on the document before serving it:
 *
 * ```ts
 * const document = SwaggerModule.createDocument(app, config);
 * describeResourceQueries(document, app, [books, authors]);
 * ```
 *
 * Returns the same document, changed in place.
 */
export function describeResourceQueries(
  document: OpenAPIObject,
  app: INestApplicationContext,
  resources: readonly (AnyResourceDefinition | ResourceDefinition<never, never, object, never>)[],
  options: DescribeResourceQueriesOptions = {},
): OpenAPIObject {
  const byDto = new Map<string, Described>();
  for (const definition of resources) {
    const resource = app.get<{ readonly modelTypes?: ModelTypes | undefined }>(getResourceToken(definition), {
      strict: false,
    });
    byDto.set(definition.dto.name, { dto: definition.dto, model: resource.modelTypes });
  }
  const used = usedSchemas(document);
  const builder = new ResourceQuerySchemas(options.context ?? {});
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.post, item.put, item.patch, item.delete]) {
      for (const parameter of operation?.parameters ?? []) {
        if ('$ref' in parameter || parameter.in !== 'query') continue;
        const marked = markedDto(parameter);
        const described = marked === undefined ? undefined : byDto.get(marked);
        if (described !== undefined) describe(parameter, described, builder, options.context ?? {});
      }
    }
  }
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, ...builder.schemas };
  // A related DTO's schema written here and then unused (its relation is hidden from this caller)
  // is left out, like one `@nestjs/swagger` wrote.
  for (const name of writeFieldResponseSchemas(document, [...byDto.values()])) used.add(name);
  hideResponseFields(
    document,
    resources.map((definition) => definition.dto),
    options.context ?? {},
  );
  // A write body names only the fields the caller may write: the server refuses the others.
  const bodies = resources.flatMap((definition) =>
    Object.values(documentedBodies(definition.writes)).map((body) => [body.type.name, body.dto] as const),
  );
  hideSchemaFields(document, bodies, options.context ?? {});
  dropSchemasNoLongerUsed(document, used);
  return document;
}

function markedDto(parameter: ParameterObject): string | undefined {
  const schema = parameter.schema as SchemaObject | ReferenceObject | undefined;
  if (schema === undefined || '$ref' in schema) return undefined;
  const marked: unknown = (schema as Record<string, unknown>)[FACET_DTO_EXTENSION];
  return typeof marked === 'string' ? marked : undefined;
}

function describe(
  parameter: ParameterObject,
  { dto, model }: Described,
  builder: ResourceQuerySchemas,
  context: FieldContext,
): void {
  const aggregate = aggregateParameterSchema(parameter.name, dto, model, context);
  if (aggregate !== undefined) {
    parameter.schema = aggregate;
    return;
  }
  switch (parameter.name) {
    case 'where':
      parameter.schema = builder.where(dto, model);
      return;
    case 'include':
      parameter.schema = builder.include(dto, model);
      return;
    case 'select':
      parameter.schema = builder.select(dto, model);
      return;
    case 'orderBy': {
      const single = builder.orderBy(dto, model);
      parameter.schema = { oneOf: [single, { type: 'array', items: single }] };
      return;
    }
    case 'q': {
      // As the caller sees them: a hidden searchable field is not searched for it, nor named here.
      const searchable = [...getFieldSchema(dto).fields.values()]
        .filter((field) => field.kind === 'scalar' && field.searchable && isFieldVisible(field, context))
        .map((field) => field.name);
      parameter.schema = {
        ...(parameter.schema as SchemaObject),
        [FACET_DTO_EXTENSION]: dto.name,
        'x-facet-searchable': searchable,
      } as SchemaObject;
      parameter.description = `${parameter.description ?? ''}\n\n${
        searchable.length === 0
          ? `${dto.name} has no searchable field: q is refused.`
          : `Searchable fields of ${dto.name}: ${searchable.join(', ')}.`
      }`;
      return;
    }
    case 'fields': {
      const paths = builder.fieldPaths(dto);
      const schema: SchemaObject & Record<string, unknown> = {
        type: 'string',
        // The grammar nests, so no pattern can check it whole; this one refuses what no name contains.
        pattern: '^[\\w\\s,{}]*$',
        [FACET_DTO_EXTENSION]: dto.name,
        'x-facet-fields': paths,
      };
      parameter.schema = schema;
      parameter.description = `${parameter.description ?? FIELDS_DESCRIPTION}\n\nFields of ${dto.name}: ${paths.join(', ')}.`;
      return;
    }
  }
}
