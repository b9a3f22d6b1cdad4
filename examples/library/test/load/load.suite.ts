// The load suite (`npm run test:load -w facet-example-library`, a step of the root `npm test`): the
// real app under autocannon. It runs on its own, after the other suites, because its latencies
// mean nothing while other test files compete for the same two cores.
//
// 1. 50 connections for 20 s against the list endpoint with a filter (and a relation filter), two
//    includes and a fields projection: zero errors, zero non-2xx. p50, p99 and requests per
//    second are printed, never asserted (speed belongs to bench/).
// 2. 100,000 requests, varied so that nothing can be cached by exact query: the server's heap,
//    after forced garbage collection, must not grow by more than MAX_HEAP_GROWTH_MB. This runs on
//    one target only, to keep the suite near three minutes: PostgreSQL when it is reachable (always
//    in CI; about twice PGlite's throughput here), PGlite otherwise.
//
// The server runs in this process (heap read with a forced GC); autocannon runs in a child process
// so that its own work and allocations are not counted.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { encodeQuery } from '@facet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedListCount, LIST_PATH } from '../support/listQuery.js';
import { type RunningLibrary, startLibrary } from '../support/startLibrary.js';
import {
  checkTarget,
  createTargetDatabase,
  type TargetDatabase,
  type TargetName,
} from '../support/targets.js';

// Both can be lowered for a quick local run; `npm test` uses the defaults.
const LOAD = { connections: 50, duration: Number(process.env.LOAD_DURATION_SECONDS || 20) };
const MEMORY_REQUESTS = Number(process.env.LOAD_MEMORY_REQUESTS || 100_000);
/** A leak of even 300 bytes per request would exceed this over 100,000 requests. */
const MAX_HEAP_GROWTH_MB = 30;
// Latency on a busy two-core machine can reach seconds; a timeout would count as an error, so the
// client waits long enough that only a hung request could hit it.
const TIMEOUT_SECONDS = 60;

interface LoadSummary {
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, { count: number }>;
}

const RUNNER = fileURLToPath(new URL('./autocannon-runner.mjs', import.meta.url));

function runLoad(options: {
  origin: string;
  paths: string[];
  connections: number;
  duration?: number;
  amount?: number;
}): Promise<LoadSummary> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`autocannon runner exited with ${code}`));
      else resolve(JSON.parse(out) as LoadSummary);
    });
    child.stdin.end(
      JSON.stringify({
        url: options.origin,
        paths: options.paths,
        headers: { accept: 'application/json' },
        connections: options.connections,
        duration: options.duration,
        amount: options.amount,
        timeoutSeconds: TIMEOUT_SECONDS,
      }),
    );
  });
}

/** A real GC on demand, without starting the test worker with --expose-gc. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function settledHeapMb(gc: () => void): number {
  for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Requests of every shape the list and count routes serve, with varying values. */
function variedPaths(api: string, count: number): string[] {
  const countries = ['GB', 'US', 'NL', 'DE', 'FR', 'JP', 'IN', 'BR'];
  const fieldsChoices = ['id,title', 'items{id,title},meta{page}', 'id,title,author{name}', 'id,pages,price'];
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const pages = (i * 37) % 900;
    switch (i % 4) {
      case 0:
        paths.push(
          `${api}/books?${encodeQuery({ where: { pages: { gte: pages } }, fields: fieldsChoices[i % fieldsChoices.length], perPage: 1 + (i % 20), page: 1 + (i % 3) })}`,
        );
        break;
      case 1:
        paths.push(
          `${api}/books/count?${encodeQuery({ where: { pages: { lt: pages }, title: { contains: String(i % 10) } } })}`,
        );
        break;
      case 2:
        paths.push(
          `${api}/authors?${encodeQuery({ where: { country: countries[i % countries.length] }, fields: 'items{id,name},meta{page}', perPage: 5 })}`,
        );
        break;
      default:
        paths.push(
          `${api}/books?${encodeQuery({ where: { author: { country: { in: [countries[i % countries.length]] } } }, include: { author: true }, fields: 'items{id,author{name}},meta{page}', perPage: 3 })}`,
        );
    }
  }
  return paths;
}

const report = (line: string) => console.log(`[load] ${line}`);

const targets: TargetName[] = ['pglite'];
// PostgreSQL too when it is here (required in CI): the same load, on a server in its own process.
if ((await checkTarget('postgresql')).available) targets.push('postgresql');
const memoryTarget = targets.at(-1);

for (const name of targets) {
  describe(`load on ${name}`, () => {
    let db: TargetDatabase;
    let app: RunningLibrary;
    let apiPath: string;

    beforeAll(async () => {
      db = await createTargetDatabase(name);
      app = await startLibrary({ databaseOptions: { url: db.url }, logger: ['error', 'warn'] });
      apiPath = new URL(app.api).pathname;
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await db?.drop();
    });

    it(`${LOAD.connections} connections for ${LOAD.duration} s on the list endpoint: no error, no non-2xx`, async () => {
      const check = await fetch(app.api + LIST_PATH);
      expect(check.status).toBe(200);
      expect(((await check.json()) as { meta: { itemCount: number } }).meta.itemCount).toBe(
        expectedListCount(),
      );

      const result = await runLoad({ origin: app.origin, paths: [apiPath + LIST_PATH], ...LOAD });
      report(
        `${name}: list with where+include+fields, ${LOAD.connections} connections, ${result.durationSeconds} s: ` +
          `${result.requests} requests, ${result.requestsPerSecond.toFixed(1)} req/s, ` +
          `p50 ${result.p50} ms, p99 ${result.p99} ms, max ${result.max} ms`,
      );
      expect(result.requests).toBeGreaterThan(0);
      expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
        errors: 0,
        timeouts: 0,
        non2xx: 0,
      });
      expect(Object.keys(result.statusCodes)).toEqual(['200']);
    }, 180_000);

    it.runIf(name === memoryTarget)(
      `the heap stays flat over ${MEMORY_REQUESTS.toLocaleString('en')} varied requests`,
      async () => {
        const gc = exposeGc();
        const paths = variedPaths(apiPath, 400);
        // Warm-up: every path once and more, so caches, JIT and pools settle before the baseline.
        const warmUp = await runLoad({ origin: app.origin, paths, connections: 20, amount: 4_000 });
        expect(warmUp.non2xx + warmUp.errors).toBe(0);
        const before = settledHeapMb(gc);
        const rssBefore = process.memoryUsage().rss / 1024 / 1024;

        const started = performance.now();
        const result = await runLoad({ origin: app.origin, paths, connections: 20, amount: MEMORY_REQUESTS });
        const seconds = (performance.now() - started) / 1000;
        const after = settledHeapMb(gc);
        const rssAfter = process.memoryUsage().rss / 1024 / 1024;

        report(
          `${name}: ${result.requests} varied requests in ${seconds.toFixed(0)} s ` +
            `(${result.requestsPerSecond.toFixed(0)} req/s): heap ${before.toFixed(1)} MB after warm-up, ` +
            `${after.toFixed(1)} MB after (${(after - before >= 0 ? '+' : '') + (after - before).toFixed(1)} MB); ` +
            `rss ${rssBefore.toFixed(0)} MB -> ${rssAfter.toFixed(0)} MB`,
        );
        expect(result.requests).toBeGreaterThanOrEqual(MEMORY_REQUESTS);
        expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({
          errors: 0,
          timeouts: 0,
          non2xx: 0,
        });
        expect(after - before).toBeLessThan(MAX_HEAP_GROWTH_MB);
      },
      600_000,
    );
  });
}
