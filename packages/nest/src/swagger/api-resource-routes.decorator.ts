import { Type } from '@nestjs/common';
import {
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiResponse,
} from '@nestjs/swagger';
import { EXPORT_CONTENT_TYPES } from '../export/resource-export.js';
import {
  CONDITIONAL_READ_CACHE_CONTROL,
  readsConditionally,
} from '../module/conditional-read.interceptor.js';
import { EXPORT_FORMATS } from '../read/check/check-export.js';
import { aggregateRoute } from './aggregate-route.js';
import { ApiFacetErrors } from './api-facet-errors.decorator.js';
import { ApiFacetQuery } from './api-facet-query.decorator.js';
import { ApiPaginatedResponse } from './api-paginated-response.decorator.js';
import { bulkWriteRoutes } from './bulk-write-routes.js';
import { FIELDS_DESCRIPTION } from './fields-grammar.js';
import { FACET_DTO_EXTENSION, FACET_ERROR_BODY_SCHEMA } from './schemas.js';
import { type DocumentedBody, documentedBodies } from './write-bodies.js';

/** The read routes `ResourceController` serves, by method name, and how each is documented. */
const ROUTES: readonly [string, string, 'page' | 'count' | 'detail' | 'export' | 'aggregate'][] = [
  ['search', 'A page of items: q, where, orderBy, include, select, page, perPage, count, fields', 'page'],
  [
    'list',
    'A page of items projected by `fields` (`id,title,author{name}`), or the envelope (`items{…},meta{…}`); ' +
      'without itemCount or pageCount in the projection, or with count=none, no count query runs',
    'page',
  ],
  ['count', 'The number of items matching where and q that the caller may read (a plain number)', 'count'],
  [
    'export',
    'Every item matching where and q that the caller may read, streamed as CSV or NDJSON, in the list order and ' +
      'projected like a list item; every refusal (including more rows than the export limit) is a 400 before the first byte',
    'export',
  ],
  [
    'aggregate',
    'Aggregates (_count, _min, _max, _avg, _sum) of the items matching where and q that the caller may read; ' +
      'with by, the same per group',
    'aggregate',
  ],
  ['findById', 'One item by id, projected by `fields`; 404 also when the caller may not read it', 'detail'],
  ['get', 'One item by id, projected by `fields`; 404 also when the caller may not read it', 'detail'],
];

/** `If-None-Match` and the 304 of a route that answers conditional reads (`ResourceController`'s `etag`). */
const conditionalRead: MethodDecorator[] = [
  ApiHeader({
    name: 'If-None-Match',
    required: false,
    description:
      'The `ETag` of an earlier answer (or a list of them, or `*`): when the answer has not changed, it is a ' +
      '304 with no body. A malformed value matches nothing.',
    schema: { type: 'string' },
  }),
  ApiResponse({
    status: 304,
    description:
      'Not Modified: the answer would be the one the `If-None-Match` tag names; no body. Every 200 of this ' +
      'route carries the same headers: the weak `ETag` of its JSON, and these.',
    headers: {
      ETag: { description: 'The weak tag of the answer as the caller gets it', schema: { type: 'string' } },
      'Cache-Control': { schema: { type: 'string', example: CONDITIONAL_READ_CACHE_CONTROL } },
      Vary: { schema: { type: 'string', example: 'Authorization' } },
    },
  }),
];

