export { AuthGuard, CALLER_CACHE_OPTIONS } from './auth.guard.js';
export { type Caller, callerId } from './caller.js';
export { type Action, type AppAbility, accessibleBy } from './casl-prisma.js';
export { CurrentCaller } from './current-caller.decorator.js';
export { defineAbility, MAX_ABILITIES } from './defineAbility.js';
export { CALLER_ROLES, type CallerRole, isStaff } from './roles.js';
