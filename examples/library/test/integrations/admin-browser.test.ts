// The admin page (web/admin: Refine headless, @refinedev/react-table, TanStack Table, over
// @facet/client/refine) in real Chromium against the real app on its own PGlite database, in demo
// mode: list, filter, sort, page, search, show, create and edit of a review and of a draft book,
// and refused writes showing the server's answer. Expectations come from the fixture JSON; writes
// are checked in the database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, useModuleApi } from '@facet/client/api';
import { chromiumAvailable, launchChromium } from '@facet/test-support/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../../scripts/web-bundle.mjs';
import { loadFixture } from '../../src/database/index.js';
import { type RunningLibrary, startLibrary } from '../support/startLibrary.js';

const fx = loadFixture();
const published = fx.books.filter((book) => book.published).sort((a, b) => a.id - b.id);
const authorOf = (id: number) => fx.authors.find((author) => author.id === id)!;
const READER = 3;
const hasChromium = chromiumAvailable('library admin page browser tests');

describe.skipIf(!hasChromium)('the admin page (Refine) in Chromium', { timeout: 30_000 }, () => {
  let app: RunningLibrary;
  let browser: Browser;
  let webDir: string;
  let page: Page;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'facet-library-admin-'));
    const [started, launched] = await Promise.all([
      bundleWeb({ outdir: webDir, fromSource: true, minify: false }).then(() =>
        startLibrary({ webDir, demo: true }),
      ),
      launchChromium(),
    ]);
    app = started;
    browser = launched;
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${app.origin}/admin.html`);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  // allTextContents: a poll must not wait for an element that is not there yet (textContent does).
  const text = (testId: string) =>
    page
      .getByTestId(testId)
      .allTextContents()
      .then((texts) => texts.join(''));
  const status = () => text('admin-status');
  const rowIds = () =>
    page
      .getByTestId('admin-row')
      .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))));
  const settled = async (total: number) => expect.poll(status, { timeout: 15_000 }).toBe(`${total} books`);
  const chooseRole = async (role: string) => page.getByTestId(`role-${role}`).check({ force: true });

  it('lists the books the caller may read, ten a page, in key order', async () => {
    await settled(published.length);
    await expect.poll(rowIds).toEqual(published.slice(0, 10).map((book) => book.id));
    expect(await page.getByTestId('admin-page').textContent()).toBe(
      `Page 1 of ${Math.ceil(published.length / 10)}`,
    );
  });

  it('shows books per genre from aggregate?by=genre, counting only the rows the caller may read', async () => {
    const perGenre = (books: typeof fx.books) => {
      const counts: Record<string, number> = {};
      for (const book of books) counts[book.genre] = (counts[book.genre] ?? 0) + 1;
      return Object.entries(counts)
        .map(([genre, count]) => `${genre}: ${count}`)
        .sort();
    };
    // The drafts change some genre's count, or the check below could not tell the scopes apart.
    expect(perGenre(published)).not.toEqual(perGenre(fx.books));
    // The server orders genres as the enum declares them (PostgreSQL's enum order); compared as sets.
    const shown = async () => (await page.getByTestId('admin-genres').locator('li').allTextContents()).sort();
    await expect.poll(shown, { timeout: 15_000 }).toEqual(perGenre(published));
  });

  it('pages forward and back', async () => {
    await page.getByTestId('admin-next').click();
    await expect.poll(rowIds).toEqual(published.slice(10, 20).map((book) => book.id));
    await page.getByTestId('admin-prev').click();
    await expect.poll(rowIds).toEqual(published.slice(0, 10).map((book) => book.id));
  });

  it('filters by genre and pages, then sorts by pages and by author name', async () => {
    await page.getByTestId('admin-filter-genre').selectOption('POETRY');
    await page.getByTestId('admin-filter-pages').fill('300');
    const poetry = published.filter((book) => book.genre === 'POETRY' && book.pages >= 300);
    await settled(poetry.length);
    await page.getByTestId('sort-pages').click();
    const byPages = [...poetry].sort((a, b) => a.pages - b.pages || a.id - b.id);
    await expect.poll(rowIds).toEqual(byPages.slice(0, 10).map((book) => book.id));
    // Through the relation, in the database's order of the authors' names (its collation's).
    const authors = await useModuleApi<{ id: number }>(
      createApiClient({ origin: app.origin }),
      'authors',
    ).query({
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      perPage: 100,
      fields: 'id',
    });
    const rank = new Map(authors.items.map((author, index) => [author.id, index]));
    await page.getByTestId('sort-author.name').click();
    const byAuthor = [...poetry].sort((a, b) => rank.get(a.authorId)! - rank.get(b.authorId)! || a.id - b.id);
    await expect.poll(rowIds).toEqual(byAuthor.slice(0, 10).map((book) => book.id));
    await page.getByTestId('admin-filter-genre').selectOption({ index: 0 });
    await page.getByTestId('admin-filter-pages').fill('');
    await settled(published.length);
  });

  it('searches titles and ISBNs with q', async () => {
    await page.goto(`${app.origin}/admin.html`);
    await settled(published.length);
    await page.getByTestId('admin-search').fill('atlas');
    const atlas = published.filter((book) => `${book.title} ${book.isbn}`.toLowerCase().includes('atlas'));
    await settled(atlas.length);
    expect((await rowIds()).sort((a, b) => a - b)).toEqual(
      atlas
        .slice(0, 10)
        .map((book) => book.id)
        .sort((a, b) => a - b),
    );
  });

  it('shows a book with its author and reviews', async () => {
    // A fresh page: no filter, search or sort, so the first row is the first published book.
    await page.goto(`${app.origin}/admin.html`);
    await settled(published.length);
    const book = published[0]!;
    expect(await page.getByTestId('admin-row').first().getAttribute('data-id')).toBe(String(book.id));
    await page.getByTestId('admin-show').first().click();
    await expect.poll(() => text('admin-book-title')).toBe(book.title);
    expect(await page.getByTestId('admin-book-author').textContent()).toBe(
      `${authorOf(book.authorId).name} (${authorOf(book.authorId).country})`,
    );
    const reviews = fx.reviews.filter((review) => review.bookId === book.id);
    await expect.poll(() => page.getByTestId('admin-review').count()).toBe(reviews.length);
  });

  it('a reader adds a review and edits it; the rows are in the database; a bad rating shows its field error', async () => {
    await chooseRole('reader');
    await page.getByTestId('admin-review-add').click();
    await page.getByTestId('review-rating').fill('4');
    await page.getByTestId('review-body').fill('Added from the admin page');
    await page.getByTestId('review-save').click();
    await expect
      .poll(() => page.getByTestId('admin-review').filter({ hasText: 'Added from the admin page' }).count())
      .toBe(1);
    const [created] = await app.database.prisma.review.findMany({
      where: { body: 'Added from the admin page' },
    });
    expect(created).toMatchObject({ userId: READER, rating: 4 });
    await page
      .getByTestId('admin-review')
      .filter({ hasText: 'Added from the admin page' })
      .getByTestId('admin-review-edit')
      .click();
    await expect.poll(() => page.getByTestId('review-body').inputValue()).toBe('Added from the admin page');
    await page.getByTestId('review-body').fill('Edited on the admin page');
    await page.getByTestId('review-save').click();
    await expect
      .poll(() => page.getByTestId('admin-review').filter({ hasText: 'Edited on the admin page' }).count())
      .toBe(1);
    expect(await app.database.prisma.review.findUnique({ where: { id: created!.id } })).toMatchObject({
      body: 'Edited on the admin page',
    });
  });

  it("refuses a reader's edit of someone else's review: the server's 403 shows, nothing changes", async () => {
    await page.getByTestId('nav-list').click();
    await settled(published.length);
    await page.getByTestId('admin-show').first().click();
    const other = page.getByTestId('admin-review').filter({ hasNotText: 'Edited on the admin page' }).first();
    const id = await other.getAttribute('data-id');
    const before = await app.database.prisma.review.findUnique({ where: { id: id! } });
    await other.getByTestId('admin-review-edit').click();
    await expect.poll(() => page.getByTestId('review-body').inputValue()).toBe(before!.body);
    await page.getByTestId('review-body').fill('Not mine');
    await page.getByTestId('review-save').click();
    await expect.poll(() => text('admin-error')).toMatch(/^403: /);
    expect(await app.database.prisma.review.findUnique({ where: { id: id! } })).toEqual(before);
  });

  it('an editor creates a draft book and edits it; publishing it is refused and shows why', async () => {
    await chooseRole('editor');
    await page.getByTestId('nav-book-create').click();
    await page.getByTestId('book-title').fill('A Draft From Refine');
    await page.getByTestId('book-isbn').fill('9789999999991');
    await page.getByTestId('book-price').fill('12.50');
    await page.getByTestId('book-pages').fill('210');
    await page.getByTestId('book-genre').selectOption('TECH');
    await page.getByTestId('book-save').click();
    await expect.poll(() => text('admin-book-title')).toBe('A Draft From Refine');
    const draft = await app.database.prisma.book.findUnique({ where: { isbn: '9789999999991' } });
    expect(draft).toMatchObject({
      title: 'A Draft From Refine',
      pages: 210,
      genre: 'TECH',
      published: false,
    });
    await page.getByTestId('admin-book-edit').click();
    await expect.poll(() => page.getByTestId('book-title').inputValue()).toBe('A Draft From Refine');
    await page.getByTestId('book-title').fill('A Draft, Edited');
    await page.getByTestId('book-save').click();
    await expect.poll(() => text('admin-book-title')).toBe('A Draft, Edited');
    await page.getByTestId('admin-book-edit').click();
    await expect.poll(() => page.getByTestId('book-title').inputValue()).toBe('A Draft, Edited');
    await page.getByTestId('book-published').check();
    await page.getByTestId('book-save').click();
    await expect.poll(() => text('admin-error')).toMatch(/^403: /);
    expect(await app.database.prisma.book.findUnique({ where: { id: draft!.id } })).toMatchObject({
      title: 'A Draft, Edited',
      published: false,
    });
  });
});
