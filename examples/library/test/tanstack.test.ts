// @facet/client/tanstack in real Chromium under the real @tanstack/react-query and
// @tanstack/vue-query (fixture pages in test/tanstack/), against the real example app on PGlite.
import { join } from 'node:path';
import { encodeQuery } from '@facet/core';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixturePages, hasChromium, startFixturePages } from './support/fixturePages.js';
import { request, TOKENS } from './support/http.js';
import type { RunningLibrary } from './support/startLibrary.js';
import { type FixtureGlobal, INFINITE_QUERY, LIST_QUERY } from './tanstack/queries.js';

interface Row {
  id: number;
  title: string;
}
interface OffsetPage {
  items: Row[];
  meta: { hasNextPage: boolean; nextCursor: string | null };
}

describe.skipIf(!hasChromium)('@facet/client/tanstack in Chromium', () => {
  let app: RunningLibrary;
  let browser: Browser;
  let pages: FixturePages | undefined;

  beforeAll(async () => {
    pages = await startFixturePages('tanstack', {
      'tanstack-react': join(import.meta.dirname, 'tanstack/react.tsx'),
      'tanstack-vue': join(import.meta.dirname, 'tanstack/vue.ts'),
    });
    ({ app, browser } = pages);
  }, 90_000);

  afterAll(() => pages?.close());

  /** Every row of a query by offset pages, as `token`'s caller. */
  async function offsetRows(query: Record<string, unknown>, token?: string): Promise<Row[]> {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
      const { status, body } = await request<OffsetPage>(
        app.api,
        `/books?${encodeQuery({ ...query, page })}`,
        {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        },
      );
      expect(status).toBe(200);
      rows.push(...body.items);
      if (!body.meta.hasNextPage) return rows;
    }
  }

  async function open(framework: string, search = '') {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const listRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/v1/books') listRequests.push(req.url());
    });
    await page.goto(`${app.origin}/tanstack-${framework}.html${search}`);
    return { page, problems, listRequests, close: () => context.close() };
  }

  const rowsOf = (page: Page, testId: string) =>
    page
      .getByTestId(testId)
      .evaluateAll((items) =>
        items.map((item) => ({ id: Number(item.getAttribute('data-id')), title: item.textContent })),
      );

  describe.each(['react', 'vue'])('with %s-query', (framework) => {
    it('a list query renders the page the server gives', async () => {
      const { page, problems, close } = await open(framework);
      await expect.poll(() => page.getByTestId('list-status').textContent()).toBe('success');
      const { body } = await request<OffsetPage>(app.api, `/books?${encodeQuery(LIST_QUERY)}`);
      expect(body.items).toHaveLength(5);
      expect(await rowsOf(page, 'list-row')).toEqual(body.items);
      expect(problems).toEqual([]);
      await close();
    });

    it.each([
      ['anonymous', undefined],
      ['admin', TOKENS.admin],
    ])(
      'an infinite query walks every page by cursor in the offset order, as %s',
      async (_role, token) => {
        const { page, problems, listRequests, close } = await open(framework, token ? `?token=${token}` : '');
        const expected = await offsetRows(INFINITE_QUERY, token);
        // More rows than one page, or the walk proves nothing.
        expect(expected.length).toBeGreaterThan(INFINITE_QUERY.perPage * 2);
        for (;;) {
          await expect
            .poll(() => page.getByTestId('infinite-status').textContent())
            .toMatch(/^(more|success)$/);
          if ((await page.getByTestId('infinite-status').textContent()) === 'success') break;
          const before = await page.getByTestId('infinite-row').count();
          await page.getByTestId('more').click();
          await expect.poll(() => page.getByTestId('infinite-row').count()).toBeGreaterThan(before);
        }
        expect(await rowsOf(page, 'infinite-row')).toEqual(expected);
        const walk = listRequests.filter((url) => new URL(url).searchParams.get('perPage') === '7');
        expect(walk).toHaveLength(Math.ceil(expected.length / INFINITE_QUERY.perPage));
        // The first page goes without a cursor, every later one after the previous page's.
        expect(walk.map((url) => new URL(url).searchParams.has('after'))).toEqual(
          walk.map((_, index) => index > 0),
        );
        expect(walk.some((url) => new URL(url).searchParams.has('page'))).toBe(false);
        expect(problems).toEqual([]);
        await close();
      },
      30_000,
    );

    it('cancelling a query aborts its HTTP request', async () => {
      const { page, close } = await open(framework, '?count');
      // Hold the count request at the network layer so it is still in flight when cancelled.
      const held = new Promise<void>((resolve) => page.route('**/api/v1/books/count*', () => resolve()));
      const failed = page.waitForEvent('requestfailed', (req) => req.url().includes('/books/count'));
      await page.reload();
      await held;
      await expect.poll(() => page.getByTestId('count').textContent()).toBe('fetching');
      await page.evaluate(() => (globalThis as FixtureGlobal).facetFixture?.cancelCount());
      expect((await failed).failure()?.errorText).toMatch(/ERR_ABORTED|cancel/i);
      await expect.poll(() => page.getByTestId('count').textContent()).toBe('idle');
      await close();
    });

    it('invalidation after a mutation refetches the lists', async () => {
      const { page, problems, listRequests, close } = await open(framework, `?token=${TOKENS.admin}`);
      await expect.poll(() => page.getByTestId('list-status').textContent()).toBe('success');
      const [first] = await rowsOf(page, 'list-row');
      if (!first) throw new Error('the list is empty');
      const before = listRequests.length;
      const title = `${first.title} (${framework})`;
      await page.evaluate(([id, next]) => (globalThis as FixtureGlobal).facetFixture?.rename(id, next), [
        first.id,
        title,
      ] as const);
      await expect.poll(async () => (await rowsOf(page, 'list-row'))[0]?.title).toBe(title);
      // The list and the infinite list, both under keys.lists(), went to the server again.
      expect(listRequests.length).toBeGreaterThanOrEqual(before + 2);
      await request(app.api, `/books/${first.id}`, {
        role: 'admin',
        method: 'PATCH',
        body: { title: first.title },
      });
      expect(problems).toEqual([]);
      await close();
    });
  });
});
