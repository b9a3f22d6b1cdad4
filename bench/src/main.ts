// The bench suite: runs every scenario against its baselines and writes docs/benchmarks.md and
// docs/benchmarks.svg. Started by scripts/run.mjs after the build (`npm run bench`).
// Flags: --quick (short runs, for a smoke check), --only=codec,projection,service,counts,compiled,export,aggregate,http,profile,scale,client (a partial run writes
// docs/benchmarks-<names>.md, linked from the full report),
// --render (no measuring: rewrite the report from bench/.last-run.json, after editing its prose).
import { loadavg } from 'node:os';
import pg from 'pg';
import type { ScenarioResult } from './report/results.js';
import { loadLastRun, type RunRecord, reportName, saveRun, writeReport } from './report/write-report.js';
import { runAggregate } from './scenarios/aggregate.js';
import { runClientSize } from './scenarios/client-size.js';
import { runCodec } from './scenarios/codec.js';
import { runCompiled } from './scenarios/compiled.js';
import { runCounts } from './scenarios/counts.js';
import { runExport } from './scenarios/export.js';
import { runHttp } from './scenarios/http.js';
import { runProfile } from './scenarios/profile.js';
import { runProjection } from './scenarios/projection.js';
import { runScale } from './scenarios/scale.js';
import { runService } from './scenarios/service.js';
import { openPgliteClients, openPostgresClients } from './support/clients.js';
import {
  preparePglite,
  preparePostgres,
  preparePostgresExport,
  preparePostgresLarge,
} from './support/databases.js';
import { startLatencyProxy } from './support/latency-proxy.js';
import { machineInfo, versions } from './support/machine.js';
import { FULL_PROFILE, QUICK_PROFILE } from './support/profile.js';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const enabled = (name: string) => only === undefined || only.includes(name);
const profile = quick ? QUICK_PROFILE : FULL_PROFILE;
/** Round-trip time of the "database on another host" service and compiled runs. */
const RTT_MS = 2;

if (args.includes('--render')) {
  writeReport(loadLastRun(reportName(only)), reportName(only));
  process.stdout.write(`[bench] wrote docs/${reportName(only)}.md and its chart from the last run\n`);
  process.exit(0);
}

const started = Date.now();
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' / ');
const log = (message: string) =>
  process.stdout.write(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`);

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
  } finally {
    await client.end();
  }
}

const results: ScenarioResult[] = [];
const step = async (name: string, run: () => Promise<ScenarioResult>) => {
  if (!enabled(name)) return;
  log(`${name}...`);
  const result = await run();
  results.push(result);
  for (const c of result.comparisons) log(`  ${c.label}: ${c.ratio.toFixed(3)}×`);
  if (result.notRun) log(`  not run: ${result.notRun}`);
};

const needsPostgres =
  enabled('service') ||
  enabled('counts') ||
  enabled('compiled') ||
  enabled('export') ||
  enabled('aggregate') ||
  enabled('http') ||
  enabled('profile');
const postgres = needsPostgres ? await preparePostgres() : { unavailable: 'not requested (--only)' };
const postgresUrl = 'url' in postgres ? postgres.url : undefined;

await step('codec', () => runCodec(profile));
await step('projection', () => runProjection(profile));
if (enabled('service') || enabled('counts')) {
  const pglite = await preparePglite();
  try {
    await step('service', () =>
      runService({ database: 'PGlite', large: false, open: () => openPgliteClients(pglite.dir) }, profile),
    );
  } finally {
    pglite.dispose();
  }
  if (postgresUrl) {
    await step('service', () =>
      runService(
        { database: 'PostgreSQL', large: false, open: async () => openPostgresClients(postgresUrl) },
        profile,
      ),
    );
    const proxy = await startLatencyProxy(postgresUrl, RTT_MS / 2);
    try {
      await step('service', () =>
        runService(
          {
            database: 'PostgreSQL',
            large: false,
            rttMs: RTT_MS,
            open: async () => openPostgresClients(proxy.url),
          },
          profile,
        ),
      );
    } finally {
      await proxy.close();
    }
    log('preparing the large PostgreSQL table...');
    const largeUrl = await preparePostgresLarge();
    await step('service', () =>
      runService(
        { database: 'PostgreSQL', large: true, open: async () => openPostgresClients(largeUrl) },
        profile,
      ),
    );
    await step('counts', () => runCounts(largeUrl, profile));
  } else if ('unavailable' in postgres) {
    results.push({
      id: 'service-postgresql',
      short: 'Service (PostgreSQL)',
      title: 'Service: QueryService.query against raw Prisma (PostgreSQL)',
      method: '',
      measurements: [],
      comparisons: [],
      notes: [],
      notRun: postgres.unavailable,
    });
  }
}
if (postgresUrl && enabled('compiled')) {
  await step('compiled', () => runCompiled(postgresUrl, { large: false }, profile));
  const proxy = await startLatencyProxy(postgresUrl, RTT_MS / 2);
  try {
    await step('compiled', () => runCompiled(proxy.url, { large: false, rttMs: RTT_MS }, profile));
  } finally {
    await proxy.close();
  }
  log('preparing the large PostgreSQL table...');
  const largeUrl = await preparePostgresLarge();
  await step('compiled', () => runCompiled(largeUrl, { large: true }, profile));
}
if (postgresUrl && enabled('export')) {
  log('preparing the 1,000,000-row export table...');
  const exportUrl = await preparePostgresExport();
  await step('export', () => runExport(exportUrl, profile));
}
if (postgresUrl && enabled('aggregate')) {
  log('preparing the large PostgreSQL table...');
  const largeUrl = await preparePostgresLarge();
  await step('aggregate', () => runAggregate(postgresUrl, largeUrl, profile));
}
await step('http', () =>
  runHttp(postgresUrl ?? { unavailable: 'unavailable' in postgres ? postgres.unavailable : '' }, profile),
);
await step('profile', () =>
  runProfile(postgresUrl ?? { unavailable: 'unavailable' in postgres ? postgres.unavailable : '' }, profile),
);
// Its own primary + replica pair (the test harness), not the server above.
await step('scale', () => runScale(profile));
await step('client', () => runClientSize());

const record: RunRecord = {
  date: new Date(started).toISOString(),
  durationSeconds: (Date.now() - started) / 1000,
  profile: quick ? 'quick' : 'full',
  machine: machineInfo(load),
  postgres: postgresUrl
    ? await postgresVersion(postgresUrl)
    : `not used (${'unavailable' in postgres ? postgres.unavailable : ''})`,
  versions: versions(),
  scenarios: results,
};
saveRun(record, reportName(only));
writeReport(record, reportName(only));
log(`wrote docs/${reportName(only)}.md and docs/${reportName(only)}.svg`);
