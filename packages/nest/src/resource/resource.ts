import { FacetQueryError } from '@facet/core';
import type { AccessibleWhere } from '../access/access.types.js';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import type { BaseDelegateTypeMap, DelegateRecord, QueryDelegate } from '../model/delegate.types.js';
import type { ModelTypes } from '../model/model-types.js';
import { getAccessSubject } from '../policy/access-subject.js';
import { checkAggregateFields } from '../policy/aggregate-policy.js';
import { checkQueryPolicy } from '../policy/assert-query-policy.js';
import { isPlainRecord } from '../policy/plain-record.js';
import type { FieldContext } from '../projection/field-schema.types.js';
import { QueryService } from '../query/query.service.js';
import type { QueryReadOptions } from '../query/query.types.js';
import { serverWhere } from '../query/server-where.js';
import type { Serialized } from '../serialization/serialize-value.js';
import type { AnyResourceDefinition, ResourceDefinition } from './define-resource.js';
import { ResourceQuery } from './resource-query.js';
import type { ResourceQueryService } from './resource-query.types.js';
import type { ProjectedItem, ProjectedPage, ResourceReadQuery } from './resource-types.js';
import { hideUnreadableToOne, selectToOneIds, type ToOneAccess } from './to-one-access.js';

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

/** The arguments a client may send to `count`. */
const COUNT_KEYS: ReadonlySet<string> = new Set(['where']);
/** The arguments a client may send to `aggregate`. */
const AGGREGATE_ARGS: ReadonlySet<string> = new Set(['where', '_count', '_min', '_max', '_avg', '_sum']);

function refuseKeys(args: object, known: ReadonlySet<string>, operation: string): void {
  const issues = Object.entries(args)
    .filter(([key, value]) => value !== undefined && !known.has(key))
    .map(([key]) => ({
      code: 'unknown_key' as const,
      path: [key],
      message: `${operation} does not take this argument`,
    }));
  const [first, ...rest] = issues;
  if (first) throw new FacetQueryError([first, ...rest]);
}

