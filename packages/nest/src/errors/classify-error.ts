import {
  PG_CONNECTION_MESSAGE,
  SOCKET_ERROR_CODES,
  TIMEOUT_DATABASE_CODES,
  UNAVAILABLE_ADAPTER_KINDS,
  UNAVAILABLE_DATABASE_CODES,
  UNAVAILABLE_MARIADB_CLIENT_CODES,
  UNAVAILABLE_PRISMA_CODES,
} from './database-fault-codes.js';

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
  /** A CASL `ForbiddenError`: the ability does not allow the action. */
  | 'forbidden'
  /** Facet was set up wrongly (e.g. an ability passed to a service without an access filter). */
  | 'configuration'
  /**
   * The database cannot be reached or has dropped the connection, or the pool is exhausted.
   * Nothing about the query is wrong, so it is never a 4xx; the same request may succeed later.
   * 500 by default (docs/spec-conformance.md#7-errors), 503 with `databaseFaultStatus: 'specific'`.
   */
  | 'unavailable'
  /** The database cancelled the statement (a statement or lock timeout): 500, or 504 with `'specific'`. */
  | 'timeout'
  /**
   * The database raised an error while it executed a read (a data exception, SQLSTATE class 22, or
   * any other error it reports about the statement). Whether it is raised can depend on rows the
   * caller may not read: the database may meet them before the access filter has dropped them. So
   * it is a 500 like any server fault, never a 400 that would tell "a hidden row matched" from
   * "none did"; Facet's operand grammar and literal LIKE texts keep client input from causing one.
   */
  | 'read_failed'
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
  'P2026', // feature unsupported by the database
  'P2034', // transaction conflict or deadlock
  'P2039', // database error without a Prisma code of its own (a SQLSTATE in `meta`)
]);

/** Query-engine request errors are `P2` + 3 digits; `P1xxx` are connection and environment errors. */
const REQUEST_ERROR_CODE = /^P2\d{3}$/;

interface Named {
  readonly name?: unknown;
  readonly code?: unknown;
  readonly message?: unknown;
  readonly meta?: unknown;
  readonly cause?: unknown;
  readonly syscall?: unknown;
}

/** Any object, whatever its prototype: errors are class instances, and only their fields are read. */
export function isNonNullObject(value: unknown): value is Named & Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

/** True for a NestJS `HttpException`, also from another copy of `@nestjs/common`. */
export function isHttpExceptionLike(
  value: unknown,
): value is { getStatus(): number; getResponse(): string | object } {
  return (
    isNonNullObject(value) &&
    typeof (value as { getStatus?: unknown }).getStatus === 'function' &&
    typeof (value as { getResponse?: unknown }).getResponse === 'function'
  );
}

/**
 * How database faults are answered. `'internal'`: a 500 `InternalServerErrorException`, as spec 7 (docs/spec-conformance.md#7-errors)
 * says of every unexpected error. `'specific'`: 503 `ServiceUnavailableException` for a lost or
 * refused connection, 504 `GatewayTimeoutException` for a cancelled statement (Facet's option).
 * Both keep the body's `code` (`database_unavailable`, `database_timeout`).
 */
export type DatabaseFaultStatus = 'internal' | 'specific';

/**
 * How a Prisma request error that carries a code (`P` + 4 digits) is answered. `'by-cause'`
 * (Facet's choice): a 400 when the query caused it, a 5xx when the server did (an outage, a
 * missing table, a busy pool; see `SERVER_FAULT_CODES` and `databaseFaultStatus`).
 * `'bad-request'`: a 400 for every one, as the specification's error table says.
 */
export type KnownRequestErrorStatus = 'by-cause' | 'bad-request';

/**
 * How a CASL `ForbiddenError` is answered. `'forbidden'` (Facet's choice): a 403. `'internal'`:
 * a logged 500, as the specification says of every error it does not list.
 */
export type ForbiddenErrorStatus = 'forbidden' | 'internal';

export interface ClassifyErrorOptions {
  /** @default 'internal' */
  readonly databaseFaultStatus?: DatabaseFaultStatus;
  /**
   * The error comes from a read (QueryService's helpers): errors the database raised while running
   * the statement are `read_failed` 500s instead of 400s (see `ErrorKind`). A write's constraint or
   * data errors describe the values it carried and stay 400s.
   * @default false
   */
  readonly reading?: boolean;
  /**
   * `'bad-request'` answers every coded Prisma error with a 400, as the spec's error table does,
   * before any other rule, `reading` included: an application that chooses it gives up the
   * protection against error oracles for database errors raised during reads (docs/SECURITY.md).
   * @default 'by-cause'
   */
  readonly knownRequestErrors?: KnownRequestErrorStatus;
  /** @default 'forbidden' */
  readonly forbiddenError?: ForbiddenErrorStatus;
}

/**
 * Prisma codes of a value that did not fit while a row was read or compared: data-dependent in a read.
 * P2020 value out of range for the type, P2033 a number that does not fit in 64 bits.
 */
