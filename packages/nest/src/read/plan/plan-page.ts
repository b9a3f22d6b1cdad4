import { type CountKind, FacetQueryError } from '@facet/core';
import type { CursorCodec } from './cursor.js';
import { keysetWhere, type TotalOrder } from './keyset.js';

type Args = { where?: unknown; [key: string]: unknown };

/** The delegate calls of one page: its `findMany`, and its `count` when totals are shown. */
export interface PagePlan {
  readonly mode: 'keyset' | 'offset' | 'partial';
  readonly findMany: Args;
  readonly count: Args | undefined;
  /** How `count` runs (exact, or estimated above a threshold) and whether the meta says so; with `count` only. */
  readonly counting: PageCounting | undefined;
  /** Sort keys a `select` did not ask for, added for the next cursor and removed from the rows. */
  readonly added: readonly string[];
}

/** How a counted page counts (`count=exact|estimated`), and whether `meta.countMode` shows it. */
export interface PageCounting {
  readonly mode: CountKind;
  /** True when the request named a count mode: the default meta keeps the spec's shape. */
  readonly shown: boolean;
}

const EXACT: PageCounting = Object.freeze({ mode: 'exact', shown: false });

/** The position an `after` cursor holds; a 400 when it cannot be one for this read. */
export function cursorPosition(
  input: { readonly page?: unknown; readonly after: string },
  order: TotalOrder,
  cursors: CursorCodec,
): unknown[] {
  const refuse = (message: string): never => {
    throw new FacetQueryError([{ code: 'invalid_cursor', path: ['after'], message }]);
  };
  if (input.page !== undefined)
    refuse('after and page cannot be combined: a cursor is a position of its own');
  if (order.keys === undefined) {
    refuse("Keyset paging (after) needs a sort by the model's own fields, not a relation's or a _count.");
  }
  return cursors.decode(input.after, order.signature, order.keys?.length ?? 0);
}

/**
 * The calls of one page, from the scoped arguments: the total order replaces the client's sort,
 * a keyset page reads the rows after its position, an offset page skips; a page without totals
 * reads `perPage + 1` rows to know whether another follows, a counted one runs `count` beside it.
 */
export function planPage(
  scoped: Args,
  order: TotalOrder,
  paging: { readonly page: number; readonly perPage: number; readonly position: unknown[] | undefined },
  counted: boolean,
  anyField: string,
  counting: PageCounting = EXACT,
): PagePlan {
  const { args: base, added } = withSortKeys({ ...scoped, orderBy: order.orderBy }, order);
  const { page, perPage, position } = paging;
  const countArgs = base.where === undefined ? {} : { where: base.where };
  if (position !== undefined && order.keys !== undefined) {
    const after = keysetWhere(order.keys, position, anyField);
    const where = base.where === undefined ? after : { AND: [base.where, after] };
    const findMany = { ...base, where, take: perPage + 1 };
    if (!counted) return { mode: 'keyset', findMany, count: undefined, counting: undefined, added };
    return { mode: 'keyset', findMany, count: countArgs, counting, added };
  }
  const skip = (page - 1) * perPage;
  if (!counted) {
    const findMany = { ...base, skip, take: perPage + 1 };
    return { mode: 'partial', findMany, count: undefined, counting: undefined, added };
  }
  return { mode: 'offset', findMany: { ...base, skip, take: perPage }, count: countArgs, counting, added };
}

/**
 * A `select` that leaves out a sort key gets it added, so the next cursor can be built; `added`
 * names what the caller did not ask for.
 */
function withSortKeys(args: Args, order: TotalOrder): { args: Args; added: readonly string[] } {
  const select = args.select;
  if (order.keys === undefined || typeof select !== 'object' || select === null) return { args, added: [] };
  const chosen = select as Record<string, unknown>;
  const added = order.keys.map((key) => key.field).filter((field) => chosen[field] !== true);
  if (added.length === 0) return { args, added };
  const widened: Record<string, unknown> = { ...chosen };
  for (const field of added) widened[field] = true;
  return { args: { ...args, select: widened }, added };
}
