/**
 * A listener set whose first subscriber starts the owner's work and whose last one pauses it, so a
 * store does nothing until someone reads it (as TanStack Query's observers do).
 */
export interface Listeners {
  subscribe(listener: () => void): () => void;
  notify(): void;
  readonly active: boolean;
  clear(): void;
}

export function createListeners(onFirst: () => void, onLast: () => void): Listeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) onFirst();
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) onLast();
      };
    },
    notify() {
      for (const listener of [...listeners]) listener();
    },
    get active() {
      return listeners.size > 0;
    },
    clear() {
      listeners.clear();
    },
  };
}
