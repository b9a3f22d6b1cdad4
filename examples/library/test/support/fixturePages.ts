// The set-up the Chromium suites share: test pages bundled into a temporary folder, the example app
// serving them, and a headless Debian Chromium driven through playwright-core.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { bundleFixtures } from './bundleFixtures.js';
import { type RunningLibrary, startLibrary } from './startLibrary.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
// Skipping is for a developer's machine without Chromium; in CI a missing browser must fail.
if (!hasChromium && process.env.CI) throw new Error(`Chromium is required in CI (looked at ${CHROMIUM})`);

export interface FixturePages {
  readonly app: RunningLibrary;
  readonly browser: Browser;
  /** The folder the pages were bundled into (`<name>.html` per entry), which the app serves. */
  readonly webDir: string;
  close(): Promise<void>;
}

/** Bundles `entries` (name → source file), then starts the example app on them and Chromium. */
export async function startFixturePages(
  prefix: string,
  entries: Record<string, string>,
): Promise<FixturePages> {
  const webDir = mkdtempSync(join(tmpdir(), `facet-${prefix}-`));
  await bundleFixtures(webDir, entries);
  const [app, browser] = await Promise.all([
    startLibrary({ webDir }),
    chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] }),
  ]);
  return {
    app,
    browser,
    webDir,
    close: async () => {
      await browser.close();
      await app.close();
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}
