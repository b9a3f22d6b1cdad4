import {
  Body,
  type CanActivate,
  Delete,
  Headers,
  Param,
  Patch,
  Post,
  Req,
  Res,
  type Type,
  UseGuards,
} from '@nestjs/common';
import { BulkWriteQueryDTO } from '../dto/bulk-write-query.dto.js';
import { WriteQueryDTO } from '../dto/detail-query.dto.js';
import { FacetQuery } from '../pipes/facet-query.decorator.js';
import type { AnyResourceDefinition } from '../resource/define-resource.js';
import type { ReadContext } from '../resource/resource.js';
import type { ResourceWriter } from '../resource/resource-writer.js';
import type { BulkWriteResult } from '../write/types/write.types.js';

/** Options of one write route: the guards in front of it. */
export interface WriteRoute {
  /**
   * Guards run before the body is read (a caller it refuses gets their answer, say a 403, before any
   * 400 about the body). Not needed for access: the write itself checks the ability's conditions.
   */
  readonly guards?: readonly (CanActivate | Type<CanActivate>)[];
}

/**
 * Which writes a controller serves: each `true` (or its route's options), or left out. The bulk
 * routes (`createMany`: `POST /bulk`; `updateMany`: `PATCH /?where=…`; `deleteMany`:
 * `DELETE /?where=…`) need the resource's `writes.bulk`.
 */
export interface WriteRoutes {
  readonly create?: boolean | WriteRoute;
  readonly update?: boolean | WriteRoute;
  readonly delete?: boolean | WriteRoute;
  readonly createMany?: boolean | WriteRoute;
  readonly updateMany?: boolean | WriteRoute;
  readonly deleteMany?: boolean | WriteRoute;
}

/** The write routes of `ResourceController`, each served only when the controller's `writes` asks for it. */
export interface ResourceWriteRoutes<TDto extends object> {
  /** `POST /` when the controller serves creates. */
  create(
    body: unknown,
    query: WriteQueryDTO,
    request: unknown,
    response: unknown,
  ): Promise<Partial<TDto> | undefined>;
  /** `PATCH /:id` when the controller serves updates. */
  update(
    id: string,
    body: unknown,
    query: WriteQueryDTO,
    ifMatch: string | undefined,
    request: unknown,
    response: unknown,
  ): Promise<Partial<TDto> | undefined>;
  /** `DELETE /:id` when the controller serves deletes. */
  remove(
    id: string,
    query: WriteQueryDTO,
    ifMatch: string | undefined,
    request: unknown,
  ): Promise<Partial<TDto>>;
  /** `POST /bulk` (a JSON array of create bodies): 201 `{ count }`. */
  createMany(body: unknown, request: unknown): Promise<BulkWriteResult>;
  /** `PATCH /?where=…` (one update body for every matching row): 200 `{ count }`. */
  updateMany(body: unknown, query: BulkWriteQueryDTO, request: unknown): Promise<BulkWriteResult>;
  /** `DELETE /?where=…`: 200 `{ count }`. */
  deleteMany(query: BulkWriteQueryDTO, request: unknown): Promise<BulkWriteResult>;
}

type WriteName = keyof WriteRoutes;
const SINGLE = ['create', 'update', 'delete'] as const;
const BULK = { createMany: 'create', updateMany: 'update', deleteMany: 'delete' } as const;

/** The write routes a controller serves, by the options and the resource's declared writes. */
export function writeRoutes(
  definition: AnyResourceDefinition,
  option: boolean | WriteRoutes | undefined,
): Partial<Record<WriteName, WriteRoute>> {
  if (option === undefined || option === false) return {};
  const declared = (definition.writes ?? {}) as {
    create?: unknown;
    update?: unknown;
    delete?: unknown;
    bulk?: unknown;
  };
  const bulk = declared.bulk === true ? { create: true, update: true, delete: true } : (declared.bulk ?? {});
  const single = (action: 'create' | 'update' | 'delete') =>
    action === 'delete' ? declared.delete === true : declared[action] !== undefined;
  const routes: Partial<Record<WriteName, WriteRoute>> = {};
  for (const name of [...SINGLE, ...(Object.keys(BULK) as (keyof typeof BULK)[])]) {
    const action = name in BULK ? BULK[name as keyof typeof BULK] : (name as 'create' | 'update' | 'delete');
    const isDeclared =
      single(action) && (name in BULK ? (bulk as Record<string, unknown>)[action] === true : true);
    const wanted = option === true ? isDeclared : option[name];
    if (wanted === undefined || wanted === false) continue;
    if (!isDeclared) {
      const needs = name in BULK ? `writes.bulk.${action}` : `writes.${action}`;
      throw new TypeError(
        `ResourceController(${definition.name}) serves ${name}, but the resource declares no ${needs}.`,
      );
    }
    routes[name] = wanted === true ? {} : wanted;
  }
  return routes;
}

/** The part of Express's response and Fastify's reply a write route sets its status with. */
interface StatusResponse {
  status(code: number): unknown;
}

/** What the write handlers use of the controller. */
interface WriteHost<TAbility> {
  readonly resource: ResourceWriter<object, TAbility>;
  readContext(request: unknown): Promise<ReadContext<TAbility>>;
}

