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
