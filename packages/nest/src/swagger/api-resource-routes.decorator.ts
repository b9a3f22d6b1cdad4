import { Type } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import {
  CONDITIONAL_READ_CACHE_CONTROL,
  readsConditionally,
} from '../module/conditional-read.interceptor.js';
import { ApiFacetErrors } from './api-facet-errors.decorator.js';
import { ApiFacetQuery } from './api-facet-query.decorator.js';
import { ApiPaginatedResponse } from './api-paginated-response.decorator.js';

/** The read routes `ResourceController` serves, by method name, and how each is documented. */
const ROUTES: readonly [string, string, 'page' | 'count' | 'detail'][] = [
  ['search', 'A page of items: q, where, orderBy, include, select, page, perPage, count, fields', 'page'],
  [
    'list',
    'A page of items projected by `fields` (`id,title,author{name}`), or the envelope (`items{…},meta{…}`); ' +
      'without itemCount or pageCount in the projection, or with count=none, no count query runs',
    'page',
  ],
  ['count', 'The number of items matching where and q that the caller may read (a plain number)', 'count'],
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
