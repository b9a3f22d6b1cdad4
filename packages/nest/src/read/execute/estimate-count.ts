import { AsyncLocalStorage } from 'node:async_hooks';
import type { CountKind } from '@facet/core';
import type { QueryDelegate } from '../../model/delegate.types.js';

/** A count of a page: the number of matching rows, and whether it was counted or estimated. */
export interface CountedRows {
  readonly itemCount: number;
  readonly countMode: CountKind;
}

/** Counts the rows `args` (a count's arguments, the access filter merged) match, maybe by estimate. */
export type CountRows = (delegate: QueryDelegate, args: { where?: unknown }) => Promise<CountedRows>;

/** What a Prisma client's public API gives the estimate: its query events and raw queries. */
interface QueryEventClient {
  $on(
    event: 'query',
    listener: (event: { readonly query?: unknown; readonly params?: unknown }) => void,
  ): unknown;
  $queryRawUnsafe(sql: string, ...values: unknown[]): PromiseLike<unknown>;
}

/** The statement Prisma sent for a count, as its query event reports it. */
interface CapturedQuery {
  sql?: string;
  params?: string;
}

function isQueryEventClient(client: unknown): client is QueryEventClient {
  const candidate = client as Partial<QueryEventClient> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.$on === 'function' &&
    typeof candidate.$queryRawUnsafe === 'function'
  );
}

// One listener per client. A read's capped count runs inside `capture.run`, so the listener, which
// Prisma calls in the async context of the statement, writes to that read's slot and to no other.
const capture = new AsyncLocalStorage<CapturedQuery>();
const listening = new WeakSet<object>();

function listen(client: QueryEventClient): void {
  if (listening.has(client)) return;
  listening.add(client);
  client.$on('query', (event) => {
    const slot = capture.getStore();
    if (slot === undefined || slot.sql !== undefined) return;
    if (typeof event.query === 'string' && typeof event.params === 'string') {
      slot.sql = event.query;
      slot.params = event.params;
    }
  });
}

const PLANNER_PROVIDERS: ReadonlySet<string> = new Set(['postgresql', 'cockroachdb']);

/**
 * How a resource answers `count=estimated`: an exact count up to `threshold` rows, the database
 * planner's estimate of the same query above it.
 *
 * The count runs capped (`take: threshold + 1`, which Prisma compiles to a `LIMIT` inside the
 * count's subquery), so it never reads more than `threshold + 1` rows. When it reaches the cap,
 * PostgreSQL is asked to plan that very statement (`EXPLAIN (FORMAT JSON)`), and the estimate is the
 * `Plan Rows` of the node under its `Limit`: the rows of the filtered query, access filter and
 * search included, without the cap. The statement is Prisma's own, obtained from the client's
 * query event (`log: [{ emit: 'event', level: 'query' }]`), with its parameters bound as they
 * were: no text of the client's is ever part of the SQL. The estimate is never below the
 * `threshold + 1` rows known to exist.
 *
 * Exact instead (and `countMode: 'exact'`), with the reason:
 * - MySQL/MariaDB: their `EXPLAIN` gives the rows a table access examines, not the rows the filter
 *   keeps (`filtered` is a guess without histograms), so an "estimate" could be off by orders of
 *   magnitude;
 * - a client without query events (no `log` entry for them, an extended client, a plain delegate):
 *   there is no statement to plan;
 * - a plan without a `Limit` node, or an `EXPLAIN` the database refuses: the count is run whole.
 */
export function countEstimator(client: unknown, provider: string | undefined, threshold: number): CountRows {
  if (provider === undefined || !PLANNER_PROVIDERS.has(provider) || !isQueryEventClient(client)) {
    return exactRows;
  }
  listen(client);
  return async (delegate, args) => {
    const slot: CapturedQuery = {};
    const capped = (await capture.run(slot, async () =>
      delegate.count({ ...args, take: threshold + 1 }),
    )) as number;
    if (capped <= threshold) return { itemCount: capped, countMode: 'exact' };
    const estimate = slot.sql === undefined ? undefined : await plannedRows(client, slot);
    if (estimate === undefined) return exactRows(delegate, args);
    return { itemCount: Math.max(estimate, capped), countMode: 'estimated' };
  };
}

/** A count run whole. */
export const exactRows: CountRows = async (delegate, args) => ({
  itemCount: (await delegate.count(args)) as number,
  countMode: 'exact',
});

async function plannedRows(client: QueryEventClient, query: CapturedQuery): Promise<number | undefined> {
  let params: unknown;
  try {
    params = JSON.parse(query.params ?? '[]');
  } catch {
    return undefined;
  }
  if (!Array.isArray(params)) return undefined;
  let result: unknown;
  try {
    result = await client.$queryRawUnsafe(`EXPLAIN (FORMAT JSON) ${query.sql}`, ...params);
  } catch {
    return undefined;
  }
  return limitedRows(result);
}

type PlanNode = { readonly 'Node Type'?: unknown; readonly 'Plan Rows'?: unknown; readonly Plans?: unknown };

/** The `Plan Rows` of the first node under the plan's first `Limit`: the uncapped estimate. */
export function limitedRows(result: unknown): number | undefined {
  const row = Array.isArray(result) ? (result[0] as Record<string, unknown> | undefined) : undefined;
  let plan: unknown = row?.['QUERY PLAN'];
  if (typeof plan === 'string') {
    try {
      plan = JSON.parse(plan);
    } catch {
      return undefined;
    }
  }
  const root = Array.isArray(plan) ? (plan[0] as { Plan?: PlanNode } | undefined)?.Plan : undefined;
  const walk = (node: PlanNode | undefined, depth: number): number | undefined => {
    if (node === undefined || depth > 32) return undefined;
    const children = Array.isArray(node.Plans) ? (node.Plans as PlanNode[]) : [];
    if (node['Node Type'] === 'Limit') {
      const rows = children[0]?.['Plan Rows'];
      return typeof rows === 'number' && Number.isFinite(rows) && rows >= 0 ? Math.round(rows) : undefined;
    }
    for (const child of children) {
      const found = walk(child, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(root, 0);
}
