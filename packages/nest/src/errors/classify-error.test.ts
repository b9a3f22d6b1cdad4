import { FacetQueryError } from '@facet/core';
import { BadRequestException, ConflictException } from '@nestjs/common';
import { describe, expect, it } from 'vitest';
import { classifyError } from './classify-error.js';

// Plain objects shaped like the real errors: the classifier must work from `name` and `code`
// alone, because the application's Prisma and CASL classes are never imported here.
const named = (name: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error('m'), { name, ...extra });

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
    ['P2025', { name: 'PrismaClientKnownRequestError', code: 'P2025' }, { kind: 'not_found', status: 404 }],
    ['CASL ForbiddenError', named('ForbiddenError'), { kind: 'forbidden', status: 403 }],
    ['FacetConfigurationError', named('FacetConfigurationError'), { kind: 'configuration', status: 500 }],
    [
      'FacetQueryError',
      new FacetQueryError([{ code: 'unknown_key', path: ['x'], message: 'm' }]),
      { kind: 'facet_query', status: 400 },
    ],
    [
      'a P1 connection error',
      named('PrismaClientInitializationError', { code: 'P1001' }),
      { kind: 'unexpected', status: 500 },
    ],
    [
      'a server-fault P2 code (missing table)',
      named('PrismaClientKnownRequestError', { code: 'P2021' }),
      { kind: 'unexpected', status: 500 },
    ],
    ['a pool timeout', { code: 'P2024' }, { kind: 'unexpected', status: 500 }],
    ['a refused socket', named('Error', { code: 'ECONNREFUSED' }), { kind: 'unexpected', status: 500 }],
    ['a SQLSTATE code', { code: '23505' }, { kind: 'unexpected', status: 500 }],
    ['a P-code that is not 4 digits', { code: 'P20021' }, { kind: 'unexpected', status: 500 }],
    ['a numeric code', { code: 2002 }, { kind: 'unexpected', status: 500 }],
    ['a string', 'boom', { kind: 'unexpected', status: 500 }],
    ['null', null, { kind: 'unexpected', status: 500 }],
    ['a TypeError', new TypeError('x'), { kind: 'unexpected', status: 500 }],
  ])('%s', (_label, error, expected) => {
    expect(classifyError(error)).toEqual(expected);
  });

  it('keeps the status of an HttpException, from any copy of @nestjs/common', () => {
    expect(classifyError(new ConflictException())).toEqual({ kind: 'http', status: 409 });
    expect(classifyError(new BadRequestException())).toEqual({ kind: 'http', status: 400 });
    const foreign = { getStatus: () => 418, getResponse: () => 'teapot' };
    expect(classifyError(foreign)).toEqual({ kind: 'http', status: 418 });
  });
});
