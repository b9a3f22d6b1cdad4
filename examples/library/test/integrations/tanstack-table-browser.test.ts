// docs/client/tanstack-table.md's React and Vue tables (snippets/tanstack-table-*.ts[x], mounted by
// pages/) in real Chromium against the real example app on PGlite: sorting, the column filter,
// the search, paging and column visibility, each changed through the rendered page, change the
// rendered rows to the ones the fixture predicts, and the visible columns are the `fields` sent.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../../src/database/index.js';
import { type FixturePages, hasChromium, startFixturePages } from '../support/fixturePages.js';

const fx = loadFixture();
type FixtureBook = (typeof fx.books)[number];
const published = fx.books.filter((book) => book.published).sort((a, b) => a.id - b.id);
const authorName = (id: number) => fx.authors.find((author) => author.id === id)!.name;
const PAGE_SIZE = 10;

/** A book as the table renders it: its visible cells, in column order. */
const cells = (book: FixtureBook, genre = true) => [
  book.title,
  ...(genre ? [book.genre] : []),
  String(book.pages),
  authorName(book.authorId),
];

describe.skipIf(!hasChromium)('the TanStack Table snippets of the docs in Chromium', () => {
  let pages: FixturePages | undefined;

  beforeAll(async () => {
    pages = await startFixturePages('tanstack-table', {
      'tanstack-table-react': join(import.meta.dirname, 'pages/tanstack-table-react.tsx'),
      'tanstack-table-vue': join(import.meta.dirname, 'pages/tanstack-table-vue.ts'),
    });
  }, 90_000);

  afterAll(() => pages?.close());

  const rowsOf = (page: Page) =>
    page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
      );
  const headersOf = (page: Page) =>
    page.locator('thead th').evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
  const pagerOf = (page: Page) => page.locator('output').textContent();
  const pager = (index: number, total: number) =>
    `Page ${index} of ${Math.ceil(total / PAGE_SIZE)}, ${total} books`;

  it.each(['react', 'vue'])(
    'the %s table sorts, filters, searches, pages and hides columns on the server',
    { timeout: 60_000 },
    async (framework) => {
      const context = await pages!.browser.newContext();
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      const fields: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/v1/books') fields.push(url.searchParams.get('fields') ?? '');
      });
      try {
        await page.goto(`${pages!.app.origin}/tanstack-table-${framework}.html`);
        // Key order, the first page, everything the anonymous caller may read.
        await expect
          .poll(() => rowsOf(page), { timeout: 15_000 })
          .toEqual(published.slice(0, PAGE_SIZE).map((book) => cells(book)));
        expect(await pagerOf(page)).toBe(pager(1, published.length));

        // Sorting: the first click on a number column sorts descending (TanStack's default).
        await page.getByRole('button', { name: 'Pages' }).click();
        await expect.poll(() => headersOf(page)).toContain('Pages ▼');
        const byPages = [...published].sort((a, b) => b.pages - a.pages || a.id - b.id);
        await expect.poll(() => rowsOf(page)).toEqual(byPages.slice(0, PAGE_SIZE).map((book) => cells(book)));

        // Paging.
        await page.getByRole('button', { name: 'Next' }).click();
        await expect
          .poll(() => rowsOf(page))
          .toEqual(byPages.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((book) => cells(book)));
        expect(await pagerOf(page)).toBe(pager(2, published.length));

        // A column filter: back to the first page of the matching rows.
        await page.getByLabel('Title contains').fill('THE');
        const titled = byPages.filter((book) => book.title.toLowerCase().includes('the'));
        expect(titled.length).toBeGreaterThan(PAGE_SIZE);
        expect(titled.length).toBeLessThan(published.length);
        await expect.poll(() => pagerOf(page)).toBe(pager(1, titled.length));
        await expect.poll(() => rowsOf(page)).toEqual(titled.slice(0, PAGE_SIZE).map((book) => cells(book)));

        // Visibility: the hidden column is neither rendered nor asked for.
        await page.getByRole('checkbox', { name: 'Genre' }).uncheck();
        await expect.poll(() => headersOf(page)).toEqual(['Title', 'Pages ▼', 'Author']);
        await expect
          .poll(() => rowsOf(page))
          .toEqual(titled.slice(0, PAGE_SIZE).map((book) => cells(book, false)));
        expect(fields.at(-1)).toMatch(/^items\{/);
        expect(fields.at(-1)).not.toContain('genre');
        expect(fields.slice(0, -1).some((sent) => sent.includes('genre'))).toBe(true);

        // The search (q, over the server's searchable fields: title and ISBN).
        await page.getByLabel('Title contains').fill('');
        await page.getByLabel('Search').fill('atlas');
        const found = byPages.filter((book) => `${book.title} ${book.isbn}`.toLowerCase().includes('atlas'));
        expect(found.length).toBeGreaterThan(0);
        await expect.poll(() => pagerOf(page)).toBe(pager(1, found.length));
        await expect
          .poll(() => rowsOf(page))
          .toEqual(found.slice(0, PAGE_SIZE).map((book) => cells(book, false)));

        // Sorting again: ascending, then none (key order).
        await page.getByRole('button', { name: 'Pages' }).click();
        await expect.poll(() => headersOf(page)).toContain('Pages ▲');
        const ascending = [...found].sort((a, b) => a.pages - b.pages || a.id - b.id);
        await expect
          .poll(() => rowsOf(page))
          .toEqual(ascending.slice(0, PAGE_SIZE).map((book) => cells(book, false)));
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
