import type { DecodeQueryInput } from '@facet/core';
import { type ArgumentMetadata, Inject, Injectable, Optional, type PipeTransform } from '@nestjs/common';
import { parseQueryObject } from './parse-query-object.js';
import { QUERY_TRANSFORM_OPTIONS, type QueryTransformOptions } from './query-transform.options.js';

/**
 * Decodes the whole query object (`@Query()`) with Facet's wire format before validation runs.
 *
 * Works with `new QueryTransformPipe(options)`, as a class reference (`@Query(QueryTransformPipe)`)
 * and as a global pipe; options come from the `QUERY_TRANSFORM_OPTIONS` provider when present.
 * Place it before `ValidationPipe`: that pipe deletes `__proto__` keys silently, and Facet refuses
 * them with a 400 instead, because a silently dropped filter key can widen what a read returns.
 *
 * Anything other than a whole query (`@Body()`, `@Param()`, `@Query('page')`) passes through
 * unchanged, so the pipe is safe to register globally.
 */
@Injectable()
export class QueryTransformPipe implements PipeTransform<unknown, unknown> {
  private readonly options: QueryTransformOptions | undefined;

  constructor(@Optional() @Inject(QUERY_TRANSFORM_OPTIONS) options?: QueryTransformOptions) {
    this.options = options;
  }

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'query' || metadata.data !== undefined) return value;
    if (value === undefined || value === null) return {};
    return parseQueryObject(value as DecodeQueryInput, this.options);
  }
}
