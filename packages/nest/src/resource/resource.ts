import { ResourceExport } from '../export/resource-export.js';
import type { DelegateRecord, DelegateWhere, QueryDelegate } from '../model/delegate.types.js';
import type { ModelTypes } from '../model/model-types.js';
import { readById, readFirst } from '../read/read-detail.js';
import { type ExportLimits, type ExportQuery, readResourceExport } from '../read/read-export.js';
import { type ResourceTarget, readResourceItem, readResourceList } from '../read/read-resource.js';
import type { Serialized } from '../serialization/serialize-value.js';
import { resolveWrites } from '../write/resolve-writes.js';
import type { ResourceDefinition } from './define-resource.js';
import {
  aggregateRows,
  countRows,
  DEFAULT_MAX_GROUPS,
  groupRows,
  type ResourceAggregateArgs,
  type ResourceGroupByArgs,
  type ResourceGroups,
  type TotalsTarget,
} from './resource-aggregate.js';
import {
  assertCaller,
  ownWhere,
  type ReadContext,
  type ResourceEnvironment,
  type ResourceNarrowing,
} from './resource-context.js';
import { resolveResourceTarget } from './resource-target.js';
import type {
  ProjectedItem,
  ProjectedPage,
  ResourceExportQuery,
  ResourceReadQuery,
} from './resource-types.js';
import { bindWrites, ResourceWriter } from './resource-writer.js';

export type { ReadContext, ResourceEnvironment, ResourceNarrowing } from './resource-context.js';

/**
 * One declared resource, bound to the application's Prisma client: the only way a request reaches
 * the model through Facet. Every read checks the caller's input against the DTO (fields as the
 * caller may see them, operators, operand types, budgets), merges the access filter of the
 * resource's subject and of every related subject it reaches (to-many includes, relation filters,
 * `_count`, and to-one relations, whose unreadable rows come back as `null`), and maps and
 * projects the rows. Nothing that is not allowed is dropped: it is a 400 naming its path.
 *
 * Obtain one with `@InjectResource(books)` after `FacetModule.forFeature([books])`, or build it
 * with `new Resource(books, { client: prisma, accessibleWhere })` outside Nest's container.
 */
export class Resource<
  TDelegate extends QueryDelegate,
  TDto extends object,
  TAbility = unknown,
