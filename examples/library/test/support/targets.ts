// Where the example's end-to-end suites run, as in packages/nest/test/support/targets.ts:
//
// | target     | database                                            | when                           |
// |------------|-----------------------------------------------------|--------------------------------|
// | pglite     | in-memory PGlite, created and seeded by the app     | always                         |
// | postgresql | its own `facet_example_test_<run>` on 127.0.0.1:5432 | reachable; required in CI      |
//
// The PostgreSQL database is created empty, so the app's own start path (DDL + seed on an empty
// server, via DATABASE_URL) is what gets tested, and it is dropped at teardown.
import { connect } from 'node:net';
import pg from 'pg';

export type TargetName = 'pglite' | 'postgresql';

export type TargetAvailability = { readonly available: true } | { readonly available: false; reason: string };

export interface TargetDatabase {
  /** `undefined` for PGlite (the app's default). */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

const HOST = '127.0.0.1';
const PG_PORT = 5432;

function reachable(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: HOST, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** A server that is not reachable skips its suite with a reason, except in CI, where it must exist. */
export async function checkTarget(name: TargetName): Promise<TargetAvailability> {
  if (name === 'pglite' || (await reachable(PG_PORT))) return { available: true };
  const reason = `PostgreSQL is not reachable at ${HOST}:${PG_PORT}`;
  if (process.env.CI) throw new Error(`${reason}, and CI requires it (process.env.CI is set)`);
  return { available: false, reason };
}

export async function createTargetDatabase(name: TargetName): Promise<TargetDatabase> {
  if (name === 'pglite') return { url: undefined, drop: async () => {} };
  const database = `facet_example_test_${process.pid}_${Date.now().toString(36)}`;
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
