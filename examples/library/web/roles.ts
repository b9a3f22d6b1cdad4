import { readDemoTokens } from './demo.js';

/** The callers the demo can act as. Tokens are not here: see demo.ts. */
export const ROLES = [
  { role: 'anonymous', label: 'Anonymous' },
  { role: 'reader', label: 'Reader' },
  { role: 'editor', label: 'Editor' },
  { role: 'admin', label: 'Admin' },
] as const;

export type RoleName = (typeof ROLES)[number]['role'];

const STORAGE_KEY = 'facet-library:role';

const demoTokens = readDemoTokens();

/** Whether the server serves the page in demo mode: only then is there a role switcher. */
export const DEMO = demoTokens !== undefined;

/** Anonymous, plus every role the server sent a token for. */
export const AVAILABLE_ROLES = ROLES.filter((r) => r.role === 'anonymous' || demoTokens?.has(r.role));

export const isStaff = (role: RoleName): boolean => role === 'editor' || role === 'admin';

export const tokenOf = (role: RoleName): string | null => demoTokens?.get(role) ?? null;

export function loadRole(): RoleName {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    // A role remembered from a demo session means nothing once the page is served without tokens.
    return AVAILABLE_ROLES.find((r) => r.role === stored)?.role ?? 'anonymous';
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