/**
 * The write handlers, each a call of the resource's own write with the caller of the request. No
 * pipe on a body: the resource checks the raw body itself, as it does for a route of the
 * application's own.
 */
const HANDLERS = {
  async create(
    this: WriteHost<unknown>,
    body: unknown,
    query: WriteQueryDTO,
    request: unknown,
    response: StatusResponse,
  ) {
    const item = await this.resource.create(body, query, await this.readContext(request));
    if (item === undefined) response.status(204);
    return item;
  },
  async update(
    this: WriteHost<unknown>,
    id: string,
    body: unknown,
    query: WriteQueryDTO,
    ifMatch: string | undefined,
    request: unknown,
    response: StatusResponse,
  ) {
    const read = await this.readContext(request);
    const item = await this.resource.update(id, body, query, read, ifMatch === undefined ? {} : { ifMatch });
    if (item === undefined) response.status(204);
    return item;
  },
  async remove(
    this: WriteHost<unknown>,
    id: string,
    query: WriteQueryDTO,
    ifMatch: string | undefined,
    request: unknown,
  ) {
    const read = await this.readContext(request);
    return this.resource.delete(id, query, read, ifMatch === undefined ? {} : { ifMatch });
  },
  async createMany(this: WriteHost<unknown>, body: unknown, request: unknown) {
    return this.resource.createMany(body as readonly unknown[], await this.readContext(request));
  },
  async updateMany(this: WriteHost<unknown>, body: unknown, query: BulkWriteQueryDTO, request: unknown) {
    return this.resource.updateMany(query.where as object, body, await this.readContext(request));
  },
  async deleteMany(this: WriteHost<unknown>, query: BulkWriteQueryDTO, request: unknown) {
    return this.resource.deleteMany(query.where as object, await this.readContext(request));
  },
};

/** Each handler's route and parameters, in the order of its arguments. */
const ROUTES: Record<keyof typeof HANDLERS, { route: MethodDecorator; parameters: ParameterDecorator[] }> = {
  create: {
    route: Post(),
    parameters: [Body(), FacetQuery(WriteQueryDTO), Req(), Res({ passthrough: true })],
  },
  update: {
    route: Patch(':id'),
    parameters: [
      Param('id'),
      Body(),
      FacetQuery(WriteQueryDTO),
      Headers('if-match'),
      Req(),
      Res({ passthrough: true }),
    ],
  },
  remove: {
    route: Delete(':id'),
    parameters: [Param('id'), FacetQuery(WriteQueryDTO), Headers('if-match'), Req()],
  },
  // `bulk` is no id: `POST /:id` is no route of the controller's.
  createMany: { route: Post('bulk'), parameters: [Body(), Req()] },
  updateMany: { route: Patch(), parameters: [Body(), FacetQuery(BulkWriteQueryDTO), Req()] },
  deleteMany: { route: Delete(), parameters: [FacetQuery(BulkWriteQueryDTO), Req()] },
};

const HANDLER_OF: Record<WriteName, keyof typeof HANDLERS> = {
  create: 'create',
  update: 'update',
  delete: 'remove',
  createMany: 'createMany',
  updateMany: 'updateMany',
  deleteMany: 'deleteMany',
};

/**
 * Puts the write routes `routes` names on a controller's prototype: each handler with its route, its
 * guards and its parameters. The handlers of the routes not served are there too (the base's type
 * names them), with no route.
 */
export function serveWriteRoutes(prototype: object, routes: Partial<Record<WriteName, WriteRoute>>): void {
  for (const [name, handler] of Object.entries(HANDLERS)) {
    // A function of this controller's own: Nest keeps a route's metadata on the handler function.
    const own = {
      [name](this: unknown, ...args: unknown[]) {
        return (handler as (...args: unknown[]) => unknown).apply(this, args);
      },
    }[name] as (...args: unknown[]) => unknown;
    // Its parameters, counted as the handler's (what `design:paramtypes` lists).
    Object.defineProperty(own, 'length', { value: handler.length });
    Object.defineProperty(prototype, name, { value: own, writable: true, configurable: true });
  }
  for (const [name, route] of Object.entries(routes) as [WriteName, WriteRoute][]) {
    const method = HANDLER_OF[name];
    const { route: verb, parameters } = ROUTES[method];
    const descriptor = () => Object.getOwnPropertyDescriptor(prototype, method) as PropertyDescriptor;
    const guards = route.guards?.length
      ? [UseGuards(...(route.guards as (CanActivate | Type<CanActivate>)[]))]
      : [];
    for (const decorator of [verb, ...guards]) decorator(prototype, method, descriptor());
    parameters.forEach((parameter, index) => {
      parameter(prototype, method, index);
    });
    // TypeScript emits no `design:paramtypes` for decorators applied here, and Nest (11.2 and later)
    // warns at start-up about a handler without them when a global ValidationPipe sees a parameter.
    // `Object` is a type such a pipe skips: the resource checks the body itself.
    Reflect.defineMetadata(
      'design:paramtypes',
      parameters.map(() => Object),
      prototype,
      method,
    );
  }
}
