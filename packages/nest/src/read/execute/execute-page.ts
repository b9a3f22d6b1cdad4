import type { QueryDelegate } from '../../model/delegate.types.js';
import type { PagePlan } from '../plan/plan-page.js';
import type { ReadLog } from './run-read.js';

/** The rows of a page and, when it is counted, the number of rows in all pages. */
export interface PageRows {
  readonly records: unknown[];
  readonly itemCount: number | undefined;
}

/**
 * Runs a page's calls: `findMany` and `count` concurrently. A read whose where provably matches
 * nothing (`empty`) asks nothing.
 */
export async function executePage(
  delegate: QueryDelegate,
  plan: PagePlan,
  empty: boolean,
  log: ReadLog,
): Promise<PageRows> {
  log.args = plan.count === undefined ? plan.findMany : { findMany: plan.findMany, count: plan.count };
  if (empty) return { records: [], itemCount: plan.count === undefined ? undefined : 0 };
  const [records, itemCount] = await Promise.all([
    delegate.findMany(plan.findMany) as PromiseLike<unknown[]>,
    plan.count === undefined ? undefined : (delegate.count(plan.count) as PromiseLike<number>),
  ]);
  return { records, itemCount };
}
