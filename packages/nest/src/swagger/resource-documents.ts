import type { INestApplicationContext } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FieldContext } from '../projection/field-schema.types.js';
import type { AnyResourceDefinition, ResourceDefinition } from '../resource/define-resource.js';
import { describeResourceQueries } from './describe-resource-queries.js';
import { dropSchemasNoLongerUsed, usedSchemas } from './used-schemas.js';

/** How `resourceDocuments` keys, prepares and keeps its documents. */
export interface ResourceDocumentsOptions {
  /**
   * The key a document is kept under: contexts with the same key get the same document, so it
   * should name everything the `expose` rules (and `prepare`) read, and nothing per caller.
   * @default the context as JSON
   */
  readonly key?: (context: FieldContext) => string;
  /**
   * Changes a context's own copy after Facet described it: leave out the routes such a caller may
   * not use, say. Component schemas only those routes used are then left out too.
   */
  readonly prepare?: (document: OpenAPIObject, context: FieldContext) => void;
  /** How many documents are kept; past it, the least recently used is built again when asked for. @default 32 */
  readonly maxDocuments?: number;
}

/**
 * One OpenAPI document per caller context, each describing only what such a caller may see: the
 * query parameters and the response schemas without the fields `expose` hides from it (see
 * `describeResourceQueries`), and, with `prepare`, without the routes it may not use. Each is built
 * from a copy of `base` on first use and kept (one per `key`), so a document is never built per
 * request. Serve it per request with `@nestjs/swagger`'s `patchDocumentOnRequest`:
 *
 * ```ts
 * const documentFor = resourceDocuments(SwaggerModule.createDocument(app, config), app, [books]);
 * SwaggerModule.setup('docs', app, documentFor({}), {
 *   patchDocumentOnRequest: async (request) => documentFor(await contextOf(request)),
 * });
 * ```
 */
export function resourceDocuments(
  base: OpenAPIObject,
  app: INestApplicationContext,
  resources: readonly (AnyResourceDefinition | ResourceDefinition<never, never, object, never>)[],
  options: ResourceDocumentsOptions = {},
): (context: FieldContext) => OpenAPIObject {
  const key = options.key ?? ((context: FieldContext) => JSON.stringify(context));
  const max = options.maxDocuments ?? 32;
  const documents = new Map<string, OpenAPIObject>();
  const sharedSchemas = usedSchemas(base);
  return (context) => {
    const name = key(context);
    const kept = documents.get(name);
    if (kept !== undefined) {
      documents.delete(name);
      documents.set(name, kept);
      return kept;
    }
    const document = describeResourceQueries(structuredClone(base), app, resources, { context });
    if (options.prepare !== undefined) {
      options.prepare(document, context);
      dropSchemasNoLongerUsed(document, sharedSchemas);
    }
    documents.set(name, document);
    if (documents.size > max) documents.delete(documents.keys().next().value as string);
    return document;
  };
}
