import { HttpStatus } from '@nestjs/common';
import { isNonNullObject } from './classify-error.js';
import type { FacetErrorBody } from './facet-query.exception.js';

/**
 * The answers to requests the HTTP framework refuses before a route runs. Each has a fixed message:
 * the frameworks' own (`Cannot GET /api/v1/nope`, `Failed to decode param '%E0%A4%A'`, V8's JSON
 * errors with a slice of the body) repeat what was sent, and differ between Express and Fastify.
 */
export const FRAMEWORK_REFUSALS = {
  badUrl: {
    statusCode: 400,
    error: 'Bad Request',
    code: 'bad_url',
    message: 'The URL is not valid percent-encoded text.',
  },
  invalidJson: {
    statusCode: 400,
    error: 'Bad Request',
    code: 'invalid_json',
    message: 'The body is not valid JSON.',
  },
  tooLarge: {
    statusCode: 413,
    error: 'Payload Too Large',
    code: 'payload_too_large',
    message: 'The body is larger than this server accepts.',
  },
  noRoute: {
    statusCode: 404,
    error: 'Not Found',
    code: 'not_found',
    message: 'No route matches this method and path.',
  },
} as const satisfies Record<string, FacetErrorBody>;

interface RequestLike {
  readonly method?: unknown;
  readonly url?: unknown;
  readonly originalUrl?: unknown;
  readonly raw?: RequestLike;
}

/** `Bad Request` from `BAD_REQUEST`. */
export function reasonPhrase(status: number): string {
  const name = HttpStatus[status];
  if (typeof name !== 'string') return 'Error';
  return name
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** An error Express, body-parser (http-errors) or Fastify raised, as Nest's adapters pass it on as a cause. */
export function isFrameworkError(cause: unknown): cause is Record<string, unknown> {
  if (!isNonNullObject(cause)) return false;
  if (cause instanceof URIError || cause instanceof SyntaxError) return true;
  if (typeof cause.code === 'string' && cause.code.startsWith('FST_')) return true;
  return typeof cause.statusCode === 'number' && typeof cause.expose === 'boolean';
}

/** Nest's own 404 for a request no route matches: `Cannot <method> <url>`, with the request's own url. */
function isUnmatchedRoute(status: number, response: unknown, request: unknown): boolean {
  if (status !== 404 || !isNonNullObject(response) || typeof response.message !== 'string') return false;
  if (!isNonNullObject(request)) return false;
  const { method, url, originalUrl, raw } = request as RequestLike;
  const urls = [originalUrl, url, raw?.originalUrl, raw?.url].filter((u) => typeof u === 'string');
  return urls.some((u) => response.message === `Cannot ${String(method ?? raw?.method)} ${u}`);
}

/**
 * The fixed body for an HTTP exception that stands for one of the framework's refusals above (its
 * `cause` is an Express, body-parser or Fastify error) or for Nest's unknown-route 404; `undefined`
 * for any other exception.
 */
export function frameworkRefusal(
  status: number,
  response: unknown,
  cause: unknown,
  request: unknown,
): FacetErrorBody | undefined {
  if (isUnmatchedRoute(status, response, request)) return FRAMEWORK_REFUSALS.noRoute;
  if (!isFrameworkError(cause)) return undefined;
  if (cause instanceof URIError || cause.code === 'FST_ERR_BAD_URL') return FRAMEWORK_REFUSALS.badUrl;
  if (status === 413) return FRAMEWORK_REFUSALS.tooLarge;
  if (status === 400 && (cause instanceof SyntaxError || String(cause.code).startsWith('FST_ERR_CTP_'))) {
    return FRAMEWORK_REFUSALS.invalidJson;
  }
  return undefined;
}
