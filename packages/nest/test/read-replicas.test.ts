// Read routing on a real PostgreSQL primary + streaming replica pair (the repository's harness,
// scripts/postgres/replica-cluster.mjs): resources' reads served by the replica, writes by the primary, read-your-writes through the
// Facet-Consistency token, a lagging replica (replay paused) and a stopped one sending reads to
// the primary without errors and getting them back when healthy, and no connections left behind.
// Read-your-writes holds on hand-written controllers too: FacetModule registers the consistency
// interceptor for the whole app, and it runs once per request however often it is applied.
// Tokens are signed: a forged or altered one is ignored (no wait, no primary read), a signed one
// past the primary's position is cut to it, and reads waiting on a token share one replay poll.
import { readFileSync } from 'node:fs';
import { listenApp } from '@facet/test-support/net';
import { queryOnce } from '@facet/test-support/postgres';
import { waitUntil } from '@facet/test-support/wait';
import {
  Body,
  Controller,
  Get,
  type INestApplication,
  Module,
  Post,
  Query,
  UseInterceptors,
} from '@nestjs/common';
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
import {
  FACET_MODULE_OPTIONS,
  FacetConfigurationError,
  getResourceToken,
  readRouterFor,
  routeReads,
} from '../src/advanced/index.js';
import {
  CONSISTENCY_HEADER,
  defineResource,
  FacetConsistencyInterceptor,
  FacetExceptionFilter,
  FacetModule,
  type FacetModuleOptions,
  Field,
  InjectResource,
  QueryService,
  type ReplicaState,
  type Resource,
  ResourceController,
} from '../src/index.js';
import { ConsistencyTokens } from '../src/replicas/consistency-token.js';
import { PrismaClient } from './generated/postgresql/client.js';
import { lagScenario, type ReplicaSuite, stopScenario } from './support/replica-scenarios.js';

const availability = checkReplicaCluster();
if (!availability.available) console.warn(`read-replicas.test.ts skipped: ${availability.reason}`);

class AuthorDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() email!: string;
}
class CreateAuthorBody {
  @IsString() name!: string;
  @IsEmail() email!: string;
}
const authors = defineResource({
  name: 'authors',
  delegate: (p: PrismaClient) => p.author,
  dto: AuthorDto,
  writes: { create: { body: CreateAuthorBody } },
});

const POOL = 3;
const HEALTH_CHECK_MS = 50;
const MAX_LAG_MS = 600;
const POLL_MS = 10;
const SECRET = 'read-replicas-test-server-secret';
/** A signed token: the primary's WAL position and a MAC only a process with the secret can make. */
const TOKEN = /^[0-9A-F]+\/[0-9A-F]+\.[A-Za-z0-9_-]{22}$/;

interface CountedClient {
  readonly prisma: PrismaClient;
  /** Model statements run on this client (health checks and WAL positions left out). */
  statements: number;
  /** Write tokens asked of this client (`pg_current_wal_insert_lsn()`). */
  tokens: number;
  /** Replay positions asked of this client (`pg_last_wal_replay_lsn()`: health checks and polls). */
  replays: number;
  /** Replay probes running on this client right now, and the most that ever ran at once. */
  replaysRunning: number;
  mostReplaysAtOnce: number;
}

function countedClient(url: string, applicationName: string): CountedClient {
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url, max: POOL, application_name: applicationName }),
    log: [{ emit: 'event', level: 'query' }],
  });
  const counted = { prisma, statements: 0, tokens: 0, replays: 0, replaysRunning: 0, mostReplaysAtOnce: 0 };
  prisma.$on('query', (event) => {
    if (!event.query.includes('pg_')) counted.statements++;
    if (event.query.includes('pg_current_wal_insert_lsn')) counted.tokens++;
    if (event.query.includes('pg_last_wal_replay_lsn')) counted.replays++;
  });
  // The router asks replay positions through $queryRawUnsafe: counted from call to answer, so the
  // test sees how many run at once without reading any clock.
  const raw = prisma.$queryRawUnsafe.bind(prisma);
  prisma.$queryRawUnsafe = ((query: string, ...values: unknown[]) => {
    if (!query.includes('pg_last_wal_replay_lsn')) return raw(query, ...values);
    counted.replaysRunning++;
    counted.mostReplaysAtOnce = Math.max(counted.mostReplaysAtOnce, counted.replaysRunning);
    return raw(query, ...values).finally(() => {
      counted.replaysRunning--;
    });
  }) as typeof prisma.$queryRawUnsafe;
  return counted;
}

