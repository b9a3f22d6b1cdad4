import { FacetQueryError } from '@facet/core';
import type { INestApplication } from '@nestjs/common';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { FacetExceptionFilter, toFacetErrorBody } from '../errors/facet-exception.filter.js';
import { FRAMEWORK_REFUSALS, reasonPhrase } from '../errors/framework-errors.js';
import { DEFAULT_MAX_BODY_DEPTH, findJsonBodyIssue } from '../pipes/json-body-check.js';
import { parseJsonBody } from './parse-json-body.js';

/** Limits of the request bodies and URLs an app takes, the same on Express and Fastify. */
export interface FacetHttpOptions {
  /**
   * The largest JSON body accepted, in bytes; a larger one is a 413 `payload_too_large`.
   * @default 102_400 (100 KB, Express's own default; Fastify's is 1 MiB)
   */
  readonly bodyLimit?: number;
  /**
   * The deepest JSON body accepted; a deeper one is a 400 `too_deep`, like a `__proto__`,
   * `constructor` or `prototype` key at any depth is a 400 `prototype_key`.
   * @default 32
   */
  readonly maxBodyDepth?: number;
}

/** The default `bodyLimit`: 100 KB. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

/**
 * Fastify checks a path parameter's length while it routes, before any hook: past it, a 414 that
 * Express never answers. The limit is set above the longest request line Node's HTTP parser takes
 * (its 16 KB header limit), so neither platform has one of its own.
 */
const FASTIFY_MAX_PARAM_LENGTH = 16 * 1024;

/** The parts of a Fastify reply `frameworkErrors` uses; typed here so that Facet needs no Fastify types. */
export interface FacetFastifyReply {
  code(status: number): FacetFastifyReply;
  // `never`: Fastify types the payload per route, and any payload type must fit here.
  send(body: never): unknown;
}

/** The server options `facetFastifyOptions` returns, for `new FastifyAdapter(...)`. */
export interface FacetFastifyOptions {
  /**
   * Fastify's router options (where Fastify 5 reads them; at the top level they are deprecated):
   * `maxParamLength` above the longest request line Node takes, so that Fastify has no parameter
   * limit Express lacks.
   */
  readonly routerOptions: { readonly maxParamLength: number };
  /** Answers a URL Fastify cannot route (`FST_ERR_BAD_URL`) with Facet's 400 `bad_url`. */
  readonly frameworkErrors: (error: Error, request: unknown, reply: FacetFastifyReply) => void;
}

/**
 * Fastify answers a URL it cannot decode (`/books/%E0%A4%A`) while it routes, with its own body that
 * repeats the URL, and only its `frameworkErrors` server option changes that. Facet's answer is a
 * 400 `bad_url` with a fixed message, as Express gives it through `FacetExceptionFilter`.
 */
