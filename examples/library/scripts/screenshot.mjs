// `npm run screenshot -w facet-example-library -- <file.png>` photographs the web page in the state
// the READMEs show (editor, sorted by price, fiction only) and writes it to <file.png>;
// `-- --docs` writes docs/screenshot.png, the picture the READMEs embed. It writes nothing else and
// nothing unless asked: the test suite never touches a tracked file (scripts/test.mjs checks).
// Builds what is stale (as `npm start`), then serves the app in demo mode on in-memory PGlite and
// drives Debian's Chromium.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromiumAvailable, launchChromium } from '@facet/test-support/chromium';
import { listenApp } from '@facet/test-support/net';
import { buildAll } from './build.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DOCS_SCREENSHOT = join(root, '../../docs/screenshot.png');
const USAGE = 'usage: npm run screenshot -w facet-example-library -- <file.png> | --docs';

const [target, ...rest] = process.argv.slice(2);
if (target === undefined || rest.length > 0 || (target.startsWith('-') && target !== '--docs')) {
  console.error(USAGE);
  process.exit(2);
}
const out = target === '--docs' ? DOCS_SCREENSHOT : resolve(process.env.INIT_CWD ?? process.cwd(), target);
if (!chromiumAvailable('screenshot')) process.exit(1);

await buildAll();
const { createLibraryApp } = await import(pathToFileURL(join(root, 'dist/app.js')).href);
const library = await createLibraryApp({ webDir: join(root, 'dist/web'), demo: true, logger: ['error'] });
const origin = await listenApp(library.app);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const status = page.getByTestId('status');
  // The page shows "N books" once the rows it asked for are in, "Loading…" in between.
  const settled = async () => {
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() =>
      /^\d+ books$/.test(document.querySelector('[data-testid=status]')?.textContent ?? ''),
    );
  };
  await page.goto(origin);
  await status.waitFor();
  await settled();
  await page.getByTestId('role-editor').check({ force: true });
  await settled();
  await page.getByTestId('sort-price').click();
  await settled();
  await page.getByTestId('filter-genre').selectOption('FICTION');
  await settled();
  mkdirSync(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: false });
  console.log(`screenshot: ${out} (${await status.textContent()})`);
} finally {
  await browser.close();
  await library.close();
}
