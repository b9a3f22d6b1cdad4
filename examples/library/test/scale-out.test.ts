// Two processes of the example (`npm start`: one with WEB_CONCURRENCY=2 workers, one without) on
// a real PostgreSQL primary + streaming replica (scripts/postgres/replica-cluster.mjs, the harness
// the nest tests and the bench use too): a write made through one process is seen by a read
// through the other when the read brings the write's Facet-Consistency token, even while the
// replica's replay is paused (the read then goes to the primary), and the replica serves the
// read that brings no token (it does not see the write yet). @facet/client's `consistency` option
// sends the token back by itself. The processes read with the example's engine (`READ_ENGINE`,
// compiled SQL by default): the replica's own sessions show the statements it answered were the
// engine's.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@facet/client/api';
import { freePort } from '@facet/test-support/net';
import { queryOnce } from '@facet/test-support/postgres';
import { waitForServer } from '@facet/test-support/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkReplicaCluster,
  type ReplicaCluster,
  startReplicaCluster,
} from '../../../scripts/postgres/replica-cluster.mjs';

const availability = checkReplicaCluster();
if (!availability.available) console.warn(`scale-out.test.ts skipped: ${availability.reason}`);

const CONSISTENCY = 'Facet-Consistency';
/** A signed token: the primary's WAL position and a MAC only a process with the secret can make. */
const TOKEN = /^[0-9A-F]+\/[0-9A-F]+\.[A-Za-z0-9_-]{22}$/;
const ADMIN = { authorization: 'Bearer admin-token' };
const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** The engine the processes read with: the example's own default, or the suite's `READ_ENGINE`. */
const ENGINE = process.env.READ_ENGINE?.trim().toLowerCase() || 'sql';

interface Process {
  readonly child: ChildProcess;
  readonly base: string;
}

async function startProcess(cluster: ReplicaCluster, workers: number): Promise<Process> {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: packageDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_REPLICA_URLS: cluster.replicaUrl,
      DATABASE_POOL_SIZE: '3',
      DATABASE_REPLICA_POOL_SIZE: '2',
      WEB_CONCURRENCY: String(workers),
      FACET_DEMO: '0',
      FACET_SECRET: 'scale-out-test-server-secret-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}/api/v1`;
  await waitForServer(`${base}/books?perPage=1`, {
    child,
    ready: (response) => response.status === 200,
    timeoutMs: 150_000,
    name: 'the example',
    output: () => output,
  });
  return { child, base };
}

