import { FacetQueryError } from '@facet/core';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpStatus, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { classifyError, isHttpExceptionLike } from './classify-error.js';
import type { FacetErrorBody } from './facet-query.exception.js';
import { frameworkRefusal, isFrameworkError, reasonPhrase } from './framework-errors.js';
import { FACET_ERROR_CODES, toHttpException } from './prisma-error.mapper.js';

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

/**
 * The body every error response should have: `{ statusCode, error, message, code }` (plus `path` and
 * `issues` where Facet's own exceptions set them). A body that already has a string `code` is kept
 * as it is; any other is normalized: a `message` array is joined into one `message`, and a code is
 * derived from the status. (`FacetExceptionFilter` keeps an application's own object bodies as they
 * are instead: see `applicationErrorBody`.)
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

/**
 * An application's own error body, as its exception gave it: `message` as it was (class-validator's
 * list through Nest's `ValidationPipe` stays a list) and every key of its own, with only the keys of
 * Facet's body it lacks added (`code` from the status, `error` the reason phrase). Adding Facet to
 * an app then changes nothing its existing clients read.
 */
type ApplicationErrorBody = { readonly [key: string]: unknown; readonly statusCode: number };

function applicationErrorBody(
  status: number,
  record: Readonly<Record<string, unknown>>,
): ApplicationErrorBody {
  // The status sent is the exception's; a body's own `statusCode` cannot contradict it.
  const own = Object.fromEntries(
    Object.entries(record).filter(([key, value]) => value !== undefined && key !== 'statusCode'),
  );
  // Facet's keys first, in the order of its own bodies; the app's values replace them in place.
  return {
    statusCode: status,
    error: reasonPhrase(status),
    message: reasonPhrase(status),
    code: CODE_BY_STATUS[status] ?? `http_${status}`,
    ...own,
  };
}

/** A body Facet built (or one in its shape): a string `code` and a string `message`. */
const isFacetShaped = (response: object): boolean => {
  const { code, message } = response as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string';
};

/**
 * The HTTP exception a thrown error stands for: itself when it is one, the 400 of its issues for a
 * `FacetQueryError` (refused client input, thrown as such by every stage that reads the query, so
 * that a caller outside a request, a script calling `resource.count`, catches a typed error), and
 * `undefined` for anything else. This is the one place a refusal thrown during a request becomes
 * its HTTP answer.
 */
function asHttpException(exception: unknown) {
  if (isHttpExceptionLike(exception)) return exception;
  const classification = classifyError(exception);
  return classification.kind === 'facet_query' ? toHttpException(exception, classification) : undefined;
}

/** What `FacetExceptionFilter` needs of the HTTP adapter (`app.getHttpAdapter()`, Express or Fastify). */
export interface ReplyingAdapter {
  reply(response: unknown, body: unknown, statusCode?: number): unknown;
}

/**
 * The body of an HTTP exception: the framework's refusals (an unknown route, a URL that is not
 * valid percent-encoding, a body that is not JSON or too large, any other 4xx of Express,
 * body-parser or Fastify) get a fixed message that repeats nothing of the request and is the same
 * on both platforms; Facet's own bodies are sent as they are; an application's own object body is
 * kept with Facet's missing keys added (`applicationErrorBody`), and a string one becomes Facet's
 * body with that message.
 */
function httpErrorBody(
  status: number,
  response: string | object,
  cause: unknown,
  request: unknown,
): FacetErrorBody | ApplicationErrorBody {
  const refusal = frameworkRefusal(status, response, cause, request);
  if (refusal !== undefined) return refusal;
  if (isFrameworkError(cause)) return toFacetErrorBody(status, reasonPhrase(status));
  if (typeof response === 'object' && response !== null && !isFacetShaped(response)) {
    return applicationErrorBody(status, response as Record<string, unknown>);
  }
  return toFacetErrorBody(status, response);
}

/**
 * A global exception filter that gives every error response Facet's body shape, including the
 * ones Facet does not build (Nest's 404 for an unknown route, an application's
 * `new ForbiddenException('…')`), so clients handle one shape. An application's own exception
 * with an object body keeps it, `message` list and keys of its own included: Facet adds only the
 * `code` (and `error`) it lacks, so adding Facet changes nothing an app's clients already read. The framework's own refusals get
 * fixed messages that echo nothing of the request (see `httpErrorBody`). A `FacetQueryError` is
 * answered with its 400. Anything else that is not an `HttpException` is logged and answered with
 * an opaque 500. `useFacetHttp(app)` registers it; by hand,
 * `app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()))`. It works on Express and
 * Fastify.
 */
@Catch()
export class FacetExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('FacetExceptionFilter');

  constructor(private readonly adapter: ReplyingAdapter) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    let status: number;
    let body: FacetErrorBody | ApplicationErrorBody;
    const httpException = asHttpException(exception);
    if (httpException !== undefined) {
      status = httpException.getStatus();
      const cause = (httpException as { cause?: unknown }).cause;
      body = httpErrorBody(status, httpException.getResponse(), cause, http.getRequest());
    } else {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
      status = HttpStatus.INTERNAL_SERVER_ERROR;
      body = toFacetErrorBody(status, { message: 'Internal server error' });
    }
    this.adapter.reply(http.getResponse(), body, status);
  }
}

/**
 * Answers a `FacetQueryError` thrown during a request with its 400, the body `FacetQueryException`
 * has, and leaves every other error to the filters after it (Nest's own by default). `FacetModule`
 * registers it for the app, so that the stages of a read can throw the typed error wherever they
 * run; `FacetExceptionFilter` (registered by `useFacetHttp`) answers it the same way.
 */
@Catch(FacetQueryError)
export class FacetQueryErrorFilter extends BaseExceptionFilter {
  override catch(exception: FacetQueryError, host: ArgumentsHost): void {
    super.catch(asHttpException(exception) ?? exception, host);
  }
}
