import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compare, type Measurement, type ScenarioResult } from '../report/results.js';
import { FACET_LIST_QUERY } from '../servers/list-query.js';
import { type CpuProfile, type ProfileSummary, summariseProfile } from '../support/cpu-profile.js';
import { repoPath } from '../support/paths.js';
import type { BenchProfile } from '../support/profile.js';
import { median, relativeSpread } from '../support/stats.js';
import { load, start, stop } from './http.js';

type Engine = 'sql' | 'prisma';

interface ProfiledRun {
  readonly requests: number;
  /** Server CPU per request from /proc over the same window: the profile's busy time should be close. */
  readonly cpuMsPerRequest: number;
  readonly summary: ProfileSummary;
}

/** The monotonic clock V8's profiler stamps its samples with, in µs. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * One server of the example app (Express, anonymous, `READ_ENGINE=engine`) started with
 * `node --cpu-prof`, warmed up, loaded for `seconds`, stopped; its profile summed over the
 * measured load only.
 */
async function profiledRun(
  engine: Engine,
  databaseUrl: string,
  { seconds, warmupSeconds }: BenchProfile['cpuProfile'],
  connections: number,
): Promise<ProfiledRun> {
  const dir = mkdtempSync(join(tmpdir(), 'facet-bench-cpu-'));
  try {
    const running = await start(
      {
        name: `example app, READ_ENGINE=${engine}, --cpu-prof`,
        script: repoPath('examples/library/dist/main.js'),
        args: [],
        path: `/api/v1/books?${FACET_LIST_QUERY}`,
        env: { HOST: '127.0.0.1', READ_ENGINE: engine },
        execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
      },
      databaseUrl,
    );
    let measured: Awaited<ReturnType<typeof load>>;
    let window: { fromUs: number; toUs: number };
    try {
      await load(running.url, warmupSeconds, connections);
      const fromUs = nowUs();
      measured = await load(running.url, seconds, connections, {}, running.child.pid);
      window = { fromUs, toUs: nowUs() };
      // Requests autocannon gave up on at its deadline may still be running.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      await stop(running);
    }
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`bench: the example app (READ_ENGINE=${engine}) wrote no CPU profile`);
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    return {
      requests: measured.requests,
      cpuMsPerRequest: measured.cpuMsPerRequest,
      summary: summariseProfile(profile, window),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** ms per request of a layer (or of all busy time) in each run. */
const perRequest = (runs: readonly ProfiledRun[], layer?: string) =>
  runs.map((run) => (layer ? (run.summary.layers.get(layer) ?? 0) : run.summary.busyMs) / run.requests);

/**
 * Where the example app's server time goes on the compiled read path, next to the Prisma path:
 * each engine's server profiled with `node --cpu-prof` under the HTTP scenario's anonymous list
 * request, in alternating runs; self time per request summed by layer (`src/support/cpu-profile.ts`).
 */
export async function runProfile(
  databaseUrl: string | { unavailable: string },
  profile: BenchProfile,
): Promise<ScenarioResult> {
  const base = {
    id: 'profile',
    short: 'CPU profile',
    title: "CPU profile: where the example app's server time goes on the compiled path (PostgreSQL)",
    method: '',
    notes: [] as string[],
  };
  if (typeof databaseUrl !== 'string') {
    return { ...base, measurements: [], comparisons: [], notRun: databaseUrl.unavailable };
  }
  const { runs, seconds, warmupSeconds } = profile.cpuProfile;
  const { connections } = profile.http;
  const results: Record<Engine, ProfiledRun[]> = { sql: [], prisma: [] };
  for (let run = 0; run < runs; run++) {
    // Alternating, so that neither engine always runs on the machine the other left behind.
    for (const engine of run % 2 ? (['prisma', 'sql'] as const) : (['sql', 'prisma'] as const)) {
      results[engine].push(await profiledRun(engine, databaseUrl, profile.cpuProfile, connections));
    }
  }
  const busy = (engine: Engine) => perRequest(results[engine]);
  const totals: Measurement[] = (['sql', 'prisma'] as const).map((engine) => ({
    name: `all busy CPU, READ_ENGINE=${engine}`,
    value: median(busy(engine)),
    unit: 'ms',
    spread: relativeSpread(busy(engine)),
    rounds: busy(engine),
    detail: `per request; server CPU from /proc over the same load: ${median(results[engine].map((r) => r.cpuMsPerRequest)).toFixed(3)} ms; ${median(results[engine].map((r) => r.requests))} requests per run`,
  }));
  const layers = new Set(
    [...results.sql, ...results.prisma].flatMap((run) => [...run.summary.layers.keys()]),
  );
  const sqlBusy = median(busy('sql'));
  const layerRows: Measurement[] = [...layers]
    // A layer costing under 0.5 µs per request on both paths is noise in the table.
    .filter((layer) =>
      (['sql', 'prisma'] as const).some((engine) => median(perRequest(results[engine], layer)) >= 0.0005),
    )
    .map((layer) => {
      const sql = perRequest(results.sql, layer);
      const prisma = median(perRequest(results.prisma, layer));
      const value = median(sql);
      return {
        name: `READ_ENGINE=sql: ${layer}`,
        value: value * 1000,
        unit: 'µs' as const,
        spread: relativeSpread(sql),
        detail: `${((value / sqlBusy) * 100).toFixed(1)} % of the compiled path's busy CPU; READ_ENGINE=prisma: ${(prisma * 1000).toFixed(1)} µs`,
      };
    })
    .sort((a, b) => b.value - a.value);
  // The heaviest functions of the compiled path, from the run with the median busy time.
  const sorted = [...results.sql].sort(
    (a, b) => a.summary.busyMs / a.requests - b.summary.busyMs / b.requests,
  );
  const middle = sorted[Math.floor(sorted.length / 2)]!;
  const heaviest = [...middle.summary.functions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([name, ms]) => `\`${name}\` ${((ms / middle.requests) * 1000).toFixed(1)} µs`);
  return {
    ...base,
    method:
      "The example app's anonymous list request (the HTTP scenario's, on Express), one server per run started with " +
      `\`node --cpu-prof\` and \`READ_ENGINE=sql\` or \`READ_ENGINE=prisma\`, ${runs} run(s) per engine alternating; autocannon with ` +
      `${connections} connections, ${warmupSeconds} s of warm-up then ${seconds} s of load, and only the samples taken during ` +
      "that load are counted (start-up and warm-up left out). Self time per request, summed by layer: Node's HTTP " +
      "server, the platform (Express and its packages), Nest (with rxjs), each of Facet's folders (the compiled engine " +
      'by file: compile-* builds the SQL, sql-engine runs it and shapes rows), kysely, pg, Prisma (its client, runtime and the ' +
      "example's generated client), JSON, native socket I/O, GC (see the notes); median over the runs. The profiler's sampling adds its own cost, " +
      'so the totals are above the unprofiled server CPU of the HTTP scenario; compare the shares.',
    measurements: [...totals, ...layerRows],
    comparisons: [
      compare(
        totals,
        'busy CPU per request (profiled): example app, compiled vs Prisma path',
        'all busy CPU, READ_ENGINE=sql',
        'all busy CPU, READ_ENGINE=prisma',
      ),
    ],
    notes: [
      `Heaviest functions of the compiled path (self time per request, run with the median busy time): ${heaviest.join('; ')}.`,
      `"(program)" is time V8 and Node spend outside any JavaScript function (the event loop, native callbacks, compilation); "V8 builtins, other" is self time in builtins other than JSON (string, array, RegExp and Map functions, the microtask runner, called from any layer); "socket I/O (native)" is Node's C++ socket writes and reads (HTTP responses and the pg protocol alike), mostly system calls; "JSON" is V8's JSON builtins where they show as frames and the platforms' response serialisers (V8 charges JSON.stringify to its caller; JSON.parse of json columns inside pg's row parser counts as pg); "Node.js, other" is Node's own JavaScript outside the HTTP server (streams, net, timers, async hooks).`,
      "The grouping is src/support/cpu-profile.ts (`layerOf`); `npm run profile -w bench -- --engine=sql` prints the same request's profile by package with its heaviest functions.",
    ],
  };
}
