// What ships: dist/ loaded by Node itself (not through vitest's aliases), as ESM and as CJS.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const built = existsSync(new URL('../dist/cjs/react/index.js', import.meta.url));

const script = (load: (path: string) => string) => `
  const api = ${load('@facet/client/api')};
  const table = ${load('@facet/client/table')};
  const auto = ${load('@facet/client/autocomplete')};
  const vue = ${load('@facet/client/vue')};
  const react = ${load('@facet/client/react')};
  const tanstack = ${load('@facet/client/tanstack')};
  const root = ${load('@facet/client')};
  const client = api.createApiClient({ origin: 'http://127.0.0.1:1' }, 'v2');
  console.log(JSON.stringify([
    client.defaults.baseURL,
    typeof api.useModuleApi(client, 'books').count,
    typeof table.useTable, typeof auto.useAutocomplete, typeof vue.useTable, typeof react.useAutocomplete,
    root.useTable === root.createTableStore,
    tanstack.facetQueries(api.useModuleApi(client, 'books'), 'books').keys.list({ perPage: 5 }),
  ]));
`;

const run = (args: string[]) =>
  JSON.parse(execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }).trim()) as unknown;

const expected = [
  'http://127.0.0.1:1/api/v2',
  'function',
  'function',
  'function',
  'function',
  'function',
  true,
  ['books', 'list', { perPage: 5 }],
];

// Skipped only before the first build: `npm test` builds before it runs the tests.
describe.skipIf(!built)('dist (run `npm run build -w @facet/client` first)', () => {
  it('loads every sub-path as ESM', () => {
    expect(run(['--input-type=module', '-e', script((path) => `await import('${path}')`)])).toEqual(expected);
  });

  it('loads every sub-path as CJS', () => {
    expect(run(['-e', script((path) => `require('${path}')`)])).toEqual(expected);
  });
});
