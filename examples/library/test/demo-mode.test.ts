// Demo mode (src/demo.ts): the fixture's tokens reach the browser only when it is on. The app is
// started through libraryOptionsFromEnv, as `npm start` starts it, in each mode, and everything it
// serves is searched for the tokens. PostgreSQL modes need the server (skipped when unreachable,
// required in CI); the page without the switcher is driven in Chromium when it is installed.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, launchChromium } from '@facet/test-support/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../scripts/web-bundle.mjs';
import { libraryOptionsFromEnv } from '../src/config.js';
import { loadFixture } from '../src/database/index.js';
import { DEMO_ELEMENT_ID, demoModeFromEnv } from '../src/demo.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';
import { checkTarget, createTargetDatabase, type TargetDatabase } from './support/targets.js';

const fx = loadFixture();
const published = fx.books.filter((b) => b.published);
const TOKENS = fx.users.map((user) => user.token);
const postgres = await checkTarget('postgresql');
const hasChromium = chromiumAvailable('demo-mode page checks');

/** What the app serves without a token: the page, its assets, the API docs. */
const SERVED = [
  '/',
  '/index.html',
  '/app.js',
  '/app.js.map',
  '/styles.css',
  '/api/docs',
  '/api/docs-json',
  '/api/docs/swagger-ui-init.js',
  '/api/v1/reviews?include.user=true&perPage=100',
];

const tokensIn = (text: string) => TOKENS.filter((token) => text.includes(token));

async function fetchText(origin: string, path: string): Promise<string> {
  const response = await fetch(origin + path);
  expect(response.status, path).toBe(200);
  return response.text();
}

