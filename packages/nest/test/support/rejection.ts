// What a promise rejected with, for the tests of refusals: each asserts the error's class and body.
import { HttpException } from '@nestjs/common';
import { expect } from 'vitest';

/** The error `promise` rejects with; fails the test when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** The HttpException `promise` rejects with; any other error fails the test as it is. */
export async function httpRejection(promise: Promise<unknown>): Promise<HttpException> {
  const error = await rejection(promise);
  if (error instanceof HttpException) return error;
  throw error;
}

/** The response body of an HttpException (asserting that it is one). */
export function responseOf(error: unknown): unknown {
  expect(error).toBeInstanceOf(HttpException);
  return (error as HttpException).getResponse();
}
