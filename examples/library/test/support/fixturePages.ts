// The set-up the Chromium suites share: test pages bundled into a temporary folder, the example app
// serving them, and a headless Debian Chromium driven through playwright-core.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumAvailable, launchChromium } from '@facet/test-support/chromium';
import type { Browser } from 'playwright-core';
import { bundleFixtures } from './bundleFixtures.js';
import { type RunningLibrary, startLibrary } from './startLibrary.js';

// Skipping is for a developer's machine without Chromium; in CI a missing browser must fail.
export const hasChromium = chromiumAvailable('the Chromium fixture suites');

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
  const [app, browser] = await Promise.all([startLibrary({ webDir }), launchChromium()]);
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
