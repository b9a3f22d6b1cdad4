import { join } from 'node:path';
import { comparePerRound, type Measurement, type ScenarioResult } from '../report/results.js';
import { type Contender, loadInRounds, type Running, readerToken, start, stop } from '../scenarios/http.js';
import { FACET_LIST_QUERY } from '../servers/list-query.js';
import { repoPath } from '../support/paths.js';
import type { BenchProfile } from '../support/profile.js';
import { median, relativeSpread } from '../support/stats.js';
import { comparable } from './service.js';

const CALLERS = [
  { who: 'anonymous', reader: false },
  { who: 'reader token', reader: true },
] as const;

/** The example app's list request as each build serves it, by each caller. */
function contenders(baselineRoot: string, ref: string, token: string): Contender[] {
  const builds = [
    { name: 'current', script: repoPath('examples/library/dist/main.js') },
    { name: ref, script: join(baselineRoot, 'examples/library/dist/main.js') },
  ];
  return CALLERS.flatMap(({ who, reader }) =>
    builds.map((build) => ({
      name: `GET /api/v1/books, ${who}, ${build.name}`,
      script: build.script,
      args: [],
      path: `/api/v1/books?${FACET_LIST_QUERY}`,
      // Both builds on the same read engine, whatever their defaults: Prisma unless the bench's own
      // READ_ENGINE says otherwise (`READ_ENGINE=sql npm run bench -- --against main --only=http`).
      env: { HOST: '127.0.0.1', READ_ENGINE: process.env.READ_ENGINE || 'prisma' },
      ...(reader ? { headers: { authorization: `Bearer ${token}` } } : {}),
    })),
  );
}

/**
 * The example app of each build in its own child process on the same PostgreSQL database: both
 * must answer each caller with the same body, then all four rows (2 callers × 2 builds) are loaded
 * in rotating rounds after a warm-up, as in the HTTP scenario. Ratios are current ÷ baseline.
 */
export async function compareHttpBuilds(
  databaseUrl: string,
  baselineRoot: string,
  ref: string,
  profile: BenchProfile,
): Promise<ScenarioResult> {
  const { rounds, seconds, connections, warmupSeconds, roundWarmupSeconds } = profile.http;
  const running: Running[] = [];
  try {
    const all = contenders(baselineRoot, ref, await readerToken(databaseUrl));
    // One server per build, shared by its two callers.
    const servers = new Map<string, Promise<Running>>();
    for (const contender of all) {
      const server = servers.get(contender.script) ?? start(contender, databaseUrl);
      servers.set(contender.script, server);
      const { child, url } = await server;
      running.push({ contender, child, url: new URL(url).origin + contender.path });
    }
    for (let i = 0; i < running.length; i += 2) {
      const [current, baseline] = await Promise.all(
        [running[i]!, running[i + 1]!].map(async (r) =>
          comparable(await (await fetch(r.url, { headers: r.contender.headers ?? {} })).json()),
        ),
      );
      if (current !== baseline) {
        throw new Error(
          `bench: the two builds answer "${running[i]!.contender.name}" differently:\ncurrent:  ${current}\nbaseline: ${baseline}`,
        );
      }
    }
    // Rotating rounds keep each caller's two builds side by side, first one then the other ahead.
    const { rps, cpu } = await loadInRounds(running, profile.http);
    const measure = (values: number[][], unit: 'req/s' | 'ms', suffix: string): Measurement[] =>
      running.map((r, i) => ({
        name: `${r.contender.name}${suffix}`,
        value: median(values[i]!),
        unit,
        spread: relativeSpread(values[i]!),
        rounds: values[i]!,
      }));
    const throughput = measure(rps, 'req/s', '');
    const cpuPerRequest = measure(cpu, 'ms', ', server CPU per request');
    return {
      id: 'builds-http',
      short: 'HTTP',
      title: `Example app, current vs ${ref} (PostgreSQL)`,
      method: `autocannon with ${connections} connections, ${rounds} rotating rounds of ${seconds} s per row after a ${warmupSeconds} s warm-up, each round preceded by ${roundWarmupSeconds} s of unmeasured load; median requests/s and server CPU per request.`,
      measurements: [...throughput, ...cpuPerRequest],
      comparisons: CALLERS.flatMap(({ who }, k) => [
        comparePerRound(
          throughput,
          `requests/s, ${who}`,
          throughput[2 * k]!.name,
          throughput[2 * k + 1]!.name,
        ),
        comparePerRound(
          cpuPerRequest,
          `server CPU per request, ${who}`,
          cpuPerRequest[2 * k]!.name,
          cpuPerRequest[2 * k + 1]!.name,
        ),
      ]),
      notes: [],
    };
  } finally {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([...new Map(running.map((r) => [r.child, r])).values()].map(stop));
  }
}
