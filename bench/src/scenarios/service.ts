import { type BaseDelegateTypeMap, prepareFieldsQuery, QueryService } from '@facet/nest';
import type { Prisma } from '../generated/plain/client.js';
import { compare, type ScenarioResult } from '../report/results.js';
import type { OpenClients } from '../support/clients.js';
import { BookDto } from '../support/dtos.js';
import type { BenchProfile } from '../support/profile.js';
import { measurementsOf, sample } from '../support/sample.js';

export interface BookTypeMap extends BaseDelegateTypeMap {
  select: Prisma.BookSelect;
  include: Prisma.BookInclude;
  whereInput: Prisma.BookWhereInput;
  orderByWithRelationInput: Prisma.BookOrderByWithRelationInput;
  whereUniqueInput: Prisma.BookWhereUniqueInput;
  scalarFieldEnum: Prisma.BookScalarFieldEnum;
  aggregateInputType: Prisma.BookAggregateArgs;
}

/** The list read of the HTTP scenario: filters, a relation and a page of 20. */
export const SERVICE_WHERE = {
  published: true,
  genre: { in: ['FICTION', 'SCIENCE', 'HISTORY'] },
  pages: { gte: 120 },
} satisfies Prisma.BookWhereInput;

/** Where the service reads: the example's fixture, or the large synthetic table. */
export interface ServiceTarget {
  /** 'PGlite', 'PostgreSQL', … */
  readonly database: string;
  readonly large: boolean;
  /** Round-trip time added by a proxy between Node and the database, in ms (0: none). */
  readonly rttMs?: number;
  readonly open: () => Promise<OpenClients>;
}
const PER_PAGE = 20;
const FIELDS = 'id,title,price,genre,author{name,country}';

/**
 * `QueryService.query` against the raw Prisma calls it replaces, on one database: the same page
 * with `include: { author: true }` read by `findMany` + `count` one after the other and together
 * (`Promise.all`). A/B rows show the optimizations: no count when the page meta needs no totals,
 * the `fields` projection pushed down to a Prisma `select`, and Prisma's relation load strategies.
 */
