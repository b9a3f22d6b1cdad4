import type { Type } from '@nestjs/common';
import { PartialType } from '@nestjs/swagger';
import type { DtoClass } from '../projection/field-schema.types.js';

/** A write's documented body: the class its schema is written from, and the input DTO whose `expose` rules hide fields per caller. */
export interface DocumentedBody {
  readonly type: Type<object>;
  readonly dto: DtoClass;
}

/** The bodies of a resource's writes, as `ApiResourceRoutes` documents them. */
export interface DocumentedBodies {
  readonly create?: DocumentedBody;
  readonly update?: DocumentedBody;
}

const partials = new WeakMap<DtoClass, Type<object>>();

/**
 * The document-only class of an update that takes the create's body: its fields, none required
 * (`Partial<CreateBookDto>` as `PartialCreateBookDto`). One per body, so every document names the
 * same schema.
 */
function partialOf(body: DtoClass): Type<object> {
  let partial = partials.get(body);
  if (partial === undefined) {
    partial = PartialType(body as Type<object>);
    Object.defineProperty(partial, 'name', { value: `Partial${body.name}` });
    partials.set(body, partial);
  }
  return partial;
}

type BodyClass = abstract new (...args: never[]) => object;

/** The bodies a resource definition's `writes` declare (none for a read-only resource). */
export function documentedBodies(writes: unknown): DocumentedBodies {
  if (typeof writes !== 'object' || writes === null) return {};
  const { create, update } = writes as {
    readonly create?: { readonly body?: BodyClass };
    readonly update?: { readonly body?: BodyClass };
  };
  const createBody = create?.body as DtoClass | undefined;
  const updateBody = (update?.body ?? undefined) as DtoClass | undefined;
  const bodies: { create?: DocumentedBody; update?: DocumentedBody } = {};
  if (createBody !== undefined) bodies.create = { type: createBody as Type<object>, dto: createBody };
  if (update !== undefined) {
    if (updateBody !== undefined) bodies.update = { type: updateBody as Type<object>, dto: updateBody };
    else if (createBody !== undefined) bodies.update = { type: partialOf(createBody), dto: createBody };
  }
  return bodies;
}
