import { ForbiddenException } from '@nestjs/common';
import type { Caller } from './caller.js';
import type { Action } from './casl-prisma.js';

/** 403 unless the caller may perform `action` on some `subject` (mutations only; reads are filtered). */
export function assertCan(caller: Caller, action: Action, subject: 'Book' | 'Author' | 'Review'): void {
  if (!caller.ability.can(action, subject)) {
    throw new ForbiddenException(`A ${caller.role} caller may not ${action} ${subject.toLowerCase()}s.`);
  }
}
