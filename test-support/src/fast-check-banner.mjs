// vitest globalSetup entry: runs in the main process once per project; the flag on globalThis makes
// the seed print once per run, however many projects run.
import { seedBanner } from './fast-check.mjs';

const PRINTED = Symbol.for('facet.test-support.fast-check-banner');

export default function setup() {
  const state = /** @type {Record<symbol, boolean>} */ (/** @type {unknown} */ (globalThis));
  if (state[PRINTED]) return;
  state[PRINTED] = true;
  console.log(seedBanner());
}
