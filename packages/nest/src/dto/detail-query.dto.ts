import { IsObject, IsOptional, IsString } from 'class-validator';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { IsObjectOrObjectArray, IsSearchText } from './query-validators.js';

// The query DTOs build on a filter (`where`): a detail read adds the projection, a page adds paging
// to it, and the reads that filter many rows (count and page) take a search text. With a
// `ValidationPipe` that has `forbidNonWhitelisted`, a member of a wider DTO (`page` on a detail
// route, `q` on a detail route) is refused rather than ignored.

/** The filter every read of a resource takes. */
export abstract class FilterQueryDTO<TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap> {
  @IsOptional()
  @IsObject({ message: 'where must be an object' })
  where?: TTypeMap['whereInput'];
}

/** `q`'s validation, shared by the count and page DTOs. */
export const searchTextRule = () => IsSearchText({ message: 'q must be a text' });

/** The query input of a count read (`GET /resource/count`): a filter and a search text. */
export class CountQueryDTO<
  TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap,
> extends FilterQueryDTO<TTypeMap> {
  /**
   * A search text: the rows where a searchable field the caller may see contains it (see
   * `FieldOptions.searchable`). Refused by a resource with no searchable field.
   */
  @IsOptional()
  @searchTextRule()
  q?: string;
}

/**
 * The query input of a detail read (`GET /resource/:id`): `QueryDTO` without paging or search. A
 * `where` narrows the lookup.
 */
export class DetailQueryDTO<
  TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap,
> extends FilterQueryDTO<TTypeMap> {
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

/**
 * The query input of a write (`POST /resource`, `PATCH` and `DELETE /resource/:id`): how the
 * answer, the written row as the caller reads it, is projected (as on `GET /resource/:id`).
 */
export class WriteQueryDTO {
  /** Projection expression of the answer (docs/spec-conformance.md#44-fields-projection). */
  @IsOptional()
  @IsString({ message: 'fields must be a string' })
  fields?: string;
}
