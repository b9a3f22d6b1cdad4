/** The demo's callers and the fixture tokens they send (prisma/seed/library.json). */
export const ROLES = [
  { role: 'anonymous', label: 'Anonymous', token: null },
  { role: 'reader', label: 'Reader', token: 'reader-token' },
  { role: 'editor', label: 'Editor', token: 'editor-token' },
  { role: 'admin', label: 'Admin', token: 'admin-token' },
] as const;

export type RoleName = (typeof ROLES)[number]['role'];

const STORAGE_KEY = 'facet-library:role';

export const isStaff = (role: RoleName): boolean => role === 'editor' || role === 'admin';

export const tokenOf = (role: RoleName): string | null => ROLES.find((r) => r.role === role)?.token ?? null;

export function loadRole(): RoleName {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return ROLES.find((r) => r.role === stored)?.role ?? 'anonymous';
  } catch {
    return 'anonymous'; // storage can be disabled; the role then lasts for the page only
  }
}

export function saveRole(role: RoleName): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, role);
  } catch {
    // see loadRole
  }
}
