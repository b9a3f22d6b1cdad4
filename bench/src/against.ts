// `npm run bench -- --against <git-ref>`: the current checkout against another build of Facet, in
// one run. scripts/run.mjs builds both (the ref in a temporary worktree) and starts this with
// --baseline=<its folder> --ref=<name>; it prints current ÷ baseline for each case and writes nothing.
// Flags: --quick (short runs), --only=service,http.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as current from '@facet/nest';
import { compareHttpBuilds } from './builds/http.js';
import { type Builds, compareServiceBuilds, type NestBuild } from './builds/service.js';
import type { Comparison, ScenarioResult } from './report/results.js';
import { openPgliteClients, openPostgresClients } from './support/clients.js';
import { preparePglite, preparePostgres } from './support/databases.js';
import { FULL_PROFILE, QUICK_PROFILE } from './support/profile.js';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const baselineRoot = option('baseline');
const ref = option('ref') ?? 'baseline';
if (baselineRoot === undefined)
  throw new Error('bench: against.js needs --baseline=<folder of the other build>');
const only = option('only')?.split(',');
const enabled = (name: string) => only === undefined || only.includes(name);
const profile = args.includes('--quick') ? QUICK_PROFILE : FULL_PROFILE;

const started = Date.now();
const log = (message: string) =>
  process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);

// The baseline's own @facet/nest, from its worktree: its imports (@facet/core) resolve there too.
const baseline = (await import(
  pathToFileURL(join(baselineRoot, 'packages/nest/dist/esm/index.js')).href
)) as NestBuild;
if (baseline.QueryService === current.QueryService)
  throw new Error('bench: both builds loaded the same @facet/nest');
const builds: Builds = { current, baseline, ref };

/** A ratio with its per-round spread (± half the interquartile range, as in docs/benchmarks.md). */
function line(c: Comparison): string {
  const spread = c.spread === undefined ? '' : ` ±${((c.spread * 100) / 2).toFixed(1)} %`;
  return (
    `${c.ratio.toFixed(3)}×${spread}`.padEnd(16) +
    `${c.label} (${c.kind}: ${c.kind === 'time' ? 'below' : 'above'} 1 is faster)`
  );
}

const results: ScenarioResult[] = [];
const step = async (run: () => Promise<ScenarioResult>) => {
  const result = await run();
  results.push(result);
  log(`${result.title}: ${result.method}`);
  for (const m of result.measurements)
    log(`    ${m.value.toFixed(m.unit === 'req/s' ? 0 : 3)} ${m.unit}  ${m.name}`);
  for (const c of result.comparisons) log(`  ${line(c)}`);
};

const postgres = enabled('service') || enabled('http') ? await preparePostgres() : undefined;
const postgresUrl = postgres && 'url' in postgres ? postgres.url : undefined;
if (postgres && 'unavailable' in postgres) log(`PostgreSQL cases not run: ${postgres.unavailable}`);

if (enabled('service')) {
  const pglite = await preparePglite();
  try {
    await step(() => compareServiceBuilds('PGlite', () => openPgliteClients(pglite.dir), builds, profile));
  } finally {
    pglite.dispose();
  }
  if (postgresUrl) {
    await step(() =>
      compareServiceBuilds('PostgreSQL', async () => openPostgresClients(postgresUrl), builds, profile),
    );
  }
}
if (enabled('http') && postgresUrl)
  await step(() => compareHttpBuilds(postgresUrl, baselineRoot, ref, profile));

log(
  `current ÷ ${ref}, medians of the per-round ratios, ± half the interquartile range of the per-round ratios:`,
);
for (const result of results) {
  for (const c of result.comparisons) process.stdout.write(`  ${result.short.padEnd(22)} ${line(c)}\n`);
}
