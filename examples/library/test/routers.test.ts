// A Facet table's URL state driven by Vue Router 4 and React Router 7 in real Chromium, against the
// real example app: the table's moves go through the router (createUrlStateAdapter's navigate and
// listen), the router's own history.state survives them, and back/forward restores the table.
import { join } from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixturePages, hasChromium, startFixturePages } from './support/fixturePages.js';
import type { RunningLibrary } from './support/startLibrary.js';

interface ProbeGlobal {
  routerProbe?: { route(): string };
}

/** What each router keeps in history.state, checked after the table moved. */
const ROUTER_STATE = {
  // Vue Router: its position in the stack and the entry's own path.
  vue: (state: Record<string, unknown>, path: string) => {
    expect(typeof state.position).toBe('number');
    expect(state.current).toBe(path);
  },
  // React Router: a key per entry and its index.
  react: (state: Record<string, unknown>) => {
    expect(typeof state.key).toBe('string');
    expect(state.idx).toBeGreaterThan(0);
  },
};

describe.skipIf(!hasChromium)('table URL state under a router, in Chromium', () => {
  let app: RunningLibrary;
  let browser: Browser;
  let pages: FixturePages | undefined;

  beforeAll(async () => {
    pages = await startFixturePages('routers', {
      'routers-vue': join(import.meta.dirname, 'routers/vue.ts'),
      'routers-react': join(import.meta.dirname, 'routers/react.tsx'),
    });
    ({ app, browser } = pages);
  }, 90_000);

  afterAll(() => pages?.close());

  const rowIds = (page: Page) =>
    page.getByTestId('row').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
  const settled = async (page: Page, number: number) =>
    expect.poll(() => page.getByTestId('page').textContent()).toBe(`${number} idle`);
  const search = (page: Page) => new URL(page.url()).searchParams;
  const route = (page: Page) => page.evaluate(() => (globalThis as ProbeGlobal).routerProbe?.route());
  const historyState = (page: Page) =>
    page.evaluate(
      () => (globalThis as unknown as { history: { state: Record<string, unknown> } }).history.state,
    );

  it.each(['vue', 'react'] as const)(
    '%s: the router writes the table state, keeps its own and restores on back/forward',
    async (framework) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${app.origin}/routers-${framework}.html?tab=info`);
      await settled(page, 1);
      const first = await rowIds(page);
      expect(first).toHaveLength(5);

      await page.getByTestId('next').click();
      await settled(page, 2);
      const second = await rowIds(page);
      expect(second.some((id) => first.includes(id))).toBe(false);
      expect(search(page).get('books.page')).toBe('2');
      expect(search(page).get('tab')).toBe('info');
      // The router moved, not just the address bar: its own location says page 2.
      expect(await route(page)).toContain('books.page=2');
      const path = `/routers-${framework}.html${new URL(page.url()).search}`;
      ROUTER_STATE[framework](await historyState(page), decodeURIComponent(path));

      await page.getByTestId('sort').click();
      await settled(page, 1);
      expect(search(page).get('books.sorting')).toContain('title');
      expect(search(page).has('books.page')).toBe(false);
      const sorted = await rowIds(page);
      expect(sorted).not.toEqual(first);

      await page.goBack();
      await settled(page, 2);
      expect(await rowIds(page)).toEqual(second);
      expect(await route(page)).toContain('books.page=2');
      await page.goBack();
      await settled(page, 1);
      expect(await rowIds(page)).toEqual(first);
      expect(search(page).has('books.page')).toBe(false);
      await page.goForward();
      await page.goForward();
      await settled(page, 1);
      await expect.poll(() => rowIds(page)).toEqual(sorted);
      expect(search(page).get('books.sorting')).toContain('title');
      const state = await historyState(page);
      expect(state).not.toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    },
    30_000,
  );
});
