import { isPlainObject } from '@facet/core';
import type { DelegateRecord, QueryDelegate } from '../model/delegate.types.js';
import type { DtoClass } from '../projection/field-schema.types.js';
import type { IncludeTree } from '../projection/merge-relation-args.js';
import type { QueryServiceOptions } from '../query/query-service.options.js';
import type { QueryBudget } from '../read/check/query-budget.js';
import type { ReadEngineName } from '../read/execute/sql-reads.js';
import type { AccessibleWhere } from '../read/scope/access.types.js';
import type { ResourceWrites } from '../write/types/write.types.js';
import type { ResourceExportOptions } from './export-options.js';
import type { ResourceMapContext } from './resource-query.types.js';

/** `QueryService` options a resource may set; access and the DTO come from the resource itself. */
export type ResourceServiceOptions = Omit<QueryServiceOptions, 'subject' | 'accessibleWhere' | 'dto'>;

/**
 * Everything Facet needs to serve one model, declared once. Every read of the resource (page,
 * detail, count, aggregate, and the relations any of them reach) is checked against it: the DTO's
 * fields as the caller may see them, the budgets, and the access filter of each subject.
 *
 * @typeParam TClient the application's Prisma client (the module's `prisma`)
 * @typeParam TDelegate the model delegate the resource reads (`PrismaClient['book']`)
 * @typeParam TDto the DTO class's instance type: what a caller may see
 * @typeParam TWrites the writes it declares (their input DTOs give `ResourceCreateBody`/`ResourceUpdateBody`)
 */
export interface ResourceDefinition<
  TClient,
  TDelegate extends QueryDelegate,
  TDto extends object,
  TAbility = unknown,
  TWrites extends ResourceWrites<object, object, TAbility> = ResourceWrites<object, object, TAbility>,
> {
  /** The resource's name: its route path (`books`) and how it is known in errors and logs. */
  readonly name: string;
  /** Picks the model's delegate from the Prisma client: `(prisma) => prisma.book`. */
  readonly delegate: (client: TClient) => TDelegate;
  /**
   * The DTO class. Its `@Field`/`@Relation`/`@ApiProperty` declarations are the allow-list of
   * every read, its `expose` rules decide per caller, and its `@AccessSubject` names the subject
   * whose access filter every read merges (relations follow their own DTOs' subjects).
   */
  readonly dto: DtoClass & (abstract new (...args: never[]) => TDto);
  /**
   * Turns a model row into the DTO (before `fields` projects it).
   * @default the row as it is
   */
  readonly map?: (model: DelegateRecord<TDelegate>, context: ResourceMapContext<TAbility>) => TDto;
  /**
   * The access filter of a subject for an ability, for this resource's reads. Most applications
   * give one to the module (`FacetModule.forRoot({ accessibleWhere })`) for every resource.
   * @default the module's `accessibleWhere`
   */
  readonly accessibleWhere?: AccessibleWhere<TAbility, object>;
  /** Size limits of the client's `where`/`orderBy`/`include`/`select`; see `QueryBudget`. */
  readonly budget?: QueryBudget;
  /**
   * Relations every read of this resource loads; a client's include merges into them (its `where`
   * on one of them can narrow it, never widen it). @default {}
   */
  readonly baseInclude?: IncludeTree;
  /** Paging, error and id options of the underlying `QueryService`; see `QueryServiceOptions`. */
  readonly service?: ResourceServiceOptions;
  /**
   * Up to how many matching rows a list with `count=estimated` counts exactly; above it, `itemCount`
   * is the database planner's estimate (`meta.countMode: 'estimated'`). PostgreSQL only, and only
   * with a Prisma client that emits query events (`log: [{ emit: 'event', level: 'query' }]`);
   * elsewhere the count is exact (see `countEstimator`). Facet's default, not the spec's.
   * @default 10000
   */
  readonly estimatedCountThreshold?: number;
  /**
   * Which execution stage the resource's list pages and counts run on: `'prisma'` (the delegate's
   * calls) or `'sql'` (compiled to one SQL statement each by the module's `sql` engine, where the
   * compiler covers the read; the rest stays on Prisma). Same answers either way.
   * @default the module's `engine`, else 'prisma'
   */
  readonly engine?: ReadEngineName;
  /** Limits and snapshot of the resource's exports; see `ResourceExportOptions`. */
  readonly export?: ResourceExportOptions;
  /**
   * The most groups a group read (`GET /books/aggregate?by=genre`, `resource.groupBy`) answers;
   * more is a 400 asking the client to narrow its filter, never a cut-off list.
   * @default 1000
   */
  readonly maxGroups?: number;
  /**
   * The writes the resource serves (`resource.create/update/delete`, and `ResourceController`'s
   * `POST /`, `PATCH /:id`, `DELETE /:id` with `{ writes: true }`): each one's input DTO, the fields
   * the server sets, and the ability's `create`/`update`/`delete` conditions merged into it
   * (docs/SECURITY.md, "Writes"). @default none: the resource is read-only
   */
  readonly writes?: TWrites;
}

