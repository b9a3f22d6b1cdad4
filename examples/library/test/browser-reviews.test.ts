// The page's reviews in real Chromium against the real app on its own PGlite database, in demo
// mode: a signed-in reader adds a review and edits it; editing someone else's review, or writing
// without signing in, shows the server's refusal. The database is checked after each step.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, launchChromium } from '@facet/test-support/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../scripts/web-bundle.mjs';
import { loadFixture } from '../src/database/index.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';

const fx = loadFixture();
// The table's first row (sorted by id) is the first book; its reviews are the fixture's.
const book = fx.books[0]!;
const othersReview = fx.reviews.find((review) => review.bookId === book.id && review.userId !== 3)!;

const hasChromium = chromiumAvailable('library review browser tests');

describe.skipIf(!hasChromium)('adding and editing a review on the page, in Chromium', () => {
  let app: RunningLibrary;
  let browser: Browser;
  let webDir: string;
  let page: Page;

  beforeAll(async () => {
    if (!book.published) throw new Error('the fixture changed: its first book is not published');
    webDir = mkdtempSync(join(tmpdir(), 'facet-library-reviews-'));
    const [started, launched] = await Promise.all([
      bundleWeb({ outdir: webDir, fromSource: true, minify: false }).then(() =>
        startLibrary({ webDir, demo: true }),
      ),
      launchChromium(),
    ]);
    app = started;
    browser = launched;
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(app.origin);
    await page
      .getByTestId('status')
      .filter({ hasText: /^\d+ books$/ })
      .waitFor();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  const chooseRole = async (role: string) => {
    await page.getByTestId(`role-${role}`).check({ force: true });
    await expect.poll(() => page.getByTestId('status').textContent()).toMatch(/^\d+ books$/);
    await expect.poll(() => page.getByTestId('review-book').inputValue()).toBe(String(book.id));
  };
  const review = (text: string) => page.getByTestId('review').filter({ hasText: text });
  const mine = () =>
    app.database.prisma.review.findMany({
      where: { bookId: book.id, userId: 3 },
      orderBy: { createdAt: 'desc' },
    });

  it('a reader adds a review, as themselves', async () => {
    await chooseRole('reader');
    const before = (await mine()).length;
    await expect.poll(() => review(othersReview.body).count()).toBe(1);
    const form = page.getByTestId('add-review');
    await form.getByLabel('Rating').selectOption('4');
    await form.getByLabel('Review').fill('Written in Chromium');
    await form.getByRole('button', { name: 'Add review' }).click();
    await expect.poll(() => review('Written in Chromium').count()).toBe(1);
    expect(await review('Written in Chromium').textContent()).toContain('Riley Reader');
    const rows = await mine();
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ body: 'Written in Chromium', rating: 4, userId: 3 });
  });

  it('the reader edits their review', async () => {
    await review('Written in Chromium').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('edit-review');
    await form.getByLabel('Review').fill('Edited in Chromium');
    await form.getByLabel('Rating').selectOption('2');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => review('Edited in Chromium').count()).toBe(1);
    expect(await page.getByTestId('review-error').count()).toBe(0);
    expect((await mine())[0]).toMatchObject({ body: 'Edited in Chromium', rating: 2 });
  });

  it("editing someone else's review shows the server's refusal, and changes nothing", async () => {
    await review(othersReview.body).getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('edit-review');
    await form.getByLabel('Review').fill('Not mine');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('review-error').textContent()).toMatch(/^403: /);
    const row = await app.database.prisma.review.findUnique({ where: { id: othersReview.id } });
    expect(row).toMatchObject({ body: othersReview.body, rating: othersReview.rating });
  });

  it('an anonymous caller is told to sign in (401), and nothing is written', async () => {
    await chooseRole('anonymous');
    const count = await app.database.prisma.review.count();
    const form = page.getByTestId('add-review');
    await form.getByLabel('Review').fill('Anonymous');
    await form.getByRole('button', { name: 'Add review' }).click();
    await expect.poll(() => page.getByTestId('review-error').textContent()).toMatch(/^401: Sign in to write/);
    expect(await app.database.prisma.review.count()).toBe(count);
  });
});
