import { IsObject, IsOptional } from 'class-validator';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { searchTextRule } from './detail-query.dto.js';
import { IsFieldOrFieldList, IsObjectOrObjectArray, IsTrueOrObject } from './query-validators.js';

/**
 * The input of an aggregate read (docs/spec-conformance.md#24-query-input-querydto): `where` plus `_count`, `_min`, `_max`, `_avg` and `_sum`
 * in Prisma's shapes. Fields the DTO does not list are not accepted, so a `ValidationPipe` with
 * `forbidNonWhitelisted` refuses them.
 */
export class AggregateQueryDTO<TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap> {
  @IsOptional()
  @IsObject({ message: 'where must be an object' })
  where?: TTypeMap['whereInput'];

  @IsOptional()
  @IsTrueOrObject()
  _count?: TTypeMap['aggregateInputType'] extends { _count?: infer V } ? V : Record<string, boolean>;

  @IsOptional()
  @IsObject({ message: '_min must be an object' })
  _min?: TTypeMap['aggregateInputType'] extends { _min?: infer V } ? V : Record<string, boolean>;

  @IsOptional()
  @IsObject({ message: '_max must be an object' })
  _max?: TTypeMap['aggregateInputType'] extends { _max?: infer V } ? V : Record<string, boolean>;

  @IsOptional()
  @IsObject({ message: '_avg must be an object' })
  _avg?: TTypeMap['aggregateInputType'] extends { _avg?: infer V } ? V : Record<string, boolean>;

  @IsOptional()
  @IsObject({ message: '_sum must be an object' })
  _sum?: TTypeMap['aggregateInputType'] extends { _sum?: infer V } ? V : Record<string, boolean>;
}

/**
 * The query input of `GET /resource/aggregate` (`ResourceController`): an aggregate's `where` and
 * selections, the search text `q`, and, to group, `by` with its `orderBy`. The resource checks
 * `by`, `orderBy` and the selections field by field (`Resource#groupBy`); `having` is declared only
 * so that it is refused with its reason rather than as an unknown key.
 */
export class ResourceAggregateQueryDTO<
  TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap,
> extends AggregateQueryDTO<TTypeMap> {
  /** A search text, as a list's `q` (see `FieldOptions.searchable`). */
  @IsOptional()
  @searchTextRule()
  q?: string;

  /** A field, or a JSON array of fields, to group by: `by=genre`, `by=["genre","published"]`. */
  @IsOptional()
  @IsFieldOrFieldList()
  by?: TTypeMap['scalarFieldEnum'] | TTypeMap['scalarFieldEnum'][];

  /** With `by`: a `by` field or an aggregate of a field (`[{"_count":{"id":"desc"}}]`). */
  @IsOptional()
  @IsObjectOrObjectArray()
  orderBy?: Record<string, unknown> | Record<string, unknown>[];

  /** Not supported: a 400 that says to filter the rows with `where`. */
  @IsOptional()
  having?: Record<string, unknown>;
}
