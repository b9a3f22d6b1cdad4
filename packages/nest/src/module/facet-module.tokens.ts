// The module's injection tokens, apart from the module itself: the consistency interceptor needs
// the options token, and the module registers the interceptor, so one file holding both would be
// an import cycle.
import { Inject } from '@nestjs/common';
import type { AnyResourceDefinition, ResourceDefinition } from '../resource/define-resource.js';

/** The injection token of the module's options. */
export const FACET_MODULE_OPTIONS = Symbol('FACET_MODULE_OPTIONS');

const tokens = new WeakMap<object, symbol>();

/** The injection token of a resource (one per definition object). */
export function getResourceToken(
  definition: AnyResourceDefinition | ResourceDefinition<never, never, object, never>,
): symbol {
  let token = tokens.get(definition);
  if (token === undefined) {
    token = Symbol(`Resource(${definition.name})`);
    tokens.set(definition, token);
  }
  return token;
}

/** Injects the `Resource` of a definition registered with `FacetModule.forFeature`. */
export function InjectResource(definition: AnyResourceDefinition): PropertyDecorator & ParameterDecorator {
  return Inject(getResourceToken(definition));
}
