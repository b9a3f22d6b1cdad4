import { UnauthorizedException } from '@nestjs/common';
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
  method?: string;
  headers: Record<string, string | string[] | undefined>;
  [CALLER]?: Caller;
}

/**
 * The user id of the caller a resource's `readContext` describes (`{ role, userId }`, src/resources):
 * what a write stamps as the author. AuthGuard lets no anonymous write through; this fails closed anyway.
 */
export function callerId(context: Readonly<Record<string, unknown>> | undefined): number {
  const id = context?.userId;
  if (typeof id !== 'number') throw new UnauthorizedException('Sign in to write.');
  return id;
}
