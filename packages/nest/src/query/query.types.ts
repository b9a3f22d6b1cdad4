import type { KeysetPageMetaDTO, PageMetaDTO, PartialPageMetaDTO } from '../dto/page-meta.dto.js';
import type { BaseDelegateTypeMap } from '../model/delegate.types.js';

/**
 * Arguments of `findOne`/`findMany`. Other Prisma arguments (`cursor`, `omit`, ...) are not typed
 * here but are forwarded when present. `fields` is Facet's projection expression: the HTTP layer
 * consumes it, and the service removes it before the delegate sees the arguments.
 */
export interface FindArgs<TMap extends BaseDelegateTypeMap> {
  where?: TMap['whereInput'];
  orderBy?: TMap['orderByWithRelationInput'] | TMap['orderByWithRelationInput'][];
  include?: TMap['include'];
  select?: TMap['select'];
  distinct?: TMap['scalarFieldEnum'] | TMap['scalarFieldEnum'][];
  skip?: number;
  take?: number;
  fields?: string;
}

/** Arguments of `findUnique`: a unique where is required. */
export interface FindUniqueArgs<TMap extends BaseDelegateTypeMap> {
  where: TMap['whereUniqueInput'];
  include?: TMap['include'];
  select?: TMap['select'];
  fields?: string;
}

/**
 * Arguments of `findById`. The id supplies the lookup; a `where` narrows it further (the detail
 * route of spec 4.5 (docs/spec-conformance.md#45-query-string-parsing) may carry one), which makes it a find-first.
 */
export interface FindByIdArgs<TMap extends BaseDelegateTypeMap> {
  where?: TMap['whereInput'];
  include?: TMap['include'];
  select?: TMap['select'];
  fields?: string;
}

/** Arguments of `count`. */
export interface CountArgs<TMap extends BaseDelegateTypeMap> {
  where?: TMap['whereInput'];
}

/**
 * The input of `query` (the spec's `QueryDTO`). `page` and `perPage` are validated by the service:
 * positive integers, or their canonical decimal strings (`'2'`) for callers that did not decode
 * the query string; anything else is a 400 that names the key.
 */
export interface QueryArgs<TMap extends BaseDelegateTypeMap> {
  page?: number | string;
  /** A `meta.nextCursor` of an earlier page: the rows after it (keyset paging; not with `page`). */
  after?: string;
  /** A `meta.prevCursor` of a page: the rows before it, in the same order (not with `page` or `after`). */
  before?: string;
  perPage?: number | string;
  where?: TMap['whereInput'];
  orderBy?: TMap['orderByWithRelationInput'] | TMap['orderByWithRelationInput'][];
  include?: TMap['include'];
  select?: TMap['select'];
  fields?: string;
}

/**
 * Who a read is for, besides its ability (the vocabulary of a resource's `ReadContext`). A service
 * configured with `subject`/`accessibleWhere` refuses a read that names no caller: it needs an
 * ability, or `trusted: true` (docs/spec-conformance.md#46-access-filter-merge).
 */
export interface QueryReadOptions {
  /**
   * A read of the server's own, on behalf of no caller (a job, a seed, a report): no access filter
   * is merged, and related rows are not scoped. Not allowed together with an ability.
   * @default false
   */
  readonly trusted?: boolean;
}

export interface QueryCallOptions extends QueryReadOptions {
  /**
   * Whether to run the count query. Leave it on unless the response will not show `itemCount` or
   * `pageCount` (the HTTP layer turns it off when a `fields` projection of the envelope omits both).
   * @default true
   */
  count?: boolean;
}

/** The result of a counted `query` (docs/spec-conformance.md#22-server-side-paginated-result). */
export interface QueryResult<TRecord> {
  items: TRecord[];
  pageMeta: PageMetaDTO;
}

/** The result of a cursor page, `query({ after })` or `query({ before })`: the rows beside the cursor. */
export interface KeysetQueryResult<TRecord> {
  items: TRecord[];
  pageMeta: KeysetPageMetaDTO;
}

/** The result of `query(..., { count: false })`: the same page, without the totals. */
export interface PartialQueryResult<TRecord> {
  items: TRecord[];
  pageMeta: PartialPageMetaDTO;
}

export type { QueryOperation } from '../read/check/operation-keys.js';
