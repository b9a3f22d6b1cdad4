import type { CanActivate, Type } from '@nestjs/common';
import type { AnyResourceDefinition } from '../resource/define-resource.js';

/** Options of one write route: the guards in front of it. */
export interface WriteRoute {
  /**
   * Guards run before the body is read (a caller it refuses gets their answer, say a 403, before any
   * 400 about the body). Not needed for access: the write itself checks the ability's conditions.
   */
  readonly guards?: readonly (CanActivate | Type<CanActivate>)[];
}

/** Which writes a controller serves: each `true` (or its route's options), or left out. */
export interface WriteRoutes {
  readonly create?: boolean | WriteRoute;
  readonly update?: boolean | WriteRoute;
  readonly delete?: boolean | WriteRoute;
}

/** The write routes a controller serves, by the options and the resource's declared writes. */
export function writeRoutes(
  definition: AnyResourceDefinition,
  option: boolean | WriteRoutes | undefined,
): Partial<Record<'create' | 'update' | 'delete', WriteRoute>> {
  if (option === undefined || option === false) return {};
  const declared = (definition.writes ?? {}) as { create?: unknown; update?: unknown; delete?: unknown };
  const routes: Partial<Record<'create' | 'update' | 'delete', WriteRoute>> = {};
  for (const action of ['create', 'update', 'delete'] as const) {
    const isDeclared = action === 'delete' ? declared.delete === true : declared[action] !== undefined;
    const wanted = option === true ? isDeclared : option[action];
    if (wanted === undefined || wanted === false) continue;
    if (!isDeclared) {
      throw new TypeError(
        `ResourceController(${definition.name}) serves ${action}, but the resource declares no writes.${action}.`,
      );
    }
    routes[action] = wanted === true ? {} : wanted;
  }
  return routes;
}