> extends ResourceWriter<TDto, TAbility> {
  readonly name: string;
  /** The field types of the model, from Prisma's runtime data model. */
  readonly modelTypes: ModelTypes | undefined;
  /** What the read pipeline needs of the model, the DTO and the access rule, resolved once. */
  private readonly target: ResourceTarget<DelegateRecord<TDelegate>, TDto, TAbility>;
  private readonly subject: string | undefined;
  private readonly exports: ExportLimits;

  constructor(
    readonly definition: ResourceDefinition<never, TDelegate, TDto, TAbility>,
    environment: ResourceEnvironment<TAbility>,
  ) {
    super();
    this.name = definition.name;
    const resolved = resolveResourceTarget(definition, environment);
    this.subject = resolved.subject;
    this.modelTypes = resolved.target.model.model.types;
    this.target = resolved.target;
    this.exports = resolved.exports;
    // What the writes need, resolved once (`undefined` for a read-only resource): the base's.
    bindWrites(this, {
      name: this.name,
      accessControlled: this.accessControlled,
      target: resolveWrites<TAbility>({
        definition,
        client: environment.client,
        target: this.target as unknown as ResourceTarget<never, object, never>,
        subject: this.subject,
        accessibleWhere: resolved.accessibleWhere,
      }) as never,
    });
  }

  /**
   * A page (`GET /books`, `GET /books/search`): `where`, `orderBy`, `include`, `select`, `page`,
   * `perPage` and `fields` (items, or the envelope: `items{…},meta{…}`), the search text `q` and
   * the count mode `count` (`exact`, `estimated`, `none`). No count query runs when the projection
   * shows neither `itemCount` nor `pageCount`, or with `count: 'none'`.
   *
   * `options.where` narrows the page by a filter of the server's own (`{ customerId }` of
   * `/customers/:id/orders`): it may name fields the caller cannot see, it is passed as written, and
   * it is ANDed with the client's `where` and the access filter, never in place of either.
   */
  async query<const F extends string = string>(
    query: ResourceReadQuery<TDto, F, true>,
    read: ReadContext<TAbility> = {},
    options: ResourceNarrowing<DelegateWhere<TDelegate>> = {},
  ): Promise<ProjectedPage<TDto, F>> {
    assertCaller(this.name, read, this.accessControlled);
    // The narrowed type is the compiler's reading of a literal `fields`; the projection makes it true.
    return (await readResourceList(this.target, query, read, ownWhere(options))) as ProjectedPage<TDto, F>;
  }

  /** One item by id (`GET /books/:id`), projected by `fields`; a 404 when the caller may not read it. */
  async findById<const F extends string = string>(
    id: string | number | bigint,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
  ): Promise<ProjectedItem<TDto, F>> {
    assertCaller(this.name, read, this.accessControlled);
    const { model } = this.target;
    return (await readResourceItem(
      this.target,
      'findById',
      (checked, scope, log) => readById(model, id, checked, scope, log),
      query,
      read,
    )) as ProjectedItem<TDto, F>;
  }

  /**
   * One item by a where the server builds (`{ isbn }` for `GET /books/isbn/:isbn`), narrowed by the
   * client's own `where` if it sends one; a 404 when there is none the caller may read.
   */
  async findOne<const F extends string = string>(
    where: DelegateWhere<TDelegate>,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
  ): Promise<ProjectedItem<TDto, F>> {
    assertCaller(this.name, read, this.accessControlled);
    const { model } = this.target;
    return (await readResourceItem(
      this.target,
      'findOne',
      (checked, scope, log) => readFirst(model, checked, scope, log),
      query,
      read,
      where,
    )) as ProjectedItem<TDto, F>;
  }

  /**
   * The number of items matching the client's `where` and search text `q` that the caller may read
   * (`GET /books/count`).
   */
  async count(
    query: { where?: unknown; q?: unknown } = {},
    read: ReadContext<TAbility> = {},
  ): Promise<number> {
    assertCaller(this.name, read, this.accessControlled);
    return countRows(this.totals, query, read as ReadContext<never>);
  }

  /**
   * An aggregate over the items the caller may read (`GET /books/aggregate`): `_count`, `_min`,
   * `_max`, `_avg`, `_sum` of fields the caller may see and the aggregate takes (`AGGREGATE_TYPES`),
   * under the client's `where`, the search text `q` and the access filter. Decimals and BigInts
   * come back as exact strings.
   */
  async aggregate(
    args: ResourceAggregateArgs,
    read: ReadContext<TAbility> = {},
  ): Promise<Serialized<Awaited<ReturnType<TDelegate['aggregate']>>>> {
    assertCaller(this.name, read, this.accessControlled);
    return (await aggregateRows(this.totals, args, read as ReadContext<never>)) as Serialized<
      Awaited<ReturnType<TDelegate['aggregate']>>
    >;
  }

  /**
   * The items the caller may read, grouped by `by` (`GET /books/aggregate?by=genre`): each group's
   * `by` values and the selections asked for, ordered by the `by` fields unless `orderBy` names a
   * `by` field or an aggregate. Fields are checked as `aggregate`'s; `having` is refused; more than
   * `maxGroups` groups is a 400 asking to narrow the filter.
   */
  async groupBy(args: ResourceGroupByArgs, read: ReadContext<TAbility> = {}): Promise<ResourceGroups> {
    assertCaller(this.name, read, this.accessControlled);
    return groupRows(this.totals, args, read as ReadContext<never>);
  }

  /**
   * Every item the caller may read matching `where` and `q` (`GET /books/export`), projected by
   * `fields` like a list item, in the list's order, as `csv` or `ndjson`. Checked and counted before
   * it resolves (a refusal, more than `export.maxRows` rows included, is a 400 and reads no row);
   * the rows are read in batches as it is consumed (iterate it, or `toStream()`).
   */
  async export<const F extends string = string>(
    query: ResourceExportQuery<TDto, F>,
    read: ReadContext<TAbility> = {},
  ): Promise<ResourceExport<ProjectedItem<TDto, F>>> {
    assertCaller(this.name, read, this.accessControlled);
    const walk = await readResourceExport(this.target, query as ExportQuery, read, this.exports);
    return new ResourceExport(this.name, walk as never);
  }

  /** True when every read of this resource merges an access filter (its DTO names a subject). */
  get accessControlled(): boolean {
    return this.subject !== undefined;
  }

  private get totals(): TotalsTarget {
    const target = this.target as unknown as ResourceTarget<never, object, never>;
    const maxGroups = this.definition.maxGroups ?? DEFAULT_MAX_GROUPS;
    return { target, modelTypes: this.modelTypes, maxGroups };
  }
}

/** A `Resource` of any definition. */
export type AnyResource = Resource<QueryDelegate, object, never>;

/** The definition's resource type: `ResourceOf<typeof books>`. */
export type ResourceOf<TDefinition> =
  TDefinition extends ResourceDefinition<never, infer D, infer T, infer A> ? Resource<D, T, A> : never;
