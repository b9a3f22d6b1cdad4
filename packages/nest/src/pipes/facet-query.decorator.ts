import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { parseQueryObject } from './parse-query-object.js';
import type { QueryTransformOptions } from './query-transform.options.js';

interface RequestWithUrl {
  readonly originalUrl?: unknown;
  readonly url?: unknown;
  readonly raw?: { readonly url?: unknown };
}

/** The query string of the request as it arrived, before any platform parser saw it. */
export function rawQueryString(request: unknown): string {
  const { originalUrl, url, raw } = (request ?? {}) as RequestWithUrl;
  const candidate = [originalUrl, url, raw?.url].find((value) => typeof value === 'string');
  if (typeof candidate !== 'string') return '';
  const mark = candidate.indexOf('?');
  return mark === -1 ? '' : candidate.slice(mark + 1);
}

/**
 * Injects the request's query decoded by Facet from the raw URL, not from `req.query`. The result is
 * identical on Express (either query parser) and Fastify, and nothing is lost to a parser first:
 * Express's `extended` parser (qs) silently drops `where[__proto__][x]=1`, which this decorator
 * refuses with a 400 naming the key.
 *
 * `@FacetQuery()` or `@FacetQuery(options, ...pipes)`. A global `ValidationPipe` skips custom
 * decorators unless created with `validateCustomDecorators: true`; or pass one as a pipe here.
 */
export const FacetQuery = createParamDecorator(
  (options: QueryTransformOptions | undefined, context: ExecutionContext): Record<string, unknown> =>
    parseQueryObject(rawQueryString(context.switchToHttp().getRequest()), options),
);
