import { computePageMeta } from '@facet/core';
import { KeysetPageMetaDTO, PageMetaDTO, PartialPageMetaDTO } from '../../dto/page-meta.dto.js';
import type { PageRows } from '../execute/execute-page.js';
import type { CursorCodec } from '../plan/cursor.js';
import type { TotalOrder } from '../plan/keyset.js';
import type { PagePlan } from '../plan/plan-page.js';

/** A page's rows and meta, as `QueryService.query` returns them. */
export interface PageResult {
  readonly items: unknown[];
  readonly pageMeta: PageMetaDTO | PartialPageMetaDTO | KeysetPageMetaDTO;
}

/**
 * The page as the caller sees it: the extra row of an uncounted page dropped, the sort keys only
 * the cursor needed removed, and the meta (`nextCursor` the position after the last row shown).
 */
export function presentPage(
  rows: PageRows,
  plan: PagePlan,
  paging: { readonly page: number; readonly perPage: number },
  order: TotalOrder,
  cursors: CursorCodec,
): PageResult {
  const { page, perPage } = paging;
  const cursorAfter = (records: readonly unknown[]): string | null => {
    const last = records[records.length - 1] as Record<string, unknown> | undefined;
    if (last === undefined || order.keys === undefined) return null;
    return cursors.encode(
      order.signature,
      order.keys.map((key) => last[key.field] ?? null),
    );
  };
  const strip = (records: unknown[]) => stripped(records, plan.added);
  // Only a request that named a count mode is told which it got: the default meta is the spec's.
  const countMode = plan.counting?.shown === true ? { countMode: rows.countMode ?? 'exact' } : {};
  if (plan.mode === 'offset') {
    const meta = computePageMeta({ page, perPage, itemCount: rows.itemCount ?? 0 });
    const nextCursor = meta.hasNextPage && rows.records.length > 0 ? cursorAfter(rows.records) : null;
    return {
      items: strip(rows.records),
      pageMeta: new PageMetaDTO({ ...meta, ...countMode, nextCursor }),
    };
  }
  const hasNextPage = rows.records.length > perPage;
  const shown = hasNextPage ? rows.records.slice(0, perPage) : rows.records;
  const nextCursor = hasNextPage ? cursorAfter(shown) : null;
  if (plan.mode === 'partial') {
    return {
      items: strip(shown),
      pageMeta: new PartialPageMetaDTO({ page, perPage, hasPrevPage: page > 1, hasNextPage, nextCursor }),
    };
  }
  const { itemCount } = rows;
  return {
    items: strip(shown),
    pageMeta: new KeysetPageMetaDTO({
      perPage,
      hasNextPage,
      nextCursor,
      ...(itemCount === undefined ? {} : { itemCount, ...countMode }),
    }),
  };
}

function stripped(records: unknown[], added: readonly string[]): unknown[] {
  if (added.length === 0) return records;
  for (const record of records) {
    if (typeof record !== 'object' || record === null) continue;
    for (const field of added) delete (record as Record<string, unknown>)[field];
  }
  return records;
}
