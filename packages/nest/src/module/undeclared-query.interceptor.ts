import { FacetQueryError } from '@facet/core';
import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
  Optional,
} from '@nestjs/common';
import type { Observable } from 'rxjs';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { type QueryDeclaration, queryDeclarationOf, readsFacetQuery } from '../pipes/query-parameters.js';
import { rawQueryString, undeclaredQueryIssues } from '../read/decode/decode-route-query.js';
import type { FacetModuleOptions } from './facet.module.js';
import { FACET_MODULE_OPTIONS } from './facet-module.tokens.js';

/** Which routes refuse the query parameters they do not declare; see `FacetModuleOptions`. */
export type UndeclaredQueryScope = 'facet-routes' | 'every-route';

const NO_PARAMETERS: QueryDeclaration = { kind: 'declared', names: new Set() };

/**
 * Refuses (400 `unknown_key` naming it, Facet's error body) a query parameter that a route does not
 * declare, so no route answers as if a filter applied that it never read (`GET
 * /books/stats/summary?where.published=false` would otherwise be the unfiltered summary).
 * `FacetModule.forRoot` registers it for every route of the app. It judges:
 *
 * - every route of a `ResourceController` subclass (the write routes, and routes of your own
 *   beside them, which take no query unless they declare one);
 * - every route or controller with `@QueryParameters(...)`;
 * - with `refuseUndeclaredQuery: 'every-route'`, every other route of the app too.
 *
 * A route that reads `@FacetQuery(dto)` is the decorator's to judge (its DTO declares the
 * parameters), and `@AllowUndeclaredQuery()` leaves a route out. An interceptor, not a guard: it
 * runs after every guard, so a caller who may not use a route gets its 403 before anything about
 * the input is judged.
 */
@Injectable()
export class FacetUndeclaredQueryInterceptor implements NestInterceptor {
  // Route metadata is fixed once the app is built: read it once per route. Keyed by controller
  // first, since one inherited handler serves the routes of several controllers.
  private readonly declarations = new WeakMap<object, WeakMap<object, QueryDeclaration | null>>();
  private readonly scope: UndeclaredQueryScope;

  constructor(@Optional() @Inject(FACET_MODULE_OPTIONS) options?: FacetModuleOptions) {
    const scope = options?.refuseUndeclaredQuery ?? 'facet-routes';
    if (scope !== 'facet-routes' && scope !== 'every-route') {
      throw new FacetConfigurationError(
        `FacetModule: refuseUndeclaredQuery is 'facet-routes' or 'every-route', not ${JSON.stringify(scope)}.`,
      );
    }
    this.scope = scope;
  }

  /** Refuses the request before its handler when the route is one it judges and the query is not declared. */
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const declaration = this.declarationOf(context.getClass(), context.getHandler());
      if (declaration?.kind === 'declared') {
        const [first, ...rest] = undeclaredQueryIssues(
          rawQueryString(context.switchToHttp().getRequest()),
          declaration.names,
        );
        if (first !== undefined) throw new FacetQueryError([first, ...rest]);
      }
    }
    return next.handle();
  }

  private declarationOf(controller: object, handler: object): QueryDeclaration | null {
    let routes = this.declarations.get(controller);
    if (routes === undefined) {
      routes = new WeakMap();
      this.declarations.set(controller, routes);
    }
    let declaration = routes.get(handler);
    if (declaration === undefined) {
      declaration = readsFacetQuery(handler)
        ? null
        : (queryDeclarationOf(handler, controller) ?? (this.scope === 'every-route' ? NO_PARAMETERS : null));
      routes.set(handler, declaration);
    }
    return declaration;
  }
}
