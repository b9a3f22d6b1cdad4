import { IsObject, IsOptional } from 'class-validator';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { IsTrueOrObject } from './query-validators.js';

type AggregateArgs<TTypeMap extends BaseDelegateTypeMap> = TTypeMap['aggregateInputType'];
type Member<TTypeMap extends BaseDelegateTypeMap, K extends string> =
  AggregateArgs<TTypeMap> extends { [P in K]?: infer V } ? V : Record<string, boolean>;

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
  _count?: Member<TTypeMap, '_count'>;

  @IsOptional()
  @IsObject({ message: '_min must be an object' })
  _min?: Member<TTypeMap, '_min'>;

  @IsOptional()
  @IsObject({ message: '_max must be an object' })
  _max?: Member<TTypeMap, '_max'>;

  @IsOptional()
  @IsObject({ message: '_avg must be an object' })
  _avg?: Member<TTypeMap, '_avg'>;

  @IsOptional()
  @IsObject({ message: '_sum must be an object' })
  _sum?: Member<TTypeMap, '_sum'>;
}
