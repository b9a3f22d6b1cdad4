import { IsObject, IsOptional } from 'class-validator';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { IsTrueOrObject } from './query-validators.js';

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
