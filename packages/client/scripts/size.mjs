// Measures what each sub-path of @facet/client costs an application: the sub-path bundled and
// minified with esbuild, @facet/core included, the peers (axios, vue, react, @tanstack/query-core) left
// out, then gzipped.
// Run `node scripts/size.mjs` for a table; the tests and the bench import `measureSizes`.
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/**
 * Budgets in bytes, min+gz, per sub-path; `null` is measured and reported but not limited.
 * A budget is the size measured when it was set plus a stated margin, so that ordinary changes fit
 * and a real jump (a dependency bundled in, lost tree-shaking) fails. A budget a few bytes above the
 * size fails on any fix that adds a line, and then gets raised without thought: keep the margin.
 */
export const SIZE_BUDGETS = {
  // 4,115 B measured when set (with `aggregate`/`groupBy`, the bulk writes and `basePath`) + 12 %
  // = 4,609 B. (Before: 4,033 B for 3,601 B; those calls added about 510 B.)
  api: 4609,
  table: null,
  autocomplete: null,
  vue: null,
  react: null,
  // 516 B measured; 1 KB keeps the sub-path a types-and-keys layer over TanStack Query.
  tanstack: 1024,
  // 4,992 B measured when set (with the bulk calls: createMany/updateMany/deleteMany and the `bulk`
  // option) + 12 % = 5,591 B. (Before: 5,075 B for 4,531 B; the client's bulk calls in
  // useModuleApi added 166 B, the provider's 295 B.)
  refine: 5591,
  // 1,758 B measured (the table store's query builder it reuses) + 12 % = 1,969 B.
  'tanstack-table': 1969,
};

/** Packages an application brings itself: never counted. */
export const PEERS = [
  'axios',
  'vue',
  'react',
  '@tanstack/query-core',
  '@refinedev/core',
  '@tanstack/table-core',
];

/**
 * The optional peers that only their own sub-path may name (`@facet/client/refine`,
 * `@facet/client/tanstack-table`): an app without them must pay nothing, so the root entry and
 * every other sub-path must neither import them nor bundle the source folder that does.
 */
export const ISOLATED = {
  refine: ['@refinedev/core'],
  'tanstack-table': ['@tanstack/table-core', '@tanstack/react-table', '@tanstack/vue-table'],
};

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * @param {readonly string[]} [names] sub-paths to measure
 * @returns {Promise<{ name: string, minified: number, gzipped: number, budget: number | null, imports: string[] }[]>}
 */
export async function measureSizes(names = Object.keys(SIZE_BUDGETS)) {
  const results = [];
  for (const name of names) {
    const result = await build({
      entryPoints: [here(name === '.' ? '../src/index.ts' : `../src/${name}/index.ts`)],
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
    const inputs = Object.keys(result.metafile.inputs)
      .map((input) => relative(here('../src'), resolve(input)).replaceAll('\\', '/'))
      .filter((input) => !input.startsWith('..'))
      .sort();
    results.push({
      name,
      inputs,
      minified: output.contents.byteLength,
      gzipped: gzipSync(output.contents, { level: 9 }).byteLength,
      budget: SIZE_BUDGETS[name] ?? null,
      imports: [...new Set(imports)].sort(),
    });
  }
  return results;
}

/**
 * One line per sub-path: measured against budget, for the test output and this script.
 * @param {{ name: string, minified: number, gzipped: number, budget: number | null, imports: string[] }} row
 */
export function describeSize(row) {
  const budget =
    row.budget === null
      ? 'no budget'
      : `budget ${row.budget} B, ${((100 * row.gzipped) / row.budget).toFixed(0)} % used` +
        (row.gzipped > row.budget ? ' (OVER)' : '');
  return `@facet/client/${row.name}: ${row.gzipped} B min+gz (${budget}), ${row.minified} B min; imports ${row.imports.join(', ') || 'nothing'}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measureSizes();
  for (const row of rows) console.log(describeSize(row));
  if (rows.some((row) => row.budget !== null && row.gzipped > row.budget)) process.exitCode = 1;
}