const frameworkErrors: FacetFastifyOptions['frameworkErrors'] = (error, _request, reply) => {
  const code = (error as { code?: unknown }).code;
  const body = code === 'FST_ERR_BAD_URL' ? FRAMEWORK_REFUSALS.badUrl : undefined;
  if (body !== undefined) {
    reply.code(body.statusCode).send(body as never);
    return;
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  const statusCode = typeof status === 'number' && status >= 400 && status < 500 ? status : 500;
  const fallback =
    statusCode === 500
      ? toFacetErrorBody(500, { message: 'Internal server error' })
      : toFacetErrorBody(statusCode, reasonPhrase(statusCode));
  reply.code(statusCode).send(fallback as never);
};

/**
 * The Fastify server options Facet needs, for an app on Fastify: pass them when you build the
 * adapter (`new FastifyAdapter(facetFastifyOptions())`, merged with your own), then call
 * `useFacetHttp(app)`, which refuses to set up a Fastify app built without them.
 */
export function facetFastifyOptions(): FacetFastifyOptions {
  return { routerOptions: { maxParamLength: FASTIFY_MAX_PARAM_LENGTH }, frameworkErrors };
}

interface HttpAdapterLike {
  getType(): string;
  getInstance(): unknown;
  reply(response: unknown, body: unknown, statusCode?: number): unknown;
}

interface BodyParserApp {
  useBodyParser(type: string, ...options: unknown[]): unknown;
  use(
    handler: (request: ExpressRequestLike, response: unknown, next: (error?: unknown) => void) => void,
  ): unknown;
}

interface ExpressRequestLike {
  readonly path?: string;
  readonly url?: string;
  readonly body?: unknown;
}

interface ExpressAppLike {
  set(setting: string, value: unknown): unknown;
  handle(request: unknown, response: unknown, callback?: (error?: unknown) => void): void;
}

interface FastifyRequestLike {
  readonly url?: string;
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
  readonly raw?: { readonly url?: string };
}

interface FastifyInstanceLike {
  addHook(
    name: 'onRequest',
    hook: (request: FastifyRequestLike, reply: unknown, done: (error?: Error) => void) => void,
  ): unknown;
}

/** The path of a raw request URL, without its query string (which Facet decodes itself, leniently). */
function pathOf(url: string | undefined): string {
  if (url === undefined) return '';
  const mark = url.indexOf('?');
  return mark === -1 ? url : url.slice(0, mark);
}

/** Whether a path is valid percent-encoded UTF-8; a path that is not names no route on either platform. */
function isDecodablePath(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Nest answers an unknown route in its global prefix (a 404 through the exception filter); a request
 * outside it (`/nope` next to `/api/v1`) falls through Express's router to its final handler, an
 * HTML page that repeats the path, where Fastify answers through the filter. Express's app calls
 * `handle(request, response, done)` with no `done` of its own: the one given here answers both
 * cases in Facet's body.
 */
function answerUnroutedOnExpress(adapter: HttpAdapterLike): void {
  const express = adapter.getInstance() as ExpressAppLike;
  const handle = express.handle.bind(express);
  express.handle = (request, response, callback) =>
    handle(
      request,
      response,
      callback ??
        ((error?: unknown) => {
          if ((response as { headersSent?: boolean }).headersSent) return;
          const status = (error as { status?: unknown } | undefined)?.status;
          const body =
            error === undefined
              ? FRAMEWORK_REFUSALS.noRoute
              : typeof status === 'number' && status >= 400 && status < 500
                ? toFacetErrorBody(status, reasonPhrase(status))
                : toFacetErrorBody(500, { message: 'Internal server error' });
          adapter.reply(response, body, body.statusCode);
        }),
    );
}

/** The Fastify server options Fastify keeps under its `fastify.options` symbol (an internal). */
function fastifyServerOptions(instance: unknown): Record<string, unknown> | undefined {
  if (typeof instance !== 'object' || instance === null) return undefined;
  const symbol = Object.getOwnPropertySymbols(instance).find((s) => s.description === 'fastify.options');
  const options = symbol === undefined ? undefined : (instance as Record<symbol, unknown>)[symbol];
  return typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : undefined;
}

/**
 * Sets an app up to answer the requests no route sees alike on Express and Fastify, in Facet's error
 * body (`{ statusCode, error, message, code }`) and without repeating the request:
 *
 * - registers `FacetExceptionFilter` globally: an unknown route is a 404 `not_found`, a body that is
 *   not JSON a 400 `invalid_json`, a body over `bodyLimit` a 413 `payload_too_large`;
 * - a path that is not valid percent-encoding (`/books/%E0%A4%A`, `/nope%ZZ`) is a 400 `bad_url`
 *   on every route, whether or not one would match it;
 * - JSON bodies are parsed with the same limit on both (`bodyLimit`, 100 KB by default, where
 *   Fastify's own is 1 MiB), and refused when they nest deeper than `maxBodyDepth` or carry a
 *   prototype key, for every route, before any pipe or validator reads them;
 * - Express's automatic `ETag` (its `etag` setting) is turned off, as Fastify has none: the read
 *   routes of `ResourceController` tag their answers themselves (see its `etag` option), and no
 *   other answer, an error included, carries a tag. `app.set('etag', 'weak')` afterwards brings
 *   Express's back for your own routes; Facet's tags stay as they are.
 *
 * Call it once, before `app.listen()`. On Fastify the adapter must be built with
 * `facetFastifyOptions()`; without them this throws a `FacetConfigurationError`.
 */
export function useFacetHttp(app: INestApplication, options: FacetHttpOptions = {}): void {
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const maxDepth = options.maxBodyDepth ?? DEFAULT_MAX_BODY_DEPTH;
  if (!Number.isSafeInteger(bodyLimit) || bodyLimit <= 0) {
    throw new FacetConfigurationError('useFacetHttp: bodyLimit must be a positive integer (bytes).');
  }
  if (!Number.isSafeInteger(maxDepth) || maxDepth <= 0) {
    throw new FacetConfigurationError('useFacetHttp: maxBodyDepth must be a positive integer.');
  }
  const adapter = app.getHttpAdapter() as unknown as HttpAdapterLike;
  const parsers = app as unknown as BodyParserApp;
  app.useGlobalFilters(new FacetExceptionFilter(adapter));
  const refuseBody = (body: unknown): void => {
    const issue = findJsonBodyIssue(body, maxDepth);
    if (issue !== undefined) throw new FacetQueryError([issue]);
  };

  switch (adapter.getType()) {
    case 'express': {
      answerUnroutedOnExpress(adapter);
      (adapter.getInstance() as ExpressAppLike).set('etag', false);
      parsers.use((request, response, next) => {
        if (isDecodablePath(pathOf(request.url))) return next();
        adapter.reply(response, FRAMEWORK_REFUSALS.badUrl, FRAMEWORK_REFUSALS.badUrl.statusCode);
      });
      // body-parser's errors (not JSON, too large) reach FacetExceptionFilter through Nest's error
      // handler; the depth and prototype-key check runs right after it, for every route.
      parsers.useBodyParser('json', { limit: bodyLimit });
      parsers.use((request, _response, next) => {
        try {
          refuseBody(request.body);
          next();
        } catch (error) {
          next(error);
        }
      });
      return;
    }
    case 'fastify': {
      const instance = adapter.getInstance() as FastifyInstanceLike;
      if (fastifyServerOptions(instance)?.frameworkErrors !== frameworkErrors) {
        throw new FacetConfigurationError(
          'useFacetHttp: build the Fastify adapter with facetFastifyOptions() ' +
            '(new FastifyAdapter({ ...facetFastifyOptions(), ...yours })), so that a URL Fastify cannot ' +
            'route is answered in Facet’s error body.',
        );
      }
      instance.addHook('onRequest', (request, reply, done) => {
        if (isDecodablePath(pathOf(request.raw?.url ?? request.url))) return done();
        adapter.reply(reply, FRAMEWORK_REFUSALS.badUrl, FRAMEWORK_REFUSALS.badUrl.statusCode);
      });
      parsers.useBodyParser(
        'application/json',
        { bodyLimit },
        (request: FastifyRequestLike, raw: Buffer, done: (error: Error | null, body?: unknown) => void) => {
          try {
            const body = parseJsonBody(raw, request.headers?.['content-type']);
            refuseBody(body);
            done(null, body);
          } catch (error) {
            done(error as Error);
          }
        },
      );
      return;
    }
    default:
      throw new FacetConfigurationError(
        `useFacetHttp: the ${adapter.getType()} HTTP adapter is not supported (Express and Fastify are).`,
      );
  }
}
