import { pathToFileURL } from 'node:url';
import type { Measurement, ScenarioResult } from '../report/results.js';
import { repoPath } from '../support/paths.js';

interface SizeRow {
  name: string;
  minified: number;
  gzipped: number;
  budget: number | null;
}

/** The min+gz size of each @facet/client sub-path, by the package's own size script. */
export async function runClientSize(): Promise<ScenarioResult> {
  const url = pathToFileURL(repoPath('packages/client/scripts/size.mjs')).href;
  const { measureSizes } = (await import(url)) as { measureSizes(): Promise<SizeRow[]> };
  const rows = await measureSizes();
  const measurements: Measurement[] = rows.map((row) => ({
    name: `@facet/client/${row.name}`,
    value: row.gzipped,
    unit: 'B',
    detail: `${row.minified} B minified${row.budget === null ? '' : `, budget ${row.budget} B min+gz`}`,
  }));
  return {
    id: 'client-size',
    short: 'Client',
    title: 'Client: size of each sub-path',
    method:
      'Each sub-path bundled and minified by esbuild (ES2022, browser) with @facet/core included and the peers (axios, vue, react, @tanstack/query-core) left out, then gzipped at level 9 (packages/client/scripts/size.mjs).',
    measurements,
    comparisons: [],
    notes: [],
  };
}
