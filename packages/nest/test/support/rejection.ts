// What a promise rejected with, for the tests of refusals: each asserts the error's class and body.
import { isFacetQueryError } from '@facet/core';
import { HttpException } from '@nestjs/common';
import { expect } from 'vitest';
import { FacetQueryException } from '../../src/errors/facet-query.exception.js';

/** The error `promise` rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/**
 * The HttpException `promise` rejects with, as Facet's filters answer it: a refusal thrown as the typed
 * FacetQueryError becomes FacetQueryException's 400 (test/facet-exception-filter.http.test.ts proves the
 * filters do so). Any other error fails the test as it is.
 */
export async function httpRejection(promise: Promise<unknown>): Promise<HttpException> {
  const thrown = await rejection(promise);
  const error = isFacetQueryError(thrown) ? new FacetQueryException(thrown) : thrown;
  if (error instanceof HttpException) return error;
  throw error;
}

/** The response body Facet's filters answer `error` with (asserting that it is an HTTP refusal). */
export function responseOf(error: unknown): unknown {
  const answered = isFacetQueryError(error) ? new FacetQueryException(error) : error;
  expect(answered).toBeInstanceOf(HttpException);
  return (answered as HttpException).getResponse();
}
