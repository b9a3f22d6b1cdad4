import type { FieldSelection } from '@facet/core';
import { PaginatedDTO } from '../dto/paginated.dto.js';
import { notFoundException } from '../errors/prisma-error.mapper.js';
import { checkQueryPolicy, type QueryPolicyInput } from '../policy/assert-query-policy.js';
import { isPlainRecord } from '../policy/plain-record.js';
import { getFieldSchema, isFieldVisible } from '../projection/field-schema.js';
import {
  asHttpError,
  type FieldsQueryInput,
  type PreparedFieldsQuery,
  type PrepareFieldsQueryOptions,
  parseFieldsParameter,
  prepareWithSelection,
} from '../projection/prepare-fields-query.js';
import { needsCount, type PageProjection, splitPageSelection } from './envelope.js';
import type {
  ResourceMapContext,
  ResourcePage,
  ResourceQueryOptions,
  ResourceReadOptions,
} from './resource-query.types.js';

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
      const selection =
        query.fields === undefined ? undefined : parseFieldsParameter(query.fields, this.options);
      const page: PageProjection = splitPageSelection(selection, String(query.fields));
      const prefix = page.envelope ? ['items'] : [];
      return { page, prepared: this.prepare(query, page.items, prefix, read) };
    });
    // A keyset page (`after`) counts only when the envelope asks for totals; an offset page also
    // when there is no envelope, as the spec's meta has them.
    const keyset = (query as { after?: unknown }).after !== undefined;
    const result = await this.options.service.query(prepared.query, read.ability, {
      count: keyset ? page.envelope && needsCount(page) : needsCount(page),
      ...trusted(read),
    });
    const items = prepared.projection.project(this.mapAll(result.items, read)) as Partial<TDto>[];
    this.showCounts(query, result.items, items, read);
    if (!page.envelope) return new PaginatedDTO(items, result.pageMeta);
    const out: { items?: Partial<TDto>[]; meta?: Record<string, unknown> } = {};
    if (page.items !== undefined) out.items = items;
    if (page.meta !== undefined) {
      const source = result.pageMeta as unknown as Record<string, unknown>;
      out.meta = {};
      for (const name of page.meta) out.meta[name] = source[name];
    }
    return out;
  }

  /** A detail read by id (`GET /resource/:id?fields=…`): one projected DTO, or a 404. */
  async findById(
    id: string | number | bigint,
    query: FieldsQueryInput & object = {},
    read: ResourceReadOptions<TAbility> = {},
  ): Promise<Partial<TDto>> {
    const prepared = this.prepareDetail(query, read);
    const model = await this.options.service.findById(id, prepared.query, read.ability, trusted(read));
    const item = prepared.projection.project(this.options.map(model, this.mapContext(read))) as Partial<TDto>;
    this.showCounts(query, [model], [item], read);
    return item;
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
    const item = prepared.projection.project(this.options.map(model, this.mapContext(read))) as Partial<TDto>;
    this.showCounts(query, [model], [item], read);
    return item;
  }

  /**
   * A top-level `_count` the client asked for (`include._count`, `select._count`) is not a DTO
   * field, so the projection leaves it out: the counts Prisma returned (of readable rows only, see
   * `scopeRelationAccess`) are added to each item, for the to-many relations the caller may see.
   */
  private showCounts(
    query: object,
    models: readonly unknown[],
    items: Partial<TDto>[],
    read: ResourceReadOptions<TAbility>,
  ): void {
    const { include, select } = query as { include?: unknown; select?: unknown };
    const asked = (tree: unknown) =>
      isPlainRecord(tree) && tree._count !== undefined && tree._count !== false;
    if (!asked(include) && !asked(select)) return;
    const context = read.context ?? {};
    const visible = new Set<string>();
    for (const field of getFieldSchema(this.options.dto).fields.values()) {
      if (field.kind === 'relation' && field.isArray && isFieldVisible(field, context))
        visible.add(field.relation);
    }
    items.forEach((item, index) => {
      const counts = (models[index] as { _count?: unknown } | null | undefined)?._count;
      if (!isPlainRecord(counts) || item === null || typeof item !== 'object') return;
      const shown: Record<string, unknown> = {};
      for (const [relation, count] of Object.entries(counts))
        if (visible.has(relation)) shown[relation] = count;
      (item as Record<string, unknown>)._count = shown;
    });
  }

  private prepareDetail<TQuery extends FieldsQueryInput>(
    query: TQuery,
    read: ResourceReadOptions<TAbility>,
  ): PreparedFieldsQuery<TQuery> {
    return asHttpError(() => {
      const selection =
        query.fields === undefined ? undefined : parseFieldsParameter(query.fields, this.options);
      return this.prepare(query, selection, [], read);
    });
  }

  private prepare<TQuery extends FieldsQueryInput>(
    query: TQuery,
    selection: FieldSelection | undefined,
    prefix: readonly string[],
    read: ResourceReadOptions<TAbility>,
  ): PreparedFieldsQuery<TQuery> {
    const { baseInclude, pushDown, alwaysSelect, fieldsOptions, budget } = this.options;
    // The client's own where/orderBy/include/select, before server includes join them.
    // The relations `fields` selects count towards the same relation budget.
    const model = this.options.service.modelTypes;
    checkQueryPolicy(query as QueryPolicyInput, this.options.dto, {
      context: read.context ?? {},
      ...(model === undefined ? {} : { model }),
      ...(budget === undefined ? {} : { budget }),
      ...(selection === undefined ? {} : { fields: { selection, path: ['fields', ...prefix] } }),
    });
    const options: PrepareFieldsQueryOptions = {
      ...(baseInclude === undefined ? {} : { baseInclude }),
      // The resource layer's mappers copy what is present, so it reads only the projected columns
      // unless told otherwise; plain `prepareFieldsQuery` keeps the spec's include shape.
      pushDown: pushDown ?? true,
      ...(alwaysSelect === undefined ? {} : { alwaysSelect }),
      ...(fieldsOptions === undefined ? {} : { fieldsOptions }),
      context: read.context ?? {},
    };
    return prepareWithSelection(query, this.options.dto, selection, prefix, options);
  }

  private mapAll(models: readonly TModel[], read: ResourceReadOptions<TAbility>): TDto[] {
    const context = this.mapContext(read);
    return models.map((model) => this.options.map(model, context));
  }

  private mapContext(read: ResourceReadOptions<TAbility>): ResourceMapContext<TAbility> {
    return { ability: read.ability, context: read.context ?? {} };
  }
}
