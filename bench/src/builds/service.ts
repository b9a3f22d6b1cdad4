import type * as Nest from '@facet/nest';
import type { Prisma } from '../generated/plain/client.js';
import { comparePerRound, type ScenarioResult } from '../report/results.js';
import { type BookTypeMap, SERVICE_WHERE } from '../scenarios/service.js';
import type { OpenClients } from '../support/clients.js';
import { BookDto } from '../support/dtos.js';
import type { BenchProfile } from '../support/profile.js';
import { measurementsOf, roundOrder, sample, type Variant } from '../support/sample.js';

/** `@facet/nest` as one build exports it: the current checkout's, or the baseline's. */
export type NestBuild = typeof Nest;

/** The two builds compared, both loaded into this process. */
export interface Builds {
  readonly current: NestBuild;
  readonly baseline: NestBuild;
  /** The baseline's name in the output: `main@0123456789`. */
  readonly ref: string;
}

/**
 * An answer as JSON, for checking that both builds return the same thing. Cursors are sealed with
 * a key each loaded copy of @facet/nest draws at random (no secret is configured), so the same
 * cursor differs between the builds: cursors are compared by presence, the rest byte for byte.
 */
export function comparable(answer: unknown): string {
  return JSON.stringify(answer, (key, value: unknown) =>
    /cursor$/i.test(key) && typeof value === 'string' ? '(a cursor)' : value,
  );
}

const PER_PAGE = 20;
const FIELDS = 'id,title,price,genre,author{name,country}';

type Book = OpenClients['plain']['book'];
/** One build's service over the client both builds share. */
type Service = Nest.QueryService<Book, BookTypeMap>;
/** One read through one build. */
type Read = (build: NestBuild, service: Service) => Promise<unknown>;

const args = {
  where: SERVICE_WHERE,
  orderBy: [{ title: 'asc' }] as Prisma.BookOrderByWithRelationInput[],
  include: { author: true },
} as const;

const CASES: readonly { readonly name: string; readonly read: Read }[] = [
  {
    name: 'QueryService.query (page + count, include author)',
    read: (_, service) => service.query({ ...args, perPage: PER_PAGE }),
  },
  {
    name: 'QueryService.query, count: false',
    read: (_, service) => service.query({ ...args, perPage: PER_PAGE }, undefined, { count: false }),
  },
  {
    name: 'prepareFieldsQuery + QueryService.query (fields pushed down to select)',
    read: (build, service) => {
      const { query } = build.prepareFieldsQuery({ ...args, fields: FIELDS }, BookDto, { pushDown: true });
      return service.query({ ...query, perPage: PER_PAGE });
    },
  },
  {
    name: 'QueryService.query, page 3 by offset',
    read: (_, service) => service.query({ ...args, perPage: PER_PAGE, page: 3 }),
  },
];

/**
 * The service-level cases run by both builds on one database, through the same Prisma client: each
 * case's two sides must return the same JSON, then every variant (case × build) is sampled in
 * interleaved rounds, so the ratio of a case is current ÷ baseline measured side by side.
 */
export async function compareServiceBuilds(
  database: string,
  open: () => Promise<OpenClients>,
  builds: Builds,
  profile: BenchProfile,
): Promise<ScenarioResult> {
  const clients = await open();
  try {
    const book = clients.plain.book;
    const current: Service = new builds.current.QueryService<Book, BookTypeMap>(book);
    const baseline: Service = new builds.baseline.QueryService<Book, BookTypeMap>(book);
    const variants: Variant[] = [];
    for (const c of CASES) {
      const [mine, theirs] = await Promise.all([
        c.read(builds.current, current),
        c.read(builds.baseline, baseline),
      ]);
      if (comparable(mine) !== comparable(theirs)) {
        throw new Error(
          `bench: "${c.name}" answers differently in the two builds, so their times cannot be compared:\ncurrent:  ${comparable(mine)}\nbaseline: ${comparable(theirs)}`,
        );
      }
      variants.push(
        { name: `${c.name}, current`, run: () => c.read(builds.current, current) },
        { name: `${c.name}, ${builds.ref}`, run: () => c.read(builds.baseline, baseline) },
      );
    }
    // Each case's two builds side by side in every round, first one then the other ahead.
    const samples = await sample(variants, profile.service, roundOrder);
    const measurements = measurementsOf(samples, 'ms');
    return {
      id: `builds-service-${database.toLowerCase()}`,
      short: `Service (${database})`,
      title: `QueryService, current vs ${builds.ref} (${database})`,
      method: `${profile.service.rounds} interleaved rounds of ~${profile.service.batchMs} ms batches per variant; median per call.`,
      measurements,
      comparisons: CASES.map((c, i) =>
        comparePerRound(measurements, c.name, measurements[2 * i]!.name, measurements[2 * i + 1]!.name),
      ),
      notes: [],
    };
  } finally {
    await clients.close();
  }
}
