import type { PageMeta } from '@facet/core';
import type { KeysetPageMetaDTO, PageMetaDTO, PartialPageMetaDTO } from '../dto/page-meta.dto.js';
import type { ModelTypes } from '../model/model-types.js';
import type { FieldContext } from '../projection/field-schema.types.js';
import type { IncludeTree } from '../projection/merge-relation-args.js';
import type { PrepareFieldsQueryOptions } from '../projection/prepare-fields-query.js';
import type { QueryCallOptions, QueryReadOptions } from '../query/query.types.js';
import type { QueryBudget } from '../read/check/query-budget.js';

/**
 * The service calls `ResourceQuery` makes; `QueryService` fits. Typed structurally so that a
 * wrapper or another implementation fits too.
 */
export interface ResourceQueryService<TModel, TAbility> {
  query(
    args: object,
    ability: TAbility | undefined,
    options: QueryCallOptions,
  ): Promise<{ items: TModel[]; pageMeta: PageMetaDTO | PartialPageMetaDTO | KeysetPageMetaDTO }>;
  findById(
    id: string | number | bigint,
    args: object,
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<TModel>;
  /**
   * The field types of the model (`QueryService` reads them from Prisma's runtime data model):
   * operands are checked against them, and string fields keep the text a client sent.
   */
  readonly modelTypes?: ModelTypes | undefined;
}

export type { ResourceMapContext } from '../read/read-model.js';

import type { ResourceMapContext } from '../read/read-model.js';

export interface ResourceQueryOptions<TModel, TDto extends object, TAbility> {
  /** The service that reads the models. */
  readonly service: ResourceQueryService<TModel, TAbility>;
  /** The DTO class whose field schema `fields` is checked against and projected with. */
  readonly dto: abstract new (
    ...args: never[]
  ) => TDto;
  /** Turns a model into the DTO (before projection). With `pushDown`, it may see only some columns. */
  readonly map: (model: TModel, context: ResourceMapContext<TAbility>) => TDto;
  /** Relations every read of this resource loads (docs/spec-conformance.md#44-fields-projection, rule 3). @default {} */
  readonly baseInclude?: IncludeTree;
  /**
   * See `PrepareFieldsQueryOptions.pushDown`, whose default is `false`: the resource layer turns it
   * on, since reading only the projected columns is a measured speed-up (docs/benchmarks.md).
   * Facet default, not from the spec.
   * @default true
   */
  readonly pushDown?: boolean;
  /** See `PrepareFieldsQueryOptions.alwaysSelect`. @default the DTO's `id` field's source */
  readonly alwaysSelect?: readonly string[];
  /** Limits of the `fields` grammar; core's defaults. */
  readonly fieldsOptions?: PrepareFieldsQueryOptions['fieldsOptions'];
  /** Size limits of the client's `where`/`orderBy`/`include`/`select`; see `QueryBudget`. */
  readonly budget?: QueryBudget;
}

/** Per-read input besides the query. */
export interface ResourceReadOptions<TAbility> {
  /** Passed to the service, which merges its access filter. */
  readonly ability?: TAbility;
  /** Passed to `expose` rules and to the mapper. @default {} */
  readonly context?: FieldContext;
  /**
   * A read of the server's own, passed to the service (`QueryReadOptions.trusted`): a service with
   * an access configuration refuses a read with neither an ability nor this. @default false
   */
  readonly trusted?: boolean;
}

/**
 * A projected page. Without an envelope projection both members are present (a `PaginatedDTO`);
 * an envelope projection (`items{…},meta{…}`) keeps only what it names.
 */
export interface ResourcePage<TDto> {
  readonly items?: Partial<TDto>[];
  readonly meta?: Partial<PageMeta>;
}
