// The relation-filter cost budget on a large PostgreSQL library (`npm run test:large -w
// facet-example-library`, a step of the root `npm test`; docs/SECURITY.md, section 3). On 100,000
// books and 500,000 reviews a 570-byte anonymous filter used to run into the 10 s statement timeout,
// and twelve copies of it held every pooled connection. This suite proves the budget on such data:
//
// 1. Random relation filters (relation-shapes.ts), sent anonymously: each is refused with a 400, or
//    answered with a 200 within ACCEPTED_LIMIT_MS of server time. That bound is what the budget is
//    for (the cost of what it accepts), not a benchmark: it holds with a wide margin. An answer
//    over it is timed once more, and the second time is the verdict.
// 2. Twelve clients sending copies of the slowest accepted request, more than the pool's ten
//    connections, and meanwhile a detail read, which must still be answered (200, not a 500 from
//    waiting for a connection).
// 3. The red-team requests themselves are a 400 `too_costly` naming the path, also twelve at once.
//
// It runs on its own, after the other suites: its times mean nothing while other test files
// compete for the two cores. The data is generated in a fresh database in about ten seconds.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenApp } from '@facet/test-support/net';
import { queryOnce } from '@facet/test-support/postgres';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLibraryApp, type LibraryApp } from '../../src/app.js';
import { DEFAULT_POSTGRES_OPTIONS } from '../../src/database/postgresOptions.js';
import { type JsonResponse, request } from '../support/http.js';
import { checkTarget, createTargetDatabase, type TargetDatabase } from '../support/targets.js';
import { generateLargeLibrary } from './large-dataset.js';
import { filteredRead } from './relation-shapes.js';

/** Server time an accepted filter may take on the large library (it is 1 s in the brief). */
const ACCEPTED_LIMIT_MS = 1_000;
const RUNS = Number(process.env.LARGE_RUNS || 500);
const CONCURRENT_COPIES = 12;

const redTeamArm = (body: string) => ({
  reviews: { every: { book: { reviews: { every: { body } } } } },
});
const RED_TEAM = `/books/count?where=${encodeURIComponent(
  JSON.stringify({ OR: ['x0', 'x1', 'x2', 'x3'].map(redTeamArm) }),
)}`;

const availability = await checkTarget('postgresql');
const title = availability.available
  ? 'relation filter cost on a large PostgreSQL library'
  : `relation filter cost on a large PostgreSQL library (skipped: ${availability.reason})`;

