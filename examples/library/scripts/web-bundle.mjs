// Bundles the web page (web/) into one ES module plus its static files. `npm start` bundles against
// the packages' dist (what ships); the browser tests pass `fromSource` to bundle the packages'
// TypeScript sources, like every other vitest suite in the workspace.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = join(root, '../../packages');

/** The packages' sources by import path, for bundles built from source (tests). */
export const sourceAlias = {
  '@facet/core': join(packages, 'core/src/index.ts'),
  '@facet/client/api': join(packages, 'client/src/api/index.ts'),
  '@facet/client/table': join(packages, 'client/src/table/index.ts'),
  '@facet/client/autocomplete': join(packages, 'client/src/autocomplete/index.ts'),
  '@facet/client/react': join(packages, 'client/src/react/index.ts'),
  '@facet/client/vue': join(packages, 'client/src/vue/index.ts'),
  '@facet/client/tanstack': join(packages, 'client/src/tanstack/index.ts'),
  '@facet/client/refine': join(packages, 'client/src/refine/index.ts'),
  '@facet/client/tanstack-table': join(packages, 'client/src/tanstack-table/index.ts'),
  '@facet/client': join(packages, 'client/src/index.ts'),
};

/** What every browser bundle of the example shares: the page's and the tests' fixture pages. */
export const browserBundle = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022'],
  jsx: 'automatic',
  logLevel: 'warning',
};

/**
 * @param {{ outdir: string, fromSource?: boolean, minify?: boolean }} options
 */
export async function bundleWeb({ outdir, fromSource = false, minify = true }) {
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: { app: join(root, 'web/main.tsx'), admin: join(root, 'web/admin/main.tsx') },
    outdir,
    ...browserBundle,
    minify,
    sourcemap: true,
    alias: fromSource ? sourceAlias : {},
    define: { 'process.env.NODE_ENV': JSON.stringify(minify ? 'production' : 'development') },
  });
  for (const file of ['index.html', 'admin.html', 'styles.css'])
    copyFileSync(join(root, 'web', file), join(outdir, file));
}
