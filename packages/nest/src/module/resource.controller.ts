import {
  Get,
  Header,
  Inject,
  Param,
  Req,
  RequestMethod,
  type StreamableFile,
  type Type,
} from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants.js';
import { ResourceAggregateQueryDTO } from '../dto/aggregate-query.dto.js';
import { CountQueryDTO, DetailQueryDTO } from '../dto/detail-query.dto.js';
import { ExportQueryDTO } from '../dto/export-query.dto.js';
import { QueryDTO } from '../dto/query.dto.js';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import type { ResourceExport } from '../export/resource-export.js';
import type { QueryDelegate } from '../model/delegate.types.js';
import { FacetQuery } from '../pipes/facet-query.decorator.js';
import { QueryParameters } from '../pipes/query-parameters.js';
import type { AnyResourceDefinition, ResourceDefinition } from '../resource/define-resource.js';
import type { ReadContext, Resource } from '../resource/resource.js';
import type { ResourcePage } from '../resource/resource-query.types.js';
import { ConditionalRead } from './conditional-read.interceptor.js';
import type { FacetModuleOptions } from './facet.module.js';
import { FACET_MODULE_OPTIONS, getResourceToken } from './facet-module.tokens.js';
import { leaveOutReadRoutes, type ReadRoutes } from './read-routes.js';
import { aggregateRoute, exportFile } from './resource-routes.js';
import { type ResourceWriteRoutes, serveWriteRoutes, type WriteRoutes, writeRoutes } from './write-routes.js';

export type { ResourceWriteRoutes, WriteRoute, WriteRoutes } from './write-routes.js';

export interface ResourceControllerOptions {
  /**
   * The write routes to serve, each a call of the resource's own write with the caller of the
   * request: `POST /` (`resource.create`, 201, or 204 when the caller may not read the row it
   * wrote), `PATCH /:id` (`resource.update`, 200 or 204) and `DELETE /:id` (`resource.delete`, 200
   * with the row as it was). `true` serves every write the resource declares (`writes` of its
   * definition); an object names them. Each takes `fields` in the query (the answer's projection)
   * and `PATCH`/`DELETE` an `If-Match` header. The bulk writes a resource serves (`writes.bulk`)
   * are `POST /bulk` (a JSON array of create bodies), `PATCH /?where=…` (one update body) and
   * `DELETE /?where=…`, each answering `{ count }` (201, 200, 200). No handler to write: the checks
   * are the resource's.
   * @default false (read routes only)
   */
  readonly writes?: boolean | WriteRoutes;
  /**
   * The read routes to serve, by handler name (`READ_ROUTES`): `{ search: false }` leaves out `GET
   * /search` (a 404, and in no OpenAPI document). @default every read route
   */
  readonly routes?: ReadRoutes;
  /**
   * Conditional reads on every read route (list, search, count and the two detail routes): each
   * answer carries the weak `ETag` of the JSON the caller got, with `Cache-Control: private,
   * no-cache` and `Vary: Authorization`, and a request whose `If-None-Match` matches it is answered
   * 304 with no body, also when it sends `Cache-Control: no-cache`. Errors carry no tag. `false`
   * sends none of these headers (an Express app not set up by `useFacetHttp` then tags the answer
   * with Express's own `etag` setting, as its other routes).
   * @default true
   */
  readonly etag?: boolean;
}

/** The routes `ResourceController` serves. */
export interface ResourceControllerBase<TDto extends object, TAbility> extends ResourceWriteRoutes<TDto> {
  readonly resource: Resource<QueryDelegate, TDto, TAbility>;
  search(query: QueryDTO, request: unknown): Promise<ResourcePage<TDto>>;
  list(query: QueryDTO, request: unknown): Promise<ResourcePage<TDto>>;
  count(query: CountQueryDTO, request: unknown): Promise<number>;
  export(query: ExportQueryDTO, request: unknown): Promise<StreamableFile>;
  /** The aggregate object, or with `by` the groups (`{ items }`). */
  aggregate(query: ResourceAggregateQueryDTO, request: unknown): Promise<unknown>;
  findById(id: string, query: DetailQueryDTO, request: unknown): Promise<Partial<TDto>>;
  get(id: string, query: DetailQueryDTO, request: unknown): Promise<Partial<TDto>>;
  /** Reads the caller with the module's `readContext`. */
  readContext(request: unknown): Promise<ReadContext<TAbility>>;
}

/**
 * The GET routes of the base that stream their body: no conditional read (hashing the body would
 * mean holding all of it, and a 304 would replay an export nobody checked was unchanged).
 */
export const STREAMED_ROUTES: ReadonlySet<string> = new Set(['export']);

