import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { ifNoneMatchHolds, representationTag } from '../http/entity-tag.js';

/** What a private cache may do with a tagged answer: keep it, but ask before each reuse. */
export const CONDITIONAL_READ_CACHE_CONTROL = 'private, no-cache';

interface RequestLike {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/** The parts Express's response and Fastify's reply share. */
interface ResponseLike {
  header(name: string, value: string): unknown;
  getHeader(name: string): unknown;
  removeHeader(name: string): unknown;
  status(code: number): unknown;
}

/** `Vary` with `Authorization` added to what is there (CORS's `Origin`, say), once. */
function varyWithAuthorization(current: unknown): string {
  if (current === undefined) return 'Authorization';
  const text = Array.isArray(current) ? current.join(', ') : typeof current === 'string' ? current : '';
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.includes('*') || names.some((name) => name.toLowerCase() === 'authorization')) {
    return names.join(', ');
  }
  return [...names, 'Authorization'].join(', ');
}

/** Whether a request carries a condition Express's `req.fresh` reads. */
function isConditional(request: RequestLike): boolean {
  const headers = request.headers;
  return headers?.['if-none-match'] !== undefined || headers?.['if-modified-since'] !== undefined;
}

/**
 * Conditional reads for the read routes of `ResourceController`: each answer carries the weak
 * `ETag` of the JSON the caller gets (`representationTag`), `Cache-Control: private, no-cache` and
 * `Vary: Authorization`; a GET or HEAD whose `If-None-Match` matches that tag is answered 304 with
 * no body and the same headers. The decision is Facet's alone, the same on Express and Fastify:
 * Express's own check (`req.fresh`) would send 200 to a request that also carries
 * `Cache-Control: no-cache`, as Node's fetch sends with every conditional request, and it would
 * match a list Facet reads as malformed. An error never gets here, so it carries no tag.
 */
export class FacetConditionalReadInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<RequestLike>();
    const method = (request.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return next.handle();
    const response = http.getResponse<ResponseLike>();
    return next.handle().pipe(
      map((body: unknown) => {
        const tag = representationTag(body);
        const fresh = ifNoneMatchHolds(request.headers?.['if-none-match'], tag);
        response.header('ETag', tag);
        response.header('Cache-Control', CONDITIONAL_READ_CACHE_CONTROL);
        response.header('Vary', varyWithAuthorization(response.getHeader('Vary')));
        // Express's `res.send` asks `req.fresh` and answers 304 when it says so: it now says what
        // Facet decided. An own property shadows Express's getter; Fastify has no such check.
        // Without a condition Express's check says "not fresh" too (Facet sets no Last-Modified),
        // and most reads carry none: the request keeps its shape.
        if (fresh || isConditional(request)) {
          Object.defineProperty(request, 'fresh', { value: fresh, configurable: true });
        }
        if (!fresh) return body;
        // The status is set before the interceptors run, and Nest's reply keeps it. No body: the
        // route's Content-Type (count's @Header) would describe one.
        response.status(304);
        response.removeHeader('Content-Type');
        return undefined;
      }),
    );
  }
}

// A string key: read alike by every copy of the package (ESM and CommonJS) that meets the route.
const CONDITIONAL_READ = 'facet:conditional-read';

/** Makes a route answer conditional reads (see `FacetConditionalReadInterceptor`). */
export const ConditionalRead = (): MethodDecorator =>
  applyDecorators(
    UseInterceptors(new FacetConditionalReadInterceptor()),
    SetMetadata(CONDITIONAL_READ, true),
  );

/** Whether a route handler answers conditional reads (what its OpenAPI document then says). */
export function readsConditionally(handler: object): boolean {
  return Reflect.getMetadata(CONDITIONAL_READ, handler) === true;
}
