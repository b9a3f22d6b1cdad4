import { IsIn, IsOptional, IsString } from 'class-validator';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { FilterQueryDTO, searchTextRule } from './detail-query.dto.js';
import { IsObjectOrObjectArray } from './query-validators.js';

/**
 * The query input of an export (`GET /resource/export`): `format`, and `where`, `q`, `orderBy` and
 * `fields` as a list takes them. No `page`, `perPage` or `after`: an export is every matching
 * row, so they are refused (400 `unknown_key`) rather than ignored.
 */
export class ExportQueryDTO<
  TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap,
> extends FilterQueryDTO<TTypeMap> {
  /** `csv` (a header row of field paths, RFC 4180, UTF-8) or `ndjson` (one JSON item per line). Required. */
  @IsIn(['csv', 'ndjson'], { message: 'format must be one of: csv, ndjson' })
  format!: 'csv' | 'ndjson';

  /** A search text, as a list's `q` (see `FieldOptions.searchable`). */
  @IsOptional()
  @searchTextRule()
  q?: string;

  @IsOptional()
  @IsObjectOrObjectArray()
  orderBy?: TTypeMap['orderByWithRelationInput'] | TTypeMap['orderByWithRelationInput'][];

  /** Projection expression, as a list item's: `id,title,author{name}`. */
  @IsOptional()
  @IsString({ message: 'fields must be a string' })
  fields?: string;
}
