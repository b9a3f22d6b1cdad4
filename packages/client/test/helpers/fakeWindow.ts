import type { UrlEnvironment } from '../../src/table/createUrlStateAdapter.js';
import type { StorageLike } from '../../src/table/index.js';

/**
 * A narrow fake of `location`, `history` and `popstate`: an in-memory history stack, so URL sync
 * can be unit-tested in Node. The real thing is covered in Chromium.
 */
export function createFakeWindow(initialUrl = '/books') {
  const entries = [initialUrl];
  // The state object of each entry, as `history.state` holds it (routers keep theirs there).
  const states: unknown[] = [null];
  let index = 0;
  const listeners = new Set<() => void>();
  const current = () => new URL(entries[index] as string, 'http://app.test');
  const go = (delta: number) => {
    index += delta;
    for (const listener of listeners) listener();
  };
  const win = {
    location: {
      get pathname() {
        return current().pathname;
      },
      get search() {
        return current().search;
      },
      get hash() {
        return current().hash;
      },
    },
    history: {
      get state() {
        return states[index];
      },
      pushState(data: unknown, _unused: string, url?: string | null) {
        entries.splice(index + 1);
        states.splice(index + 1);
        entries.push(url ?? (entries[index] as string));
        states.push(structuredClone(data));
        index++;
      },
      replaceState(data: unknown, _unused: string, url?: string | null) {
        entries[index] = url ?? (entries[index] as string);
        states[index] = structuredClone(data);
      },
    },
    addEventListener: (_type: 'popstate', listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: 'popstate', listener: () => void) => void listeners.delete(listener),
    back: () => go(-1),
    forward: () => go(1),
    entries,
    get index() {
      return index;
    },
    get listenerCount() {
      return listeners.size;
    },
  } satisfies UrlEnvironment & Record<string, unknown>;
  return win;
}

/** An in-memory `localStorage` look-alike. */
export function createMemoryStorage(
  initial: Record<string, string> = {},
): StorageLike & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}
