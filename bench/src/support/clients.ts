// Prisma clients of the example's schema, generated for the bench by scripts/run.mjs:
// `plain` as the example generates it; `joins` with the relationJoins preview feature, which is
// what makes `relationLoadStrategy` available in Prisma 7.
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient as JoinsClient } from '../generated/joins/client.js';
import { PrismaClient as PlainClient } from '../generated/plain/client.js';

export type { JoinsClient, PlainClient };

export interface OpenClients {
  readonly plain: PlainClient;
  readonly joins: JoinsClient;
  close(): Promise<void>;
}

export function openPostgresClients(url: string): OpenClients {
  const plain = new PlainClient({ adapter: new PrismaPg({ connectionString: url }) });
  const joins = new JoinsClient({ adapter: new PrismaPg({ connectionString: url }) });
  return {
    plain,
    joins,
    close: async () => {
      await Promise.all([plain.$disconnect(), joins.$disconnect()]);
    },
  };
}

/** Both clients over one PGlite instance: PGlite runs one statement at a time, whoever asks. */
export async function openPgliteClients(dir: string): Promise<OpenClients> {
  const pglite = await PGlite.create(dir);
  const plain = new PlainClient({ adapter: new PrismaPGlite(pglite) });
  const joins = new JoinsClient({ adapter: new PrismaPGlite(pglite) });
  return {
    plain,
    joins,
    close: async () => {
      await Promise.all([plain.$disconnect(), joins.$disconnect()]);
      await pglite.close();
    },
  };
}
