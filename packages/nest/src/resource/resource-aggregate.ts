import type { ModelTypes } from '../model/model-types.js';
import type { AggregateCheckTarget } from '../read/check/check-aggregate.js';
import { checkAggregateFields, checkAggregateSelection } from '../read/check/check-aggregate.js';
import { checkClientArgs } from '../read/check/check-client-args.js';
import { checkGroupArgs } from '../read/check/check-group.js';
import { checkResourceQuery } from '../read/check/check-resource-query.js';
import { checkSearch, type SearchWhere, withSearch } from '../read/check/check-search.js';
import { refuseUnknownKeys } from '../read/check/operation-keys.js';
import { runRead } from '../read/execute/run-read.js';
import type { ModelRead } from '../read/read-model.js';
import { type ResourceTarget, searchTarget } from '../read/read-resource.js';
import { readAggregate, readCount, readGroups } from '../read/read-totals.js';
import { serializeValue } from '../serialization/serialize-value.js';
import type { ReadContext } from './resource-context.js';

/** `ResourceDefinition.maxGroups`'s default. */
export const DEFAULT_MAX_GROUPS = 1_000;

/** What a count, an aggregate or a group read of a resource needs, resolved once. */
export interface TotalsTarget {
  readonly target: ResourceTarget<never, object, never>;
  readonly modelTypes: ModelTypes | undefined;
  readonly maxGroups: number;
}

/** The input of `Resource#aggregate` (`GET /books/aggregate` without `by`). */
export interface ResourceAggregateArgs {
  readonly where?: unknown;
  readonly q?: unknown;
  readonly _count?: unknown;
  readonly _min?: unknown;
  readonly _max?: unknown;
  readonly _avg?: unknown;
  readonly _sum?: unknown;
}

/** The input of `Resource#groupBy` (`GET /books/aggregate?by=genre`). */
export interface ResourceGroupByArgs extends ResourceAggregateArgs {
  /** A field or a non-empty list of fields to group the rows by. */
  readonly by: unknown;
  /** A `by` field or an aggregate of a field; the `by` fields ascending follow. */
  readonly orderBy?: unknown;
  /** Refused (400): filter the rows with `where`. */
  readonly having?: unknown;
}

/** One group: its `by` values and the aggregates asked for, Decimals and BigInts as exact strings. */
export type ResourceGroup = Readonly<Record<string, unknown>>;

/** The answer of `Resource#groupBy`: the groups, in the order asked for. */
export interface ResourceGroups {
  readonly items: readonly ResourceGroup[];
}

/** A read's `where` and `q` checked as a list's, the search's where-input returned. */
function checkFilter(
  totals: TotalsTarget,
  query: { readonly where?: unknown; readonly q?: unknown },
  read: ReadContext<never>,
): SearchWhere | undefined {
  const { target, modelTypes } = totals;
  checkResourceQuery({ where: query.where }, target.view, undefined, [], read, modelTypes);
  return checkSearch(query, searchTarget(target), read.context ?? {});
}

function checkTarget(totals: TotalsTarget, read: ReadContext<never>): AggregateCheckTarget {
  return { dto: totals.target.view.dto, context: read.context ?? {}, model: totals.modelTypes };
}

/** A count, an aggregate or groups: checked arguments and search, the caller's scope, one delegate call. */
function total<T>(
  totals: TotalsTarget,
  operation: 'count' | 'aggregate' | 'groupBy',
  args: object,
  read: ReadContext<never>,
  body: ModelRead<T>,
  search: SearchWhere | undefined,
): Promise<T> {
  const { model, scope } = totals.target;
  return runRead(operation, model.errors, model.subject, (log) => {
    const checked = checkClientArgs(operation, args, 'resource', { ...model, model: totals.modelTypes });
    return body(model, withSearch(checked, search), scope(operation, read), log);
  });
}

/** `Resource#count`. */
export function countRows(
  totals: TotalsTarget,
  query: { readonly where?: unknown; readonly q?: unknown },
  read: ReadContext<never>,
): Promise<number> {
  refuseUnknownKeys('count', query, 'resource');
  const search = checkFilter(totals, query, read);
  const args = query.where === undefined ? {} : { where: query.where };
  return total(totals, 'count', args, read, readCount, search);
}

/** `Resource#aggregate`: the selections checked by field and type, at least one asked for, then one aggregate call. */
export async function aggregateRows(
  totals: TotalsTarget,
  args: ResourceAggregateArgs,
  read: ReadContext<never>,
): Promise<unknown> {
  refuseUnknownKeys('aggregate', args, 'resource');
  checkAggregateFields(args, checkTarget(totals, read));
  checkAggregateSelection(args);
  const search = checkFilter(totals, args, read);
  return serializeValue(await total(totals, 'aggregate', args, read, readAggregate, search));
}

/** `Resource#groupBy`: `by`, the selections and `orderBy` checked, then one groupBy call. */
export async function groupRows(
  totals: TotalsTarget,
  args: ResourceGroupByArgs,
  read: ReadContext<never>,
): Promise<ResourceGroups> {
  refuseUnknownKeys('groupBy', args, 'resource');
  const { by, orderBy } = checkGroupArgs(args, checkTarget(totals, read));
  const search = checkFilter(totals, args, read);
  // `q` is left for `checkClientArgs` to remove (a key of Facet's); `having` was refused above.
  const delegateArgs = { ...args, by, orderBy };
  const groups = await total(totals, 'groupBy', delegateArgs, read, readGroups(totals.maxGroups), search);
  return { items: serializeValue(groups) as ResourceGroup[] };
}
