/**
 * One function decides what every error thrown around a read means, in the manner of Prisma's
 * adapter-pg `convertDriverError`: it looks at `name` and `code` only, never `instanceof`, because
 * the application's generated client, `@prisma/client/runtime` and `@casl/ability` may each be a
 * different copy of the class than the one this package could import (and it imports none).
 */

export type ErrorKind =
  /** A NestJS `HttpException` (anything with `getStatus()` and `getResponse()`): passed through. */
  | 'http'
  /** A `FacetQueryError` from `@facet/core`: refused client input, 400 with its issues. */
  | 'facet_query'
  /** `PrismaClientValidationError`: the query does not fit the schema (unknown field, bad type). */
  | 'validation'
  /** A Prisma request error (`P2xxx`) caused by the query itself, e.g. a constraint. */
  | 'request_rejected'
  /** Prisma `P2025`: the record an operation required does not exist. */
  | 'not_found'
  /** A CASL `ForbiddenError`: the ability does not allow the action. */
  | 'forbidden'
  /** Facet was set up wrongly (e.g. an ability passed to a service without an access filter). */
  | 'configuration'
  /** Anything else: connection failures, server-side Prisma codes, bugs. */
  | 'unexpected';

export interface ErrorClassification {
  readonly kind: ErrorKind;
  readonly status: number;
}

/**
 * `P2xxx` codes that describe a fault of the server, its schema or its pool, not of the query a
 * client sent: they stay 500s. Facet's choice, not from the spec (which maps every coded request
 * error to a 400); a client cannot fix a missing table or a busy pool by changing its query.
 */
const SERVER_FAULT_CODES: ReadonlySet<string> = new Set([
  'P2010', // raw query failed
  'P2021', // table does not exist
  'P2022', // column does not exist
  'P2023', // inconsistent column data
  'P2024', // timed out fetching a connection from the pool
  'P2026', // feature unsupported by the database
  'P2034', // transaction conflict or deadlock
  'P2037', // too many database connections
]);

/** Query-engine request errors are `P2` + 3 digits; `P1xxx` are connection and environment errors. */
const REQUEST_ERROR_CODE = /^P2\d{3}$/;

interface Named {
  readonly name?: unknown;
  readonly code?: unknown;
}

function isObject(value: unknown): value is Named {
  return typeof value === 'object' && value !== null;
}

/** True for a NestJS `HttpException`, also from another copy of `@nestjs/common`. */
export function isHttpExceptionLike(
  value: unknown,
): value is { getStatus(): number; getResponse(): string | object } {
  return (
    isObject(value) &&
    typeof (value as { getStatus?: unknown }).getStatus === 'function' &&
    typeof (value as { getResponse?: unknown }).getResponse === 'function'
  );
}

export function classifyError(error: unknown): ErrorClassification {
  if (isHttpExceptionLike(error)) return { kind: 'http', status: error.getStatus() };
  if (!isObject(error)) return { kind: 'unexpected', status: 500 };
  switch (error.name) {
    case 'FacetQueryError':
      return { kind: 'facet_query', status: 400 };
    case 'FacetConfigurationError':
      return { kind: 'configuration', status: 500 };
    case 'ForbiddenError':
      return { kind: 'forbidden', status: 403 };
    case 'PrismaClientValidationError':
      return { kind: 'validation', status: 400 };
  }
  const { code } = error;
  if (typeof code === 'string' && REQUEST_ERROR_CODE.test(code) && !SERVER_FAULT_CODES.has(code)) {
    return code === 'P2025' ? { kind: 'not_found', status: 404 } : { kind: 'request_rejected', status: 400 };
  }
  return { kind: 'unexpected', status: 500 };
}
