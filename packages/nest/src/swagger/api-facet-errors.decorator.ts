import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { FACET_ERROR_BODY_SCHEMA } from './schemas.js';

export type FacetErrorStatus = 400 | 403 | 404 | 409 | 412 | 500 | 503 | 504;

const DESCRIPTIONS: Readonly<Record<FacetErrorStatus, string>> = {
  400: 'Refused query input: malformed or hostile parameters, unknown fields, bad paging, invalid filters',
  403: 'The caller may not perform this action',
  404: 'No such record, or not visible to the caller',
  409: 'A write conflicts with a row: a duplicate unique value, or rows still referring to it',
  412: '`If-Match` names no tag of the row as the caller reads it now; nothing is written',
  500: 'Unexpected server error, or the database unavailable or too slow (code database_unavailable / database_timeout); details are logged, never returned',
  503: "The database is unreachable or dropped the connection (with databaseFaultStatus 'specific'); the same request may succeed later",
  504: "The database cancelled the statement: a statement or lock timeout (with databaseFaultStatus 'specific')",
};

export interface ApiFacetErrorsOptions {
  /**
   * Which error statuses the route documents; add 503 and 504 for services created with
   * `databaseFaultStatus: 'specific'`. @default [400, 403, 404, 500]
   */
  readonly statuses?: readonly FacetErrorStatus[];
}

/** Documents Facet's error responses, each with the `FacetErrorBody` schema. */
export function ApiFacetErrors(options: ApiFacetErrorsOptions = {}): MethodDecorator & ClassDecorator {
  const statuses = options.statuses ?? [400, 403, 404, 500];
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status], schema: FACET_ERROR_BODY_SCHEMA }),
    ),
  );
}
