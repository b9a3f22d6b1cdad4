import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';

/**
 * The read routes of `ResourceController`, by handler name: `GET /search`, `GET /`, `GET /count`,
 * `GET /export`, `GET /aggregate`, `GET /find-by-id/:id` and `GET /:id`. A GET route added to the base without a
 * name here fails `read-routes.test.ts`.
 */
export const READ_ROUTES = ['search', 'list', 'count', 'export', 'aggregate', 'findById', 'get'] as const;

/** The name of one read route of `ResourceController`. */
export type ReadRoute = (typeof READ_ROUTES)[number];

/** Which read routes a `ResourceController` serves: `false` leaves one out. */
export type ReadRoutes = { readonly [K in ReadRoute]?: boolean };

/**
 * Leaves out the read routes `routes` turns off: their handlers lose their route metadata, so Nest
 * registers no route for them (a request is the 404 of any unknown path) and no OpenAPI document
 * lists them. Everything else about the controller stays as it is.
 * @throws {FacetConfigurationError} for a name that is no read route, or a value that is not a boolean.
 */
export function leaveOutReadRoutes(
  prototype: object,
  routes: ReadRoutes | undefined,
  resource: string,
): void {
  if (routes === undefined) return;
  const known: readonly string[] = READ_ROUTES;
  for (const [name, served] of Object.entries(routes)) {
    if (!known.includes(name) || typeof served !== 'boolean') {
      throw new FacetConfigurationError(
        `ResourceController(${resource}): routes.${name} must be one of ${READ_ROUTES.join(', ')}, set to true or false`,
      );
    }
    if (served) continue;
    const handler = (Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor).value as object;
    if (Reflect.getMetadata(METHOD_METADATA, handler) !== RequestMethod.GET) continue;
    Reflect.deleteMetadata(PATH_METADATA, handler);
    Reflect.deleteMetadata(METHOD_METADATA, handler);
  }
}
