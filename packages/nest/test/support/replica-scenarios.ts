// The failure scenarios of a real primary + streaming replica pair that both engines are held to:
// read-replicas.test.ts runs them on Prisma's reads, read-replicas-sql.test.ts on compiled ones.
// One body each, so the engines cannot drift apart; each suite counts the reads of its own engine.
import { waitUntil } from '@facet/test-support/wait';
import { expect } from 'vitest';
import type { ReplicaCluster } from '../../../../scripts/postgres/replica-cluster.mjs';
import type { ReplicaState } from '../../src/index.js';

/** What a suite gives the scenarios: its cluster, its app's routing events and its reads. */
export interface ReplicaSuite {
  /** The running pair (started in the suite's `beforeAll`). */
  cluster(): ReplicaCluster;
  /** Each replica state change the module reported, in order; a scenario empties it first. */
  readonly changes: [number, ReplicaState][];
  /** A committed author, written over HTTP on the primary, and the consistency token its answer carried. */
  write(name: string): Promise<{ email: string; token: string }>;
  /** Whether the list read by email shows the author (sending the token, when given). */
  found(email: string, token?: string): Promise<boolean>;
  /** How many reads of the engine under test each server has run so far. */
  served(): { readonly primary: number; readonly replica: number };
  /** A statement run straight on the replica (pausing or resuming its replay). */
  replicaQuery(sql: string): Promise<unknown>;
  /** Whether the replica has replayed the author's row. */
  replicaHas(email: string): Promise<boolean>;
}

/** Reads of a written row, once the replica is healthy again, are served by it and not by the primary. */
async function expectBackOnReplica(suite: ReplicaSuite, email: string): Promise<void> {
  const before = suite.served();
  expect(await suite.found(email)).toBe(true);
  expect(suite.served().replica).toBeGreaterThan(before.replica);
  expect(suite.served().primary).toBe(before.primary);
}

/** A lagging replica (replay paused) sends reads to the primary until it has caught up. */
export async function lagScenario(suite: ReplicaSuite): Promise<void> {
  suite.changes.length = 0;
  await suite.replicaQuery('SELECT pg_wal_replay_pause()');
  let email: string;
  try {
    ({ email } = await suite.write('lag'));
    await waitUntil(() => suite.changes.some(([, state]) => state === 'lagging'));
    const before = suite.served();
    // No token: the read still sees the write, because the primary serves it.
    expect(await suite.found(email)).toBe(true);
    expect(suite.served().replica).toBe(before.replica);
    expect(suite.served().primary).toBeGreaterThan(before.primary);
  } finally {
    await suite.replicaQuery('SELECT pg_wal_replay_resume()');
  }
  await waitUntil(() => suite.changes.at(-1)?.[1] === 'healthy');
  await expectBackOnReplica(suite, email);
}

/** A stopped replica: reads fail over to the primary without errors, and come back when it returns. */
export async function stopScenario(suite: ReplicaSuite): Promise<void> {
  suite.changes.length = 0;
  const { email } = await suite.write('loss');
  await waitUntil(() => suite.replicaHas(email));
  suite.cluster().stopReplica();
  try {
    // The first read may still pick the replica: its failed connection sends it to the primary.
    for (let i = 0; i < 5; i++) expect(await suite.found(email)).toBe(true);
    expect(suite.changes.some(([, state]) => state === 'unreachable')).toBe(true);
    const before = suite.served();
    expect(await suite.found(email)).toBe(true);
    expect(suite.served().primary).toBeGreaterThan(before.primary);
  } finally {
    suite.cluster().startReplica();
  }
  await waitUntil(() => suite.changes.at(-1)?.[1] === 'healthy', { timeoutMs: 20_000 });
  await expectBackOnReplica(suite, email);
}
