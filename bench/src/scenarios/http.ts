import { type ChildProcess, fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { freePort } from '@facet/test-support/net';
import { waitForServer } from '@facet/test-support/wait';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Comparison, compare, type Measurement, type ScenarioResult } from '../report/results.js';
import {
  FACET_LIST_QUERY,
  FACET_LIST_QUERY_NO_TOTALS,
  LIST_PER_PAGE,
  PLAIN_LIST_QUERY,
  QUERRY_KIT_LIST_QUERY,
} from '../servers/list-query.js';
import { repoPath } from '../support/paths.js';
import type { BenchProfile } from '../support/profile.js';
import { roundOrder } from '../support/sample.js';
import { median, relativeSpread } from '../support/stats.js';

export interface Contender {
  readonly name: string;
  readonly script: string;
  readonly args: readonly string[];
  readonly path: string;
  readonly env?: Record<string, string>;
  /** Node options of the server process (the profile scenario's `--cpu-prof`). */
  readonly execArgv?: readonly string[];
  /** Sent with every request: a reader's bearer token for the authenticated rows. */
  readonly headers?: Record<string, string>;
  /** The answer's meta has no totals (an envelope projection without itemCount). */
  readonly noTotals?: boolean;
}

const EXAMPLE = 'Facet: example app GET /api/v1/books, anonymous';
const EXAMPLE_READER = 'Facet: example app GET /api/v1/books, reader token';
const EXAMPLE_FASTIFY = 'Facet: example app on Fastify, anonymous';
const EXAMPLE_FASTIFY_READER = 'Facet: example app on Fastify, reader token';
// The same app on the compiled read path (`READ_ENGINE=sql`); the four rows above read through Prisma
// (`READ_ENGINE=prisma`, set explicitly so that a change of the example's default moves no row).
const SQL = 'Facet: example app GET /api/v1/books, READ_ENGINE=sql, anonymous';
const SQL_READER = 'Facet: example app GET /api/v1/books, READ_ENGINE=sql, reader token';
const SQL_FASTIFY = 'Facet: example app on Fastify, READ_ENGINE=sql, anonymous';
const SQL_FASTIFY_READER = 'Facet: example app on Fastify, READ_ENGINE=sql, reader token';
const FACET = 'Facet: ResourceQuery, static access filter';
const FACET_NO_TOTALS = 'Facet: ResourceQuery, page without totals (no count)';
const HAND = 'hand-written NestJS + Prisma controller, anonymous';
const HAND_READER = 'hand-written NestJS + Prisma controller, reader token';
const HAND_FASTIFY = 'hand-written NestJS + Prisma controller on Fastify, anonymous';
const HAND_FASTIFY_READER = 'hand-written NestJS + Prisma controller on Fastify, reader token';
const KIT = '@querry-kit/nest 1.0.5';
const PG = 'pg + node:http (physical limit)';
const NEST_PG = "NestJS + pg, the same SQL (the framework's floor)";
const NEST_PG_FASTIFY = "NestJS + pg on Fastify, the same SQL (the framework's floor)";

