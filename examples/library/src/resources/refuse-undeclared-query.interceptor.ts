import { type FacetIssue, FacetQueryError } from '@facet/core';
import { FacetQuery, FacetQueryException, parseQueryObject } from '@facet/nest';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import type { Observable } from 'rxjs';

interface RouteArgument {
  factory?: unknown;
}

/**
 * Nest keeps no public handle on a custom parameter decorator, only the factory it was made from,
 * stored with every parameter that uses it. Decorating a throwaway method recovers that factory,
 * so a route can be recognised as reading `@FacetQuery()` without copying @facet/nest internals.
 */
const FACET_QUERY_FACTORY: unknown = (() => {
  class Probe {
    route(_query: unknown) {}
  }
  FacetQuery()(Probe.prototype, 'route', 0);
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, 'route') as Record<string, RouteArgument>;
  const [factory] = Object.values(args).map((arg) => arg.factory);
  if (typeof factory !== 'function') throw new Error('Could not identify the @FacetQuery() decorator');
  return factory;
})();

function readsFacetQuery(controller: object, handler: string): boolean {
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) as
    | Record<string, RouteArgument>
    | undefined;
  return Object.values(args ?? {}).some((arg) => arg.factory === FACET_QUERY_FACTORY);
}

function rawQueryString(request: { originalUrl?: string; url?: string }): string {
  const url = request.originalUrl ?? request.url ?? '';
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark + 1);
}

const NOT_ACCEPTED = 'This parameter is not accepted here.';

/**
 * Refuses (400, Facet's error body) every query parameter sent to a route that does not read its
 * query through `@FacetQuery()`. Routes that do read one validate it strictly themselves; the
 * others (`stats/summary`, the mutations) would otherwise ignore what they were sent, and a
 * caller could believe a filter applied. Global, so a new route is covered without opting in.
 *
 * An interceptor, not a guard: it runs after every guard, so a mutation answers 403 to a caller
 * who may not perform it before anything about its input is judged.
 */
@Injectable()
export class RefuseUndeclaredQueryInterceptor implements NestInterceptor {
  // Route metadata is fixed once the app is built: read it once per handler, not per request.
  private readonly facetRoutes = new WeakMap<object, boolean>();

  private readsFacetQuery(context: ExecutionContext): boolean {
    const handler = context.getHandler();
    let reads = this.facetRoutes.get(handler);
    if (reads === undefined) {
      reads = readsFacetQuery(context.getClass(), handler.name);
      this.facetRoutes.set(handler, reads);
    }
    return reads;
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http' && !this.readsFacetQuery(context)) {
      const raw = rawQueryString(context.switchToHttp().getRequest());
      // Decoding first gives hostile keys (`__proto__`, floods) the same refusal as on every other route.
      const keys = Object.keys(parseQueryObject(raw));
      // The decoder skips some parts (`=1`, an empty key); those are refused too, not let through.
      if (keys.length > 0 || raw.split('&').some((part) => part !== '')) {
        const [first, ...rest] = keys.map(
          (key): FacetIssue => ({ code: 'unknown_key', path: [key], message: NOT_ACCEPTED }),
        );
        throw new FacetQueryException(
          new FacetQueryError(
            first === undefined
              ? [{ code: 'unknown_key', path: [], message: 'This route takes no query parameters.' }]
              : [first, ...rest],
          ),
        );
      }
    }
    return next.handle();
  }
}
