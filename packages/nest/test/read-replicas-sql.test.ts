// Compiled reads (`engine: 'sql'`) routed like Prisma's, on a real PostgreSQL primary + streaming
// replica pair (scripts/postgres/replica-cluster.mjs): pages, counts and details run on the
// replica's pool when it is healthy, read-your-writes holds through the Facet-Consistency token, a
// lagging or stopped replica sends them to the primary's pool, a read made inside a transaction (a
// write's read-back on the app's transaction) never runs compiled on another connection than the
// transaction's, and a snapshot export's compiled batches run on the primary, in its snapshot. Which server answered is counted on each server's own pool,
// and shown by the data: a paused replica does not have the row the primary has.
import { readFileSync } from 'node:fs';
import { listenApp } from '@facet/test-support/net';
import { queryOnce } from '@facet/test-support/postgres';
import { waitUntil } from '@facet/test-support/wait';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { PrismaPg } from '@prisma/adapter-pg';
import { IsEmail, IsString } from 'class-validator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkReplicaCluster,
  type ReplicaCluster,
  startReplicaCluster,
} from '../../../scripts/postgres/replica-cluster.mjs';
import { getResourceToken } from '../src/advanced/index.js';
import {
  CONSISTENCY_HEADER,
  defineResource,
  FacetModule,
  Field,
  type ReplicaState,
  type Resource,
  ResourceController,
} from '../src/index.js';
import { type SqlPool, sqlReads } from '../src/sql/index.js';
import { PrismaClient } from './generated/postgresql/client.js';
import { lagScenario, type ReplicaSuite, stopScenario } from './support/replica-scenarios.js';

const availability = checkReplicaCluster();
if (!availability.available) console.warn(`read-replicas-sql.test.ts skipped: ${availability.reason}`);

class AuthorDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() email!: string;
}
class AuthorBody {
  @IsString() name!: string;
  @IsEmail() email!: string;
}
class RenameBody {
  @IsString() name!: string;
}
const authors = defineResource({
  name: 'authors',
  delegate: (p: PrismaClient) => p.author,
  dto: AuthorDto,
  writes: { create: { body: AuthorBody }, update: { body: RenameBody } },
  export: { snapshot: true },
});

const POOL = 3;
const SECRET = 'read-replicas-sql-test-server-secret';

interface Server {
  readonly pool: pg.Pool;
  readonly prisma: PrismaClient;
  /** The pool compiled reads run on: the server's own, counting each statement (one connection each). */
  readonly compiled: SqlPool;
  /** Compiled statements run on this server. */
  sql: number;
  /** Model statements Prisma ran on this server (health checks and WAL positions left out). */
  prismaStatements: number;
}

function server(url: string, applicationName: string): Server {
  const pool = new pg.Pool({ connectionString: url, max: POOL, application_name: applicationName });
  // A stopped server breaks idle connections: an 'error' event of the pool, fatal unheard.
  pool.on('error', () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), log: [{ emit: 'event', level: 'query' }] });
  const counted: Server = {
    pool,
    prisma,
    compiled: {
      connect: () => {
        counted.sql++;
        return pool.connect();
      },
    },
    sql: 0,
    prismaStatements: 0,
  };
  prisma.$on('query', (event) => {
    if (!event.query.includes('pg_')) counted.prismaStatements++;
  });
  return counted;
}

