import type { FieldSelection } from '@facet/core';
import { PaginatedDTO } from '../dto/paginated.dto.js';
import { notFoundException } from '../errors/prisma-error.mapper.js';
import {
  asHttpError,
  type FieldsQueryInput,
  type PreparedFieldsQuery,
} from '../projection/prepare-fields-query.js';
import { checkDetailFields, checkPageFields } from '../read/check/check-fields.js';
import { checkResourceQuery } from '../read/check/check-resource-query.js';
import { needsCount } from '../read/check/envelope.js';
import { planProjection } from '../read/plan/plan-projection.js';
import { presentEnvelope, presentItems } from '../read/present/present-items.js';
import type { ResourceView } from '../read/read-model.js';
import type { ResourcePage, ResourceQueryOptions, ResourceReadOptions } from './resource-query.types.js';

/** The service's marker of a trusted read, when the read is one. */
const trusted = (read: ResourceReadOptions<unknown>) => (read.trusted === true ? { trusted: true } : {});

/**
 * The controller flow of spec 4.7 (docs/spec-conformance.md#47-example-controller-routes) in one object per resource: parse `fields`, merge includes, read
 * through the service with the caller's ability, map models to DTOs, project.
 *
 * ```ts
 * const books = new ResourceQuery({ service: booksService, dto: BookDto, map: toBookDto });
 * @Get() list(@Query(QueryTransformPipe, ValidationPipe) q: QueryDTO, @CurrentAbility() ability) {
 *   return books.query(q, { ability, context: { role } });
 * }
 * ```
 *
 * Every refused input (bad `fields`, unknown field, unknown meta field) is a 400
 * `FacetQueryException` naming the path and position. The client's `where`, `orderBy`, `include`
 * and `select` pass `checkQueryPolicy` first: only fields the DTO exposes to the read's context,
 * only known Prisma operators, within `budget`.
 */
export class ResourceQuery<TModel, TDto extends object, TAbility = unknown> {
  constructor(readonly options: ResourceQueryOptions<TModel, TDto, TAbility>) {
    if (typeof options?.map !== 'function')
      throw new TypeError('The `map` option of ResourceQuery must be a function.');
    if (typeof options.dto !== 'function')
      throw new TypeError('The `dto` option of ResourceQuery must be a class.');
    if (options.service === null || typeof options.service !== 'object') {
      throw new TypeError('The `service` option of ResourceQuery must be a service object.');
    }
  }

  /**
   * A paged read. `fields` projects each item (`title,author{name}`) or, by the envelope rule, the
   * envelope (`items{title},meta{page,itemCount}`; see `splitPageSelection`). When the projection
   * shows neither `itemCount` nor `pageCount`, no count query runs.
   */
  async query(
    query: FieldsQueryInput & object = {},
    read: ResourceReadOptions<TAbility> = {},
  ): Promise<ResourcePage<TDto>> {
    const { page, prepared } = asHttpError(() => {
      const page = checkPageFields(query.fields, this.options);
      const prefix = page.envelope ? ['items'] : [];
      return { page, prepared: this.prepare(query, page.items, prefix, read) };
    });
    // A cursor page (`after`, `before`) counts only when the envelope asks for totals; an offset
    // page also when there is no envelope, as the spec's meta has them.
    const cursor = query as { after?: unknown; before?: unknown };
    const keyset = cursor.after !== undefined || cursor.before !== undefined;
    const result = await this.options.service.query(prepared.query, read.ability, {
      count: keyset ? page.envelope && needsCount(page) : needsCount(page),
      ...trusted(read),
    });
    const items = presentItems(result.items, prepared.projection, this.options, query, read);
    return presentEnvelope(page, items, result.pageMeta, (all, meta) => new PaginatedDTO(all, meta));
  }

  /** A detail read by id (`GET /resource/:id?fields=…`): one projected DTO, or a 404. */
  async findById(
    id: string | number | bigint,
    query: FieldsQueryInput & object = {},
    read: ResourceReadOptions<TAbility> = {},
  ): Promise<Partial<TDto>> {
    const prepared = this.prepareDetail(query, read);
    const model = await this.options.service.findById(id, prepared.query, read.ability, trusted(read));
    return presentItems([model], prepared.projection, this.options, query, read)[0] as Partial<TDto>;
  }

  /**
   * A detail read through any loader (a natural key route such as `/books/isbn/:isbn`): `load`
   * receives the prepared query (includes merged, `fields` consumed) and returns the model or
   * `null`, which becomes a 404.
   */
  async findOne(
    load: (query: Record<string, unknown>) => Promise<TModel | null | undefined>,
    query: FieldsQueryInput & object = {},
    read: ResourceReadOptions<TAbility> = {},
  ): Promise<Partial<TDto>> {
    const prepared = this.prepareDetail(query, read);
    const model = await load(prepared.query as Record<string, unknown>);
    if (model === null || model === undefined) throw notFoundException();
    return presentItems([model], prepared.projection, this.options, query, read)[0] as Partial<TDto>;
  }

  private prepareDetail<TQuery extends FieldsQueryInput>(
    query: TQuery,
    read: ResourceReadOptions<TAbility>,
  ): PreparedFieldsQuery<TQuery> {
    return asHttpError(() => this.prepare(query, checkDetailFields(query.fields, this.options), [], read));
  }

  /** The check and plan stages of a resource read, on the service's model types. */
  private prepare<TQuery extends FieldsQueryInput>(
    query: TQuery,
    selection: FieldSelection | undefined,
    prefix: readonly string[],
    read: ResourceReadOptions<TAbility>,
  ): PreparedFieldsQuery<TQuery> {
    const view = this.options as unknown as ResourceView<never, object, never>;
    checkResourceQuery(query, view, selection, prefix, read, this.options.service.modelTypes);
    return planProjection(query, view, selection, prefix, read);
  }
}
