// Server rendering end to end in Chromium: the page is rendered in Node from prefetchTable's page
// (react-dom/server), sent with that page as JSON, and hydrated in the browser by the same
// component, whose store starts from the payload: the rows are there, and no request is sent
// until the user moves.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient, useModuleApi } from '@facet/client/api';
import { prefetchTable } from '@facet/client/table';
import { type Browser } from 'playwright-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookRow } from '../../web/types.js';
import { type FixturePages, hasChromium, startFixturePages } from '../support/fixturePages.js';
import type { RunningLibrary } from '../support/startLibrary.js';
import { BooksTable, booksTableOptions, PAYLOAD_ID } from './BooksTable.js';

describe.skipIf(!hasChromium)('a server-rendered table hydrated in Chromium', () => {
  let app: RunningLibrary;
  let browser: Browser;
  let webDir: string;
  let pages: FixturePages | undefined;

  beforeAll(async () => {
    pages = await startFixturePages('ssr', { 'ssr-react': join(import.meta.dirname, 'hydrate.ts') });
    ({ app, browser, webDir } = pages);
  }, 90_000);

  afterAll(() => pages?.close());

  /** What a server would do per request: fetch, render, and send the HTML with the page as JSON. */
  async function renderPage(): Promise<string[]> {
    const options = booksTableOptions(
      useModuleApi<BookRow>(createApiClient({ origin: app.origin }), 'books'),
    );
    const initialPage = await prefetchTable(options);
    const html = renderToString(createElement(BooksTable, { options, initialPage }));
    // `<` escaped so no title can close the script element.
    const payload = JSON.stringify(initialPage).replaceAll('<', '\\u003c');
    writeFileSync(
      join(webDir, 'ssr-react.html'),
      `<!doctype html><html><head><meta charset="utf-8"><title>ssr</title><link rel="icon" href="data:,"></head><body>` +
        `<div id="root">${html}</div>` +
        `<script id="${PAYLOAD_ID}" type="application/json">${payload}</script>` +
        `<script type="module" src="/ssr-react.js"></script></body></html>\n`,
    );
    return initialPage.items.map((book) => book.title ?? '');
  }

  it('shows the server rows at once, hydrates without a request or a mismatch, then pages as usual', async () => {
    const titles = await renderPage();
    expect(titles).toHaveLength(6);
    const context = await browser.newContext();
    const page = await context.newPage();
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
    });

    // Before any script runs, the HTML already holds the rows.
    await page.route('**/ssr-react.js', (route) => route.abort());
    await page.goto(`${app.origin}/ssr-react.html`);
    expect(await page.getByTestId('row').allTextContents()).toEqual(titles);
    await page.unroute('**/ssr-react.js');

    // From here on, every error counts (the aborted script above was ours).
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    expect(await page.getByTestId('row').allTextContents()).toEqual(titles);
    expect(await page.getByTestId('page').textContent()).toBe('1 success idle');
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);

    await page.getByTestId('next').click();
    await expect.poll(() => page.getByTestId('page').textContent()).toBe('2 success idle');
    expect(apiCalls).toHaveLength(1);
    expect(new URL(apiCalls[0]!).searchParams.get('page')).toBe('2');
    const second = await page.getByTestId('row').allTextContents();
    expect(second.some((title) => titles.includes(title))).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  }, 30_000);
});