describe.skipIf(!availability.available)('read replicas on a real primary + streaming replica', () => {
  let cluster: ReplicaCluster;
  let primary: CountedClient;
  let replica: CountedClient;
  let app: INestApplication;
  let base: string;
  let admin: pg.Client;
  const changes: [number, ReplicaState][] = [];
  /** Reads that waited for a replica to replay their token, and where they went. */
  const waits: ('replica' | 'primary')[] = [];

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    admin = new pg.Client({ connectionString: cluster.primaryUrl });
    await admin.connect();
    await admin.query(readFileSync(new URL('./prisma/postgres.sql', import.meta.url), 'utf8'));
    primary = countedClient(cluster.primaryUrl, 'facet-test-primary');
    replica = countedClient(cluster.replicaUrl, 'facet-test-replica');

    @Controller('authors')
    class AuthorsController extends ResourceController(authors, { writes: true }) {}
    // Written by hand: no ResourceController, no interceptor of its own. Reads go through the
    // injected resource, writes through the primary client.
    @Controller('plain-authors')
    class PlainAuthorsController {
      constructor(@InjectResource(authors) private readonly resource: Resource<never, AuthorDto>) {}
      @Get()
      list(@Query('email') email: string) {
        return this.resource.query({ where: { email } });
      }
      @Post()
      create(@Body() body: CreateAuthorBody) {
        return primary.prisma.author.create({ data: { name: body.name, email: body.email } });
      }
    }
    // Applies the interceptor itself, on top of the module's.
    @Controller('twice-authors')
    @UseInterceptors(FacetConsistencyInterceptor)
    class TwiceAuthorsController {
      @Post()
      create(@Body() body: CreateAuthorBody) {
        return primary.prisma.author.create({ data: { name: body.name, email: body.email } });
      }
    }
    const moduleOptions: FacetModuleOptions = {
      prisma: primary.prisma,
      replicas: [replica.prisma],
      secret: SECRET,
      readRouting: {
        healthCheckInterval: HEALTH_CHECK_MS,
        maxLag: MAX_LAG_MS,
        pollInterval: POLL_MS,
        onReplicaStateChange: (index: number, state: ReplicaState) => changes.push([index, state]),
        onConsistencyWait: (outcome) => waits.push(outcome),
      },
    };
    @Module({
      imports: [FacetModule.forRoot(moduleOptions), FacetModule.forFeature([authors])],
      controllers: [AuthorsController, PlainAuthorsController, TwiceAuthorsController],
    })
    class AppModule {}
    app = await NestFactory.create(AppModule, { logger: false });
    app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()));
    base = await listenApp(app);
    await waitUntil(() => changes.some(([, state]) => state === 'healthy'));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await primary?.prisma.$disconnect();
    await replica?.prisma.$disconnect();
    await admin?.end();
    cluster?.close();
  }, 30_000);

  const get = async (path: string, token?: string) => {
    const response = await fetch(`${base}${path}`, { headers: token ? { [CONSISTENCY_HEADER]: token } : {} });
    return { status: response.status, body: (await response.json()) as { items?: { email: string }[] } };
  };
  const post = async (name: string, path = '/authors') => {
    const email = `${name}-${Date.now()}@example.test`;
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, email }),
    });
    expect(response.status).toBe(201);
    return { email, token: response.headers.get(CONSISTENCY_HEADER) as string };
  };
  const byEmail = (email: string) => `/authors?where.email=${encodeURIComponent(email)}`;
  const counts = () => ({ primary: primary.statements, replica: replica.statements });
  const found = async (email: string, token?: string) => {
    const { status, body } = await get(byEmail(email), token);
    expect(status).toBe(200);
    return (body.items ?? []).some((item) => item.email === email);
  };
  /** The failure scenarios both engines run (support/replica-scenarios.ts), counting Prisma's reads. */
  const suite: ReplicaSuite = {
    cluster: () => cluster,
    changes,
    write: (name) => post(name),
    found,
    served: counts,
    replicaQuery: (sql) => replicaQuery(sql),
    replicaHas: (email) => replicaHas(email),
  };

  it('serves reads from the replica and writes from the primary, answering each write with a token', async () => {
    const { email, token } = await post('routing');
    expect(token).toMatch(TOKEN);
    await waitUntil(async () => (await admin.query('SELECT 1')).rowCount === 1 && (await replicaHas(email)));
    const before = counts();
    expect(await found(email)).toBe(true);
    const after = counts();
    expect(after.primary).toBe(before.primary);
    // A page and its count, both on the replica.
    expect(after.replica - before.replica).toBeGreaterThanOrEqual(1);
    const count = await fetch(`${base}/authors/count`);
    expect(count.status).toBe(200);
    expect(counts().primary).toBe(before.primary);
  });

  it('read-your-writes: a token waits for the replica, or reads the primary while replay is paused', async () => {
    await replicaQuery('SELECT pg_wal_replay_pause()');
    try {
      const { email, token } = await post('ryw');
      // Without the token the (paused, but not yet too far behind) replica answers: not there yet.
      expect(await found(email)).toBe(false);
      const before = { ...counts(), waits: waits.length };
      expect(await found(email, token)).toBe(true);
      // It waited for the replica, which did not catch up, and then read the primary.
      expect(waits.slice(before.waits)).toContain('primary');
      expect(counts().primary).toBeGreaterThan(before.primary);
    } finally {
      await replicaQuery('SELECT pg_wal_replay_resume()');
    }
    // Replay resumed: the token is met by the replica within the wait.
    const { email, token } = await post('ryw-resumed');
    const before = counts();
    expect(await found(email, token)).toBe(true);
    expect(counts().primary).toBe(before.primary);
    expect(counts().replica).toBeGreaterThan(before.replica);
  });

  it('sends every kind of read to the replica: page, count, aggregate and detail, of a resource and a QueryService', async () => {
    const { email } = await post('kinds');
    await waitUntil(() => replicaHas(email));
    const resource = app.get<Resource<never, AuthorDto>>(getResourceToken(authors));
    // The app's own router: Nest hands the module a copy of the options given to forRoot.
    const router = readRouterFor(app.get<FacetModuleOptions>(FACET_MODULE_OPTIONS));
    expect(router).toBeDefined();
    const service = new QueryService(routeReads(primary.prisma, router as NonNullable<typeof router>).author);
    const reads: [string, () => Promise<unknown>][] = [
      ['resource page', () => resource.query({ where: { email } })],
      ['resource count', () => resource.count({ where: { email } })],
      ['resource aggregate', () => resource.aggregate({ where: { email }, _count: true })],
      [
        'resource detail',
        async () => resource.findById(String((await service.findOne({ where: { email } }))?.id)),
      ],
      ['service page', () => service.query({ where: { email } })],
      ['service findMany', () => service.findMany({ where: { email } })],
      ['service count', () => service.count({ where: { email } })],
      ['service aggregate', () => service.aggregate({ where: { email }, _max: { id: true } })],
    ];
    for (const [kind, read] of reads) {
      const before = counts();
      await read();
      expect({ kind, replica: counts().replica > before.replica }).toEqual({ kind, replica: true });
      expect({ kind, primary: counts().primary }).toEqual({ kind, primary: before.primary });
    }
    // A transaction is the primary's, reads inside it included.
    const before = counts();
    await primary.prisma.$transaction((tx) => tx.author.count({ where: { email } }));
    expect(counts().replica).toBe(before.replica);
    expect(counts().primary).toBeGreaterThan(before.primary);
  });

  it('a hand-written controller reading through an injected resource gets read-your-writes too', async () => {
    await replicaQuery('SELECT pg_wal_replay_pause()');
    try {
      const { email, token } = await post('plain', '/plain-authors');
      expect(token).toMatch(TOKEN);
      const plainFound = async (headers: Record<string, string>) => {
        const response = await fetch(`${base}/plain-authors?email=${encodeURIComponent(email)}`, { headers });
        expect(response.status).toBe(200);
        return ((await response.json()) as { items: { email: string }[] }).items.length === 1;
      };
      // No token: the paused replica answers, without the write.
      let before = counts();
      expect(await plainFound({})).toBe(false);
      expect(counts().replica).toBeGreaterThan(before.replica);
      expect(counts().primary).toBe(before.primary);
      // The token: the read waits for the replica, which never catches up, then reads the primary.
      before = counts();
      const waited = waits.length;
      expect(await plainFound({ [CONSISTENCY_HEADER]: token })).toBe(true);
      expect(waits.slice(waited)).toContain('primary');
      expect(counts().primary).toBeGreaterThan(before.primary);
      // A malformed token is refused there as well.
      const bad = await fetch(`${base}/plain-authors?email=x`, { headers: { [CONSISTENCY_HEADER]: 'nope' } });
      expect(bad.status).toBe(400);
    } finally {
      await replicaQuery('SELECT pg_wal_replay_resume()');
    }
    // Replay resumed: the replica has the write within the wait, and serves the read.
    const { email, token } = await post('plain-resumed', '/plain-authors');
    const before = counts();
    const response = await fetch(`${base}/plain-authors?email=${encodeURIComponent(email)}`, {
      headers: { [CONSISTENCY_HEADER]: token },
    });
    expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(1);
    expect(counts().primary).toBe(before.primary);
  });

  it('runs once per request when a controller applies the interceptor on top of the module', async () => {
    const before = primary.tokens;
    const { token } = await post('twice', '/twice-authors');
    expect(token).toMatch(TOKEN);
    expect(primary.tokens - before).toBe(1);
  });

  it('refuses a malformed token with a 400', async () => {
    const { status, body } = await get('/authors', 'not-a-position');
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, code: 'invalid_consistency_token' });
  });

  it('ignores a token it did not sign: forged, unsigned or altered, it adds no wait and no primary read', async () => {
    await replicaQuery('SELECT pg_wal_replay_pause()');
    try {
      const { email, token } = await post('forged');
      const [position, mac] = token.split('.') as [string, string];
      const forgeries = [
        'FFFFFFFF/FFFFFFFF',
        position,
        `FFFFFFFF/FFFFFFFF.${mac}`,
        `${position}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
        `${position}.${mac.slice(0, -1)}`,
        new ConsistencyTokens('another secret, 32 characters...').sign('FFFFFFFF/FFFFFFFF'),
      ];
      for (const forged of forgeries) {
        const before = { ...counts(), waits: waits.length, asked: primary.tokens };
        const { status, body } = await get(byEmail(email), forged);
        expect({ forged, status }).toEqual({ forged, status: 200 });
        // Read on the paused replica, which has not replayed the write; the primary never asked.
        expect({ forged, seen: body.items?.length }).toEqual({ forged, seen: 0 });
        expect({ forged, replica: counts().replica > before.replica }).toEqual({ forged, replica: true });
        expect({ forged, primary: counts().primary, asked: primary.tokens, waits: waits.length }).toEqual({
          forged,
          primary: before.primary,
          asked: before.asked,
          waits: before.waits,
        });
      }
      // The genuine token: the reads wait for the replica, which never catches up, then read the primary.
      const before = { ...counts(), waits: waits.length };
      expect(await found(email, token)).toBe(true);
      expect(waits.slice(before.waits)).toEqual(['primary', 'primary']);
      expect(counts().primary).toBeGreaterThan(before.primary);
    } finally {
      await replicaQuery('SELECT pg_wal_replay_resume()');
    }
  });

  it('a signed token past the primary position is cut to it after one look at the primary; a replayed one costs nothing', async () => {
    const { email, token } = await post('bounded');
    await waitUntil(() => replicaHas(email));
    // Signed with the app's secret (as a restored backup's or another cluster's token would be),
    // but naming a position the primary has not reached.
    const future = new ConsistencyTokens(SECRET).sign('FFFFFFFF/FFFFFFFF');
    let before = { ...counts(), waits: waits.length, asked: primary.tokens };
    expect(await found(email, future)).toBe(true);
    // The page and its count share one look at the primary's position; both read the replica.
    expect(primary.tokens - before.asked).toBe(1);
    expect(counts().primary).toBe(before.primary);
    expect(counts().replica).toBeGreaterThan(before.replica);
    expect(waits.slice(before.waits)).not.toContain('primary');
    // The write's own token, sent again later (replayed): the replica has it, nothing waits or asks.
    before = { ...counts(), waits: waits.length, asked: primary.tokens };
    for (let i = 0; i < 3; i++) expect(await found(email, token)).toBe(true);
    expect({ ...counts(), waits: waits.length, asked: primary.tokens }).toEqual({
      ...before,
      replica: counts().replica,
    });
    expect(counts().replica).toBeGreaterThan(before.replica);
  });

  it('reads waiting on a token share one replay poll: the replica is asked at most twice at once (poll, health check)', async () => {
    await replicaQuery('SELECT pg_wal_replay_pause()');
    try {
      const { email, token } = await post('shared-poll');
      const READS = 30;
      const before = { replays: replica.replays, waits: waits.length };
      replica.mostReplaysAtOnce = replica.replaysRunning;
      const reads = await Promise.all(Array.from({ length: READS }, () => get(byEmail(email), token)));
      expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
      expect(reads.every((read) => read.body.items?.some((item) => item.email === email))).toBe(true);
      // Every read waited (the replay position was asked while they did) and then read the primary.
      const outcomes = waits.slice(before.waits);
      expect(outcomes.length).toBeGreaterThanOrEqual(READS);
      expect(new Set(outcomes)).toEqual(new Set(['primary']));
      // The replica was asked while they waited, but never more than twice at once: the shared poll's
      // probe and a health check's. Polling per read would ask for each waiting read at once.
      expect(replica.replays).toBeGreaterThan(before.replays);
      // (How many per poll round, however many reads wait: src/replicas/replay-waiters.test.ts.)
      expect(replica.mostReplaysAtOnce).toBeGreaterThan(0);
      expect(replica.mostReplaysAtOnce).toBeLessThanOrEqual(2);
    } finally {
      await replicaQuery('SELECT pg_wal_replay_resume()');
    }
  });

  it('refuses replicas without a secret at start-up: a per-process key would break read-your-writes across processes', async () => {
    @Module({ imports: [FacetModule.forRoot({ prisma: primary.prisma, replicas: [replica.prisma] })] })
    class NoSecretModule {}
    await expect(NestFactory.create(NoSecretModule, { logger: false, abortOnError: false })).rejects.toThrow(
      FacetConfigurationError,
    );
  });

  it('a lagging replica sends reads to the primary until it has caught up', () => lagScenario(suite));

  it('a stopped replica sends reads to the primary without errors, and gets them back when it returns', async () => {
    await stopScenario(suite);
    // The pool dropped the connections the stop broke and opened new ones, within its size.
    await Promise.all(Array.from({ length: 20 }, () => get('/authors')));
    const afterReturn = await connections(cluster.replicaUrl, 'facet-test-replica');
    expect(afterReturn).toBeGreaterThan(0);
    expect(afterReturn).toBeLessThanOrEqual(POOL);
  }, 40_000);

  it('many reads waiting on a token at once fall to the primary without errors or extra connections', async () => {
    await replicaQuery('SELECT pg_wal_replay_pause()');
    try {
      const { email, token } = await post('crowd');
      const reads = await Promise.all(Array.from({ length: 30 }, () => get(byEmail(email), token)));
      expect(reads.map((read) => read.status)).toEqual(reads.map(() => 200));
      expect(reads.every((read) => read.body.items?.some((item) => item.email === email))).toBe(true);
      expect(await connections(cluster.primaryUrl, 'facet-test-primary')).toBeLessThanOrEqual(POOL);
      // Nothing is left holding a transaction open once the answers are in.
      expect(await connections(cluster.primaryUrl, 'facet-test-primary', "state <> 'idle'")).toBe(0);
    } finally {
      await replicaQuery('SELECT pg_wal_replay_resume()');
    }
  });

  it('leaves no connections behind: each pool stays within its size', async () => {
    await Promise.all(Array.from({ length: 40 }, () => get('/authors')));
    expect(await connections(cluster.primaryUrl, 'facet-test-primary')).toBeLessThanOrEqual(POOL);
    expect(await connections(cluster.replicaUrl, 'facet-test-replica')).toBeLessThanOrEqual(POOL);
    expect(await connections(cluster.replicaUrl, 'facet-test-replica')).toBeGreaterThan(0);
  });

  /** Connections a pool holds on a server (its application_name), optionally only those matching `filter`. */
  async function connections(url: string, name: string, filter = 'true') {
    const { rows } = await queryOnce<{ n: number }>(
      url,
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND ${filter}`,
      [name],
    );
    return rows[0]?.n ?? 0;
  }

  const replicaQuery = (sql: string) => queryOnce(cluster.replicaUrl, sql);
  async function replicaHas(email: string) {
    const { rowCount } = await replicaQuery(`SELECT 1 FROM "Author" WHERE email = '${email}'`);
    return rowCount === 1;
  }
});
