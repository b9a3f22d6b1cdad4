import type { CountRows } from './execute/estimate-count.js';
import { executePage } from './execute/execute-page.js';
import type { ReadLog } from './execute/run-read.js';
import { totalOrder } from './plan/keyset.js';
import type { Paging } from './plan/paging.js';
import { cursorRead, type PageCounting, planPage } from './plan/plan-page.js';
import { type PageResult, presentPage } from './present/page-meta.js';
import type { DelegateArgs, ReadModel } from './read-model.js';
import type { AccessScope } from './scope/access-scope.js';
import { scopedArgs } from './scoped-args.js';

/** What a page read takes besides the checked arguments. */
export interface ListRead {
  readonly paging: Paging;
  /** The `page` the caller sent, refused next to a cursor. */
  readonly page: unknown;
  /** An `after` cursor: the rows after its position. */
  readonly after: unknown;
  /** A `before` cursor: the rows before its position, in the same order. */
  readonly before: unknown;
  /** Whether the totals are shown, so `count` runs. */
  readonly counted: boolean;
  /** How the count runs and whether the meta says so (`count=`); exact and unsaid when absent. */
  readonly counting?: PageCounting | undefined;
  /** Counts by estimate when `counting` asks for one (a resource's `countEstimator`). */
  readonly estimate?: CountRows | undefined;
}

/**
 * One page, from checked arguments to rows and meta: the sort ends with the model's key so the
 * order is total, the access scope is merged, the plan reads a cursor or offset page, `findMany`
 * and `count` run concurrently, and the meta carries the next and previous cursors.
 */
export async function readList(
  model: ReadModel,
  checked: DelegateArgs,
  read: ListRead,
  scope: AccessScope,
  log: ReadLog,
): Promise<PageResult> {
  const keyFields = model.key.map((field) => field.name);
  const order = totalOrder(checked.orderBy, keyFields, model.model.types, model.model.provider);
  // The client's own sort is checked (refusals name its paths), then the total one replaces it.
  const { args: scoped, empty } = scopedArgs(model, checked, scope);
  const cursor = cursorRead(read, order, model.cursors);
  const paging = { ...read.paging, cursor };
  const plan = planPage(scoped, order, paging, read.counted, keyFields[0] as string, read.counting);
  const rows = await executePage(model.delegate, plan, empty, log, read.estimate);
  return presentPage(rows, plan, read.paging, order, model.cursors);
}