function contenders(readerToken: string): Contender[] {
  const nest = repoPath('bench/dist/servers/nest-server.js');
  const reader = { authorization: `Bearer ${readerToken}` };
  const example = {
    script: repoPath('examples/library/dist/main.js'),
    args: [],
    path: `/api/v1/books?${FACET_LIST_QUERY}`,
    env: { HOST: '127.0.0.1', READ_ENGINE: 'prisma' },
  };
  const exampleOnFastify = { ...example, env: { ...example.env, HTTP_PLATFORM: 'fastify' } };
  const compiled = { ...example, env: { ...example.env, READ_ENGINE: 'sql' } };
  const compiledOnFastify = { ...example, env: { ...exampleOnFastify.env, READ_ENGINE: 'sql' } };
  return [
    { name: EXAMPLE, ...example },
    { name: EXAMPLE_READER, ...example, headers: reader },
    { name: EXAMPLE_FASTIFY, ...exampleOnFastify },
    { name: EXAMPLE_FASTIFY_READER, ...exampleOnFastify, headers: reader },
    { name: SQL, ...compiled },
    { name: SQL_READER, ...compiled, headers: reader },
    { name: SQL_FASTIFY, ...compiledOnFastify },
    { name: SQL_FASTIFY_READER, ...compiledOnFastify, headers: reader },
    { name: FACET, script: nest, args: ['facet'], path: `/books?${FACET_LIST_QUERY}` },
    {
      name: FACET_NO_TOTALS,
      script: nest,
      args: ['facet'],
      path: `/books?${FACET_LIST_QUERY_NO_TOTALS}`,
      noTotals: true,
    },
    { name: HAND, script: nest, args: ['handwritten'], path: `/books?${PLAIN_LIST_QUERY}` },
    {
      name: HAND_READER,
      script: nest,
      args: ['handwritten'],
      path: `/books?${PLAIN_LIST_QUERY}`,
      headers: reader,
    },
    {
      name: HAND_FASTIFY,
      script: nest,
      args: ['handwritten', 'fastify'],
      path: `/books?${PLAIN_LIST_QUERY}`,
    },
    {
      name: HAND_FASTIFY_READER,
      script: nest,
      args: ['handwritten', 'fastify'],
      path: `/books?${PLAIN_LIST_QUERY}`,
      headers: reader,
    },
    { name: KIT, script: nest, args: ['querry-kit'], path: `/books?${QUERRY_KIT_LIST_QUERY}` },
    { name: NEST_PG, script: nest, args: ['pg'], path: `/books?${PLAIN_LIST_QUERY}` },
    { name: NEST_PG_FASTIFY, script: nest, args: ['pg', 'fastify'], path: `/books?${PLAIN_LIST_QUERY}` },
    {
      name: PG,
      script: repoPath('bench/dist/servers/pg-server.js'),
      args: [],
      path: `/books?${PLAIN_LIST_QUERY}`,
    },
  ];
}

export interface Running {
  readonly contender: Contender;
  readonly url: string;
  readonly child: ChildProcess;
}

/** A reader's token from the example's fixture, which seeded the bench database. */
export async function readerToken(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ token: string }>(
      `SELECT token FROM "User" WHERE role = 'reader' ORDER BY id LIMIT 1`,
    );
    if (!rows[0]) throw new Error('bench: the fixture has no reader');
    return rows[0].token;
  } finally {
    await client.end();
  }
}

export async function start(contender: Contender, databaseUrl: string): Promise<Running> {
  const port = await freePort();
  const child = fork(contender.script, [...contender.args], {
    ...(contender.execArgv ? { execArgv: [...contender.execArgv] } : {}),
    env: {
      ...process.env,
      ...contender.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}${contender.path}`;
  await waitForServer(url, {
    child,
    name: `bench: ${contender.name}`,
    // Its first answer must be the page: an error answer will not turn into one by waiting.
    ready: async (response) => {
      if (response.ok) return true;
      throw new Error(`bench: ${contender.name} answered ${response.status}: ${await response.text()}`);
    },
  });
  return { contender, url, child };
}

export async function stop(running: Running): Promise<void> {
  const exited = new Promise((resolve) => running.child.once('exit', resolve));
  running.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (running.child.exitCode === null) running.child.kill('SIGKILL');
}

/** The items of a list answer in one comparable shape. */
function normalise(body: unknown): { items: string; itemCount: unknown } {
  const { items, meta } = body as { items: Record<string, unknown>[]; meta: { itemCount?: unknown } };
  const pick = (item: Record<string, unknown>) => {
    const author = item.author as { name?: unknown; country?: unknown } | undefined;
    return [item.id, item.title, item.price, item.genre, author?.name, author?.country];
  };
  return { items: JSON.stringify(items.map(pick)), itemCount: meta.itemCount };
}

/** Every contender must return the same page, or the comparison means nothing. */
async function assertSameAnswers(running: readonly Running[]): Promise<number> {
  const answers = await Promise.all(
    running.map(async (r) => ({
      name: r.contender.name,
      ...normalise(await (await fetch(r.url, { headers: r.contender.headers ?? {} })).json()),
    })),
  );
  const reference = answers[answers.length - 1]!;
  for (const [i, answer] of answers.entries()) {
    const sameCount = running[i]!.contender.noTotals
      ? answer.itemCount === undefined
      : answer.itemCount === reference.itemCount;
    if (answer.items !== reference.items || !sameCount) {
      throw new Error(
        `bench: ${answer.name} answers differently from ${reference.name}:\n${answer.items} (${answer.itemCount})\n${reference.items} (${reference.itemCount})`,
      );
    }
  }
  const count = (JSON.parse(reference.items) as unknown[]).length;
  if (count !== LIST_PER_PAGE)
    throw new Error(`bench: the list page holds ${count} items, expected ${LIST_PER_PAGE}`);
  return reference.itemCount as number;
}

/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

// Fields of /proc/<pid>/stat after the command name (which may contain spaces), from state (field 3) on.
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/**
 * CPU seconds a process and every process below it have used (user + system), from /proc;
 * `undefined` where there is none. The tree, so a `node:cluster` primary counts its workers.
 * Unlike requests/s, CPU per request hardly depends on what else the machine is doing.
 */
export function cpuSeconds(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const parents = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        parents.set(Number(entry), Number(statFields(Number(entry))[1]));
      } catch {
        // Exited while we looked: it no longer costs anything.
      }
    }
    const tree = [pid];
    for (let i = 0; i < tree.length; i++) {
      for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
    }
    let ticks = 0;
    for (const member of tree) {
      try {
        const fields = statFields(member);
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // A worker that exited took its ticks with it; the rest still count.
      }
    }
    return ticks / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

export async function load(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
  pid?: number,
) {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, connections, duration: seconds, headers });
  const cpuAfter = cpuSeconds(pid);
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `bench: ${url} had ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
    );
  }
  const cpuMsPerRequest =
    cpuBefore === undefined || cpuAfter === undefined
      ? Number.NaN
      : ((cpuAfter - cpuBefore) * 1000) / result['2xx'];
  return {
    requests: result['2xx'],
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest,
  };
}

