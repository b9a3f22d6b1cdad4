/** Timers a store uses for its debounce. Injected so tests can drive them with fake timers. */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The part of the Web Storage API that persistence needs (`localStorage` fits). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * Timers looked up on every call, never at module scope, so that fake timers installed after this
 * module loaded are still the ones used.
 */
export const globalScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

/** The page's `localStorage`, or null during SSR and where reading it throws (sandboxed frames). */
export function browserStorage(): StorageLike | null {
  try {
    return (globalThis as { localStorage?: StorageLike }).localStorage ?? null;
  } catch {
    return null;
  }
}
