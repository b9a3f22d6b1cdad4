import { type FacetQueryError, isFacetQueryError } from '@facet/core';
import {
  BadRequestException,
  ForbiddenException,
  GatewayTimeoutException,
  type HttpException,
  InternalServerErrorException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { type ErrorClassification, isHttpExceptionLike } from './classify-error.js';
import type { FacetErrorBody } from './facet-query.exception.js';
import { FacetQueryException } from './facet-query.exception.js';

/**
 * Stable machine codes of the bodies built here. Messages are fixed texts: Prisma's own messages
 * name models, fields, constraints and echo the query, so they only ever go to `errorLogger`.
 */
export const FACET_ERROR_CODES = {
  invalidQuery: 'invalid_query',
  queryRejected: 'query_rejected',
  notFound: 'not_found',
  forbidden: 'forbidden',
  internal: 'internal_error',
  databaseUnavailable: 'database_unavailable',
  databaseTimeout: 'database_timeout',
  conflict: 'conflict',
  invalidReference: 'invalid_reference',
  stillReferenced: 'still_referenced',
  preconditionFailed: 'precondition_failed',
  invalidPrecondition: 'invalid_precondition',
} as const;

export const body = (statusCode: number, error: string, message: string, code: string): FacetErrorBody => ({
  statusCode,
  error,
  message,
  code,
});

export function notFoundException(): NotFoundException {
  return new NotFoundException(body(404, 'Not Found', 'Record not found', FACET_ERROR_CODES.notFound));
}

/**
 * Turns a classified error into the exception a controller should throw. An `HttpException` comes
 * back as the same instance. The original error is kept as `cause` for server-side inspection; it
 * is never part of the response body.
 */
export function toHttpException(error: unknown, classification: ErrorClassification): HttpException {
  switch (classification.kind) {
    case 'http':
      if (isHttpExceptionLike(error)) return error as HttpException;
      break;
    case 'facet_query':
      if (isFacetQueryError(error)) return new FacetQueryException(error as FacetQueryError);
      break;
    case 'validation':
      return new BadRequestException(
        body(400, 'Bad Request', 'The query does not match the resource', FACET_ERROR_CODES.invalidQuery),
        { cause: error },
      );
    case 'request_rejected':
      return new BadRequestException(
        body(400, 'Bad Request', 'The query was rejected', FACET_ERROR_CODES.queryRejected),
        { cause: error },
      );
    case 'forbidden':
      return new ForbiddenException(body(403, 'Forbidden', 'Forbidden', FACET_ERROR_CODES.forbidden), {
        cause: error,
      });
    // Fixed texts: Prisma's messages for these name the host, port and database.
    case 'unavailable':
      return databaseFault(
        error,
        classification.status,
        'The database is unavailable',
        'databaseUnavailable',
      );
    case 'timeout':
      return databaseFault(
        error,
        classification.status,
        'The database did not answer in time',
        'databaseTimeout',
      );
  }
  return new InternalServerErrorException(
    body(500, 'Internal Server Error', 'Internal server error', FACET_ERROR_CODES.internal),
    { cause: error },
  );
}

function databaseFault(
  error: unknown,
  status: number,
  message: string,
  code: 'databaseUnavailable' | 'databaseTimeout',
): HttpException {
  if (status === 503) {
    return new ServiceUnavailableException(
      body(503, 'Service Unavailable', message, FACET_ERROR_CODES[code]),
      {
        cause: error,
      },
    );
  }
  if (status === 504) {
    return new GatewayTimeoutException(body(504, 'Gateway Timeout', message, FACET_ERROR_CODES[code]), {
      cause: error,
    });
  }
  return new InternalServerErrorException(
    body(500, 'Internal Server Error', message, FACET_ERROR_CODES[code]),
    { cause: error },
  );
}