/** What each contender did in each round of `loadInRounds`, in round order. */
export interface RoundResults {
  readonly rps: number[][];
  readonly p50: number[][];
  readonly p99: number[][];
  readonly cpu: number[][];
}

/**
 * Warms every contender up, then loads them in rotating rounds (`roundOrder`), each of a
 * contender's rounds preceded by unmeasured load on it; results are indexed like `running`.
 */
export async function loadInRounds(
  running: readonly Running[],
  { rounds, seconds, connections, warmupSeconds, roundWarmupSeconds }: BenchProfile['http'],
): Promise<RoundResults> {
  for (const r of running) await load(r.url, warmupSeconds, connections, r.contender.headers);
  const results: RoundResults = { rps: [], p50: [], p99: [], cpu: [] };
  for (const list of Object.values(results)) for (const _ of running) list.push([]);
  for (let round = 0; round < rounds; round++) {
    for (const i of roundOrder(round, running.length)) {
      const r = running[i]!;
      if (roundWarmupSeconds > 0) await load(r.url, roundWarmupSeconds, connections, r.contender.headers);
      const result = await load(r.url, seconds, connections, r.contender.headers, r.child.pid);
      results.rps[i]!.push(result.rps);
      results.p50[i]!.push(result.p50);
      results.p99[i]!.push(result.p99);
      results.cpu[i]!.push(result.cpuMsPerRequest);
    }
  }
  return results;
}

/**
 * Issue 27's targets for the example app on the compiled read path (`READ_ENGINE=sql`), on Express
 * and on Fastify, and the two engines of the same app side by side.
 */
