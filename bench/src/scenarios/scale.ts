// Scale-out on one machine: the example app's anonymous list request (the HTTP scenario's) with one
// process against two worker processes (WEB_CONCURRENCY=2), each reading the primary only or the
// primary plus a streaming replica, on the repository's primary + replica harness.
import pg from 'pg';
import {
  checkReplicaCluster,
  type ReplicaCluster,
  startReplicaCluster,
} from '../../../scripts/postgres/replica-cluster.mjs';
import { type Comparison, compare, type Measurement, type ScenarioResult } from '../report/results.js';
import { FACET_LIST_QUERY, LIST_PER_PAGE } from '../servers/list-query.js';
import { prepareExampleDatabase } from '../support/databases.js';
import { SCALE_NOTES } from '../support/explanations.js';
import { repoPath } from '../support/paths.js';
import type { BenchProfile } from '../support/profile.js';
import { roundOrder } from '../support/sample.js';
import { median, relativeSpread } from '../support/stats.js';
import { type Contender, load, type Running, start, stop } from './http.js';

interface Setup {
  readonly workers: 1 | 2;
  readonly replica: boolean;
}

const SETUPS: readonly Setup[] = [
  { workers: 1, replica: false },
  { workers: 2, replica: false },
  { workers: 1, replica: true },
  { workers: 2, replica: true },
];

const nameOf = ({ workers, replica }: Setup) =>
  `example app, ${workers === 1 ? '1 process' : `${workers} worker processes`}, ${replica ? 'primary + replica' : 'primary only'}`;

// Per process: one pool on the primary and one on the replica. Small enough that every setup fits
// the harness's max_connections, large enough that no request waits for a connection at 10 clients.
const POOL_SIZE = 8;

