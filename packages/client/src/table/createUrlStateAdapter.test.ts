import { describe, expect, it } from 'vitest';
import { createFakeWindow } from '../../test/helpers/fakeWindow.js';
import { createUrlStateAdapter } from './createUrlStateAdapter.js';
import { getDefaultView } from './tableStore.utils.js';

const defaults = getDefaultView({});

describe('createUrlStateAdapter', () => {
  it('writes only what differs from the defaults, under its prefix, leaving other parameters as they were', () => {
    const win = createFakeWindow('/list?q=a%20b&x.y=1#top');
    const url = createUrlStateAdapter({ window: win, prefix: 'books' });
    url.write({ ...defaults, page: 2, search: '2024', filters: { genre: ['a', 'b'] } }, defaults, 'push');
    expect(win.entries[1]).toBe(
      '/list?q=a%20b&x.y=1&books.page=2&books.filters.genre=%5B%22a%22%2C%22b%22%5D&books.search=%222024%22#top',
    );
    expect(url.read()).toEqual({ page: 2, search: '2024', filters: { genre: ['a', 'b'] } });
  });

  it('replaces instead of pushing when asked, and writes nothing when the URL already says it', () => {
    const win = createFakeWindow('/list');
    const url = createUrlStateAdapter({ window: win });
    url.write({ ...defaults, page: 3 }, defaults, 'replace');
    expect(win.entries).toEqual(['/list?table.page=3']);
    url.write({ ...defaults, page: 3 }, defaults, 'push');
    url.write(defaults, defaults, 'push');
    expect(win.entries).toEqual(['/list?table.page=3', '/list']);
    url.write(defaults, defaults, 'push');
    expect(win.entries).toHaveLength(2);
  });

  it('keeps the state a router put in history.state, when it replaces and when it pushes', () => {
    const win = createFakeWindow('/list');
    const routerState = { position: 3, current: '/list', key: 'abc' };
    win.history.replaceState(routerState, '', '/list');
    const url = createUrlStateAdapter({ window: win });
    url.write({ ...defaults, page: 2 }, defaults, 'replace');
    expect(win.history.state).toEqual(routerState);
    url.write({ ...defaults, page: 3 }, defaults, 'push');
    expect(win.entries).toEqual(['/list?table.page=2', '/list?table.page=3']);
    expect(win.history.state).toEqual(routerState);
  });

  it('reads nothing from a hostile or malformed URL instead of throwing', () => {
    for (const search of ['?table.__proto__.page=2', '?table.page=abc', '?table.sorting=%5Bbroken']) {
      expect(createUrlStateAdapter({ window: createFakeWindow(`/list${search}`) }).read()).toEqual({});
    }
  });

  it('listens to popstate while subscribed', () => {
    const win = createFakeWindow('/list');
    const url = createUrlStateAdapter({ window: win });
    let calls = 0;
    const stop = url.subscribe(() => calls++);
    win.history.pushState(null, '', '/list?table.page=2');
    win.back();
    stop();
    win.forward();
    expect(calls).toBe(1);
    expect(win.listenerCount).toBe(0);
  });

  it('hands writes to a router and listens to it instead of popstate when given navigate and listen', () => {
    const win = createFakeWindow('/list?tab=2#top');
    const moves: [string, 'push' | 'replace'][] = [];
    const routerListeners = new Set<() => void>();
    const url = createUrlStateAdapter({
      window: win,
      navigate: (target, mode) => moves.push([target, mode]),
      listen: (listener) => {
        routerListeners.add(listener);
        return () => routerListeners.delete(listener);
      },
    });
    url.write({ ...defaults, page: 2 }, defaults, 'push');
    url.write({ ...defaults, page: 3 }, defaults, 'replace');
    expect(moves).toEqual([
      ['/list?tab=2&table.page=2#top', 'push'],
      ['/list?tab=2&table.page=3#top', 'replace'],
    ]);
    // The router moves the URL, not the adapter.
    expect(win.entries).toEqual(['/list?tab=2#top']);
    let calls = 0;
    const stop = url.subscribe(() => calls++);
    expect(win.listenerCount).toBe(0);
    for (const listener of routerListeners) listener();
    stop();
    expect(calls).toBe(1);
    expect(routerListeners.size).toBe(0);
  });

  it('needs a window outside a browser, and a plain prefix', () => {
    expect(() => createUrlStateAdapter({ window: createFakeWindow(), navigate: 'push' as never })).toThrow(
      /`navigate` must be a function/,
    );
    expect(() => createUrlStateAdapter()).toThrow(/`window`/);
    expect(() => createUrlStateAdapter({ window: createFakeWindow(), prefix: 'a.b' })).toThrow(/`prefix`/);
  });
});
