import { computePageMeta } from '@facet/core';
import { KeysetPageMetaDTO, PageMetaDTO, PartialPageMetaDTO } from '../../dto/page-meta.dto.js';
import type { PageRows } from '../execute/execute-page.js';
import type { CursorCodec, Position } from '../plan/cursor.js';
import { keyValues, type TotalOrder } from '../plan/keyset.js';
import { type PagePlan, stripAdded } from '../plan/plan-page.js';

/** A page's rows and meta, as `QueryService.query` returns them. */
export interface PageResult {
  readonly items: unknown[];
  readonly pageMeta: PageMetaDTO | PartialPageMetaDTO | KeysetPageMetaDTO;
}

/**
 * The page as the caller sees it: the extra row dropped, a backwards read turned round, the sort
 * keys only the cursors needed removed, and the meta: `nextCursor` the position after the last row
 * shown (when more rows follow), `prevCursor` the one before the first (when rows precede).
 */
export function presentPage(
  rows: PageRows,
  plan: PagePlan,
  paging: { readonly page: number; readonly perPage: number },
  order: TotalOrder,
  cursors: CursorCodec,
): PageResult {
  const { page, perPage } = paging;
  const seal = (position: Position) => cursors.encode(order.signature, position);
  const more = rows.records.length > plan.size;
  let shown = more ? rows.records.slice(0, plan.size) : rows.records;
  if (plan.reversed) shown = shown.reverse();
  const { start } = plan;
  /** The place beside a row (a key position), or at an index when the sort has no keys. */
  const beside = (row: unknown, edge: 'after' | 'before', index: number | undefined): string => {
    if (order.keys !== undefined) return seal({ kind: 'key', values: keyValues(row, order.keys), edge });
    // Offset cursors are made only where the index is known (the sort has no keys: every read is by offset).
    return seal({ kind: 'offset', offset: index as number });
  };
  const nextAt = (hasNext: boolean): string | null => {
    if (!hasNext) return null;
    const last = shown[shown.length - 1];
    if (last !== undefined) return beside(last, 'after', (start ?? 0) + shown.length);
    // An empty page with rows after it stands at its own position: the cursor it was read from.
    return samePlace(plan, seal, start);
  };
  const prevAt = (hasPrev: boolean): string | null => {
    if (!hasPrev) return null;
    const first = shown[0];
    if (first !== undefined) return beside(first, 'before', start);
    return samePlace(plan, seal, start);
  };
  // Only a request that named a count mode is told which it got: the default meta is the spec's.
  const countMode = plan.counting?.shown === true ? { countMode: rows.countMode ?? 'exact' } : {};
  if (plan.mode === 'offset') {
    const meta = computePageMeta({ page, perPage, itemCount: rows.itemCount ?? 0 });
    const pageMeta = new PageMetaDTO({
      ...meta,
      ...countMode,
      nextCursor: nextAt(meta.hasNextPage && shown.length > 0),
      prevCursor: prevAt(meta.hasPrevPage),
    });
    return { items: stripAdded(shown, plan.added), pageMeta };
  }
  if (plan.mode === 'partial') {
    const pageMeta = new PartialPageMetaDTO({
      page,
      perPage,
      hasPrevPage: page > 1,
      hasNextPage: more,
      nextCursor: nextAt(more),
      prevCursor: prevAt(page > 1),
    });
    return { items: stripAdded(shown, plan.added), pageMeta };
  }
  // A cursor page. Read forwards, `more` says whether rows follow; the rows before it are known
  // to exist only from an offset (a key position's own row was on an earlier page). Read
  // backwards, `more` says whether rows precede, and the position's row follows.
  const forwards = !plan.reversed;
  const hasPrevPage = start !== undefined ? start > 0 : forwards ? true : more;
  const hasNextPage = forwards ? more : plan.cursor?.position.kind === 'key' ? true : more;
  const { itemCount } = rows;
  const pageMeta = new KeysetPageMetaDTO({
    perPage,
    hasPrevPage,
    hasNextPage,
    nextCursor: nextAt(hasNextPage),
    prevCursor: prevAt(hasPrevPage),
    ...(itemCount === undefined ? {} : { itemCount, ...countMode }),
  });
  return { items: stripAdded(shown, plan.added), pageMeta };
}

/** The cursor of a page with no row: the position it was read from, or its offset. */
function samePlace(plan: PagePlan, seal: (position: Position) => string, start: number | undefined): string {
  const position = plan.cursor?.position;
  if (position !== undefined && position.kind === 'key') return seal(position);
  return seal({ kind: 'offset', offset: position?.kind === 'offset' ? position.offset : (start ?? 0) });
}
