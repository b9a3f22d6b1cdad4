import type { CountKind } from '@facet/core';
import type { QueryDelegate } from '../../model/delegate.types.js';
import type { PagePlan } from '../plan/plan-page.js';
import type { CountRows } from './estimate-count.js';
import type { ReadLog } from './run-read.js';
import { pageAndCountOf } from './sql-reads.js';

/** The rows of a page and, when it is counted, the number of rows in all pages. */
export interface PageRows {
  readonly records: unknown[];
  readonly itemCount: number | undefined;
  /** Whether `itemCount` is a count or an estimate; with `itemCount` only. */
  readonly countMode?: CountKind | undefined;
}

/**
 * Runs a page's calls: `findMany` and `count` concurrently, or as one compiled statement where the
 * delegate's reads are compiled (`pageAndCountOf`). A read whose where provably matches
 * nothing (`empty`) asks nothing. An estimated count goes through `estimate` (see
 * `countEstimator`); without one it is exact.
 */
export async function executePage(
  delegate: QueryDelegate,
  plan: PagePlan,
  empty: boolean,
  log: ReadLog,
  estimate?: CountRows,
): Promise<PageRows> {
  log.args = plan.count === undefined ? plan.findMany : { findMany: plan.findMany, count: plan.count };
  if (empty) {
    if (plan.count === undefined) return { records: [], itemCount: undefined };
    return { records: [], itemCount: 0, countMode: 'exact' };
  }
  const count = plan.count;
  // Without an estimator an estimated count is exact: it reads as one too.
  const estimated = plan.counting?.mode === 'estimated' && estimate !== undefined;
  if (count !== undefined && !estimated) {
    const both = pageAndCountOf(delegate)?.(plan.findMany, count);
    if (both !== undefined) {
      const { records, count: itemCount } = await both;
      return { records, itemCount, countMode: 'exact' };
    }
  }
  const found = delegate.findMany(plan.findMany) as PromiseLike<unknown[]>;
  const counting =
    count === undefined ? undefined : estimated ? estimate(delegate, count) : exactCount(delegate, count);
  const [records, counted] = await Promise.all([found, counting]);
  return { records, itemCount: counted?.itemCount, countMode: counted?.countMode };
}

async function exactCount(
  delegate: QueryDelegate,
  args: object,
): Promise<{ itemCount: number; countMode: CountKind }> {
  return { itemCount: (await delegate.count(args)) as number, countMode: 'exact' };
}
