import type { Type } from '@nestjs/common';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { declaredQueryKeys } from '../read/decode/declared-query-keys.js';

// What a route says about its query string, kept as Facet's own metadata (never Nest's route
// arguments), so that `FacetUndeclaredQueryInterceptor` can refuse a parameter no part of the
// route declares, and a route that reads its query through `@FacetQuery` is left to that decorator.

/** How a route treats the query parameters it does not declare. */
export type QueryDeclaration =
  | { readonly kind: 'declared'; readonly names: ReadonlySet<string> }
  | { readonly kind: 'any' };

const DECLARATION = Symbol.for('@facet/nest:query-declaration');
const FACET_QUERY = Symbol.for('@facet/nest:facet-query');

/** Something that has metadata: a route handler (a function) or a controller class. */
type MetadataTarget = object;

function assertClass(value: unknown, where: string): asserts value is Type<object> {
  if (typeof value !== 'function' || value.prototype === undefined) {
    throw new FacetConfigurationError(`${where}: expected a DTO class, got ${typeof value}.`);
  }
}

function handlerOf(target: object, key: string | symbol | undefined, where: string): MetadataTarget {
  const handler = key === undefined ? undefined : (target as Record<string | symbol, unknown>)[key];
  if (typeof handler !== 'function') throw new FacetConfigurationError(`${where} decorates a route handler.`);
  return handler;
}

function routeName(target: object, key: string | symbol): string {
  return `${(target as { constructor?: { name?: string } }).constructor?.name ?? 'a controller'}.${String(key)}`;
}

/** Records that a route reads its query through `@FacetQuery(dto)`, whose DTO declares every parameter. */
export function markFacetQueryRoute(target: object, key: string | symbol | undefined): void {
  const handler = handlerOf(target, key, '@FacetQuery()');
  if (Reflect.getOwnMetadata(DECLARATION, handler) !== undefined) {
    throw new FacetConfigurationError(
      `${routeName(target, key as string | symbol)} reads @FacetQuery(): its DTO declares the query parameters, ` +
        'so the route takes no @QueryParameters() or @AllowUndeclaredQuery() (declare the parameter in the DTO).',
    );
  }
  Reflect.defineMetadata(FACET_QUERY, true, handler);
}

/** Whether a route handler reads its query through `@FacetQuery`. */
export function readsFacetQuery(handler: MetadataTarget): boolean {
  return Reflect.getOwnMetadata(FACET_QUERY, handler) === true;
}

/**
 * The declaration of a route: the handler's own, else its controller's (a subclass's, else the one
 * it inherits, such as `ResourceController`'s), else none.
 */
export function queryDeclarationOf(
  handler: MetadataTarget,
  controller: MetadataTarget,
): QueryDeclaration | undefined {
  return (Reflect.getOwnMetadata(DECLARATION, handler) ?? Reflect.getMetadata(DECLARATION, controller)) as
    | QueryDeclaration
    | undefined;
}

function declare(declaration: QueryDeclaration, where: string): ClassDecorator & MethodDecorator {
  return (target: object, key?: string | symbol) => {
    if (key === undefined) {
      Reflect.defineMetadata(DECLARATION, declaration, target);
      return;
    }
    const handler = handlerOf(target, key, where);
    if (readsFacetQuery(handler)) {
      throw new FacetConfigurationError(
        `${routeName(target, key)} reads @FacetQuery(): its DTO declares the query parameters, so the route ` +
          `takes no ${where} (declare the parameter in the DTO).`,
      );
    }
    Reflect.defineMetadata(DECLARATION, declaration, handler);
  };
}

/**
 * Declares the query parameters a route reads without `@FacetQuery` (with Nest's `@Query('q')`, or a
 * whole `@Query()` through `QueryTransformPipe`), and puts the route under Facet's rule: any other
 * parameter is a 400 `unknown_key` naming it, before a pipe or the handler runs (after the guards).
 * Each argument is a parameter name or a DTO class whose properties are the parameters;
 * `@QueryParameters()` with none says the route takes no query at all. On a controller it is the
 * default of each of its routes; a route's own declaration replaces it.
 *
 * `ResourceController`'s routes are declared already, and its subclass's routes inherit "no query
 * parameters": a route of your own there declares what it reads. Without
 * `FacetModule.forRoot({ refuseUndeclaredQuery: 'every-route' })`, a controller of your own is
 * under the rule only when it (or its route) carries this decorator.
 *
 * ```ts
 * @Get('suggest')
 * @QueryParameters('q')
 * suggest(@Query('q') q: string) { … } // GET /books/suggest?q=x&page=2 → 400 at `page`
 * ```
 */
export function QueryParameters(
  ...declared: readonly (string | Type<object>)[]
): ClassDecorator & MethodDecorator {
  const names = new Set<string>();
  for (const item of declared) {
    if (typeof item === 'string') {
      names.add(item);
      continue;
    }
    assertClass(item, '@QueryParameters()');
    for (const key of declaredQueryKeys(item)) names.add(key);
  }
  return declare({ kind: 'declared', names }, '@QueryParameters()');
}

/**
 * Leaves a route (or every route of a controller) out of Facet's refusal of undeclared query
 * parameters: for a route that deliberately takes any (one that forwards its query elsewhere).
 * It does not change `@FacetQuery(dto)`, which always refuses what its DTO does not declare.
 */
export function AllowUndeclaredQuery(): ClassDecorator & MethodDecorator {
  return declare({ kind: 'any' }, '@AllowUndeclaredQuery()');
}
