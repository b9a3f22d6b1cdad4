import type { DecodeQueryOptions, FacetQueryError } from '@facet/core';

/**
 * Options of `parseQueryObject`, `QueryTransformPipe` and `@FacetQuery()`. The decode limits are
 * `@facet/core`'s (`maxDepth`, `maxKeys`, `maxValueLength`, `maxNodes`, `maxArrayIndex`); see
 * `DEFAULT_DECODE_OPTIONS` for their defaults (Facet defaults, not from the spec).
 */
export interface QueryTransformOptions extends DecodeQueryOptions {
  /**
   * Builds what is thrown when the query is refused. Receives the `FacetQueryError` whose issues
   * name the offending key.
   * @default (error) => new FacetQueryException(error) // a 400 with the FacetErrorBody
   */
  readonly exceptionFactory?: (error: FacetQueryError) => unknown;
}

/** Injection token for `QueryTransformPipe`'s options when the pipe is created through DI. */
export const QUERY_TRANSFORM_OPTIONS = Symbol.for('@facet/nest:QueryTransformOptions');
