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

  constructor(meta: PageMeta) {
    this.page = meta.page;
    this.perPage = meta.perPage;
    this.itemCount = meta.itemCount;
    this.pageCount = meta.pageCount;
    if (meta.countMode !== undefined) this.countMode = meta.countMode;
    this.hasPrevPage = meta.hasPrevPage;
    this.hasNextPage = meta.hasNextPage;
    this.nextCursor = meta.nextCursor ?? null;
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

  constructor(meta: PartialPageMeta) {
    this.page = meta.page;
    this.perPage = meta.perPage;
    this.hasPrevPage = meta.hasPrevPage;
    this.hasNextPage = meta.hasNextPage;
    this.nextCursor = meta.nextCursor ?? null;
  }
}

/** Page information of a keyset page (`after=`): a position, not a page number. */
export interface KeysetPageMeta {
  readonly perPage: number;
  /** Always true: the rows before the cursor. */
  readonly hasPrevPage: true;
  readonly hasNextPage: boolean;
  readonly nextCursor: string | null;
  /** All matching items, when the count ran (only when asked for: see `QueryCallOptions.count`). */
  readonly itemCount?: number;
  readonly pageCount?: number;
  /** Whether `itemCount` was counted or estimated, when the request named a count mode. */
  readonly countMode?: CountKind;
}

/** Page information of a keyset page (`query({ after })`). It has no `page`: a cursor is a position. */
export class KeysetPageMetaDTO implements KeysetPageMeta {
  readonly perPage: number;
  readonly hasPrevPage = true as const;
  readonly hasNextPage: boolean;
  readonly nextCursor: string | null;
  readonly itemCount?: number;
  readonly pageCount?: number;
  readonly countMode?: CountKind;

  constructor(meta: Omit<KeysetPageMeta, 'hasPrevPage'>) {
    this.perPage = meta.perPage;
    this.hasNextPage = meta.hasNextPage;
    this.nextCursor = meta.nextCursor;
    if (meta.itemCount !== undefined) {
      this.itemCount = meta.itemCount;
      this.pageCount = meta.pageCount ?? Math.ceil(meta.itemCount / meta.perPage);
      if (meta.countMode !== undefined) this.countMode = meta.countMode;
    }
  }
}
