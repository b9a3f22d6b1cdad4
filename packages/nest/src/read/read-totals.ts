import { FacetQueryError } from '@facet/core';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import type { ModelRead } from './read-model.js';
import { scopedArgs as scoped } from './scoped-args.js';

/** The number of matching rows the scope allows. */
export const readCount: ModelRead<number> = async (model, checked, scope, log) => {
  const { args, empty } = scoped(model, checked, scope);
  log.args = args;
  return empty ? 0 : ((await model.delegate.count(args)) as number);
};

/** The delegate's aggregate over the rows the scope allows, as the delegate returns it. */
export const readAggregate: ModelRead<unknown> = async (model, checked, scope, log) => {
  const { args, empty } = scoped(model, checked, scope);
  // An aggregate has no empty answer of its own to give: "no rows" is asked as a key in `[]`.
  const firstKey = model.key[0]?.name as string;
  const delegateArgs = empty ? { ...args, where: { [firstKey]: { in: [] } } } : args;
  log.args = delegateArgs;
  return await model.delegate.aggregate(delegateArgs);
};

/** A delegate that groups (every Prisma delegate does; the read's `QueryDelegate` does not require it). */
interface GroupingDelegate {
  groupBy(args: object): PromiseLike<unknown>;
}

/**
 * The delegate's groups over the rows the scope allows, at most `maxGroups` of them: one more is
 * asked for, and finding it is a 400 asking to narrow the filter (a dashboard's table of groups
 * is not a page: a cut-off list of groups would read as all of them).
 */
export function readGroups(maxGroups: number): ModelRead<unknown[]> {
  return async (model, checked, scope, log) => {
    const { args, empty } = scoped(model, checked, scope);
    const delegateArgs = { ...args, take: maxGroups + 1 };
    log.args = delegateArgs;
    if (empty) return [];
    const delegate = model.delegate as Partial<GroupingDelegate>;
    if (typeof delegate.groupBy !== 'function') {
      throw new FacetConfigurationError(
        'The resource delegate has no groupBy: pass a Prisma model delegate.',
      );
    }
    const groups = (await delegate.groupBy(delegateArgs)) as unknown[];
    if (groups.length <= maxGroups) return groups;
    throw new FacetQueryError([
      {
        code: 'too_many',
        path: ['by'],
        limit: maxGroups,
        message: `more than ${maxGroups} groups: narrow the filter (where, q) or group by fewer fields`,
      },
    ]);
  };
}
