// Where the example's end-to-end suites run, as in packages/nest/test/support/targets.ts:
//
// | target     | database                                            | when                           |
// |------------|-----------------------------------------------------|--------------------------------|
// | pglite     | in-memory PGlite, created and seeded by the app     | always                         |
// | postgresql | its own `facet_example_test_<run>` on 127.0.0.1:5432 | reachable; required in CI      |
//
// The PostgreSQL database is created empty, so the app's own start path (DDL + seed on an empty
// server, via DATABASE_URL) is what gets tested, and it is dropped at teardown.
import { type Availability, availableUnlessCi, LOCALHOST, reachable, runId } from '@facet/test-support/net';
import pg from 'pg';

export type TargetName = 'pglite' | 'postgresql';

export type TargetAvailability = Availability;

export interface TargetDatabase {
  /** `undefined` for PGlite (the app's default). */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

const HOST = LOCALHOST;
const PG_PORT = 5432;

/** A server that is not reachable skips its suite with a reason, except in CI, where it must exist. */
export async function checkTarget(name: TargetName): Promise<TargetAvailability> {
  if (name === 'pglite') return { available: true };
  return availableUnlessCi(await reachable(PG_PORT), `PostgreSQL is not reachable at ${HOST}:${PG_PORT}`);
}

export async function createTargetDatabase(name: TargetName): Promise<TargetDatabase> {
  if (name === 'pglite') return { url: undefined, drop: async () => {} };
  const database = `facet_example_test_${runId()}`;
  const admin = new pg.Client({ host: HOST, port: PG_PORT, user: 'postgres', database: 'postgres' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  return {
    url: `postgresql://postgres@${HOST}:${PG_PORT}/${database}`,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
