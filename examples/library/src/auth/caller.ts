import type { AppAbility } from './casl-prisma.js';
import type { CallerRole } from './roles.js';

/** Who is calling, resolved once per request by AuthGuard. */
export interface Caller {
  role: CallerRole;
  /** `undefined` for anonymous callers. */
  userId: number | undefined;
  ability: AppAbility;
}

/** The request property AuthGuard fills; a symbol so that no header or body can collide with it. */
export const CALLER = Symbol('facet-example-caller');

export interface RequestWithCaller {
  headers: Record<string, string | string[] | undefined>;
  [CALLER]?: Caller;
}