/** `ResourceDefinition.estimatedCountThreshold`'s default. */
export const DEFAULT_ESTIMATED_COUNT_THRESHOLD = 10_000;

/**
 * Declares a resource. The function only checks the definition and returns it, typed: register it
 * with `FacetModule.forFeature([books])`, inject it with `@InjectResource(books)`, and serve its
 * routes with `ResourceController(books)`.
 *
 * ```ts
 * export const books = defineResource({
 *   name: 'books',
 *   delegate: (prisma: PrismaClient) => prisma.book,
 *   dto: BookDto,
 *   map: toBookDto,
 * });
 * ```
 */
export function defineResource<
  TClient,
  TDelegate extends QueryDelegate,
  TDto extends object,
  TAbility = unknown,
  const TWrites extends ResourceWrites<object, object, TAbility> = ResourceWrites<object, object, TAbility>,
>(
  definition: ResourceDefinition<TClient, TDelegate, TDto, TAbility, TWrites>,
): ResourceDefinition<TClient, TDelegate, TDto, TAbility, TWrites> {
  if (typeof definition !== 'object' || definition === null)
    throw new TypeError('defineResource needs a definition object.');
  if (typeof definition.name !== 'string' || !/^[A-Za-z0-9][\w-]*$/.test(definition.name)) {
    throw new TypeError('A resource `name` must be a non-empty path segment (letters, digits, - and _).');
  }
  if (typeof definition.delegate !== 'function') {
    throw new TypeError(
      `Resource ${definition.name}: \`delegate\` must pick the model delegate from the client.`,
    );
  }
  if (typeof definition.dto !== 'function')
    throw new TypeError(`Resource ${definition.name}: \`dto\` must be a class.`);
  if (definition.map !== undefined && typeof definition.map !== 'function') {
    throw new TypeError(`Resource ${definition.name}: \`map\` must be a function.`);
  }
  const threshold = definition.estimatedCountThreshold;
  if (threshold !== undefined && (!Number.isSafeInteger(threshold) || threshold < 1)) {
    throw new RangeError(
      `Resource ${definition.name}: \`estimatedCountThreshold\` must be a positive integer, got ${String(threshold)}.`,
    );
  }
  const maxGroups = definition.maxGroups;
  if (maxGroups !== undefined && (!Number.isSafeInteger(maxGroups) || maxGroups < 1)) {
    throw new RangeError(
      `Resource ${definition.name}: \`maxGroups\` must be a positive integer, got ${String(maxGroups)}.`,
    );
  }
  if (
    definition.writes !== undefined &&
    (typeof definition.writes !== 'object' || definition.writes === null)
  ) {
    throw new TypeError(`Resource ${definition.name}: \`writes\` must be an object.`);
  }
  return Object.freeze({ ...definition });
}

/** Any resource definition, whatever its types (`never` where a type is only ever consumed). */
export type AnyResourceDefinition = ResourceDefinition<never, QueryDelegate, object, never>;

export function isResourceDefinition(value: unknown): value is AnyResourceDefinition {
  return isPlainObject(value) && typeof value.name === 'string' && typeof value.delegate === 'function';
}
