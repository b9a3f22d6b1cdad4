import type { ReadCall } from '../check/read-call.js';
import type { AccessAction, AccessibleWhere } from './access.types.js';
import { type AccessFilter, accessFilterOf } from './access-scope.js';

const EVERY_ROW: AccessFilter = { where: {}, rows: 'all' };

/** Who may do what to a resource's rows: its subject and the access rule, as the resource resolved them. */
export interface WriteAccess<TAbility> {
  readonly subject: string | undefined;
  readonly accessibleWhere: AccessibleWhere<TAbility, object> | undefined;
}

/**
 * The filter of the rows of `subject` that this caller may `action` (a write's own action, or `read`
 * for the rows a write's references name), by the rule every read's scope follows
 * (`accessFilterOf`): a trusted call, or a resource without an access rule, may touch every row.
 * Built here, beside the reads' `AccessScope`, so that access filters have one home.
 */
export function actionFilter<TAbility>(
  access: WriteAccess<TAbility>,
  read: ReadCall<TAbility>,
  action: AccessAction,
  subject: string | undefined = access.subject,
): AccessFilter {
  if (read.trusted === true || subject === undefined || access.accessibleWhere === undefined)
    return EVERY_ROW;
  if (read.ability === undefined) return EVERY_ROW;
  return accessFilterOf(subject, access.accessibleWhere(read.ability, subject, action));
}
