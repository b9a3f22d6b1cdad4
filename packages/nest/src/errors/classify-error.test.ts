import { FacetQueryError } from '@facet/core';
import { BadRequestException, ConflictException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { classifyError } from './classify-error.js';

// Plain objects shaped like the real errors: the classifier must work from `name` and `code`
// alone, because the application's Prisma and CASL classes are never imported here.
const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('m'), { name, ...extra });
const adapterMeta = (cause: Record<string, unknown>) => ({
  driverAdapterError: { name: 'DriverAdapterError', cause },
});

describe('classifyError', () => {
  it.each([
    [
      'PrismaClientValidationError',
      named('PrismaClientValidationError'),
      { kind: 'validation', status: 400 },
    ],
    [
      'a P2 request error',
      named('PrismaClientKnownRequestError', { code: 'P2002' }),
      { kind: 'request_rejected', status: 400 },
    ],
    [
      'P2025',
      { name: 'PrismaClientKnownRequestError', code: 'P2025' },
      { kind: 'request_rejected', status: 400 },
    ],
    ['CASL ForbiddenError', named('ForbiddenError'), { kind: 'forbidden', status: 403 }],
    ['FacetConfigurationError', named('FacetConfigurationError'), { kind: 'configuration', status: 500 }],
    [
      'FacetQueryError',
      new FacetQueryError([{ code: 'unknown_key', path: ['x'], message: 'm' }]),
      { kind: 'facet_query', status: 400 },
    ],
    [
      'a P1 connection error',
      named('PrismaClientKnownRequestError', { code: 'P1001' }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a closed connection (P1017)',
      named('PrismaClientKnownRequestError', { code: 'P1017' }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a server-fault P2 code (missing table)',
      named('PrismaClientKnownRequestError', { code: 'P2021' }),
      { kind: 'unexpected', status: 500 },
    ],
    ['a pool timeout', { code: 'P2024' }, { kind: 'unavailable', status: 503 }],
    // As @prisma/client 7 wraps a PostgreSQL statement timeout on a model query (observed shape).
    [
      'a statement timeout inside P2039',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'postgres', code: '57014', originalCode: '57014' }),
      }),
      { kind: 'timeout', status: 504 },
    ],
    [
      'a statement timeout inside P2010 (raw query)',
      named('PrismaClientKnownRequestError', {
        code: 'P2010',
        meta: adapterMeta({ kind: 'postgres', originalCode: '57014' }),
      }),
      { kind: 'timeout', status: 504 },
    ],
    [
      'a lock timeout',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'postgres', originalCode: '55P03' }),
      }),
      { kind: 'timeout', status: 504 },
    ],
    [
      'an admin shutdown',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'postgres', originalCode: '57P01' }),
      }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a connection exception (SQLSTATE class 08)',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'postgres', originalCode: '08006' }),
      }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a data exception the request caused (SQLSTATE 22003, numeric out of range)',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'postgres', originalCode: '22003' }),
      }),
      { kind: 'request_rejected', status: 400 },
    ],
    [
      'any other database error without a Prisma code of its own',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'postgres', originalCode: '42P01' }),
      }),
      { kind: 'unexpected', status: 500 },
    ],
    [
      'a bare DriverAdapterError for a closed connection',
      named('DriverAdapterError', { cause: { kind: 'ConnectionClosed' } }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a MariaDB max_statement_time',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'mysql', code: 1969 }),
      }),
      { kind: 'timeout', status: 504 },
    ],
    [
      'a MariaDB server the driver cannot reach (its pool gave no connection in time)',
      named('DriverAdapterError', { cause: { kind: 'mysql', code: 45028, originalCode: '45028' } }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a MariaDB socket closed under a statement, through Prisma',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'mysql', code: 45009 }),
      }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      "the driver's number for another database's error",
      named('DriverAdapterError', { cause: { kind: 'postgres', code: '45028', originalCode: '45028' } }),
      { kind: 'unexpected', status: 500 },
    ],
    // node-postgres reports a lost connection as a plain Error; adapter-pg passes it through.
    [
      'node-postgres: connection lost',
      new Error('Connection terminated unexpectedly'),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'node-postgres: connect timeout',
      new Error('Connection terminated due to connection timeout'),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a refused socket',
      named('Error', { code: 'ECONNREFUSED', syscall: 'connect', errno: -111 }),
      { kind: 'unavailable', status: 503 },
    ],
    [
      'a socket-like code without a syscall',
      named('Error', { code: 'ECONNREFUSED' }),
      { kind: 'unexpected', status: 500 },
    ],
    [
      'the same message with a code of its own',
      named('Error', { code: 'X1', message: 'Connection terminated' }),
      { kind: 'unexpected', status: 500 },
    ],
    ['a SQLSTATE code', { code: '23505' }, { kind: 'unexpected', status: 500 }],
    ['a P-code that is not 4 digits', { code: 'P20021' }, { kind: 'unexpected', status: 500 }],
    ['a numeric code', { code: 2002 }, { kind: 'unexpected', status: 500 }],
    ['a string', 'boom', { kind: 'unexpected', status: 500 }],
    ['null', null, { kind: 'unexpected', status: 500 }],
    ['a TypeError', new TypeError('x'), { kind: 'unexpected', status: 500 }],
  ])('%s', (_label, error, expected) => {
    // The table lists the statuses of `databaseFaultStatus: 'specific'`; by default (docs/spec-conformance.md#7-errors) a
    // database fault keeps its kind and is a 500.
    expect(classifyError(error, { databaseFaultStatus: 'specific' })).toEqual(expected);
    const byDefault =
      expected.status === 503 || expected.status === 504 ? { ...expected, status: 500 } : expected;
    expect(classifyError(error)).toEqual(byDefault);
    expect(classifyError(error, { databaseFaultStatus: 'internal' })).toEqual(byDefault);
  });

  it('keeps the status of an HttpException, from any copy of @nestjs/common', () => {
    expect(classifyError(new ConflictException())).toEqual({ kind: 'http', status: 409 });
    expect(classifyError(new BadRequestException())).toEqual({ kind: 'http', status: 400 });
    const foreign = { getStatus: () => 418, getResponse: () => 'teapot' };
    expect(classifyError(foreign)).toEqual({ kind: 'http', status: 418 });
  });
});

