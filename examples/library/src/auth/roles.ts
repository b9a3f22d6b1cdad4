import type { Role } from '../generated/prisma/client.js';

/** The fixture's roles plus the caller who sent no token. */
export type CallerRole = Role | 'anonymous';

export const CALLER_ROLES: readonly CallerRole[] = ['anonymous', 'reader', 'editor', 'admin'];

/** Roles that see staff-only fields (Book.internalNote). */
export const isStaff = (role: CallerRole): boolean => role === 'admin' || role === 'editor';
