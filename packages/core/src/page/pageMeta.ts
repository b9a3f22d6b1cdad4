import type { PageMeta } from '../types.js';

/** What `computePageMeta` needs: the requested page and size, and the total of matching items. */
export interface PageMetaInput {
  /** 1-based page number. */
  readonly page: number;
  readonly perPage: number;
  readonly itemCount: number;
}

/** Number of pages for `itemCount` items, `perPage` to a page: 0 when there are no items. */
export function pageCount(itemCount: number, perPage: number): number {
  checkInteger('itemCount', itemCount, 0);
  checkInteger('perPage', perPage, 1);
  return Math.ceil(itemCount / perPage);
}

/** True when a page exists before `page` (1-based). */
export function hasPrevPage(page: number): boolean {
  return page > 1;
}

/**
 * True when a page exists after `page`. A page past the end (page 7 of 3) has none, so a client
 * paging forward stops instead of walking empty pages.
 */
export function hasNextPage(page: number, pageCountValue: number): boolean {
  return page < pageCountValue;
}

/**
 * The page meta of a paged read. A page past the last one is allowed (it is simply empty), so the
 * meta of a shrinking result stays truthful: `hasNextPage` false, `hasPrevPage` true.
 * @throws {RangeError} for a page below 1, a `perPage` below 1 or a negative `itemCount`, and for
 *   non-integers: these are server bugs, since input validation should have refused them first.
 */
export function computePageMeta(input: PageMetaInput): PageMeta {
  const { page, perPage, itemCount } = input;
  checkInteger('page', page, 1);
  const count = pageCount(itemCount, perPage);
  return {
    page,
    perPage,
    itemCount,
    pageCount: count,
    hasPrevPage: hasPrevPage(page),
    hasNextPage: hasNextPage(page, count),
  };
}

function checkInteger(name: string, value: number, minimum: number): void {
  if (!Number.isSafeInteger(value) || value < minimum) {
    throw new RangeError(`\`${name}\` must be an integer of at least ${minimum}.`);
  }
}