export async function runService(target: ServiceTarget, profile: BenchProfile): Promise<ScenarioResult> {
  const { database, large } = target;
  const rtt = target.rttMs ?? 0;
  const suffix = [large ? 'large' : '', rtt ? `${rtt} ms RTT` : ''].filter(Boolean).join(', ');
  // On the large table the page is sorted by price, which has no index: like the count, it scans
  // every matching row, so the two reads cost about the same (the case concurrency helps most).
  const orderBy: Prisma.BookOrderByWithRelationInput[] = large
    ? [{ price: 'asc' }, { id: 'asc' }]
    : [{ title: 'asc' }];
  const clients = await target.open();
  try {
    const { plain, joins } = clients;
    const service = new QueryService<typeof plain.book, BookTypeMap>(plain.book);
    // The same service over a client generated with relationJoins (what the example app uses).
    const joinedService = new QueryService<typeof joins.book, BookTypeMap>(joins.book);
    const args = { where: SERVICE_WHERE, orderBy, include: { author: true } } as const;
    const page = { ...args, skip: 0, take: PER_PAGE };
    const pushed = prepareFieldsQuery({ ...args, fields: FIELDS }, BookDto, { pushDown: true }).query;
    const unpushed = prepareFieldsQuery({ ...args, fields: FIELDS }, BookDto, { pushDown: false }).query;
    const variants: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'QueryService.query', run: () => service.query({ ...args, perPage: PER_PAGE }) },
      {
        name: 'raw findMany + count, sequential',
        run: async () => {
          const items = await plain.book.findMany(page);
          const itemCount = await plain.book.count({ where: args.where });
          return { items, itemCount };
        },
      },
      {
        name: 'raw findMany + count, Promise.all',
        run: () => Promise.all([plain.book.findMany(page), plain.book.count({ where: args.where })]),
      },
      {
        name: 'QueryService.query, count: false',
        run: () => service.query({ ...args, perPage: PER_PAGE }, undefined, { count: false }),
      },
      {
        name: 'QueryService.query, fields pushed down (select)',
        run: () => service.query({ ...pushed, perPage: PER_PAGE }),
      },
      {
        name: 'QueryService.query, fields not pushed down (include)',
        run: () => service.query({ ...unpushed, perPage: PER_PAGE }),
      },
      {
        name: 'findMany include author, relationLoadStrategy join',
        run: () => joins.book.findMany({ ...page, relationLoadStrategy: 'join' }),
      },
      {
        name: 'findMany include author, relationLoadStrategy query',
        run: () => joins.book.findMany({ ...page, relationLoadStrategy: 'query' }),
      },
      {
        name: 'QueryService.query, relationJoins client',
        run: () => joinedService.query({ ...args, perPage: PER_PAGE }),
      },
      {
        name: 'raw findMany + count, sequential, relationJoins client',
        run: async () => {
          const items = await joins.book.findMany(page);
          const itemCount = await joins.book.count({ where: args.where });
          return { items, itemCount };
        },
      },
    ];
    // At depth (the large table only): page 1,000 by offset (skipping 19,980 rows) and by keyset
    // (`after` the cursor of page 999), both without a count, so only the paging differs.
    const DEPTH = 1000;
    if (large) {
      const previous = await service.query({ ...args, perPage: PER_PAGE, page: DEPTH - 1 }, undefined, {
        count: false,
      });
      const after = previous.pageMeta.nextCursor;
      if (typeof after !== 'string') throw new Error(`bench: the large table has no page ${DEPTH}`);
      const byOffset = await service.query({ ...args, perPage: PER_PAGE, page: DEPTH }, undefined, {
        count: false,
      });
      const byKeyset = await service.query({ ...args, perPage: PER_PAGE, after }, undefined, {
        count: false,
      });
      if (
        JSON.stringify(byOffset.items.map((r) => r.id)) !== JSON.stringify(byKeyset.items.map((r) => r.id))
      ) {
        throw new Error('bench: keyset page 1,000 differs from offset page 1,000');
      }
      variants.push(
        {
          name: `offset page ${DEPTH.toLocaleString('en')} (skip ${((DEPTH - 1) * PER_PAGE).toLocaleString('en')}), no count`,
          run: () => service.query({ ...args, perPage: PER_PAGE, page: DEPTH }, undefined, { count: false }),
        },
        {
          name: `keyset page ${DEPTH.toLocaleString('en')} (after a cursor), no count`,
          run: () => service.query({ ...args, perPage: PER_PAGE, after }, undefined, { count: false }),
        },
      );
    }
    const first = await service.query({ ...args, perPage: PER_PAGE });
    if (first.items.length !== PER_PAGE) {
      throw new Error(`bench: the service page holds ${first.items.length} rows, expected ${PER_PAGE}`);
    }
    const samples = await sample(variants, profile.service);
    const measurements = measurementsOf(samples, 'ms');
    const names = samples.map((s) => s.name);
    const at = (i: number) => names[i]!;
    return {
      id: `service-${database.toLowerCase()}${large ? '-large' : ''}${rtt ? '-rtt' : ''}`,
      short: `Service (${database}${suffix ? `, ${suffix}` : ''})`,
      title: `Service: QueryService.query against raw Prisma (${database}${large ? ', large table' : ''}${rtt ? `, through a ${rtt} ms round-trip proxy` : ''})`,
      method:
        `A page of ${PER_PAGE} published books of three genres with at least 120 pages, ordered by ` +
        `${large ? 'price (no index)' : 'title'}, with the author included (${first.pageMeta.itemCount} matching rows ` +
        `${large ? 'of a synthetic table' : 'in the example fixture'}).${rtt ? ` Every packet between Node and PostgreSQL is delayed ${rtt / 2} ms each way by a TCP proxy, as for a database on another host.` : ''} One call at a ` +
        `time (latency, not throughput); ${profile.service.rounds} interleaved rounds of ~${profile.service.batchMs} ms batches; median per call.`,
      measurements,
      comparisons: [
        compare(measurements, 'QueryService.query vs raw sequential', at(0), at(1), { op: '<=', value: 0.6 }),
        compare(measurements, 'QueryService.query vs raw Promise.all', at(0), at(2)),
        compare(measurements, 'no count (count: false) vs with count', at(3), at(0)),
        compare(measurements, 'fields pushed down vs not', at(4), at(5)),
        compare(measurements, "relationLoadStrategy 'join' vs 'query'", at(6), at(7)),
        compare(measurements, 'QueryService.query vs raw sequential, both with relationJoins', at(8), at(9), {
          op: '<=',
          value: 0.6,
        }),
        ...(large ? [compare(measurements, 'keyset vs offset, page 1,000', at(11), at(10))] : []),
      ],
      notes: [],
    };
  } finally {
    await clients.close();
  }
}
