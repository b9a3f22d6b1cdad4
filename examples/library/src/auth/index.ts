export { assertCan } from './assertCan.js';
export { AuthGuard, CALLER_CACHE_OPTIONS } from './auth.guard.js';
export type { Caller } from './caller.js';
export { AbilityGuard, canGuard } from './can.decorator.js';
export { type AppAbility, accessibleBy } from './casl-prisma.js';
export { CurrentCaller } from './current-caller.decorator.js';
export { defineAbility } from './defineAbility.js';
export { CALLER_ROLES, type CallerRole, isStaff } from './roles.js';
