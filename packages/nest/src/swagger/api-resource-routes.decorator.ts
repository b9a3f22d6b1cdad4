import { Type } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { EXPORT_CONTENT_TYPES } from '../export/resource-export.js';
import {
  CONDITIONAL_READ_CACHE_CONTROL,
  readsConditionally,
} from '../module/conditional-read.interceptor.js';
import { EXPORT_FORMATS } from '../read/check/check-export.js';
import { ApiFacetErrors } from './api-facet-errors.decorator.js';
import { ApiFacetQuery } from './api-facet-query.decorator.js';
import { ApiPaginatedResponse } from './api-paginated-response.decorator.js';

/** The read routes `ResourceController` serves, by method name, and how each is documented. */
const ROUTES: readonly [string, string, 'page' | 'count' | 'detail' | 'export'][] = [
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

/**
 * Documents the routes a `ResourceController(resource)` base serves on the controller that extends
 * it: each route's summary, Facet's query parameters, the error responses, and, unless the
 * controller was built with `etag: false`, the `If-None-Match` header and the 304. Put it on the class:
 *
 * ```ts
 * @ApiResourceRoutes(BookDto)
 * @Controller('books')
 * export class BooksController extends ResourceController(books) {}
 * ```
 */
export function ApiResourceRoutes(dto: Type<object>): ClassDecorator {
  return (target) => {
    const base: object = Object.getPrototypeOf(target.prototype);
    for (const [name, summary, kind] of ROUTES) {
      const descriptor = Object.getOwnPropertyDescriptor(base, name);
      if (descriptor === undefined) continue;
      const decorators: MethodDecorator[] = [ApiOperation({ summary })];
      if (kind === 'page') decorators.push(ApiFacetQuery({ dto }), ApiPaginatedResponse(dto));
      else if (kind === 'export') decorators.push(...exportRoute(dto));
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
    ApiFacetErrors({ statuses: [400, 404, 500] })(target);
  };
}