describe.skipIf(!availability.available)('compiled reads on a real primary + streaming replica', () => {
  let cluster: ReplicaCluster;
  let primary: Server;
  let replica: Server;
  let app: INestApplication;
  let resource: Resource<never, AuthorDto>;
  const changes: [number, ReplicaState][] = [];
  const waits: ('replica' | 'primary')[] = [];
  let base: string;

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    await queryOnce(
      cluster.primaryUrl,
      readFileSync(new URL('./prisma/postgres.sql', import.meta.url), 'utf8'),
    );
    primary = server(cluster.primaryUrl, 'facet-sql-primary');
    replica = server(cluster.replicaUrl, 'facet-sql-replica');
    @Controller('authors')
    class AuthorsController extends ResourceController(authors, { writes: true }) {}
    @Module({
      controllers: [AuthorsController],
      imports: [
        FacetModule.forRoot({
          prisma: primary.prisma,
          replicas: [replica.prisma],
          secret: SECRET,
          engine: 'sql',
          sql: sqlReads({
            pool: primary.compiled,
            replicas: [{ client: replica.prisma, pool: replica.compiled }],
          }),
          readRouting: {
            healthCheckInterval: 50,
            maxLag: 600,
            pollInterval: 10,
            onReplicaStateChange: (index, state) => changes.push([index, state]),
            onConsistencyWait: (outcome) => waits.push(outcome),
          },
        }),
        FacetModule.forFeature([authors]),
      ],
    })
    class AppModule {}
    app = await NestFactory.create(AppModule, { logger: false });
    base = await listenApp(app);
    resource = app.get(getResourceToken(authors));
    await waitUntil(() => changes.some(([, state]) => state === 'healthy'));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await primary?.prisma.$disconnect();
    await replica?.prisma.$disconnect();
    cluster?.close();
  }, 30_000);

  const counts = () => ({
    primarySql: primary.sql,
    replicaSql: replica.sql,
    primaryPrisma: primary.prismaStatements,
    replicaPrisma: replica.prismaStatements,
  });
  /** A committed author, written over HTTP (on the primary), and the token its answer carries. */
  const write = async (name: string) => {
    const email = `${name}-${Date.now()}@example.test`;
    const response = await fetch(`${base}/authors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email }),
    });
    expect(response.status).toBe(201);
    return { email, token: response.headers.get(CONSISTENCY_HEADER) as string };
  };
  /** Whether GET /authors by email shows the author, with the token when one is given. */
  const found = async (email: string, token?: string) => {
    const response = await fetch(`${base}/authors?where.email=${encodeURIComponent(email)}`, {
      headers: token === undefined ? {} : { [CONSISTENCY_HEADER]: token },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: { email: string }[] };
    return page.items.some((item) => item.email === email);
  };
  const replicaQuery = (sql: string) => queryOnce(cluster.replicaUrl, sql);
  const replicaHas = async (email: string) =>
    (await replicaQuery(`SELECT 1 FROM "Author" WHERE email = '${email}'`)).rowCount === 1;

  it('runs compiled pages, counts and details on the replica pool, none through Prisma', async () => {
    const { email } = await write('routing');
    await waitUntil(() => replicaHas(email));
    const before = counts();
    expect(await found(email)).toBe(true);
    expect(await resource.count({ where: { email } })).toBe(1);
    const id = (await primary.prisma.author.findUniqueOrThrow({ where: { email } })).id;
    const detailsBefore = counts();
    expect(await resource.findById(String(id))).toMatchObject({ email });
    const after = counts();
    expect(after.replicaSql - before.replicaSql).toBeGreaterThanOrEqual(3);
    expect(after.replicaSql).toBeGreaterThan(detailsBefore.replicaSql);
    expect(after.primarySql).toBe(before.primarySql);
    expect(after.replicaPrisma).toBe(before.replicaPrisma);
    // The only Prisma statement on the primary is the test's own findUniqueOrThrow.
    expect(after.primaryPrisma - before.primaryPrisma).toBe(1);
  });

  it('read-your-writes: a token waits for the replica, or reads the primary pool while replay is paused', async () => {
    await replicaQuery('SELECT pg_wal_replay_pause()');
    try {
      const { email, token } = await write('ryw');
      // Without the token the paused replica answers, without the write: the replica's pool read it.
      let before = counts();
      expect(await found(email)).toBe(false);
      expect(counts().replicaSql).toBeGreaterThan(before.replicaSql);
      expect(counts().primarySql).toBe(before.primarySql);
      // With it, the read waits for the replica, which does not catch up, and reads the primary.
      before = counts();
      const waited = waits.length;
      expect(await found(email, token)).toBe(true);
      expect(waits.slice(waited)).toContain('primary');
      expect(counts().primarySql).toBeGreaterThan(before.primarySql);
      expect(counts().replicaSql).toBe(before.replicaSql);
      expect(counts().primaryPrisma).toBe(before.primaryPrisma);
    } finally {
      await replicaQuery('SELECT pg_wal_replay_resume()');
    }
    // Replay resumed: the replica meets the token within the wait and serves the read.
    const { email, token } = await write('ryw-resumed');
    const before = counts();
    expect(await found(email, token)).toBe(true);
    expect(counts().replicaSql).toBeGreaterThan(before.replicaSql);
    expect(counts().primarySql).toBe(before.primarySql);
  });

  /** The failure scenarios both engines run (support/replica-scenarios.ts), counting compiled reads. */
  const suite: ReplicaSuite = {
    cluster: () => cluster,
    changes,
    write,
    found,
    served: () => ({ primary: primary.sql, replica: replica.sql }),
    replicaQuery,
    replicaHas,
  };

  it('a lagging replica sends compiled reads to the primary pool until it has caught up', () =>
    lagScenario(suite));

  it(
    'a stopped replica: compiled reads fail over to the primary pool without errors, and return when it does',
    () => stopScenario(suite),
    40_000,
  );

  it("reads inside the app's transaction run on it: an update reads back a row only the transaction sees", async () => {
    const email = `tx-${Date.now()}@example.test`;
    const before = counts();
    const updated = await primary.prisma.$transaction(async (tx) => {
      const created = await tx.author.create({ data: { name: 'in tx', email } });
      // Not committed: on any other connection (a compiled read on a pool) the row does not exist,
      // and the update would be a 404.
      return resource.update(created.id, { name: 'renamed in tx' }, {}, {}, { tx });
    });
    expect(updated).toMatchObject({ email, name: 'renamed in tx' });
    expect(counts().primarySql).toBe(before.primarySql);
    expect(counts().replicaSql).toBe(before.replicaSql);
    // A write in a transaction of its own reads its row back there too.
    const own = await resource.create({ name: 'own tx', email: `own-${email}` });
    expect(own).toMatchObject({ name: 'own tx' });
    expect(counts().primarySql).toBe(before.primarySql);
    expect(counts().replicaSql).toBe(before.replicaSql);
  });

  it("a snapshot export reads its batches compiled on the primary, in its transaction's snapshot", async () => {
    const { email } = await write('export');
    const before = counts();
    const exported = await resource.export({ format: 'ndjson', where: { email }, fields: 'email' });
    const items: unknown[] = [];
    for await (const item of exported) items.push(item);
    expect(items).toEqual([{ email }]);
    // The batches run on a primary connection that imported the Prisma transaction's snapshot
    // (the transaction is the primary's): never on the replica, compiled or not.
    expect(counts().primarySql).toBeGreaterThan(before.primarySql);
    expect(counts().replicaSql).toBe(before.replicaSql);
    expect(counts().replicaPrisma).toBe(before.replicaPrisma);
  });

  it('leaves no connections behind: each pool stays within its size', async () => {
    await Promise.all(Array.from({ length: 30 }, () => resource.query({ perPage: 5 })));
    for (const [url, name] of [
      [cluster.primaryUrl, 'facet-sql-primary'],
      [cluster.replicaUrl, 'facet-sql-replica'],
    ] as const) {
      const { rows } = await queryOnce<{ n: number }>(
        url,
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [name],
      );
      expect(rows[0]?.n ?? 0).toBeLessThanOrEqual(POOL);
    }
  });
});