function compiledComparisons(
  measurements: readonly Measurement[],
  cpuMeasurements: readonly Measurement[],
): Comparison[] {
  const cpuOf = (name: string) => `${name}, server CPU per request`;
  return [
    ...(
      [
        ['', SQL, SQL_READER],
        [' on Fastify', SQL_FASTIFY, SQL_FASTIFY_READER],
      ] as const
    ).flatMap(([platform, anonymous, reader]) => [
      compare(measurements, `Compiled example app${platform} vs hand-written, anonymous`, anonymous, HAND, {
        op: '>=',
        value: 1.3,
      }),
      compare(
        measurements,
        `Compiled example app${platform} vs hand-written, reader token`,
        reader,
        HAND_READER,
        { op: '>=', value: 1.3 },
      ),
      compare(measurements, `Compiled example app${platform} vs @querry-kit/nest`, anonymous, KIT, {
        op: '>=',
        value: 1.8,
      }),
      compare(measurements, `Compiled example app${platform} vs pg + node:http`, anonymous, PG, {
        op: '>=',
        value: 0.4,
      }),
    ]),
    // What the framework alone leaves of the physical limit, and the compiled app against that floor.
    ...(
      [
        ['', SQL, NEST_PG],
        [' on Fastify', SQL_FASTIFY, NEST_PG_FASTIFY],
      ] as const
    ).flatMap(([platform, anonymous, floor]) => [
      compare(measurements, `NestJS + pg${platform} (the framework's floor) vs pg + node:http`, floor, PG),
      compare(measurements, `Compiled example app${platform} vs NestJS + pg${platform}`, anonymous, floor),
      compare(
        cpuMeasurements,
        `CPU per request: NestJS + pg${platform} vs pg + node:http`,
        cpuOf(floor),
        cpuOf(PG),
      ),
    ]),
    // Like for like on Fastify: the same controller on the same platform.
    compare(
      measurements,
      'Compiled example app on Fastify vs hand-written on Fastify, anonymous',
      SQL_FASTIFY,
      HAND_FASTIFY,
    ),
    compare(
      measurements,
      'Compiled example app on Fastify vs hand-written on Fastify, reader token',
      SQL_FASTIFY_READER,
      HAND_FASTIFY_READER,
    ),
    ...(
      [
        ['anonymous', SQL, EXAMPLE],
        ['reader token', SQL_READER, EXAMPLE_READER],
        ['on Fastify, anonymous', SQL_FASTIFY, EXAMPLE_FASTIFY],
        ['on Fastify, reader token', SQL_FASTIFY_READER, EXAMPLE_FASTIFY_READER],
      ] as const
    ).map(([who, sql, prisma]) =>
      compare(measurements, `Example app, compiled vs Prisma path, ${who}`, sql, prisma),
    ),
    compare(
      cpuMeasurements,
      'CPU per request: compiled example app vs hand-written, anonymous',
      cpuOf(SQL),
      cpuOf(HAND),
    ),
    compare(
      cpuMeasurements,
      'CPU per request: example app, compiled vs Prisma path, anonymous',
      cpuOf(SQL),
      cpuOf(EXAMPLE),
    ),
    compare(
      cpuMeasurements,
      'CPU per request: example app, compiled vs Prisma path, reader token',
      cpuOf(SQL_READER),
      cpuOf(EXAMPLE_READER),
    ),
  ];
}

/**
 * The list endpoint under load, on PostgreSQL: every contender runs in its own child process (none
 * shares the event loop with autocannon), all are started together, checked to return the same
 * page, warmed up, then loaded in interleaved rounds; the table shows the median of the rounds.
 */
