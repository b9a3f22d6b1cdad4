import type { Type } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { FACET_DTO_EXTENSION, FACET_ERROR_BODY_SCHEMA } from './schemas.js';
import type { DocumentedBodies } from './write-bodies.js';

const error = (status: number, description: string) =>
  ApiResponse({ status, description, schema: FACET_ERROR_BODY_SCHEMA });

const COUNT = { type: 'object', required: ['count'], properties: { count: { type: 'integer', minimum: 0 } } };

const BUDGET =
  "more rows than the resource's `writes.bulk.maxRows` (default 100) is a 400 `too_many` naming the limit, " +
  'before anything is written';

const ERRORS = {
  where: error(
    400,
    'Refused `where` (a field the caller may not see, or that does not exist: the same answer; an operator or ' +
      `operand outside the grammar; over the query budget; missing), refused body, or ${BUDGET}`,
  ),
  body: error(
    400,
    'A refused body in any row, answered as the single create answers it with the row index in the path ' +
      `(\`[2].userId\`), a reference to a row that is missing or that the caller may not read, or ${BUDGET}`,
  ),
  create: error(
    403,
    "A row outside the caller's create rules (checked on the rows as written); none is written",
  ),
  change: error(
    403,
    'A matching row the caller may read but not change, or not into what the body makes of it; none is written',
  ),
  conflict: error(
    409,
    'A duplicate unique value, or (delete) rows still refer to one of them; none is written',
  ),
};

/** The where of a bulk update or delete: required, checked as a read's (`describeResourceQueries` gives its schema). */
function whereQuery(dto: Type<object>): MethodDecorator {
  return ApiQuery({
    name: 'where',
    required: true,
    description:
      'The rows to write: a filter as a list takes it (dotted or bracket keys, JSON values), checked as a read ' +
      'is. Only rows the caller may read match; `where={}` names every one of them.',
    schema: { type: 'object', additionalProperties: true, [FACET_DTO_EXTENSION]: dto.name } as Record<
      string,
      unknown
    >,
    style: 'deepObject',
    explode: true,
  });
}

/**
 * The bulk write routes `ResourceController` serves for a resource's `writes.bulk`, as
 * `ApiResourceRoutes` documents them: `POST /bulk` (an array of create bodies), `PATCH /` and
 * `DELETE /` with a required `where`, each answering `{ count }`, and their refusals.
 */
export function bulkWriteRoutes(
  dto: Type<object>,
  bodies: DocumentedBodies,
  bulk: unknown,
): [string, MethodDecorator[]][] {
  if (bulk === undefined || bulk === false || bulk === null) return [];
  const served = (action: 'create' | 'update' | 'delete') =>
    bulk === true || (typeof bulk === 'object' && (bulk as Record<string, unknown>)[action] === true);
  const routes: [string, MethodDecorator[]][] = [];
  if (served('create') && bodies.create !== undefined) {
    routes.push([
      'createMany',
      [
        ApiOperation({
          summary:
            "Creates a row from each body of the array, all or none, each under the caller's create rules",
        }),
        ApiBody({ type: bodies.create.type, isArray: true }),
        ApiResponse({ status: 201, description: 'How many rows were created', schema: COUNT }),
        ERRORS.body,
        ERRORS.create,
        ERRORS.conflict,
      ],
    ]);
  }
  if (served('update') && bodies.update !== undefined) {
    routes.push([
      'updateMany',
      [
        ApiOperation({
          summary:
            'Writes the body to every row matching `where` that the caller may read, all or none, under its update rules',
        }),
        whereQuery(dto),
        ApiBody({ type: bodies.update.type }),
        ApiResponse({ status: 200, description: 'How many rows were changed', schema: COUNT }),
        ERRORS.where,
        ERRORS.change,
        ERRORS.conflict,
      ],
    ]);
  }
  if (served('delete')) {
    routes.push([
      'deleteMany',
      [
        ApiOperation({
          summary:
            'Deletes every row matching `where` that the caller may read, all or none, under its delete rules',
        }),
        whereQuery(dto),
        ApiResponse({ status: 200, description: 'How many rows were deleted', schema: COUNT }),
        ERRORS.where,
        ERRORS.change,
        ERRORS.conflict,
      ],
    ]);
  }
  return routes;
}
