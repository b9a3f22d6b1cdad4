// Debian's Chromium through playwright-core (Playwright's own browser download cannot run here), with
// the flags every suite and the screenshot script use: no sandbox (root in CI), no GPU, and nothing
// that reaches out to the network on its own.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Whether Chromium is installed. Without it a suite is skipped, saying so under `label`; in CI
 * (`CI` set) its absence is an error instead, so a CI run cannot pass without the browser tests.
 * @param {string} label
 */
export function chromiumAvailable(label) {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI) throw new Error(`Chromium is required in CI (looked at ${CHROMIUM_PATH})`);
  console.warn(`${label} skipped: no Chromium at ${CHROMIUM_PATH}`);
  return false;
}

/** @param {import('playwright-core').LaunchOptions} [options] */
export function launchChromium(options = {}) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...options });
}
