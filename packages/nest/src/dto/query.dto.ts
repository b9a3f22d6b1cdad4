import { COUNT_MODES, type CountMode } from '@facet/core';
import { IsIn, IsInt, IsOptional, IsString, Min, MinLength } from 'class-validator';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';
import { DetailQueryDTO, searchTextRule } from './detail-query.dto.js';

const POSITIVE_INTEGER = (name: string) => ({ message: `${name} must be a positive integer` });

/**
 * The query input of a paged read (docs/spec-conformance.md#24-query-input-querydto): page, perPage, where, orderBy (an object or an
 * array), include, select and fields, validated with class-validator. Use it after
 * `QueryTransformPipe` (or `@FacetQuery()`), which has already decoded dotted keys and JSON values.
 *
 * The upper bound of `perPage` is the service's `maxPerPage`, checked by `QueryService` (a 400, never
 * a silent clamp), so one DTO serves services with different limits.
 */
export class QueryDTO<
  TTypeMap extends BaseDelegateTypeMap = BaseDelegateTypeMap,
> extends DetailQueryDTO<TTypeMap> {
  /** Page number, from 1. Default: 1 (Facet default, not from the spec). */
  @IsOptional()
  @IsInt(POSITIVE_INTEGER('page'))
  @Min(1, POSITIVE_INTEGER('page'))
  page?: number;

  /** Page size, from 1 up to the service's `maxPerPage`. Default: the service's `defaultPerPage`. */
  @IsOptional()
  @IsInt(POSITIVE_INTEGER('perPage'))
  @Min(1, POSITIVE_INTEGER('perPage'))
  perPage?: number;

  /** `meta.nextCursor` of an earlier page: the rows after it (keyset paging). Not with `page`. */
  @IsOptional()
  @IsString({ message: 'after must be a cursor (meta.nextCursor of an earlier page)' })
  @MinLength(1, { message: 'after must be a cursor (meta.nextCursor of an earlier page)' })
  after?: string;

  /** `meta.prevCursor` of a page: the rows before it, in the same order (keyset paging). Not with `page` or `after`. */
  @IsOptional()
  @IsString({ message: 'before must be a cursor (meta.prevCursor of a page)' })
  @MinLength(1, { message: 'before must be a cursor (meta.prevCursor of a page)' })
  before?: string;

  /** A search text, as `CountQueryDTO`'s `q`. */
  @IsOptional()
  @searchTextRule()
  q?: string;

  /**
   * How the page counts its matches: `exact` (the default), `estimated` (exact up to the resource's
   * `estimatedCountThreshold`, the planner's estimate above it; `meta.countMode` says which) or
   * `none` (no count runs; the meta has no `itemCount` or `pageCount`).
   */
  @IsOptional()
  @IsIn(COUNT_MODES, { message: `count must be one of ${COUNT_MODES.join(', ')}` })
  count?: CountMode;
}
