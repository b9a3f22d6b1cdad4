import { type CanActivate, type ExecutionContext, InternalServerErrorException } from '@nestjs/common';
import { assertCan } from './assertCan.js';
import { CALLER, type RequestWithCaller } from './caller.js';
import type { Action } from './casl-prisma.js';

type Subject = Parameters<typeof assertCan>[2];

/**
 * A guard per mutation route, so that "may this caller do this at all?" is answered (403) before
 * the body is validated: a reader who posts a half-written book learns that readers cannot create
 * books, not which fields the form is missing. It runs after the global AuthGuard.
 */
export class AbilityGuard implements CanActivate {
  constructor(
    readonly action: Action,
    readonly subject: Subject,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const caller = context.switchToHttp().getRequest<RequestWithCaller>()[CALLER];
    if (!caller) throw new InternalServerErrorException('AuthGuard did not run');
    assertCan(caller, this.action, this.subject);
    return true;
  }
}

/** A guard: 403 unless the caller may perform `action` on some `subject`; runs before any pipe. */
export function canGuard(action: Action, subject: Subject): CanActivate {
  return new AbilityGuard(action, subject);
}
