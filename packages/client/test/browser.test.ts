// The adapters in real Chromium: pages built with esbuild on @facet/client/react and
// @facet/client/vue, served by the same real HTTP server as the API they query.
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@facet/test-support/chromium';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/server.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [here(entry)],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
    alias: { '@facet/client': here('../src'), '@facet/core': here('../../core/src/index.ts') },
    define: {
      'process.env.NODE_ENV': '"production"',
      __VUE_OPTIONS_API__: 'false',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  });
  return result.outputFiles[0]?.text ?? '';
}

const html = (script: string) => ({
  type: 'text/html',
  body: `<!doctype html><meta charset="utf-8"><div id="root"></div><script type="module" src="${script}"></script>`,
});

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const [react, vue] = await Promise.all([bundle('./browser/reactPage.ts'), bundle('./browser/vuePage.ts')]);
  server = await startServer({
    '/react': html('/assets/react.js'),
    '/vue': html('/assets/vue.js'),
    '/assets/react.js': { type: 'text/javascript', body: react },
    '/assets/vue.js': { type: 'text/javascript', body: vue },
  });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  page = await browser.newPage();
  server.requests.length = 0;
  return () => page.close();
});

const rows = () => page.locator('[data-testid=rows] li').allTextContents();
const searches = () => server.listRequests().filter((request) => request.query.where !== undefined);

describe.each(['react', 'vue'])('the %s adapter in Chromium', (framework) => {
  it('renders rows, pages, and debounces typing into one request', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.origin}/${framework}`);

    const status = page.getByTestId('status');
    await expect.poll(rows).toEqual(['2024', 'true', 'null', '007', 'a,b{c}']);
    expect(await status.textContent()).toBe('Page 1 of 9, 45 books');

    await page.getByRole('button', { name: 'Next' }).click();
    // The page number changes at once; the rows when page 2 arrives.
    await expect.poll(rows).toEqual(['Ünïcødé & Ωmega', '[draft]', '"quoted"', 'Book 09', 'Book 10']);
    expect(await status.textContent()).toBe('Page 2 of 9, 45 books');

    await page.getByLabel('Search books').pressSequentially('Book 1', { delay: 40 });
    await expect.poll(rows).toEqual(['Book 10', 'Book 11', 'Book 12', 'Book 13', 'Book 14']);
    expect(await status.textContent()).toBe('Page 1 of 2, 10 books');
    expect(searches().map((request) => request.query.where)).toEqual([{ title: { contains: 'Book 1' } }]);
    // Re-renders with fresh option objects sent nothing extra: page 1, page 2, the search.
    expect(server.listRequests().filter((request) => request.query.perPage === 5)).toHaveLength(3);
    expect(errors).toEqual([]);
  });
});

it('runs the React autocomplete with the keyboard', async () => {
  await page.goto(`${server.origin}/react`);
  const input = page.getByLabel('Pick a book');
  await input.pressSequentially('Book 3', { delay: 20 });
  const options = page.locator('[data-testid=options] li');
  await expect.poll(() => options.allTextContents()).toEqual(['Book 30', 'Book 31', 'Book 32']);
  await input.press('ArrowDown');
  await input.press('ArrowDown');
  await expect.poll(() => page.locator('[aria-selected=true]').textContent()).toBe('Book 31');
  await input.press('Enter');
  await expect.poll(() => page.getByTestId('picked').textContent()).toBe('Book 31');
  expect(await input.inputValue()).toBe('');
});
