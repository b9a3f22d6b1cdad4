import type { CountKind, PageMeta } from '@facet/core';

/** Page information of a counted page read (`QueryService.query` with the count, the default). */
export class PageMetaDTO implements PageMeta {
  readonly page: number;
  readonly perPage: number;
  /** Total count of matching items. */
  readonly itemCount: number;
  /** Total number of pages; 0 when there are no items. */
  readonly pageCount: number;
  /**
   * Whether `itemCount` was counted or estimated by the database's planner; only when the request
   * named a count mode (`count=exact|estimated`).
   */
  readonly countMode?: CountKind;
  readonly hasPrevPage: boolean;
  readonly hasNextPage: boolean;
  /** `after=` this for the next page (keyset paging); `null` on the last page. */
  readonly nextCursor: string | null;
  /** `before=` this for the previous page (keyset paging); `null` on the first page. */
  readonly prevCursor: string | null;

  constructor(meta: PageMeta) {
    this.page = meta.page;
    this.perPage = meta.perPage;
    this.itemCount = meta.itemCount;
    this.pageCount = meta.pageCount;
    if (meta.countMode !== undefined) this.countMode = meta.countMode;
    this.hasPrevPage = meta.hasPrevPage;
    this.hasNextPage = meta.hasNextPage;
    this.nextCursor = meta.nextCursor ?? null;
    this.prevCursor = meta.prevCursor ?? null;
  }
}

/** Page information without the totals, which only a count query can know. */
export type PartialPageMeta = Omit<PageMeta, 'itemCount' | 'pageCount'>;

/**
 * Page information of an uncounted page read (`query(q, ability, { count: false })`): the caller's
 * projection asked for neither `itemCount` nor `pageCount`, so no count query ran. `hasNextPage`
 * is still exact (one extra row is read). The totals are absent, not zero, so that no client can
 * mistake "not counted" for "no items".
 */
export class PartialPageMetaDTO implements PartialPageMeta {
  readonly page: number;
  readonly perPage: number;
  readonly hasPrevPage: boolean;
  readonly hasNextPage: boolean;
  /** `after=` this for the next page (keyset paging); `null` on the last page. */
  readonly nextCursor: string | null;
  /** `before=` this for the previous page (keyset paging); `null` on the first page. */
  readonly prevCursor: string | null;

  constructor(meta: PartialPageMeta) {
    this.page = meta.page;
    this.perPage = meta.perPage;
    this.hasPrevPage = meta.hasPrevPage;
    this.hasNextPage = meta.hasNextPage;
    this.nextCursor = meta.nextCursor ?? null;
    this.prevCursor = meta.prevCursor ?? null;
  }
}

/** Page information of a page read from a cursor (`after=` or `before=`): a position, not a page number. */
export interface KeysetPageMeta {
  readonly perPage: number;
  /**
   * Whether rows precede the page. Exact when the page was read backwards (`before`) or from an
   * offset cursor; a page read forwards from a row's position says `true` (that row came first).
   */
  readonly hasPrevPage: boolean;
  /**
   * Whether rows follow the page. Exact when the page was read forwards (`after`); a page read
   * backwards from a row's position says `true` (that row comes after).
   */
  readonly hasNextPage: boolean;
  /** `after=` this for the next page; `null` when no row follows. */
  readonly nextCursor: string | null;
  /** `before=` this for the previous page; `null` when no row precedes. */
  readonly prevCursor: string | null;
  /** All matching items, when the count ran (only when asked for: see `QueryCallOptions.count`). */
  readonly itemCount?: number;
  readonly pageCount?: number;
  /** Whether `itemCount` was counted or estimated, when the request named a count mode. */
  readonly countMode?: CountKind;
}

/** Page information of a cursor page (`query({ after })`, `query({ before })`). It has no `page`: a cursor is a position. */
export class KeysetPageMetaDTO implements KeysetPageMeta {
  readonly perPage: number;
  readonly hasPrevPage: boolean;
  readonly hasNextPage: boolean;
  readonly nextCursor: string | null;
  readonly prevCursor: string | null;
  readonly itemCount?: number;
  readonly pageCount?: number;
  readonly countMode?: CountKind;

  constructor(meta: KeysetPageMeta) {
    this.perPage = meta.perPage;
    this.hasPrevPage = meta.hasPrevPage;
    this.hasNextPage = meta.hasNextPage;
    this.nextCursor = meta.nextCursor;
    this.prevCursor = meta.prevCursor;
    if (meta.itemCount !== undefined) {
      this.itemCount = meta.itemCount;
      this.pageCount = meta.pageCount ?? Math.ceil(meta.itemCount / meta.perPage);
      if (meta.countMode !== undefined) this.countMode = meta.countMode;
    }
  }
}
