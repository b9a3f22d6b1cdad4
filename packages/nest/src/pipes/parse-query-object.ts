import { type DecodeQueryInput, decodeQuery, type FacetQueryError, isFacetQueryError } from '@facet/core';
import { FacetQueryException } from '../errors/facet-query.exception.js';
import type { QueryTransformOptions } from './query-transform.options.js';

/**
 * Decodes a request's query into the object a `QueryService` reads (docs/spec-conformance.md#45-query-string-parsing): dotted and bracket
 * keys nest, sibling keys merge, JSON-like values become values, other strings stay strings.
 *
 * Accepts what any platform hands over: `req.query` from Express's `simple` or `extended` parser or
 * from Fastify, a raw query string, or a `URLSearchParams`.
 *
 * @throws whatever `options.exceptionFactory` builds — by default a `FacetQueryException` (400)
 *   naming the offending key — for prototype keys, over-deep or over-long input and malformed keys.
 */
export function parseQueryObject(
  input: DecodeQueryInput,
  options?: QueryTransformOptions,
): Record<string, unknown> {
  try {
    return decodeQuery(input, options);
  } catch (error) {
    if (!isFacetQueryError(error)) throw error;
    throw queryRefusal(error, options);
  }
}

/**
 * What a refused query is thrown as: `options.exceptionFactory`'s exception, by default the 400
 * `FacetQueryException` (the specification's pipe answers a 400 with no filter of Facet's in place).
 */
export function queryRefusal(error: FacetQueryError, options: QueryTransformOptions | undefined): unknown {
  return options?.exceptionFactory ? options.exceptionFactory(error) : new FacetQueryException(error);
}
