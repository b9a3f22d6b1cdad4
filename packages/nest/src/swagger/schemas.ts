import type { FacetErrorBody, FacetErrorIssue, PageMetaField } from '@facet/core';
import type { SchemaObject } from './openapi-types.js';

// The properties are keyed by @facet/core's wire types: a field added there and not here fails to compile.

/** OpenAPI schema of `PageMetaDTO` (kept here so the DTO itself stays free of @nestjs/swagger). */
export const PAGE_META_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['perPage', 'hasPrevPage', 'hasNextPage', 'nextCursor', 'prevCursor'],
  properties: {
    page: {
      type: 'integer',
      minimum: 1,
      description: 'Current page number (absent on a cursor page: `after`, `before`)',
    },
    perPage: { type: 'integer', minimum: 1, description: 'Page size' },
    itemCount: {
      type: 'integer',
      minimum: 0,
      description:
        'Total count of matching items (absent when not counted: count=none, or a projection without totals)',
    },
    pageCount: {
      type: 'integer',
      minimum: 0,
      description: 'Total number of pages; 0 when there are no items',
    },
    countMode: {
      type: 'string',
      enum: ['exact', 'estimated'],
      description:
        "Whether itemCount was counted or is the database planner's estimate (count=estimated above the " +
        "resource's threshold); only when the request named a count mode",
    },
    hasPrevPage: { type: 'boolean' },
    hasNextPage: { type: 'boolean' },
    nextCursor: {
      type: 'string',
      nullable: true,
      description: 'Send as `after` for the rows after this page; null on the last page',
    },
    prevCursor: {
      type: 'string',
      nullable: true,
      description:
        'Send as `before` for the rows before this page, in the same order; null on the first page',
    },
  } satisfies Record<PageMetaField, SchemaObject>,
};

/** OpenAPI schema of `FacetErrorBody`, the body of every Facet error response. */
export const FACET_ERROR_BODY_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['statusCode', 'error', 'message', 'code'],
  properties: {
    statusCode: { type: 'integer', example: 400 },
    error: { type: 'string', example: 'Bad Request' },
    message: { type: 'string', example: 'field is not available at fields.titel' },
    code: { type: 'string', description: 'Stable machine-readable code', example: 'unknown_key' },
    path: {
      type: 'string',
      description: 'The offending query path, where one applies',
      example: 'fields.titel',
    },
    issues: {
      type: 'array',
      items: {
        type: 'object',
        required: ['code', 'path', 'message'],
        properties: {
          code: { type: 'string' },
          path: { type: 'string' },
          message: { type: 'string' },
          position: { type: 'integer', description: 'Character offset in a fields expression' },
          limit: { type: 'integer' },
        } satisfies Record<keyof FacetErrorIssue, SchemaObject>,
      },
    },
  } satisfies Record<keyof FacetErrorBody, SchemaObject>,
};

/** Marks a query parameter documented for a DTO, so `describeResourceQueries` can replace its schema. */
export const FACET_DTO_EXTENSION = 'x-facet-dto';
