// Bundles test pages (React or Vue fixtures under test/) from the packages' sources into a folder
// the example app serves, one `<name>.html` + `<name>.js` per entry.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { browserBundle, sourceAlias } from '../../scripts/web-bundle.mjs';

export async function bundleFixtures(outdir: string, entries: Record<string, string>): Promise<void> {
  await build({
    entryPoints: entries,
    outdir,
    ...browserBundle,
    sourcemap: 'inline',
    alias: sourceAlias,
    define: {
      'process.env.NODE_ENV': '"development"',
      // Vue's compile-time flags for the esm-bundler build; unset they only warn.
      __VUE_OPTIONS_API__: 'true',
      __VUE_PROD_DEVTOOLS__: 'false',
      __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    },
  });
  for (const name of Object.keys(entries)) {
    writeFileSync(
      join(outdir, `${name}.html`),
      `<!doctype html><html><head><meta charset="utf-8"><title>${name}</title><link rel="icon" href="data:,"></head>` +
        `<body><div id="root"></div><script type="module" src="/${name}.js"></script></body></html>\n`,
    );
  }
}