/** The export route's parameters (no paging, no include/select) and its two media types. */
function exportRoute(dto: Type<object>): MethodDecorator[] {
  const body = { schema: { type: 'string' as const } };
  return [
    ApiQuery({
      name: 'format',
      required: true,
      enum: [...EXPORT_FORMATS],
      description:
        '`csv`: a header row of the field paths (`author.name`), RFC 4180 quoting, UTF-8, and every cell that ' +
        "begins with `=`, `+`, `-`, `@`, a tab or a carriage return prefixed with `'`; a to-many relation in " +
        '`fields` is a 400. `ndjson`: one JSON item per line.',
    }),
    ApiFacetQuery({ paging: false, search: true, fields: 'detail', relations: false, dto }),
    ApiProduces(...Object.values(EXPORT_CONTENT_TYPES)),
    ApiOkResponse({
      description:
        'The items, streamed. An error after the first byte cuts the body off (no final chunk): a client sees ' +
        'a network error, never a shorter file that looks complete.',
      content: { [EXPORT_CONTENT_TYPES.csv]: body, [EXPORT_CONTENT_TYPES.ndjson]: body },
      headers: {
        'Content-Disposition': {
          description: 'attachment; filename="<resource>.csv" (or .ndjson)',
          schema: { type: 'string' },
        },
      },
    }),
  ];
}

const error = (status: number, description: string) =>
  ApiResponse({ status, description, schema: FACET_ERROR_BODY_SCHEMA });

/** The answers every write may give, by status (Facet's error body, no table, column or constraint name). */
const WRITE_ERRORS = {
  body: error(
    400,
    'Refused body: a field the caller may not write, that does not exist or that the server sets (the same ' +
      'answer for each, naming it), a wrong type, a failed rule, a missing required field, or a reference to ' +
      'a row that does not exist or that the caller may not read (the same answer for both)',
  ),
  create: error(403, "The caller's rules allow it no such row (checked on the row as written)"),
  change: error(
    403,
    'The caller may read the row but not change it, or not into what the body makes of it; nothing is written',
  ),
  missing: error(404, 'No such row, or one the caller may not read (the same answer)'),
  conflict: error(409, 'A row with the same unique value exists, or (delete) rows still refer to this one'),
  precondition: error(
    412,
    '`If-Match` names no tag of the row as the caller reads it now; nothing is written',
  ),
};

const IF_MATCH = ApiHeader({
  name: 'If-Match',
  required: false,
  description:
    'The `ETag` of `GET /:id` with the same `fields` (or a list of them, or `*`): the write happens only when ' +
    'the row is still as the caller read it, else 412 and nothing is written. A malformed value is a 400.',
  schema: { type: 'string' },
});

/** The write routes' answers, projected by `fields` like `GET /:id`. */
function writeRoute(
  dto: Type<object>,
  summary: string,
  answer: MethodDecorator[],
  body: DocumentedBody | undefined,
  errors: MethodDecorator[],
): MethodDecorator[] {
  return [
    ApiOperation({ summary }),
    ApiQuery({
      name: 'fields',
      required: false,
      schema: { type: 'string', [FACET_DTO_EXTENSION]: dto.name } as Record<string, unknown>,
      description: `The answer's projection, as on \`GET /:id\`. ${FIELDS_DESCRIPTION}`,
    }),
    ...(body === undefined ? [] : [ApiBody({ type: body.type })]),
    ...answer,
    ...errors,
  ];
}

/** What describes a resource to `ApiResourceRoutes`: its DTO, and the bodies of its writes. */
export interface DocumentedResource {
  readonly dto: Type<object> | (abstract new (...args: never[]) => object);
  readonly writes?: unknown;
}

/**
 * Documents the routes a `ResourceController(resource)` base serves on the controller that extends
 * it: each route's summary, Facet's query parameters, the error responses, and, unless the
 * controller was built with `etag: false`, the `If-None-Match` header and the 304. Given the
 * resource definition rather than its DTO, it documents the write routes the controller serves too:
 * each body (its input DTO; an update without its own, any part of the create's as
 * `Partial<CreateDto>`), the answers (201/200, or 204 when the caller may not read the written
 * row), `If-Match`, and the 400, 403, 404, 409 and 412 a write may answer. `describeResourceQueries`
 * then leaves out of each caller's copy the body fields its `expose` rules do not let it write. Put
 * it on the class:
 *
 * ```ts
 * @ApiResourceRoutes(books)
 * @Controller('books')
 * export class BooksController extends ResourceController(books, { writes: true }) {}
 * ```
 */
