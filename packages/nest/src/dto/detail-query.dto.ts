import { IsObject, IsOptional, IsString } from 'class-validator';
import type { BaseDelegateTypeMap } from '../query/delegate.types.js';
import { IsObjectOrObjectArray } from './query-validators.js';

/**
 * The query input of a detail read (`GET /resource/:id`): `QueryDTO` without paging. A `where`
 * narrows the lookup. With a `ValidationPipe` that has `forbidNonWhitelisted`, `page` or any
 * unknown key is refused rather than ignored.
 */
export class DetailQueryDTO<TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap> {
  /** Projection expression (spec 4.4): `id,title,author{name}`. */
  @IsOptional()
  @IsString({ message: 'fields must be a string' })
  fields?: string;

  @IsOptional()
  @IsObject({ message: 'where must be an object' })
  where?: TTypeMap['whereInput'];

  @IsOptional()
  @IsObjectOrObjectArray()
  orderBy?: TTypeMap['orderByWithRelationInput'] | TTypeMap['orderByWithRelationInput'][];

  @IsOptional()
  @IsObject({ message: 'include must be an object' })
  include?: TTypeMap['include'];

  @IsOptional()
  @IsObject({ message: 'select must be an object' })
  select?: TTypeMap['select'];
}

/** The query input of a count read (`GET /resource/count`): a filter only. */
export class CountQueryDTO<TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap> {
  @IsOptional()
  @IsObject({ message: 'where must be an object' })
  where?: TTypeMap['whereInput'];
}