/**
 * The routes of a resource, in one base class: `GET /search`, `GET /` (with `fields` and the
 * envelope projection), `GET /count`, `GET /export`, `GET /aggregate` (with `by`, groups),
 * `GET /find-by-id/:id` and `GET /:id`, and, when asked for,
 * `POST /`, `PATCH /:id` and `DELETE /:id` (`{ writes: true }`), the resource's own writes. These are the seven operations
 * of `@facet/client`'s `useModuleApi`. Add your own routes beside them in the subclass: Nest
 * registers a subclass's routes first, so `isbn/:isbn` never meets `:id`. Every route refuses a
 * query parameter it does not declare (400 `unknown_key`): a route of your own declares its query
 * with `@FacetQuery(dto)` or `@QueryParameters(...)`, and takes none otherwise.
 *
 * ```ts
 * @Controller('books')
 * export class BooksController extends ResourceController(books) {}
 * ```
 */
export function ResourceController<TClient, TDelegate extends QueryDelegate, TDto extends object, TAbility>(
  definition: ResourceDefinition<TClient, TDelegate, TDto, TAbility>,
  options: ResourceControllerOptions = {},
): Type<ResourceControllerBase<TDto, TAbility>> {
  const token = getResourceToken(definition as unknown as AnyResourceDefinition);
  const writes = writeRoutes(definition as unknown as AnyResourceDefinition, options.writes);

  // Every route of the controller, a subclass's own included, takes no query parameter it does not
  // declare: the read routes declare theirs by their DTOs, the write routes none, and a route of
  // the subclass with `@FacetQuery(dto)` or `@QueryParameters(...)` (FacetUndeclaredQueryInterceptor).
  @QueryParameters()
  abstract class ResourceRoutes {
    @Inject(token) readonly resource!: Resource<QueryDelegate, TDto, TAbility>;
    @Inject(FACET_MODULE_OPTIONS) private readonly facetOptions!: FacetModuleOptions<TAbility>;

    // Fail at start-up, not on the first request, when an access-controlled resource cannot learn
    // who is calling.
    onModuleInit(): void {
      if (this.resource.accessControlled && this.facetOptions.readContext === undefined) {
        throw new FacetConfigurationError(
          `ResourceController(${definition.name}): the resource has an access rule, but FacetModule has no ` +
            'readContext to read the caller from the request.',
        );
      }
    }

    async readContext(request: unknown): Promise<ReadContext<TAbility>> {
      return (await this.facetOptions.readContext?.(request)) ?? {};
    }

    @Get('search')
    async search(@FacetQuery(QueryDTO) query: QueryDTO, @Req() request: unknown) {
      return this.resource.query(query, await this.readContext(request));
    }

    @Get()
    async list(@FacetQuery(QueryDTO) query: QueryDTO, @Req() request: unknown) {
      return this.resource.query(query, await this.readContext(request));
    }

    @Get('count')
    // A bare number: Express would send it as text/html, Fastify as JSON. It is JSON on both.
    @Header('Content-Type', 'application/json; charset=utf-8')
    async count(@FacetQuery(CountQueryDTO) query: CountQueryDTO, @Req() request: unknown) {
      return this.resource.count(query, await this.readContext(request));
    }

    // Declared before `:id`, which would take `export` for an id.
    @Get('export')
    async export(@FacetQuery(ExportQueryDTO) query: ExportQueryDTO, @Req() request: unknown) {
      // Checked and counted here: a refusal is thrown before the response starts, and the
      // exception filter answers it with Facet's error body.
      const exported = await this.resource.export(query, await this.readContext(request));
      return exportFile(exported as ResourceExport<unknown>);
    }

    // Declared before `:id`, as `export`.
    @Get('aggregate')
    async aggregate(
      @FacetQuery(ResourceAggregateQueryDTO) query: ResourceAggregateQueryDTO,
      @Req() request: unknown,
    ) {
      const read = await this.readContext(request);
      return aggregateRoute(this.resource as Resource<QueryDelegate, object, unknown>, query, read);
    }

    @Get('find-by-id/:id')
    async findById(
      @Param('id') id: string,
      @FacetQuery(DetailQueryDTO) query: DetailQueryDTO,
      @Req() request: unknown,
    ) {
      return this.resource.findById(id, query, await this.readContext(request));
    }

    @Get(':id')
    async get(
      @Param('id') id: string,
      @FacetQuery(DetailQueryDTO) query: DetailQueryDTO,
      @Req() request: unknown,
    ) {
      return this.resource.findById(id, query, await this.readContext(request));
    }
  }

  const prototype = ResourceRoutes.prototype;
  leaveOutReadRoutes(prototype, options.routes, definition.name);
  // Every GET route of the base is a read of a list, a page, a count or a row: all of them are
  // conditional, a route added here later included, with nothing to list; except the streamed
  // ones (STREAMED_ROUTES), whose body is never held whole, so it has no tag to compare.
  if (options.etag !== false) {
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor;
      if (STREAMED_ROUTES.has(name)) continue;
      if (Reflect.getMetadata(METHOD_METADATA, descriptor.value) === RequestMethod.GET) {
        ConditionalRead()(prototype, name, descriptor);
      }
    }
  }
  serveWriteRoutes(prototype, writes);
  Object.defineProperty(ResourceRoutes, 'name', { value: `ResourceController(${definition.name})` });
  return ResourceRoutes as unknown as Type<ResourceControllerBase<TDto, TAbility>>;
}