export function ApiResourceRoutes(resource: Type<object> | DocumentedResource): ClassDecorator {
  const dto = (typeof resource === 'function' ? resource : resource.dto) as Type<object>;
  const bodies = typeof resource === 'function' ? {} : documentedBodies(resource.writes);
  const writes = typeof resource === 'function' ? undefined : resource.writes;
  return (target) => {
    const base: object = Object.getPrototypeOf(target.prototype);
    for (const [name, summary, kind] of ROUTES) {
      const descriptor = Object.getOwnPropertyDescriptor(base, name);
      if (descriptor === undefined) continue;
      const decorators: MethodDecorator[] = [ApiOperation({ summary })];
      if (kind === 'page') decorators.push(ApiFacetQuery({ dto }), ApiPaginatedResponse(dto));
      else if (kind === 'export') decorators.push(...exportRoute(dto));
      else if (kind === 'aggregate') decorators.push(...aggregateRoute(dto));
      else if (kind === 'count') {
        decorators.push(
          ApiFacetQuery({ paging: false, search: true, fields: false, relations: false, dto }),
          ApiOkResponse({ schema: { type: 'integer' } }),
        );
      } else
        decorators.push(
          ApiFacetQuery({ paging: false, fields: 'detail', dto }),
          ApiOkResponse({ type: dto }),
        );
      if (readsConditionally(descriptor.value)) decorators.push(...conditionalRead);
      for (const decorator of decorators) decorator(base, name, descriptor);
    }
    const declared = (writes ?? {}) as { readonly delete?: unknown };
    const routes: [string, MethodDecorator[]][] = [];
    if (bodies.create !== undefined) {
      routes.push([
        'create',
        writeRoute(
          dto,
          "Creates an item from the body, under the caller's create rules; answers it as the caller reads it",
          [
            ApiResponse({ status: 201, description: 'The row as the caller reads it', type: dto }),
            ApiResponse({ status: 204, description: 'Created, but the caller may not read the row' }),
          ],
          bodies.create,
          [WRITE_ERRORS.body, WRITE_ERRORS.create, WRITE_ERRORS.conflict],
        ),
      ]);
    }
    if (bodies.update !== undefined) {
      routes.push([
        'update',
        writeRoute(
          dto,
          "Changes the fields the body names, under the caller's update rules; answers the row as the caller reads it",
          [
            ApiOkResponse({ description: 'The row as the caller now reads it', type: dto }),
            ApiResponse({ status: 204, description: 'Changed, but the caller may no longer read the row' }),
          ],
          bodies.update,
          [
            IF_MATCH,
            WRITE_ERRORS.body,
            WRITE_ERRORS.change,
            WRITE_ERRORS.missing,
            WRITE_ERRORS.conflict,
            WRITE_ERRORS.precondition,
          ],
        ),
      ]);
    }
    if (declared.delete === true) {
      routes.push([
        'remove',
        writeRoute(
          dto,
          "Deletes the row, under the caller's delete rules; answers it as the caller read it just before",
          [ApiOkResponse({ description: 'The row as it was', type: dto })],
          undefined,
          [
            IF_MATCH,
            WRITE_ERRORS.change,
            WRITE_ERRORS.missing,
            WRITE_ERRORS.conflict,
            WRITE_ERRORS.precondition,
          ],
        ),
      ]);
    }
    routes.push(...bulkWriteRoutes(dto, bodies, (writes as { readonly bulk?: unknown } | undefined)?.bulk));
    for (const [name, decorators] of routes) {
      const descriptor = Object.getOwnPropertyDescriptor(base, name);
      if (descriptor === undefined) continue;
      for (const decorator of decorators) decorator(base, name, descriptor);
    }
    ApiFacetErrors({ statuses: [400, 404, 500] })(target);
  };
}