describe("classifyError: the specification's table, one option away", () => {
  const spec = { knownRequestErrors: 'bad-request', forbiddenError: 'internal' } as const;

  it.each([
    ['a connection error (P1001)', named('PrismaClientKnownRequestError', { code: 'P1001' })],
    ['a server-fault P2 code (missing table)', named('PrismaClientKnownRequestError', { code: 'P2021' })],
    ['a pool timeout (P2024)', { code: 'P2024' }],
    [
      'a statement timeout inside P2039',
      named('PrismaClientKnownRequestError', {
        code: 'P2039',
        meta: adapterMeta({ kind: 'postgres', originalCode: '57014' }),
      }),
    ],
    ['a request error (P2002)', named('PrismaClientKnownRequestError', { code: 'P2002' })],
  ])("knownRequestErrors 'bad-request': %s is a 400, whatever its cause", (_label, error) => {
    expect(classifyError(error, spec)).toEqual({ kind: 'request_rejected', status: 400 });
    expect(classifyError(error, { ...spec, databaseFaultStatus: 'specific' })).toEqual({
      kind: 'request_rejected',
      status: 400,
    });
  });

  it.each([
    ['a refused socket', named('Error', { code: 'ECONNREFUSED', syscall: 'connect' }), 500],
    ['a SQLSTATE code', { code: '23505' }, 500],
    ['a P-code that is not 4 digits', { code: 'P20021' }, 500],
    ['a TypeError', new TypeError('x'), 500],
    ['a validation error', named('PrismaClientValidationError'), 400],
  ])("knownRequestErrors 'bad-request' leaves %s as it was", (_label, error, status) => {
    expect(classifyError(error, spec).status).toBe(status);
  });

  it("forbiddenError 'internal' makes a CASL ForbiddenError the 500 of an unlisted error", () => {
    expect(classifyError(named('ForbiddenError'), spec)).toEqual({ kind: 'unexpected', status: 500 });
    expect(classifyError(named('ForbiddenError'), { forbiddenError: 'forbidden' })).toEqual({
      kind: 'forbidden',
      status: 403,
    });
  });
});