describe('demo mode', () => {
  let webDir: string;
  let pgliteDir: string;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'facet-library-demo-web-'));
    pgliteDir = mkdtempSync(join(tmpdir(), 'facet-library-demo-pglite-'));
    await bundleWeb({ outdir: webDir, fromSource: true });
  }, 60_000);
  afterAll(() => {
    rmSync(webDir, { recursive: true, force: true });
    rmSync(pgliteDir, { recursive: true, force: true });
  });

  /** The app as `npm start` would start it with `env`, serving the bundle built above. */
  const start = (env: Record<string, string>) =>
    startLibrary({ ...libraryOptionsFromEnv(env), webDir, logger: ['error'] });

  it('FACET_DEMO decides when set; unset, it is on for PGlite and off with DATABASE_URL', () => {
    const url = 'postgresql://postgres@127.0.0.1:5432/library';
    expect(demoModeFromEnv({})).toBe(true);
    expect(demoModeFromEnv({ DATABASE_URL: '' })).toBe(true);
    expect(demoModeFromEnv({ DATABASE_URL: url })).toBe(false);
    expect(demoModeFromEnv({ DATABASE_URL: url, FACET_DEMO: '1' })).toBe(true);
    expect(demoModeFromEnv({ DATABASE_URL: url, FACET_DEMO: 'true' })).toBe(true);
    expect(demoModeFromEnv({ FACET_DEMO: '0' })).toBe(false);
    expect(demoModeFromEnv({ DATABASE_URL: url, FACET_DEMO: '' })).toBe(false);
    expect(() => demoModeFromEnv({ DATABASE_URL: url, FACET_DEMO: 'please' })).toThrow(/FACET_DEMO/);
  });

  it('the built page holds no token (neither bundle nor source map nor HTML)', () => {
    const files = readdirSync(webDir);
    expect(files).toEqual(expect.arrayContaining(['app.js', 'app.js.map', 'index.html']));
    for (const file of files) expect(tokensIn(readFileSync(join(webDir, file), 'utf8')), file).toEqual([]);
  });

  describe('PGlite, FACET_DEMO unset (npm start)', () => {
    let app: RunningLibrary;
    beforeAll(async () => {
      app = await start({ PGLITE_DIR: pgliteDir });
    }, 60_000);
    afterAll(() => app?.close());

    it('serves the page with every fixture role and token in its demo block', async () => {
      for (const path of ['/', '/index.html']) {
        const html = await fetchText(app.origin, path);
        const block = new RegExp(
          `<script type="application/json" id="${DEMO_ELEMENT_ID}">(.*?)</script>`,
        ).exec(html);
        expect(block, path).not.toBeNull();
        expect(JSON.parse(block![1]!)).toEqual({
          roles: fx.users.map(({ role, token }) => ({ role, token })),
        });
      }
      const response = await fetch(`${app.origin}/`);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('the script itself still holds none', async () => {
      expect(tokensIn(await fetchText(app.origin, '/app.js'))).toEqual([]);
    });
  });

  describe('PGlite, FACET_DEMO=0', () => {
    let app: RunningLibrary;
    beforeAll(async () => {
      app = await start({ PGLITE_DIR: pgliteDir, FACET_DEMO: '0' });
    }, 60_000);
    afterAll(() => app?.close());

    it.each(SERVED)('%s holds no token', async (path) => {
      expect(tokensIn(await fetchText(app.origin, path))).toEqual([]);
    });
  });

  describe.skipIf(!postgres.available)('PostgreSQL (DATABASE_URL)', () => {
    let db: TargetDatabase;
    let off: RunningLibrary;
    let optedIn: RunningLibrary;
    let browser: Browser | undefined;

    beforeAll(async () => {
      db = await createTargetDatabase('postgresql');
      // One after the other: the first start creates the tables and loads the fixture.
      off = await start({ DATABASE_URL: db.url! });
      optedIn = await start({ DATABASE_URL: db.url!, FACET_DEMO: '1' });
      if (hasChromium) {
        browser = await launchChromium();
      }
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await off?.close();
      await optedIn?.close();
      await db?.drop();
    });

    it.each(SERVED)('demo off by default: %s holds no token', async (path) => {
      expect(tokensIn(await fetchText(off.origin, path))).toEqual([]);
    });

    it('FACET_DEMO=1 turns it on: the page carries every token', async () => {
      expect(tokensIn(await fetchText(optedIn.origin, '/'))).toEqual(TOKENS);
      expect(tokensIn(await fetchText(optedIn.origin, '/app.js'))).toEqual([]);
    });

    /** The page in a fresh context where a demo session on this origin remembered the admin role. */
    async function openPage(origin: string) {
      const context = await browser!.newContext();
      await context.addInitScript({ content: "localStorage.setItem('facet-library:role', 'admin');" });
      const page = await context.newPage();
      const problems: string[] = [];
      const authorizations: (string | undefined)[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/')) authorizations.push(request.headers().authorization);
      });
      await page.goto(origin);
      return { page, problems, authorizations, close: () => context.close() };
    }

    it.skipIf(!hasChromium)(
      'demo off: the page works as an anonymous reader, without the switcher',
      async () => {
        const { page, problems, authorizations, close } = await openPage(off.origin);
        try {
          await expect.poll(() => page.getByTestId('status').textContent()).toBe(`${published.length} books`);
          expect(await page.getByTestId('book-row').count()).toBe(20);
          expect(await page.locator('fieldset.roles').count()).toBe(0);
          expect(await page.locator('[data-testid^="role-"]').count()).toBe(0);
          // The remembered admin role is not applied: no request carries a token.
          expect(authorizations.length).toBeGreaterThan(0);
          expect(authorizations.every((header) => header === undefined)).toBe(true);
          expect(tokensIn(await page.content())).toEqual([]);
          expect(problems).toEqual([]);
        } finally {
          await close();
        }
      },
    );

    it.skipIf(!hasChromium)(
      'FACET_DEMO=1: the switcher is back and the remembered role applies',
      async () => {
        const { page, problems, authorizations, close } = await openPage(optedIn.origin);
        try {
          await expect.poll(() => page.getByTestId('status').textContent()).toBe(`${fx.books.length} books`);
          expect(await page.getByTestId('role-admin').isChecked()).toBe(true);
          expect(await page.locator('[data-testid^="role-"]').count()).toBe(
            1 + new Set(fx.users.map((u) => u.role)).size,
          );
          expect(authorizations).toContain('Bearer admin-token');
          expect(problems).toEqual([]);
        } finally {
          await close();
        }
      },
    );
  });
  if (!postgres.available) console.warn(`demo mode on PostgreSQL skipped: ${postgres.reason}`);
});
