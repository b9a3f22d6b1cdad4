import { defineResource, Field, Resource } from '@facet/nest';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/plain/client.js';
import { compare, type ScenarioResult } from '../report/results.js';
import { BookDto } from '../support/dtos.js';
import type { BenchProfile } from '../support/profile.js';
import { measurementsOf, sample } from '../support/sample.js';

/** The bench's BookDto with the example's searchable fields. */
class SearchableBookDto extends BookDto {}
for (const field of ['title', 'isbn']) Field({ searchable: true })(SearchableBookDto.prototype, field);

/** Three books in four are published: a filter that keeps most of the large table. */
const WHERE = { published: true, pages: { gte: 60 } };

/**
 * `count=estimated` against `count=exact` on the large table (200,000 books), with a filter that
 * matches most rows: the exact count reads every matching row, the estimated one at most
 * `estimatedCountThreshold + 1` of them and then asks PostgreSQL's planner. `count=none` is shown
 * for what no count at all costs. The client emits query events, which the estimate needs.
 */
export async function runCounts(url: string, profile: BenchProfile): Promise<ScenarioResult> {
  const prisma = new PrismaClient({
    adapter: new PrismaPg({ connectionString: url }),
    log: [{ emit: 'event', level: 'query' }],
  });
  try {
    const books = new Resource(
      defineResource({
        name: 'books',
        delegate: (client: PrismaClient) => client.book,
        dto: SearchableBookDto,
      }),
      { client: prisma },
    );
    const page = (count: 'exact' | 'estimated' | 'none') =>
      books.query({ where: WHERE, perPage: 20, fields: 'id,title', count }, { trusted: true });
    const exact = await page('exact');
    const estimated = await page('estimated');
    if (estimated.meta?.countMode !== 'estimated') {
      throw new Error(`bench: count=estimated answered countMode ${String(estimated.meta?.countMode)}`);
    }
    const variants = [
      { name: 'Resource.query, count=exact', run: () => page('exact') },
      { name: 'Resource.query, count=estimated', run: () => page('estimated') },
      { name: 'Resource.query, count=none', run: () => page('none') },
    ];
    const samples = await sample(variants, profile.service);
    const measurements = measurementsOf(samples, 'ms');
    const names = samples.map((s) => s.name);
    const at = (i: number) => names[i] as string;
    const exactCount = exact.meta?.itemCount ?? 0;
    const estimate = estimated.meta?.itemCount ?? 0;
    return {
      id: 'counts-postgresql-large',
      short: 'Counts (PostgreSQL, large)',
      title: 'Counts: count=estimated against count=exact (PostgreSQL, large table)',
      method:
        `A page of 20 books where published and pages >= 60 (${exactCount.toLocaleString('en')} of the ` +
        `table's rows; the planner estimated ${estimate.toLocaleString('en')}), through Resource.query with ` +
        'count=exact, count=estimated (threshold 10,000: a capped count, then EXPLAIN of that statement) and ' +
        `count=none. One call at a time; ${profile.service.rounds} interleaved rounds of ` +
        `~${profile.service.batchMs} ms batches; median per call.`,
      measurements,
      comparisons: [
        compare(measurements, 'count=estimated vs count=exact', at(1), at(0), { op: '<=', value: 0.8 }),
        compare(measurements, 'count=none vs count=exact', at(2), at(0)),
      ],
      notes: [],
    };
  } finally {
    await prisma.$disconnect();
  }
}