const READ_DATA_CODES: ReadonlySet<string> = new Set(['P2020', 'P2033']);

/** A Prisma-style error code: `P1xxx` (connection, environment) or `P2xxx` (request). */
const PRISMA_CODE = /^P\d{4}$/;

export function classifyError(error: unknown, options: ClassifyErrorOptions = {}): ErrorClassification {
  if (isHttpExceptionLike(error)) return { kind: 'http', status: error.getStatus() };
  if (!isNonNullObject(error)) return { kind: 'unexpected', status: 500 };
  switch (error.name) {
    case 'FacetQueryError':
      return { kind: 'facet_query', status: 400 };
    case 'FacetConfigurationError':
      return { kind: 'configuration', status: 500 };
    case 'ForbiddenError':
      if (options.forbiddenError === 'internal') return { kind: 'unexpected', status: 500 };
      return { kind: 'forbidden', status: 403 };
    case 'PrismaClientValidationError':
      return { kind: 'validation', status: 400 };
  }
  if (
    options.knownRequestErrors === 'bad-request' &&
    typeof error.code === 'string' &&
    PRISMA_CODE.test(error.code)
  ) {
    return { kind: 'request_rejected', status: 400 };
  }
  const database = databaseFault(error);
  const specific = options.databaseFaultStatus === 'specific';
  if (database === 'unavailable') return { kind: 'unavailable', status: specific ? 503 : 500 };
  if (database === 'timeout') return { kind: 'timeout', status: specific ? 504 : 500 };
  const { code } = error;
  if (
    options.reading === true &&
    (database !== undefined ||
      hasDatabaseCause(error) ||
      (typeof code === 'string' && READ_DATA_CODES.has(code)))
  ) {
    return { kind: 'read_failed', status: 500 };
  }
  if (database === 'rejected') return { kind: 'request_rejected', status: 400 };
  if (typeof code === 'string' && REQUEST_ERROR_CODE.test(code) && !SERVER_FAULT_CODES.has(code)) {
    // P2025 (a record the operation required is missing) included: spec 7 (docs/spec-conformance.md#7-errors) makes every coded request
    // error a 400. A helper's own "no such row" (findById) is the 404.
    return { kind: 'request_rejected', status: 400 };
  }
  return { kind: 'unexpected', status: 500 };
}

/**
 * The cause Prisma's driver adapters attach (`{ kind, code?, originalCode? }`): on a Prisma error
 * in `meta.driverAdapterError.cause`, on a bare `DriverAdapterError` in `cause`.
 */
function adapterCause(error: Named): Named & { readonly kind?: unknown; readonly originalCode?: unknown } {
  const fromMeta = isNonNullObject(error.meta)
    ? (error.meta as { driverAdapterError?: unknown }).driverAdapterError
    : undefined;
  const adapterError = isNonNullObject(fromMeta)
    ? (fromMeta as Named)
    : error.name === 'DriverAdapterError'
      ? error
      : {};
  return isNonNullObject(adapterError.cause) ? (adapterError.cause as Named) : {};
}

/** True when a driver adapter reports the error as the database's answer to a statement. */
function hasDatabaseCause(error: Named): boolean {
  const cause = adapterCause(error);
  return cause.kind !== undefined || cause.code !== undefined || cause.originalCode !== undefined;
}

/**
 * SQLSTATE classes 22 (data exception: a value out of range, an invalid date or pattern) and 23
 * (integrity constraint) describe the values a request carried, so they stay 400s even when Prisma
 * has no code of its own for them (`P2039`).
 */
const REJECTED_SQLSTATE = /^2[23][0-9A-Z]{3}$/;

function databaseFault(error: Named): 'unavailable' | 'timeout' | 'rejected' | undefined {
  const { code } = error;
  if (typeof code === 'string' && UNAVAILABLE_PRISMA_CODES.has(code)) return 'unavailable';
  const cause = adapterCause(error);
  if (typeof cause.kind === 'string' && UNAVAILABLE_ADAPTER_KINDS.has(cause.kind)) return 'unavailable';
  const databaseCode = cause.originalCode ?? cause.code;
  if (typeof databaseCode === 'string' || typeof databaseCode === 'number') {
    const text = String(databaseCode);
    if (TIMEOUT_DATABASE_CODES.has(text)) return 'timeout';
    if (UNAVAILABLE_DATABASE_CODES.has(text) || /^08[0-9A-Z]{3}$/.test(text)) return 'unavailable';
    if (cause.kind === 'mysql' && UNAVAILABLE_MARIADB_CLIENT_CODES.has(text)) return 'unavailable';
    if (REJECTED_SQLSTATE.test(text)) return 'rejected';
  }
  if (typeof code === 'string' && typeof error.syscall === 'string' && SOCKET_ERROR_CODES.has(code)) {
    return 'unavailable';
  }
  if (code === undefined && typeof error.message === 'string' && PG_CONNECTION_MESSAGE.test(error.message)) {
    return 'unavailable';
  }
  return undefined;
}