async function stopProcess(running: Process | undefined): Promise<void> {
  if (running === undefined || running.child.exitCode !== null) return;
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!availability.available)('two processes on a primary + streaming replica', () => {
  let cluster: ReplicaCluster;
  let workers: Process | undefined;
  let single: Process | undefined;

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    // One after the other: the first prepares and seeds the database, the second finds it ready.
    workers = await startProcess(cluster, 2);
    single = await startProcess(cluster, 1);
  }, 300_000);

  afterAll(async () => {
    await stopProcess(workers);
    await stopProcess(single);
    cluster?.close();
  }, 60_000);

  const onReplica = (sql: string) => queryOnce(cluster.replicaUrl, sql);
  it('a write through one process is read through the other with its token, while replay is paused', async () => {
    const writer = (single as Process).base;
    const reader = (workers as Process).base;
    const { rows } = await onReplica('SELECT id FROM "Author" ORDER BY id LIMIT 1');
    const authorId = (rows[0] as { id: number }).id;
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const created = await fetch(`${writer}/books`, {
        method: 'POST',
        headers: { ...ADMIN, 'content-type': 'application/json' },
        body: JSON.stringify({
          isbn: `97800${String(Date.now()).slice(-8)}`,
          title: 'Written through one process',
          price: '9.99',
          pages: 10,
          genre: 'FICTION',
          authorId,
        }),
      });
      expect(created.status).toBe(201);
      const token = created.headers.get(CONSISTENCY) as string;
      expect(token).toMatch(TOKEN);
      const { id } = (await created.json()) as { id: number };

      // The replica serves a read without a token: it has not replayed the write.
      expect((await fetch(`${reader}/books/${id}`, { headers: ADMIN })).status).toBe(404);
      // So it does one with a token no process signed: forged, unsigned, or the genuine one altered.
      // Such a token is ignored, so the read neither waits nor goes to the primary (which has the row).
      const [position, mac] = token.split('.') as [string, string];
      for (const forged of [
        'FFFFFFFF/FFFFFFFF',
        position,
        `FFFFFFFF/FFFFFFFF.${mac}`,
        `${position}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      ]) {
        const read = await fetch(`${reader}/books/${id}`, { headers: { ...ADMIN, [CONSISTENCY]: forged } });
        expect({ forged, status: read.status }).toEqual({ forged, status: 404 });
      }
      // With the token the other process reads the primary (the paused replica never catches up).
      for (let i = 0; i < 4; i++) {
        const read = await fetch(`${reader}/books/${id}`, { headers: { ...ADMIN, [CONSISTENCY]: token } });
        expect(read.status).toBe(200);
        expect(((await read.json()) as { title: string }).title).toBe('Written through one process');
      }
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
  });

  it("@facet/client's consistency option carries the token from a write in one process to a read in the other", async () => {
    const writer = (single as Process).base;
    const reader = (workers as Process).base;
    // One client, as one browser tab would be; absolute URLs stand in for a load balancer that
    // sends its write to one process and its next read to another.
    const api = createApiClient({
      origin: new URL(writer).origin,
      getToken: () => 'admin-token',
      consistency: true,
    });
    const { rows } = await onReplica('SELECT id FROM "Author" ORDER BY id LIMIT 1');
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const created = await api.post<{ id: number }>(`${writer}/books`, {
        isbn: `97801${String(Date.now()).slice(-8)}`,
        title: 'Written through the client',
        price: '5.00',
        pages: 12,
        genre: 'FICTION',
        authorId: (rows[0] as { id: number }).id,
      });
      expect(created.status).toBe(201);
      // A client without the option reads the paused replica, which has not replayed the write.
      const forgetful = createApiClient({ origin: new URL(reader).origin, getToken: () => 'admin-token' });
      const stale = await forgetful.get(`${reader}/books/${created.data.id}`, { validateStatus: () => true });
      expect(stale.status).toBe(404);
      // The client sends the write's token back by itself: the other process reads the primary.
      const read = await api.get<{ title: string }>(`${reader}/books/${created.data.id}`);
      expect(read.config.headers.get(CONSISTENCY)).toBe(created.headers[CONSISTENCY.toLowerCase()]);
      expect(read.data.title).toBe('Written through the client');
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
  });

  it("the replica answers list and detail reads with the process's engine: compiled SQL by default", async () => {
    const reader = (workers as Process).base;
    const { rows } = await onReplica('SELECT id FROM "Book" ORDER BY id LIMIT 1');
    const id = (rows[0] as { id: number }).id;
    // Kysely's statements begin with a lowercase `select`, Prisma's with `SELECT`; an idle session
    // of the replica pool shows the last statement it ran. Retried: a health check may run on the
    // same connection between the read and the look.
    const shape = ENGINE === 'sql' ? '^select ' : '^SELECT ';
    let seen = 0;
    for (let attempt = 0; attempt < 5 && seen === 0; attempt++) {
      const reads = await Promise.all([
        fetch(`${reader}/books/${id}`, { headers: ADMIN }),
        fetch(`${reader}/books?perPage=3`, { headers: ADMIN }),
      ]);
      expect(reads.map((read) => read.status)).toEqual([200, 200]);
      const { rows: sessions } = await onReplica(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = 'facet-example-library-replica' AND query ~ '${shape}' AND query LIKE '%"Book"%'`,
      );
      seen = (sessions[0] as { n: number }).n;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('every process answers from its own workers and pools within the configured size', async () => {
    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, i) => fetch(`${(i % 2 ? single : workers)?.base}/books?perPage=5`)),
    );
    expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
    const { rows } = await onReplica(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'facet-example-library-replica'",
    );
    // Three processes (the cluster's two workers and the single one), each with a replica pool of
    // 2 (DATABASE_REPLICA_POOL_SIZE; its primary pool is 3).
    expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
    expect((rows[0] as { n: number }).n).toBeLessThanOrEqual(6);
  });
});
