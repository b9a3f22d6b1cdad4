import { isPlainObject } from '@facet/core';
import { ResourceExport } from '../export/resource-export.js';
import type { DelegateRecord, QueryDelegate } from '../model/delegate.types.js';
import type { ModelTypes } from '../model/model-types.js';
import type { FieldContext } from '../projection/field-schema.types.js';
import {
  type ResolvedQueryServiceOptions,
  resolveQueryServiceOptions,
} from '../query/query-service.options.js';
import { assertQueryDelegate, readModelOf } from '../query/read-model-of.js';
import { checkAggregateFields } from '../read/check/check-aggregate.js';
import { checkClientArgs } from '../read/check/check-client-args.js';
import { checkResourceQuery } from '../read/check/check-resource-query.js';
import { checkSearch, type SearchWhere, searchableFields, withSearch } from '../read/check/check-search.js';
import { refuseUnknownKeys } from '../read/check/operation-keys.js';
import { countEstimator } from '../read/execute/estimate-count.js';
import { runRead } from '../read/execute/run-read.js';
import { readById, readFirst } from '../read/read-detail.js';
import { type ExportLimits, type ExportQuery, readResourceExport } from '../read/read-export.js';
import type { ModelRead } from '../read/read-model.js';
import {
  type ResourceTarget,
  readResourceItem,
  readResourceList,
  searchTarget,
} from '../read/read-resource.js';
import { readAggregate, readCount } from '../read/read-totals.js';
import type { AccessibleWhere } from '../read/scope/access.types.js';
import { readScope } from '../read/scope/access-scope.js';
import { type Serialized, serializeValue } from '../serialization/serialize-value.js';
import {
  type AnyResourceDefinition,
  DEFAULT_ESTIMATED_COUNT_THRESHOLD,
  type ResourceDefinition,
} from './define-resource.js';
import { exportLimits, resolveExportOptions } from './export-options.js';
import { assertCaller, resourceAccess } from './resource-access.js';
import { ownWhere, type ResourceNarrowing } from './resource-narrowing.js';
import type {
  ProjectedItem,
  ProjectedPage,
  ResourceExportQuery,
  ResourceReadQuery,
} from './resource-types.js';

/** Who reads: the ability access filters are built from, and the context `expose` rules see. */
export interface ReadContext<TAbility = unknown> {
  /**
   * The caller's ability. A resource with an access rule refuses a read without one (a
   * `FacetConfigurationError`) unless it is marked `trusted`: forgetting to pass the caller must not
   * widen a read to every row.
   */
  readonly ability?: TAbility;
  /** What the DTO's `expose` rules receive (`{ role: 'reader' }`). @default {} */
  readonly context?: FieldContext;
  /**
   * A read of the server's own, on behalf of no caller (a job, a seed, a report): no access filter
   * is merged. Field rules and budgets still apply, with `context`. Not allowed with an `ability`.
   * @default false
   */
  readonly trusted?: boolean;
}

