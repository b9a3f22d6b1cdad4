// Measures what each sub-path of @facet/client costs an application: the sub-path bundled and
// minified with esbuild, @facet/core included, the peers (axios, vue, react, @tanstack/query-core) left
// out, then gzipped.
// Run `node scripts/size.mjs` for a table; the tests and the bench import `measureSizes`.
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** Budgets in bytes, min+gz, per sub-path; `null` is measured and reported but not limited. */
export const SIZE_BUDGETS = {
  api: 3072,
  table: null,
  autocomplete: null,
  vue: null,
  react: null,
  tanstack: 1024,
};

/** Packages an application brings itself: never counted. */
export const PEERS = ['axios', 'vue', 'react', '@tanstack/query-core'];

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * @param {readonly string[]} [names] sub-paths to measure
 * @returns {Promise<{ name: string, minified: number, gzipped: number, budget: number | null, imports: string[] }[]>}
 */
export async function measureSizes(names = Object.keys(SIZE_BUDGETS)) {
  const results = [];
  for (const name of names) {
    const result = await build({
      entryPoints: [here(`../src/${name}/index.ts`)],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      write: false,
      metafile: true,
      outfile: `${name}.js`,
      external: PEERS,
      alias: { '@facet/core': here('../../core/src/index.ts') },
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    const imports = Object.values(result.metafile.outputs).flatMap((out) =>
      out.imports.map((entry) => entry.path),
    );
    results.push({
      name,
      minified: output.contents.byteLength,
      gzipped: gzipSync(output.contents, { level: 9 }).byteLength,
      budget: SIZE_BUDGETS[name] ?? null,
      imports: [...new Set(imports)].sort(),
    });
  }
  return results;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measureSizes();
  for (const row of rows) {
    const budget = row.budget === null ? '' : ` (budget ${row.budget} B)`;
    console.log(
      `@facet/client/${row.name}: ${row.gzipped} B min+gz, ${row.minified} B min${budget}; imports ${row.imports.join(', ') || 'nothing'}`,
    );
  }
  if (rows.some((row) => row.budget !== null && row.gzipped > row.budget)) process.exitCode = 1;
}
