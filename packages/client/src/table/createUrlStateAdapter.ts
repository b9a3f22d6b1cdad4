import { decodeQuery, encodeQuery } from '@facet/core';
import type { TableUrlSync, TableView } from './tableStore.types.js';
import { diffView, sanitizeView } from './tableStore.utils.js';

/** The parts of `window` that URL sync uses, typed structurally so no DOM types are needed. */
export interface UrlEnvironment {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string };
  readonly history: {
    /** The current entry's state: Vue Router and React Router keep theirs here. */
    readonly state?: unknown;
    pushState(data: unknown, unused: string, url?: string | null): void;
    replaceState(data: unknown, unused: string, url?: string | null): void;
  };
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

export interface UrlStateAdapterOptions {
  /**
   * The query-string key the table's state lives under (`table.page=2&table.search=ada`). Give each
   * table on a page its own. Facet default, not from the spec.
   * @default 'table'
   */
  readonly prefix?: string;
  /** @default the browser's `window`, looked up when the adapter is created */
  readonly window?: UrlEnvironment;
  /**
   * Writes the URL through a router instead of `history`, so the router knows where it is and keeps
   * its own `history.state`: `(url, mode) => (mode === 'push' ? router.push(url) : router.replace(url))`
   * for Vue Router, `(url, mode) => router.navigate(url, { replace: mode === 'replace' })` for React
   * Router. `url` is path, query and hash. Routers in history mode only: the state is read from
   * `location.search`.
   * @default `history.pushState`/`replaceState`, keeping the entry's state
   */
  readonly navigate?: (url: string, mode: 'push' | 'replace') => void;
  /**
   * Calls `listener` after the router moved (back/forward, links) and returns a way to stop:
   * `(listener) => router.afterEach(() => listener())` for Vue Router, `(listener) =>
   * router.subscribe(() => listener())` for React Router. Being told of its own navigations is
   * harmless: the view read back is the one the table already has.
   * @default the window's `popstate` event
   */
  readonly listen?: (listener: () => void) => () => void;
}

function browserWindow(): UrlEnvironment {
  const candidate = globalThis as Partial<UrlEnvironment>;
  if (!candidate.location || !candidate.history || typeof candidate.addEventListener !== 'function') {
    throw new TypeError('createUrlStateAdapter: pass the `window` option outside a browser');
  }
  return candidate as UrlEnvironment;
}

const ownKey = (prefix: string, key: string) =>
  key === prefix || key.startsWith(`${prefix}.`) || key.startsWith(`${prefix}[`);

const searchPairs = (search: string) => search.replace(/^\?/, '').split('&').filter(Boolean);

/**
 * The table view a query string holds under `prefix`, as `createUrlStateAdapter` reads it: for a
 * server that renders a URL-synced table (`prefetchTable({ ...options, initialState:
 * readUrlView(requestUrl.search, 'books') })`). A malformed or hostile query string gives `{}`.
 */
export function readUrlView(search: string, prefix = 'table'): Partial<TableView> {
  const own = searchPairs(search).filter((pair) => ownKey(prefix, keyOf(pair)));
  if (own.length === 0) return {};
  try {
    return sanitizeView(decodeQuery(own.join('&'))[prefix]);
  } catch {
    return {}; // A hand-edited or hostile URL falls back to the defaults instead of breaking the page.
  }
}

const keyOf = (pair: string): string => {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
};

/**
 * Keeps a table's view in the query string, only the parts that differ from the table's initial
 * view, in the Facet wire format under one prefix. Other parameters are left exactly as they were.
 * A user's change pushes a history entry, a correction replaces one, and back/forward restores the
 * view without writing the URL again. With a router, pass `navigate` and `listen` so the router
 * makes the moves (docs/client/routers.md).
 */
export function createUrlStateAdapter(options: UrlStateAdapterOptions = {}): TableUrlSync {
  const prefix = options.prefix ?? 'table';
  if (!/^[A-Za-z_$][\w$-]*$/.test(prefix)) {
    throw new TypeError(
      `createUrlStateAdapter: \`prefix\` must be a plain name such as "table", got "${prefix}"`,
    );
  }
  const { navigate, listen } = options;
  for (const [name, value] of Object.entries({ navigate, listen })) {
    if (value !== undefined && typeof value !== 'function') {
      throw new TypeError(`createUrlStateAdapter: \`${name}\` must be a function`);
    }
  }
  const win = options.window ?? browserWindow();
  const isOwn = (key: string) => ownKey(prefix, key);
  const pairs = () => searchPairs(win.location.search);

  return {
    read: () => readUrlView(win.location.search, prefix),
    write(view: TableView, defaults: TableView, mode) {
      const changed = diffView(view, defaults);
      const own = Object.keys(changed).length > 0 ? encodeQuery({ [prefix]: changed }) : '';
      const search = [...pairs().filter((pair) => !isOwn(keyOf(pair))), own].filter(Boolean).join('&');
      const next = search === '' ? '' : `?${search}`;
      if (next === win.location.search || (next === '' && win.location.search === '?')) return;
      const target = `${win.location.pathname}${next}${win.location.hash}`;
      if (navigate) {
        navigate(target, mode);
        return;
      }
      // The entry keeps the state a router put there (`null` would wipe Vue Router's position and
      // React Router's key): a replaced entry keeps its own, a pushed one starts from a copy of it.
      const state = win.history.state ?? null;
      if (mode === 'push') win.history.pushState(state, '', target);
      else win.history.replaceState(state, '', target);
    },
    subscribe(listener) {
      if (listen) return listen(listener);
      win.addEventListener('popstate', listener);
      return () => win.removeEventListener('popstate', listener);
    },
  };
}