function contender(setup: Setup, replicaUrl: string): Contender {
  return {
    name: nameOf(setup),
    script: repoPath('examples/library/dist/main.js'),
    args: [],
    path: `/api/v1/books?${FACET_LIST_QUERY}`,
    env: {
      HOST: '127.0.0.1',
      // Explicit, so that a change of the example's default read engine moves no row.
      READ_ENGINE: 'prisma',
      WEB_CONCURRENCY: String(setup.workers),
      // Explicitly empty, so a DATABASE_REPLICA_URLS in the bench's own environment cannot leak in.
      DATABASE_REPLICA_URLS: setup.replica ? replicaUrl : '',
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      // Fixed, so every worker of every setup seals cursors and signs tokens alike (none is read
      // here, but the example would otherwise draw a key per start).
      FACET_SECRET: 'bench-scale-server-secret-0123456789',
      FACET_DEMO: '0',
    },
  };
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Waits until the replica has replayed everything the primary has written so far. */
async function replicaCaughtUp(cluster: ReplicaCluster): Promise<void> {
  const [{ lsn }] = (await query<{ lsn: string }>(
    cluster.primaryUrl,
    'SELECT pg_current_wal_lsn()::text AS lsn',
  )) as [{ lsn: string }];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [{ behind }] = (await query<{ behind: boolean }>(
      cluster.replicaUrl,
      `SELECT pg_last_wal_replay_lsn() < '${lsn}'::pg_lsn AS behind`,
    )) as [{ behind: boolean }];
    if (!behind) return;
    if (Date.now() > deadline) throw new Error('bench: the replica did not catch up within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Transactions the replica has committed (every read statement is one). */
async function replicaTransactions(cluster: ReplicaCluster): Promise<number> {
  // Statistics are flushed by each backend at most once a second: wait for the last flush.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  const [{ n }] = (await query<{ n: string }>(
    cluster.replicaUrl,
    "SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = 'postgres'",
  )) as [{ n: string }];
  return Number(n);
}

/**
 * Every setup runs the same example build against the same primary; started together, each
 * checked to answer the same page, warmed up (which also checks that the replica setups read the
 * replica and the others do not), then loaded in rounds that rotate the order, so each round
 * measures all four under the same conditions and the per-round ratios can be paired.
 */
export async function runScale(profile: BenchProfile): Promise<ScenarioResult> {
  const base = {
    id: 'scale',
    short: 'Scale',
    title: 'Scale: worker processes and a read replica (PostgreSQL primary + streaming replica)',
    method: '',
    notes: [] as string[],
  };
  // Throws in CI, where the server binaries belong to the machine: a "not run" there would hide it.
  const availability = checkReplicaCluster();
  if (!availability.available) {
    return { ...base, measurements: [], comparisons: [], notRun: availability.reason };
  }
  const { rounds, seconds, connections, warmupSeconds, roundWarmupSeconds } = profile.http;
  const cluster = await startReplicaCluster({ maxConnections: 100 });
  const running: Running[] = [];
  try {
    await prepareExampleDatabase(cluster.primaryUrl);
    await replicaCaughtUp(cluster);
    // One after the other, so that no start-up (six Node processes in all) competes with another
    // for the cores within the 60 s start() allows each.
    for (const setup of SETUPS)
      running.push(await start(contender(setup, cluster.replicaUrl), cluster.primaryUrl));

    const pages = await Promise.all(
      running.map(async (r) => JSON.stringify(await (await fetch(r.url)).json())),
    );
    if (pages.some((page) => page !== pages[0])) throw new Error('bench: the setups answer different pages');
    const items = (JSON.parse(pages[0] as string) as { items: unknown[] }).items.length;
    if (items !== LIST_PER_PAGE)
      throw new Error(`bench: the page holds ${items} items, expected ${LIST_PER_PAGE}`);

    for (const [i, r] of running.entries()) {
      const before = await replicaTransactions(cluster);
      const { requests } = await load(r.url, warmupSeconds, connections);
      const onReplica = (await replicaTransactions(cluster)) - before;
      // Each request reads twice (page, count). Backends flush their statistics lazily, so some of
      // the last second's may be missing; the replica setups' health checks add a few a second.
      // Half a transaction per request tells the two cases apart with room on both sides.
      const readsReplica = onReplica * 2 >= requests;
      if (readsReplica !== (SETUPS[i] as Setup).replica) {
        throw new Error(
          `bench: ${r.contender.name} made ${onReplica} replica transactions for ${requests} requests`,
        );
      }
    }

    const rps: number[][] = running.map(() => []);
    const p50: number[][] = running.map(() => []);
    const p99: number[][] = running.map(() => []);
    const cpu: number[][] = running.map(() => []);
    const cores: number[][] = running.map(() => []);
    for (let round = 0; round < rounds; round++) {
      for (const i of roundOrder(round, running.length)) {
        const r = running[i] as Running;
        if (roundWarmupSeconds > 0) await load(r.url, roundWarmupSeconds, connections);
        const result = await load(r.url, seconds, connections, {}, r.child.pid);
        rps[i]?.push(result.rps);
        p50[i]?.push(result.p50);
        p99[i]?.push(result.p99);
        cpu[i]?.push(result.cpuMsPerRequest);
        // CPU time per wall-clock second: how many of the machine's cores the app's processes kept busy.
        cores[i]?.push((result.cpuMsPerRequest * result.rps) / 1000);
      }
    }

    const measurements: Measurement[] = running.map((r, i) => ({
      name: r.contender.name,
      value: median(rps[i] as number[]),
      unit: 'req/s',
      spread: relativeSpread(rps[i] as number[]),
      detail:
        `p50 ${median(p50[i] as number[]).toFixed(1)} ms, p99 ${median(p99[i] as number[]).toFixed(1)} ms; ` +
        `app processes busy ${median(cores[i] as number[]).toFixed(2)} cores`,
    }));
    const cpuMeasurements: Measurement[] = running.map((r, i) => ({
      name: `${r.contender.name}, CPU per request (all its processes)`,
      value: median(cpu[i] as number[]),
      unit: 'ms',
      spread: relativeSpread(cpu[i] as number[]),
    }));
    const index = (setup: Setup) =>
      SETUPS.findIndex((s) => s.workers === setup.workers && s.replica === setup.replica);
    // A ratio of medians, with the spread of the same ratio taken round by round (both sides of a
    // round ran back to back, so what the machine was doing then weighs on both).
    const paired = (
      of: readonly Measurement[],
      series: number[][],
      label: string,
      subject: Setup,
      baseline: Setup,
    ): Comparison => {
      const a = index(subject);
      const b = index(baseline);
      const perRound = (series[a] as number[]).map(
        (value, round) => value / ((series[b] as number[])[round] as number),
      );
      return {
        ...compare(of, label, (of[a] as Measurement).name, (of[b] as Measurement).name),
        spread: relativeSpread(perRound),
      };
    };
    const one = (replica: boolean): Setup => ({ workers: 1, replica });
    const two = (replica: boolean): Setup => ({ workers: 2, replica });
    return {
      ...base,
      method:
        `The HTTP scenario's anonymous list request (a page of ${LIST_PER_PAGE} books with their authors, and the count) ` +
        `against the example app (Express) in four setups: one process or ${SETUPS[1]?.workers} node:cluster workers ` +
        `(\`WEB_CONCURRENCY\`), reading the primary only or the primary plus a streaming replica (\`DATABASE_REPLICA_URLS\`), ` +
        `pool size ${POOL_SIZE} per pool. Primary and replica are the test harness's (scripts/postgres/replica-cluster.mjs): ` +
        'two PostgreSQL servers on this machine. The warm-up checks that the replica setups read the replica and the others ' +
        `do not. autocannon with ${connections} connections, ${rounds} rounds of ${seconds} s per setup in rotating order (backwards every other round) ` +
        `after a ${warmupSeconds} s warm-up, each round preceded by ${roundWarmupSeconds} s of unmeasured load on the same setup; ` +
        'median requests/s, and the spread of each ratio over its per-round ratios. ' +
        'CPU counts every process of a setup (the cluster primary and its workers), from /proc.',
      measurements: [...measurements, ...cpuMeasurements],
      comparisons: [
        paired(measurements, rps, '2 workers vs 1 process, primary only', two(false), one(false)),
        paired(measurements, rps, '2 workers vs 1 process, primary + replica', two(true), one(true)),
        paired(measurements, rps, 'primary + replica vs primary only, 1 process', one(true), one(false)),
        paired(measurements, rps, 'primary + replica vs primary only, 2 workers', two(true), two(false)),
        paired(measurements, rps, '2 workers + replica vs 1 process, primary only', two(true), one(false)),
        paired(
          cpuMeasurements,
          cpu,
          'CPU per request: 2 workers vs 1 process, primary only',
          two(false),
          one(false),
        ),
        paired(
          cpuMeasurements,
          cpu,
          'CPU per request: primary + replica vs primary only, 1 process',
          one(true),
          one(false),
        ),
      ],
      notes: SCALE_NOTES,
    };
  } finally {
    // Let requests autocannon gave up on finish, as in the HTTP scenario.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all(running.map(stop));
    cluster.close();
  }
}