/** The service's options for a read: a trusted one says so (the service refuses a read naming no caller). */
function trustedRead(read: ReadContext<unknown>): QueryReadOptions | undefined {
  return read.trusted === true ? { trusted: true } : undefined;
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
  private readonly service: QueryService<TDelegate, BaseDelegateTypeMap, TAbility>;
  private readonly reader: ResourceQuery<DelegateRecord<TDelegate>, TDto, TAbility>;
  private readonly subject: string | undefined;
  private readonly accessibleWhere: AccessibleWhere<TAbility, object> | undefined;

  constructor(
    readonly definition: ResourceDefinition<never, TDelegate, TDto, TAbility>,
    private readonly environment: ResourceEnvironment<TAbility>,
  ) {
    this.name = definition.name;
    const delegate = (definition.delegate as (client: unknown) => TDelegate)(environment.client);
    if (delegate === null || typeof delegate !== 'object') {
      throw new TypeError(`Resource ${definition.name}: \`delegate\` returned no model delegate.`);
    }
    this.subject = getAccessSubject(definition.dto);
    this.accessibleWhere = definition.accessibleWhere ?? environment.accessibleWhere;
    // Half an access configuration would serve every row to every caller: refuse it at start-up.
    if (this.accessibleWhere !== undefined && this.subject === undefined) {
      throw new FacetConfigurationError(
        `Resource ${definition.name}: an access rule is configured, but ${definition.dto.name} has no @AccessSubject, ` +
          'so no read of it would be filtered. Add @AccessSubject(...) to the DTO (an access rule may allow every row).',
      );
    }
    if (this.accessibleWhere === undefined && this.subject !== undefined) {
      throw new FacetConfigurationError(
        `Resource ${definition.name}: ${definition.dto.name} names the access subject ${this.subject}, but no ` +
          "accessibleWhere is configured (FacetModule.forRoot({ accessibleWhere }) or the resource's own), so no " +
          'read of it would be filtered.',
      );
    }
    const access =
      this.subject !== undefined && this.accessibleWhere !== undefined
        ? { subject: this.subject, accessibleWhere: this.accessibleWhere }
        : {};
    const cursorSecret = definition.service?.cursorSecret ?? environment.cursorSecret;
    this.service = new QueryService<TDelegate, BaseDelegateTypeMap, TAbility>(delegate, {
      ...definition.service,
      ...access,
      // A cursor is bound to the resource it was made for (two resources may read one model).
      cursorScope: definition.service?.cursorScope ?? `resource:${definition.name}`,
      ...(cursorSecret === undefined ? {} : { cursorSecret }),
      dto: definition.dto,
    });
    this.modelTypes = this.service.modelTypes;
    const map = definition.map ?? ((model: DelegateRecord<TDelegate>) => model as unknown as TDto);
    this.reader = new ResourceQuery<DelegateRecord<TDelegate>, TDto, TAbility>({
      service: this.checkedService(),
      dto: definition.dto,
      map,
      pushDown: true,
      ...(definition.baseInclude === undefined ? {} : { baseInclude: definition.baseInclude }),
      ...(definition.budget === undefined ? {} : { budget: definition.budget }),
    });
  }

  /**
   * A page (`GET /books`, `GET /books/search`): `where`, `orderBy`, `include`, `select`, `page`,
   * `perPage` and `fields` (items, or the envelope: `items{…},meta{…}`). No count query runs when
   * the projection shows neither `itemCount` nor `pageCount`.
   */
  async query<const F extends string = string>(
    query: ResourceReadQuery<TDto, F, true>,
    read: ReadContext<TAbility> = {},
  ): Promise<ProjectedPage<TDto, F>> {
    this.assertCaller(read);
    // The narrowed type is the compiler's reading of a literal `fields`; the projection makes it true.
    return (await this.reader.query(query, read)) as ProjectedPage<TDto, F>;
  }

  /** One item by id (`GET /books/:id`), projected by `fields`; a 404 when the caller may not read it. */
  async findById<const F extends string = string>(
    id: string | number | bigint,
    query: ResourceReadQuery<TDto, F> = {},
    read: ReadContext<TAbility> = {},
  ): Promise<ProjectedItem<TDto, F>> {
    this.assertCaller(read);
    return (await this.reader.findById(id, query, read)) as ProjectedItem<TDto, F>;
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
    return (await this.reader.findOne(
      async (prepared) => {
        const { where: clientWhere, ...rest } = prepared;
        // The route's own where is the server's: only the client's is prepared.
        const own = serverWhere(where);
        const narrowed = clientWhere === undefined ? own : { AND: [own, clientWhere] };
        const args = this.withToOneIds({ ...rest, where: narrowed }, read);
        const row = await this.service.findOne(args as never, read.ability, trustedRead(read));
        if (row !== null) await this.hideToOne([row], args, read);
        return row;
      },
      query,
      read,
    )) as ProjectedItem<TDto, F>;
  }

  /** The number of items matching the client's `where` that the caller may read (`GET /books/count`). */
  async count(query: { where?: unknown } = {}, read: ReadContext<TAbility> = {}): Promise<number> {
    this.assertCaller(read);
    refuseKeys(query, COUNT_KEYS, 'count');
    this.checkPolicy({ where: query.where }, read);
    return this.service.count(
      query.where === undefined ? {} : ({ where: query.where } as never),
      read.ability,
      trustedRead(read),
    );
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
    refuseKeys(args, AGGREGATE_ARGS, 'aggregate');
    checkAggregateFields(selection, this.definition.dto, read.context ?? {});
    this.checkPolicy({ where }, read);
    return this.service.aggregate(
      { ...selection, ...(where === undefined ? {} : { where }) } as never,
      read.ability,
      trustedRead(read),
    ) as Promise<Serialized<Awaited<ReturnType<TDelegate['aggregate']>>>>;
  }

  /** True when every read of this resource merges an access filter (its DTO names a subject). */
  get accessControlled(): boolean {
    return this.subject !== undefined;
  }

  /** A read of an access-controlled resource names its caller, or says it has none. */
  private assertCaller(read: ReadContext<TAbility>): void {
    if (read.trusted === true) {
      if (read.ability !== undefined) {
        throw new FacetConfigurationError(
          `Resource ${this.name}: a read is either trusted or made with an ability, not both.`,
        );
      }
      return;
    }
    if (read.ability === undefined && this.accessControlled) {
      throw new FacetConfigurationError(
        `Resource ${this.name} has an access rule: pass the caller's ability ({ ability }), or { trusted: true } ` +
          "for a read of the server's own. Check the module's readContext.",
      );
    }
  }

  private checkPolicy(query: { where?: unknown }, read: ReadContext<TAbility>): void {
    checkQueryPolicy(query, this.definition.dto, {
      context: read.context ?? {},
      ...(this.definition.budget === undefined ? {} : { budget: this.definition.budget }),
      ...(this.modelTypes === undefined ? {} : { model: this.modelTypes }),
    });
  }

  private accessFor(read: ReadContext<TAbility>): (subject: string) => object | undefined {
    const { ability } = read;
    const build = this.accessibleWhere;
    return (subject) => (ability === undefined || build === undefined ? undefined : build(ability, subject));
  }

  private toOneAccess(read: ReadContext<TAbility>): ToOneAccess {
    const client = this.environment.client as Record<string, QueryDelegate | undefined>;
    return {
      accessFor: this.accessFor(read),
      delegateFor: (model) => client[model.charAt(0).toLowerCase() + model.slice(1)],
    };
  }

  private withToOneIds<TArgs extends object>(args: TArgs, read: ReadContext<TAbility>): TArgs {
    return read.ability === undefined
      ? args
      : selectToOneIds(args, this.definition.dto, this.modelTypes, this.toOneAccess(read));
  }

  private async hideToOne(
    rows: readonly unknown[],
    args: object,
    read: ReadContext<TAbility>,
  ): Promise<void> {
    if (read.ability === undefined) return;
    await hideUnreadableToOne(rows, args, this.definition.dto, this.modelTypes, this.toOneAccess(read));
  }

  /**
   * The service as `ResourceQuery` calls it, with the to-one check around each read. The ability
   * arrives per call, so the check is built per call too.
   */
  private checkedService(): ResourceQueryService<DelegateRecord<TDelegate>, TAbility> {
    const service = this.service;
    const withIds = (args: object, ability: TAbility | undefined) =>
      ability === undefined ? args : this.withToOneIds(args, { ability });
    return {
      modelTypes: service.modelTypes,
      query: async (args, ability, options) => {
        const ready = withIds(args, ability);
        const result = await service.query(ready as never, ability, options);
        await this.hideToOne(result.items, ready, ability === undefined ? {} : { ability });
        return result;
      },
      findById: async (id, args, ability, options) => {
        const ready = withIds(args, ability);
        const row = await service.findById(id, ready as never, ability, options);
        await this.hideToOne([row], ready, ability === undefined ? {} : { ability });
        return row;
      },
    };
  }
}

/** A `Resource` of any definition. */
export type AnyResource = Resource<QueryDelegate, object, never>;

/** The definition's resource type: `ResourceOf<typeof books>`. */
export type ResourceOf<TDefinition> =
  TDefinition extends ResourceDefinition<never, infer D, infer T, infer A> ? Resource<D, T, A> : never;

export function isResourceDefinition(value: unknown): value is AnyResourceDefinition {
  return isPlainRecord(value) && typeof value.name === 'string' && typeof value.delegate === 'function';
}
