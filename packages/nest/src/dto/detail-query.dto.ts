import { IsObject, IsOptional, IsString } from 'class-validator';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { IsObjectOrObjectArray } from './query-validators.js';

// The three query DTOs build on each other (count ⊂ detail ⊂ page), so a member is declared and
// validated in one place. With a `ValidationPipe` that has `forbidNonWhitelisted`, a member of a
// wider DTO (`page` on a detail route) is refused rather than ignored.

/** The query input of a count read (`GET /resource/count`): a filter only. */
export class CountQueryDTO<TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap> {
  @IsOptional()
  @IsObject({ message: 'where must be an object' })
  where?: TTypeMap['whereInput'];
}

/**
 * The query input of a detail read (`GET /resource/:id`): `QueryDTO` without paging. A `where`
 * narrows the lookup.
 */
export class DetailQueryDTO<
  TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap,
> extends CountQueryDTO<TTypeMap> {
  @IsOptional()
  @IsObjectOrObjectArray()
  orderBy?: TTypeMap['orderByWithRelationInput'] | TTypeMap['orderByWithRelationInput'][];

  @IsOptional()
  @IsObject({ message: 'include must be an object' })
  include?: TTypeMap['include'];

  @IsOptional()
  @IsObject({ message: 'select must be an object' })
  select?: TTypeMap['select'];

  /** Projection expression (docs/spec-conformance.md#44-fields-projection): `id,title,author{name}`. */
  @IsOptional()
  @IsString({ message: 'fields must be a string' })
  fields?: string;
}