describe.skipIf(!availability.available)(title, () => {
  let db: TargetDatabase | undefined;
  let library: LibraryApp | undefined;
  let api = '';
  /** Server time of each request that carried an `x-probe` header, by that header. */
  const serverMs = new Map<string, number>();
  let probes = 0;
  let slowest: { path: string; ms: number } | undefined;

  /** A GET as an anonymous caller, with the server's time for it. */
  async function timedGet(path: string): Promise<JsonResponse & { ms: number }> {
    const probe = String(++probes);
    const response = await request(api, path, { headers: { 'x-probe': probe } });
    const ms = serverMs.get(probe);
    serverMs.delete(probe);
    if (ms === undefined) throw new Error(`no server time was recorded for ${path}`);
    return { ...response, ms };
  }

  beforeAll(async () => {
    db = await createTargetDatabase('postgresql');
    const url = db.url as string;
    const started = performance.now();
    const sizes = await generateLargeLibrary(url);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[large] generated ${sizes.books} books, ${sizes.reviews} reviews, ${sizes.authors} authors and ${sizes.users} users in ${seconds} s`,
    );
    // The example's own PostgreSQL defaults (pool of 10, 5 s to get a connection, 10 s per statement).
    library = await createLibraryApp({ databaseOptions: { url }, logger: ['error'] });
    library.app.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const probe = req.headers['x-probe'];
      const start = performance.now();
      res.on('finish', () => {
        if (typeof probe === 'string') serverMs.set(probe, performance.now() - start);
      });
      next();
    });
    api = `${await listenApp(library.app)}/api/v1`;
  }, 120_000);

  afterAll(async () => {
    await library?.close();
    await db?.drop();
  });

  it('a random relation filter is refused with a 400, or answered within the bound', async () => {
    let accepted = 0;
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(filteredRead, async (path) => {
        let response = await timedGet(path);
        if (response.status === 200 && response.ms >= ACCEPTED_LIMIT_MS) {
          // Timed once more: a costly filter is slow on every try, a stall of the shared machine
          // (one CI run met a 1,280 ms answer to a count whose plan runs in 13 ms) is not.
          const first = Math.round(response.ms);
          response = await timedGet(path);
          console.log(
            `[large] ${decodeURIComponent(path)} took ${first} ms, then ${Math.round(response.ms)} ms`,
          );
        }
        if (response.status === 400) {
          refused++;
          expect(response.body).toMatchObject({ statusCode: 400, code: expect.any(String) });
          return;
        }
        expect(response.status, `${path} answered ${response.text.slice(0, 200)}`).toBe(200);
        accepted++;
        if (slowest === undefined || response.ms > slowest.ms) slowest = { path, ms: response.ms };
        expect(response.ms, `${decodeURIComponent(path)} took ${Math.round(response.ms)} ms`).toBeLessThan(
          ACCEPTED_LIMIT_MS,
        );
      }),
      // A failure is reported as found: shrinking would re-run slow requests for minutes.
      { numRuns: RUNS, endOnFailure: true },
    );
    console.log(
      `[large] ${accepted} filters accepted, ${refused} refused; the slowest accepted took ` +
        `${Math.round(slowest?.ms ?? 0)} ms: GET ${decodeURIComponent(slowest?.path ?? '(none)')}`,
    );
    // Both verdicts must have been exercised, or the property proved nothing.
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 240_000);

  /** Statements of the app running in the database right now. */
  async function activeStatements(): Promise<number> {
    const { rows } = await queryOnce<{ n: number }>(
      db?.url as string,
      `SELECT count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = $1 AND state = 'active'`,
      [DEFAULT_POSTGRES_OPTIONS.applicationName],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Twelve clients sending `path` at once and, once their statements hold the pool (when
   * `reachesDatabase`), a detail read. Each client sends its next copy as soon as one is answered
   * until the detail read is answered: the accepted filters are fast now, and twelve single copies
   * could all be done before the pool is seen busy, which would prove nothing.
   */
  async function burst(path: string, reachesDatabase: boolean) {
    let running = true;
    const copies: (JsonResponse & { ms: number })[] = [];
    const client = async () => {
      do copies.push(await timedGet(path));
      while (running && reachesDatabase);
    };
    const clients = Array.from({ length: CONCURRENT_COPIES }, client);
    let active = 0;
    const deadline = performance.now() + 5_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (reachesDatabase) active = await activeStatements();
    } while (reachesDatabase && active < DEFAULT_POSTGRES_OPTIONS.poolSize && performance.now() < deadline);
    const detail = await timedGet('/books/1');
    running = false;
    await Promise.all(clients);
    return { detail, active, copies };
  }

  it('twelve concurrent copies of the slowest accepted filter leave room for a detail read', async () => {
    expect(slowest, 'the property above found no accepted filter').toBeDefined();
    const path = (slowest as { path: string }).path;
    const { detail, active, copies } = await burst(path, true);
    console.log(
      `[large] ${CONCURRENT_COPIES} clients sent ${copies.length} copies of the slowest accepted filter, the ` +
        `slowest answered after ${Math.round(Math.max(...copies.map((copy) => copy.ms)))} ms; GET /books/1, sent while ${active} ` +
        `statements ran, took ${Math.round(detail.ms)} ms`,
    );
    // The copies' statements held the pool while the detail read was asked.
    expect(active).toBeGreaterThan(0);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: 1 });
    expect(copies.map((copy) => copy.status)).toEqual(copies.map(() => 200));
  }, 60_000);

  it('the red-team requests are refused as too costly, naming the path, also twelve at once', async () => {
    const single = await timedGet(RED_TEAM);
    expect(single.status).toBe(400);
    expect(single.body).toMatchObject({
      statusCode: 400,
      code: 'too_costly',
      path: 'where.OR[0].reviews.every.book',
    });
    const { detail, copies } = await burst(RED_TEAM, false);
    expect(copies.map((copy) => copy.status)).toEqual(copies.map(() => 400));
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: 1 });
  }, 60_000);
});
