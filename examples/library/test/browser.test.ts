// The web page in real Chromium (Debian's, through playwright-core) against the real app on PGlite,
// in demo mode (role switcher).
// The bundle is built from the packages' sources, like every other vitest suite in the workspace.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, launchChromium } from '@facet/test-support/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bundleWeb } from '../scripts/web-bundle.mjs';
import { loadFixture } from '../src/database/index.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';

const fx = loadFixture();
const published = fx.books.filter((b) => b.published);

const hasChromium = chromiumAvailable('library browser tests');

describe.skipIf(!hasChromium)('library web page in Chromium', () => {
  let app: RunningLibrary;
  let browser: Browser;
  let webDir: string;
  let page: Page;
  /** Uncaught exceptions and console errors of the current page. */
  let problems: string[];

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'facet-library-web-'));
    const [started, launched] = await Promise.all([
      bundleWeb({ outdir: webDir, fromSource: true, minify: false }).then(() =>
        // The role switcher is demo mode's; demo-mode.test.ts checks the page without it.
        startLibrary({ webDir, demo: true }),
      ),
      launchChromium(),
    ]);
    app = started;
    browser = launched;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    // A fresh context per test: no shared localStorage (role) or history.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(app.origin);
    await expect.poll(() => statusText()).toMatch(/\d+ books/);
    return () => context.close();
  });

  const statusText = () => page.getByTestId('status').textContent();
  const rowIds = async () =>
    (
      await page
        .getByTestId('book-row')
        .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-id'))))
    ).sort((a, b) => a - b);
  const cells = (column: string) =>
    page.locator(`[data-testid=book-row] td[data-col="${column}"]`).allTextContents();
  const settle = () => expect.poll(() => statusText()).toMatch(/^\d+ books$/);
  const chooseRole = async (role: string) => {
    await page.getByTestId(`role-${role}`).check({ force: true });
    await settle();
  };

  it('pages through the published books as an anonymous reader', async () => {
    await expect.poll(statusText).toBe(`${published.length} books`);
    expect(await page.getByTestId('book-row').count()).toBe(20);
    const first = await rowIds();
    await page.getByTestId('next-page').click();
    await expect
      .poll(() => page.getByTestId('page-status').textContent())
      .toBe(`Page 2 of ${Math.ceil(published.length / 20)}`);
    await settle();
    const second = await rowIds();
    expect(second).toHaveLength(20);
    expect(second.some((id) => first.includes(id))).toBe(false);
    expect(new URL(page.url()).searchParams.get('books.page')).toBe('2');
    expect(problems).toEqual([]);
  });

  it('loads more rows by cursor, in the order of the pages', async () => {
    await page.getByTestId('sort-price').click();
    await settle();
    const firstPage = await cells('title');
    await page.getByTestId('next-page').click();
    await expect.poll(() => page.getByTestId('page-status').textContent()).toMatch(/^Page 2 /);
    await settle();
    const secondPage = await cells('title');
    await page.getByTestId('prev-page').click();
    await expect.poll(() => page.getByTestId('page-status').textContent()).toMatch(/^Page 1 /);
    await settle();
    await page.getByTestId('load-more').click();
    await expect.poll(() => page.getByTestId('book-row').count()).toBe(40);
    expect(await cells('title')).toEqual([...firstPage, ...secondPage]);
    await expect(page.getByTestId('load-more').textContent()).resolves.toContain('40 of');
    expect(problems).toEqual([]);
  });

  it('sorts by one column and then by a second with Shift', async () => {
    await page.getByTestId('sort-price').click();
    await settle();
    const ascending = (await cells('price')).map(Number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBe(Math.min(...published.map((b) => Number(b.price))));

    await page.getByTestId('sort-price').click();
    await settle();
    const descending = (await cells('price')).map(Number);
    expect(descending[0]).toBe(Math.max(...published.map((b) => Number(b.price))));

    await page.getByTestId('sort-genre').click({ modifiers: ['Shift'] });
    await settle();
    expect(await page.locator('th[aria-sort]').count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('books.sorting')).toContain('genre');
  });

  it.each(['2024', 'true', 'null', '007', 'a,b{c}', '日本語', 'Straße', '🐉', '__proto__'])(
    'filters titles containing %j as text',
    async (text) => {
      await chooseRole('admin');
      await page.getByTestId('filter-title').fill(text);
      const expected = fx.books
        .filter((b) => b.title.toLowerCase().includes(text.toLowerCase()))
        .map((b) => b.id)
        .sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(0);
      await expect.poll(statusText).toBe(`${expected.length} books`);
      expect(await rowIds()).toEqual(expected);
      // The hostile text survives the URL too: a reload shows the same rows.
      await page.reload();
      await expect.poll(statusText).toBe(`${expected.length} books`);
      expect(await page.getByTestId('filter-title').inputValue()).toBe(text);
    },
  );

  it('the search box sends q: title or isbn, literally and case-insensitively, under the role', async () => {
    const matching = (text: string, books: typeof fx.books) =>
      books.filter(
        (book) =>
          book.title.toLowerCase().includes(text.toLowerCase()) || book.isbn.toLowerCase().includes(text),
      );
    const searched = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname.endsWith('/books') &&
        new URL(request.url()).searchParams.get('q') === 'THE',
    );
    await page.getByTestId('search').fill('THE');
    const request = await searched;
    // The text is the q parameter; the store adds no where of its own for it.
    expect(new URL(request.url()).searchParams.get('where')).toBeNull();
    await expect.poll(statusText).toBe(`${matching('the', published).length} books`);
    expect(await rowIds()).toEqual(
      matching('the', published)
        .slice(0, 20)
        .map((book) => book.id)
        .sort((a, b) => a - b),
    );
    // `%` is a character like any other, not a wildcard.
    await page.getByTestId('search').fill('%');
    await expect.poll(statusText).toBe(`${matching('%', published).length} books`);
    expect(matching('%', published).length).toBeLessThan(published.length);
    // An editor finds the unpublished books too.
    await page.getByTestId('search').fill('the');
    await settle();
    await chooseRole('editor');
    await expect.poll(statusText).toBe(`${matching('the', fx.books).length} books`);
    expect(matching('the', fx.books).length).toBeGreaterThan(matching('the', published).length);
    expect(problems).toEqual([]);
  });

  it('the Export CSV link follows the search and gives the rows of the filtered list', async () => {
    const expected = published
      .filter((book) => book.title.toLowerCase().includes('the') || book.isbn.toLowerCase().includes('the'))
      .map((book) => book.id)
      .sort((a, b) => a - b);
    await page.getByTestId('search').fill('THE');
    await expect.poll(statusText).toBe(`${expected.length} books`);
    const href = await page.getByTestId('export-csv').getAttribute('href');
    const url = new URL(href ?? '', app.origin);
    expect(url.pathname).toBe('/api/v1/books/export');
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('q')).toBe('THE');
    expect(url.searchParams.get('fields')?.split(',')[0]).toBe('id');
    const csv = await page.evaluate(async (link) => {
      const response = await fetch(link);
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        text: await response.text(),
      };
    }, url.href);
    expect(csv.status).toBe(200);
    expect(csv.type).toMatch(/^text\/csv/);
    const [header, ...rows] = csv.text.trimEnd().split('\r\n');
    expect(header?.split(',')[0]).toBe('id');
    expect(rows.map((row) => Number(row.split(',')[0])).sort((a, b) => a - b)).toEqual(expected);
    // The click downloads through the client, with the role's token.
    const download = page.waitForEvent('download');
    await page.getByTestId('export-csv').click();
    expect((await download).suggestedFilename()).toBe('books.csv');
    expect(problems).toEqual([]);
  });

  it('the per-genre table counts the rows the caller may read, under the search, from aggregate?by=genre', async () => {
    const perGenre = (books: typeof fx.books) => {
      const counts = new Map<string, number>();
      for (const book of books) counts.set(book.genre, (counts.get(book.genre) ?? 0) + 1);
      return Object.fromEntries(counts);
    };
    const shown = () =>
      page
        .getByTestId('genres')
        .evaluate((table) =>
          Object.fromEntries(
            [...table.querySelectorAll('tr')].map((row) => [
              row.getAttribute('data-genre'),
              Number(row.querySelector('.count')?.textContent),
            ]),
          ),
        );
    await expect.poll(shown).toEqual(perGenre(published));
    // Largest group first (orderBy _count desc).
    const counts = Object.values(await shown()) as number[];
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const grouped = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname.endsWith('/books/aggregate') &&
        new URL(request.url()).searchParams.get('q') === 'the',
    );
    await page.getByTestId('search').fill('the');
    expect(new URL((await grouped).url()).searchParams.get('by')).toBe('genre');
    const searched = (books: typeof fx.books) =>
      books.filter(
        (book) => book.title.toLowerCase().includes('the') || book.isbn.toLowerCase().includes('the'),
      );
    await expect.poll(shown).toEqual(perGenre(searched(published)));
    // An editor's groups include the drafts.
    await chooseRole('editor');
    await expect.poll(shown).toEqual(perGenre(searched(fx.books)));
    expect(problems).toEqual([]);
  });

  it('filters the table by an author chosen in the autocomplete', async () => {
    const author = fx.authors.find((a) => published.filter((b) => b.authorId === a.id).length >= 3)!;
    const expected = published.filter((b) => b.authorId === author.id);
    await page.getByTestId('author-input').fill(author.name.slice(0, 6));
    const option = page.getByRole('option', { name: new RegExp(author.name) });
    await option.click();
    await expect.poll(statusText).toBe(`${expected.length} books`);
    expect(await page.getByTestId('author-chip').textContent()).toContain(author.name);
    expect(new Set(await cells('author.name'))).toEqual(new Set([author.name]));
  });

  it('switching role changes the rows: readers see published books only', async () => {
    await chooseRole('admin');
    await expect.poll(statusText).toBe(`${fx.books.length} books`);
    expect(await cells('published')).toContain('No');
    await chooseRole('reader');
    await expect.poll(statusText).toBe(`${published.length} books`);
    expect(new Set(await cells('published'))).toEqual(new Set(['Yes']));
    // The staff-only column is offered to staff only.
    expect(await page.getByTestId('column-internalNote').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('back and forward restore the table state', async () => {
    await page.getByTestId('next-page').click();
    await settle();
    const pageTwo = await rowIds();
    await page.getByTestId('filter-title').fill('Lantern');
    await expect.poll(() => page.getByTestId('page-status').textContent()).toMatch(/^Page 1 of/);
    await settle();
    const filtered = await rowIds();

    await page.goBack();
    await expect.poll(() => page.getByTestId('page-status').textContent()).toMatch(/^Page 2 of/);
    await settle();
    expect(await rowIds()).toEqual(pageTwo);
    expect(await page.getByTestId('filter-title').inputValue()).toBe('');

    await page.goForward();
    await expect.poll(() => page.getByTestId('filter-title').inputValue()).toBe('Lantern');
    await settle();
    expect(await rowIds()).toEqual(filtered);
  });

  it('the column chooser drives the fields projection', async () => {
    await chooseRole('editor');
    await page.locator('[data-testid=column-chooser] summary').click();
    const request = page.waitForRequest(
      (r) => r.url().includes('/api/v1/books?') && r.url().includes('internalNote'),
    );
    await page.getByTestId('column-internalNote').check();
    const fields = new URL((await request).url()).searchParams.get('fields');
    expect(fields).toMatch(/^items\{.*internalNote.*\},meta\{/);
    await settle();
    expect((await cells('internalNote')).every((note) => note.startsWith('cost basis'))).toBe(true);
  });

  it('shows an error state when a request fails, and recovers', async () => {
    await page.route('**/api/v1/books?**', (route) =>
      route.fulfill({ status: 500, body: '{"message":"boom"}' }),
    );
    await page.getByTestId('next-page').click();
    await expect(page.getByTestId('error').textContent()).resolves.toMatch(/Could not load books/);
    await page.unroute('**/api/v1/books?**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await settle();
    expect(await page.getByTestId('error').count()).toBe(0);
  });

  // The README's state (scripts/screenshot.mjs photographs it; this suite writes no file).
  it("an editor's fiction sorted by price: fiction only, published or not, cheapest first", async () => {
    await chooseRole('editor');
    await page.getByTestId('sort-price').click();
    await settle();
    await page.getByTestId('filter-genre').selectOption('FICTION');
    const fiction = fx.books.filter((b) => b.genre === 'FICTION');
    await expect.poll(statusText).toBe(`${fiction.length} books`);
    expect(new Set(await cells('genre'))).toEqual(new Set(['FICTION']));
    const prices = (await cells('price')).map(Number);
    expect(prices).toEqual(
      fiction
        .map((b) => Number(b.price))
        .sort((a, b) => a - b)
        .slice(0, prices.length),
    );
    expect(problems).toEqual([]);
  });
});