export async function runHttp(
  databaseUrl: string | { unavailable: string },
  profile: BenchProfile,
): Promise<ScenarioResult> {
  const base = {
    id: 'http',
    short: 'HTTP',
    title: 'HTTP: the list endpoint under load (PostgreSQL)',
    method: '',
    notes: [] as string[],
  };
  if (typeof databaseUrl !== 'string') {
    return { ...base, measurements: [], comparisons: [], notRun: databaseUrl.unavailable };
  }
  const { rounds, seconds, connections, warmupSeconds, roundWarmupSeconds } = profile.http;
  const running: Running[] = [];
  try {
    const token = await readerToken(databaseUrl);
    // The anonymous and reader rows of one app share its server.
    const servers = new Map<string, Promise<Running>>();
    for (const contender of contenders(token)) {
      const key = `${contender.script} ${contender.args.join(' ')} ${JSON.stringify(contender.env ?? {})}`;
      const server = servers.get(key) ?? start(contender, databaseUrl);
      servers.set(key, server);
      const { child, url } = await server;
      running.push({ contender, child, url: new URL(url).origin + contender.path });
    }
    const itemCount = await assertSameAnswers(running);
    const { rps, p50, p99, cpu } = await loadInRounds(running, profile.http);
    const measurements: Measurement[] = running.map((r, i) => ({
      name: r.contender.name,
      value: median(rps[i]!),
      unit: 'req/s',
      spread: relativeSpread(rps[i]!),
      rounds: rps[i]!,
      detail: `p50 latency ${median(p50[i]!).toFixed(1)} ms, p99 ${median(p99[i]!).toFixed(1)} ms`,
    }));
    const p99Measurements: Measurement[] = running.map((r, i) => ({
      name: `${r.contender.name}, p99 latency`,
      value: median(p99[i]!),
      unit: 'ms',
      spread: relativeSpread(p99[i]!),
      rounds: p99[i]!,
    }));
    const p99Of = (name: string) => `${name}, p99 latency`;
    // The same contenders by the server's CPU time per request: the steadier measure on a shared machine.
    const cpuMeasurements: Measurement[] = running.map((r, i) => ({
      name: `${r.contender.name}, server CPU per request`,
      value: median(cpu[i]!),
      unit: 'ms',
      spread: relativeSpread(cpu[i]!),
      rounds: cpu[i]!,
    }));
    const cpuOf = (name: string) => `${name}, server CPU per request`;
    return {
      ...base,
      method:
        `GET of one page (${LIST_PER_PAGE} of ${itemCount} matching published books: genre in a list, pages ≥ 120, ` +
        `by title, with author name and country via \`fields\`/\`include\`). autocannon with ${connections} connections, ` +
        `${rounds} interleaved rounds (rotating, backwards every other round) of ${seconds} s per contender after a ${warmupSeconds} s warm-up, each round preceded by ${roundWarmupSeconds} s of unmeasured load on the same contender (so none is measured coming back from idle); median requests/s.`,
      measurements: [...measurements, ...cpuMeasurements, ...p99Measurements],
      comparisons: [
        ...compiledComparisons(measurements, cpuMeasurements),
        compare(measurements, 'Facet example app vs hand-written, anonymous', EXAMPLE, HAND, {
          op: '>=',
          value: 1,
        }),
        compare(
          measurements,
          'Facet example app vs hand-written, reader token',
          EXAMPLE_READER,
          HAND_READER,
          {
            op: '>=',
            value: 1,
          },
        ),
        compare(
          p99Measurements,
          'p99 latency: Facet example app vs hand-written, anonymous',
          p99Of(EXAMPLE),
          p99Of(HAND),
          {
            op: '<=',
            value: 1,
          },
        ),
        compare(
          p99Measurements,
          'p99 latency: Facet example app vs hand-written, reader token',
          p99Of(EXAMPLE_READER),
          p99Of(HAND_READER),
          { op: '<=', value: 1 },
        ),
        // The Fastify lever: the example on Fastify against the baseline (the hand-written
        // controller on Nest's default Express) and like for like against the same controller on Fastify.
        compare(
          measurements,
          'Facet example app on Fastify vs hand-written, anonymous',
          EXAMPLE_FASTIFY,
          HAND,
          {
            op: '>=',
            value: 1,
          },
        ),
        compare(
          measurements,
          'Facet example app on Fastify vs hand-written, reader token',
          EXAMPLE_FASTIFY_READER,
          HAND_READER,
          { op: '>=', value: 1 },
        ),
        compare(
          p99Measurements,
          'p99 latency: Facet example app on Fastify vs hand-written, anonymous',
          p99Of(EXAMPLE_FASTIFY),
          p99Of(HAND),
          { op: '<=', value: 1 },
        ),
        compare(
          p99Measurements,
          'p99 latency: Facet example app on Fastify vs hand-written, reader token',
          p99Of(EXAMPLE_FASTIFY_READER),
          p99Of(HAND_READER),
          { op: '<=', value: 1 },
        ),
        compare(
          measurements,
          'Facet example app on Fastify vs hand-written on Fastify, anonymous',
          EXAMPLE_FASTIFY,
          HAND_FASTIFY,
          { op: '>=', value: 1 },
        ),
        compare(
          measurements,
          'Facet example app on Fastify vs hand-written on Fastify, reader token',
          EXAMPLE_FASTIFY_READER,
          HAND_FASTIFY_READER,
          { op: '>=', value: 1 },
        ),
        compare(measurements, 'Facet example app on Fastify vs @querry-kit/nest', EXAMPLE_FASTIFY, KIT, {
          op: '>=',
          value: 1.3,
        }),
        compare(measurements, 'Facet example app on Fastify vs pg + node:http', EXAMPLE_FASTIFY, PG, {
          op: '>=',
          value: 0.4,
        }),
        compare(measurements, 'Fastify alone: hand-written on Fastify vs on Express', HAND_FASTIFY, HAND),
        compare(
          measurements,
          'Fastify alone: Facet example app on Fastify vs on Express',
          EXAMPLE_FASTIFY,
          EXAMPLE,
        ),
        compare(measurements, 'Facet ResourceQuery vs hand-written', FACET, HAND, { op: '>=', value: 0.95 }),
        compare(measurements, 'Facet example app vs @querry-kit/nest', EXAMPLE, KIT, {
          op: '>=',
          value: 1.3,
        }),
        compare(measurements, 'Facet ResourceQuery vs @querry-kit/nest', FACET, KIT, {
          op: '>=',
          value: 1.3,
        }),
        compare(measurements, 'Facet ResourceQuery without totals vs hand-written', FACET_NO_TOTALS, HAND),
        compare(measurements, 'hand-written vs pg + node:http', HAND, PG),
        compare(measurements, 'Facet example app vs pg + node:http', EXAMPLE, PG, { op: '>=', value: 0.4 }),
        compare(
          cpuMeasurements,
          'CPU per request: Facet example app vs hand-written, anonymous',
          cpuOf(EXAMPLE),
          cpuOf(HAND),
        ),
        compare(
          cpuMeasurements,
          'CPU per request: Facet example app vs hand-written, reader token',
          cpuOf(EXAMPLE_READER),
          cpuOf(HAND_READER),
        ),
        compare(
          cpuMeasurements,
          'CPU per request: Facet ResourceQuery vs hand-written',
          cpuOf(FACET),
          cpuOf(HAND),
        ),
        compare(
          cpuMeasurements,
          'CPU per request: Facet ResourceQuery vs @querry-kit/nest',
          cpuOf(FACET),
          cpuOf(KIT),
        ),
        compare(cpuMeasurements, 'CPU per request: hand-written vs pg + node:http', cpuOf(HAND), cpuOf(PG)),
        compare(
          cpuMeasurements,
          'CPU per request: Facet example app on Fastify vs hand-written on Fastify, anonymous',
          cpuOf(EXAMPLE_FASTIFY),
          cpuOf(HAND_FASTIFY),
        ),
        compare(
          cpuMeasurements,
          'CPU per request: Facet example app on Fastify vs hand-written on Fastify, reader token',
          cpuOf(EXAMPLE_FASTIFY_READER),
          cpuOf(HAND_FASTIFY_READER),
        ),
      ],
      notes: [
        "Requests/s on a 2-core machine shared by autocannon, PostgreSQL and the server is noisy; the server process's CPU time per request (from /proc, user + system) depends less on that contention (other processes still cost it cache and frequency), so the CPU rows are the steadier comparison of what each stack costs.",
        'Each contender gets the query in its own wire format: Facet dotted keys and JSON values (as @facet/client sends them), @querry-kit/nest one JSON value per argument (its pipe overwrites sibling dotted keys), the hand-written controller and the pg server one plain parameter per filter.',
        'The example app reads through Prisma with `READ_ENGINE=prisma` and through the compiled SQL engine (`@facet/nest/sql`, `engine: \'sql\'`) with `READ_ENGINE=sql`; every example row sets it explicitly, the rows without "READ_ENGINE=sql" are the Prisma path. The "Compiled example app" targets are issue 27\'s: ≥ 1.3× the hand-written controller (on Express, the baseline), ≥ 1.8× @querry-kit/nest, ≥ 0.4× pg + node:http, on Express and on Fastify; "compiled vs Prisma path" puts both engines of one app side by side.',
        'The example app runs on Express unless `HTTP_PLATFORM=fastify`; the Fastify rows run the same app, the same contract tests pass on both, and the hand-written controller is measured on both platforms so the like-for-like ratio is there next to the one against the baseline.',
        'The example app also runs its auth guard, takes the CASL ability of the caller\'s role (built once per role and process) with its Prisma filters, and checks every field named in the query against the DTO as that caller may see it (the access rules of the contract); "Facet: ResourceQuery" is the same library path with the static access filter the baselines use, on a client without relationJoins.',
      ],
    };
  } finally {
    // Requests autocannon gave up on at its deadline may still be running: let them finish, so that
    // no server logs a query cut off by its own shutdown.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([...new Map(running.map((r) => [r.child, r])).values()].map(stop));
  }
}
