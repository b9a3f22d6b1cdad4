import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus, Logger } from '@nestjs/common';
import { isHttpExceptionLike } from './classify-error.js';
import type { FacetErrorBody } from './facet-query.exception.js';
import { FACET_ERROR_CODES } from './prisma-error.mapper.js';

/** Machine codes for HTTP exceptions that carry none (Nest's own 404 for an unknown route, a `new ForbiddenException('…')`). */
const CODE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: FACET_ERROR_CODES.forbidden,
  404: FACET_ERROR_CODES.notFound,
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: FACET_ERROR_CODES.internal,
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** `Bad Request` from `BAD_REQUEST`. */
function reasonPhrase(status: number): string {
  const name = HttpStatus[status];
  if (typeof name !== 'string') return 'Error';
  return name
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The body every error response should have: `{ statusCode, error, message, code }` (plus `path` and
 * `issues` where Facet's own exceptions set them). A body that already has a string `code` is kept
 * as it is; any other is normalized: `message` arrays are joined, and a code is derived from the status.
 */
export function toFacetErrorBody(status: number, response: string | object): FacetErrorBody {
  if (typeof response === 'object' && response !== null) {
    const record = response as Record<string, unknown>;
    if (typeof record.code === 'string' && typeof record.message === 'string') {
      return { ...(record as object), statusCode: status } as FacetErrorBody;
    }
    const message = Array.isArray(record.message)
      ? record.message.map(String).join('; ')
      : typeof record.message === 'string'
        ? record.message
        : reasonPhrase(status);
    return {
      statusCode: status,
      error: typeof record.error === 'string' ? record.error : reasonPhrase(status),
      message,
      code: CODE_BY_STATUS[status] ?? `http_${status}`,
    };
  }
  return {
    statusCode: status,
    error: reasonPhrase(status),
    message: typeof response === 'string' && response !== '' ? response : reasonPhrase(status),
    code: CODE_BY_STATUS[status] ?? `http_${status}`,
  };
}

interface ReplyingAdapter {
  reply(response: unknown, body: unknown, statusCode?: number): unknown;
}

/**
 * A global exception filter that gives every error response Facet's body shape, including the
 * ones Facet does not build (Nest's 404 for an unknown route, an application's
 * `new ForbiddenException('…')`), so clients handle one shape. Anything that is not an
 * `HttpException` is logged and answered with an opaque 500. Register it with
 * `app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()))`; it works on Express and
 * Fastify.
 */
@Catch()
export class FacetExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('FacetExceptionFilter');

  constructor(private readonly adapter: ReplyingAdapter) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    let status: number;
    let response: string | object;
    if (isHttpExceptionLike(exception)) {
      status = exception.getStatus();
      response = exception.getResponse();
    } else {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
      status = HttpStatus.INTERNAL_SERVER_ERROR;
      response = { message: 'Internal server error' };
    }
    this.adapter.reply(http.getResponse(), toFacetErrorBody(status, response), status);
  }
}