/** What a `Resource` needs from the module. */
export interface ResourceEnvironment<TAbility> {
  /** The application's Prisma client. */
  readonly client: unknown;
  /** The access filter of a subject for an ability (CASL: `createCaslAccessibleWhere()`). */
  readonly accessibleWhere?: AccessibleWhere<TAbility, object> | undefined;
  /** The secret keyset cursors are sealed with; see `QueryServiceOptions.cursorSecret`. */
  readonly cursorSecret?: string | Uint8Array | undefined;
}

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
export class Resource<TDelegate extends QueryDelegate, TDto extends object, TAbility = unknown> {
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
    this.name = definition.name;
    const delegate = (definition.delegate as (client: unknown) => TDelegate)(environment.client);
    if (delegate === null || typeof delegate !== 'object') {
      throw new TypeError(`Resource ${definition.name}: \`delegate\` returned no model delegate.`);
    }
    assertQueryDelegate(delegate);
    const access = resourceAccess(definition, environment);
    this.subject = access?.subject;
    const cursorSecret = definition.service?.cursorSecret ?? environment.cursorSecret;
    const options = resolveQueryServiceOptions<TAbility, object>(
      {
        ...definition.service,
        ...(access ?? {}),
        // A cursor is bound to the resource it was made for (two resources may read one model).
        cursorScope: definition.service?.cursorScope ?? `resource:${definition.name}`,
        ...(cursorSecret === undefined ? {} : { cursorSecret }),
        dto: definition.dto,
      },
      delegate,
    );
    this.modelTypes = options.model.types;
    const client = environment.client as Record<string, QueryDelegate | undefined>;
    const model = readModelOf(delegate, options as ResolvedQueryServiceOptions<never, unknown>, (name) => {
      return client[name.charAt(0).toLowerCase() + name.slice(1)];
    });
    const map = definition.map ?? ((row: DelegateRecord<TDelegate>) => row as unknown as TDto);
    const { baseInclude, budget } = definition;
    // A field marked searchable that `contains` cannot search fails here, not at the first search.
    searchableFields(definition.dto, this.modelTypes);
    const threshold = definition.estimatedCountThreshold ?? DEFAULT_ESTIMATED_COUNT_THRESHOLD;
    this.target = {
      model,
      view: { dto: definition.dto, map, pushDown: true, baseInclude, budget },
      scope: (operation, read) => readScope(operation, access, read.ability, read.trusted === true),
      estimate: countEstimator(environment.client, model.model.provider, threshold),
    };
    const delegateOf = definition.delegate as unknown as (client: unknown) => QueryDelegate;
    const exportOptions = resolveExportOptions(definition.name, definition.export);
    this.exports = exportLimits(definition.name, exportOptions, environment.client, delegateOf, model);
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
    options: ResourceNarrowing = {},
  ): Promise<ProjectedPage<TDto, F>> {
    this.assertCaller(read);
    // The narrowed type is the compiler's reading of a literal `fields`; the projection makes it true.
    return (await readResourceList(this.target, query, read, ownWhere(options))) as ProjectedPage<TDto, F>;
  }

  /** One item by id (`GET /books/:id`), projected by `fields`; a 404 when the caller may not read it. */
  async findById<const F extends string = string>(
    id: string | number | bigint,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
  ): Promise<ProjectedItem<TDto, F>> {
    this.assertCaller(read);
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
    where: object,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
  ): Promise<ProjectedItem<TDto, F>> {
    this.assertCaller(read);
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
    this.assertCaller(read);
    refuseUnknownKeys('count', query, 'resource');
    checkResourceQuery({ where: query.where }, this.target.view, undefined, [], read, this.modelTypes);
    const search = checkSearch(query, searchTarget(this.anyTarget), read.context ?? {});
    const args = query.where === undefined ? {} : { where: query.where };
    return this.total('count', args, read, readCount, search);
  }

  /**
   * An aggregate over the items the caller may read: `_count`, `_min`, `_max`, `_avg`, `_sum` of
   * fields the caller may see, under the client's `where` and the access filter. Decimals and
   * BigInts come back as exact strings.
   */
  async aggregate(
    args: {
      where?: unknown;
      _count?: unknown;
      _min?: unknown;
      _max?: unknown;
      _avg?: unknown;
      _sum?: unknown;
    },
    read: ReadContext<TAbility> = {},
  ): Promise<Serialized<Awaited<ReturnType<TDelegate['aggregate']>>>> {
    this.assertCaller(read);
    const { where, ...selection } = args;
    refuseUnknownKeys('aggregate', args, 'resource');
    checkAggregateFields(selection, this.definition.dto, read.context ?? {});
    checkResourceQuery({ where }, this.target.view, undefined, [], read, this.modelTypes);
    const all = { ...selection, ...(where === undefined ? {} : { where }) };
    return serializeValue(await this.total('aggregate', all, read, readAggregate)) as Serialized<
      Awaited<ReturnType<TDelegate['aggregate']>>
    >;
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
    this.assertCaller(read);
    const walk = await readResourceExport(this.target, query as ExportQuery, read, this.exports);
    return new ResourceExport(this.name, walk as never);
  }

  /** True when every read of this resource merges an access filter (its DTO names a subject). */
  get accessControlled(): boolean {
    return this.subject !== undefined;
  }

  /**
   * A count or an aggregate: checked arguments, the search ANDed in, under the caller's scope, one
   * delegate call.
   */
  private total<T>(
    operation: 'count' | 'aggregate',
    args: object,
    read: ReadContext<TAbility>,
    body: ModelRead<T>,
    search?: SearchWhere,
  ): Promise<T> {
    const { model, scope } = this.target;
    return runRead(operation, model.errors, model.subject, (log) => {
      const checked = checkClientArgs(operation, args, 'resource', { ...model, model: this.modelTypes });
      return body(model, withSearch(checked, search), scope(operation, read), log);
    });
  }

  private get anyTarget(): ResourceTarget<never, object, never> {
    return this.target as unknown as ResourceTarget<never, object, never>;
  }

  /** A read of an access-controlled resource names its caller, or says it has none. */
  private assertCaller(read: ReadContext<TAbility>): void {
    assertCaller(this.name, this.accessControlled, read);
  }
}

export type { ResourceNarrowing } from './resource-narrowing.js';

/** A `Resource` of any definition. */
export type AnyResource = Resource<QueryDelegate, object, never>;

/** The definition's resource type: `ResourceOf<typeof books>`. */
export type ResourceOf<TDefinition> =
  TDefinition extends ResourceDefinition<never, infer D, infer T, infer A> ? Resource<D, T, A> : never;

export function isResourceDefinition(value: unknown): value is AnyResourceDefinition {
  return isPlainObject(value) && typeof value.name === 'string' && typeof value.delegate === 'function';
}
