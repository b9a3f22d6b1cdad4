import { defineResource, Resource } from '@facet/nest';
import { sqlReads } from '@facet/nest/sql';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { Prisma, PrismaClient } from '../generated/plain/client.js';
import { compare, type ScenarioResult } from '../report/results.js';
import { BookDto } from '../support/dtos.js';
import type { BenchProfile } from '../support/profile.js';
import { measurementsOf, sample } from '../support/sample.js';

/** The example's list request as a trusted read: a filter, a sort with a tie-break, a to-one relation, totals. */
const PAGE = {
  where: { published: true, pages: { gte: 60 } },
  orderBy: [{ title: 'asc' as const }],
  perPage: 20,
  fields: 'items{id,title,price,publishedAt,author{name,country}},meta{itemCount,pageCount}',
};

/** Where the compiled scenario reads. */
export interface CompiledTarget {
  /** The 200,000-book table rather than the example's fixture. */
  readonly large: boolean;
  /**
   * Round-trip time the `url` adds (a latency proxy in front of PostgreSQL), in ms; 0 or absent: none.
   * Only described here: the caller starts the proxy and passes its URL.
   */
  readonly rttMs?: number;
}

/**
 * The compiled read path against the Prisma path, in one run: one `Resource.query` page read by
 * each engine over the same `pg` pool (the Prisma adapter shares it), on the example's fixture and
 * on the large table, and on the fixture through a round-trip proxy (a database on another host);
 * the same page without totals (`count=none`) and the page after a keyset cursor.
 * Both engines must answer the same before anything is timed.
 */
export async function runCompiled(
  url: string,
  { large, rttMs = 0 }: CompiledTarget,
  profile: BenchProfile,
): Promise<ScenarioResult> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    // The compiled resource's delegate refuses the calls the engine stands for: a read the
    // compiler left to Prisma fails the run instead of timing the Prisma path twice.
    const refusing = (client: PrismaClient) =>
      Object.create(client.book, {
        findMany: { value: () => Promise.reject(new Error('bench: a compiled read fell back to Prisma')) },
        count: { value: () => Promise.reject(new Error('bench: a compiled count fell back to Prisma')) },
      }) as PrismaClient['book'];
    const resource = (engine: 'sql' | 'prisma') =>
      new Resource(
        defineResource({
          name: 'books',
          delegate: (client: PrismaClient) => (engine === 'sql' ? refusing(client) : client.book),
          dto: BookDto,
          engine,
        }),
        { client: prisma, sql: sqlReads({ pool, decimal: (text) => new Prisma.Decimal(text) }) },
      );
    const engines = { prisma: resource('prisma'), sql: resource('sql') };
    const first = await engines.prisma.query(
      { ...PAGE, fields: 'items{id},meta{nextCursor}' },
      { trusted: true },
    );
    const after = first.meta?.nextCursor as string;
    const reads = {
      page: (engine: 'sql' | 'prisma') => engines[engine].query(PAGE, { trusted: true }),
      uncounted: (engine: 'sql' | 'prisma') =>
        engines[engine].query({ ...PAGE, count: 'none' }, { trusted: true }),
      cursor: (engine: 'sql' | 'prisma') => {
        const { perPage, where, orderBy } = PAGE;
        return engines[engine].query(
          { perPage, where, orderBy, after, fields: 'id,title,author{name}' },
          { trusted: true },
        );
      },
    };
    for (const [name, read] of Object.entries(reads)) {
      const [viaPrisma, viaSql] = [JSON.stringify(await read('prisma')), JSON.stringify(await read('sql'))];
      if (viaPrisma !== viaSql)
        throw new Error(`bench: the compiled ${name} read answers differently from Prisma's`);
    }
    const variants = Object.entries(reads).flatMap(([name, read]) =>
      (['prisma', 'sql'] as const).map((engine) => ({
        name: `${name}, engine=${engine}`,
        run: () => read(engine),
      })),
    );
    const samples = await sample(variants, profile.service);
    const measurements = measurementsOf(samples, 'ms');
    const where = [large ? 'large' : 'fixture', rttMs ? `${rttMs} ms RTT` : ''].filter(Boolean).join(', ');
    return {
      id: `compiled-postgresql-${large ? 'large' : 'fixture'}${rttMs ? '-rtt' : ''}`,
      short: `Compiled reads (PostgreSQL, ${where})`,
      title: `Compiled reads: engine=sql against engine=prisma (PostgreSQL, ${large ? 'the 200,000-book table' : "the example's fixture"}${rttMs ? `, through a ${rttMs} ms round-trip proxy` : ''})`,
      method:
        'Resource.query of the same resource with engine=prisma and engine=sql (`@facet/nest/sql`), both on one pg ' +
        'pool of 4 (the Prisma adapter shares it): a page of 20 published books with pages >= 60 sorted by title, ' +
        'with price, publishedAt and the author (a to-one relation) and totals; the same page with count=none; ' +
        'and the page after a keyset cursor. Answers compared equal first. ' +
        (rttMs
          ? `Every packet between Node and PostgreSQL is delayed ${rttMs / 2} ms each way by a TCP proxy, as for a database on another host, so the number of round trips each engine makes one after the other decides its time. `
          : '') +
        'One call at a time; ' +
        `${profile.service.rounds} interleaved rounds of ~${profile.service.batchMs} ms batches; median per call.`,
      measurements,
      comparisons: Object.keys(reads).map((name) =>
        compare(measurements, `${name}: sql vs prisma`, `${name}, engine=sql`, `${name}, engine=prisma`),
      ),
      notes: large
        ? [
            'The page with totals on the large table is its count: both engines count the ~150,000 matching rows. ' +
              'The compiled page reads its count in the same statement, a `count(*)` in a scalar subquery that ' +
              'PostgreSQL runs first, as a parallel scan (Prisma wraps its count in a subquery with `OFFSET`, which it ' +
              'does not parallelise, and runs it beside the page on a second connection); the page then waits for ' +
              'the count instead of overlapping it, which the parallel scan about makes up for on this 2-core machine.',
          ]
        : [],
    };
  } finally {
    await prisma.$disconnect();
    await pool.end().catch(() => {});
  }
}
