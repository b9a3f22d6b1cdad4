import { withRelationLoadStrategy } from './plan/relation-load-strategy.js';
import type { DelegateArgs, ReadModel } from './read-model.js';
import type { AccessScope } from './scope/access-scope.js';
import { scopeRead } from './scope/scope-read.js';

/** Checked arguments under the read's access scope, with the relation load strategy they need. */
export function scopedArgs(
  model: ReadModel,
  checked: DelegateArgs,
  scope: AccessScope,
): { args: DelegateArgs; empty: boolean } {
  const { args, empty } = scopeRead(checked, scope, { ...model, model: model.model.types });
  return { args: withRelationLoadStrategy(args, model.model.relationJoins), empty };
}
