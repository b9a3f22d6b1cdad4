import type { PageMeta } from '@facet/core';

/** Page information of a counted page read (`QueryService.query` with the count, the default). */
export class PageMetaDTO implements PageMeta {
  readonly page: number;
  readonly perPage: number;
  /** Total count of matching items. */
  readonly itemCount: number;
  /** Total number of pages; 0 when there are no items. */
  readonly pageCount: number;
  readonly hasPrevPage: boolean;
  readonly hasNextPage: boolean;

  constructor(meta: PageMeta) {
    this.page = meta.page;
    this.perPage = meta.perPage;
    this.itemCount = meta.itemCount;
    this.pageCount = meta.pageCount;
    this.hasPrevPage = meta.hasPrevPage;
    this.hasNextPage = meta.hasNextPage;
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

  constructor(meta: PartialPageMeta) {
    this.page = meta.page;
    this.perPage = meta.perPage;
    this.hasPrevPage = meta.hasPrevPage;
    this.hasNextPage = meta.hasNextPage;
  }
}
