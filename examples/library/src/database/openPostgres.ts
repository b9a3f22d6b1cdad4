import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { type LibraryDatabase, QUERY_EVENTS } from './database.types.js';
import { type PostgresOptions, resolvePostgresOptions } from './postgresOptions.js';
import { prepareDatabase } from './prepareDatabase.js';

// Any constant works; it only has to be the same for every process preparing this database.
const PREPARE_LOCK_KEY = 0x6661636574;

/**
 * A real PostgreSQL server. Tables are created and the fixture loaded only when they are missing or
 * empty. `options` size the pool and set the timeouts (see `PostgresOptions` for the defaults).
 */
export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
  replicaUrls: readonly string[] = [],
): Promise<LibraryDatabase> {
  const pool = resolvePostgresOptions(options);
  const setup = new pg.Client({ connectionString, application_name: pool.applicationName });
  await setup.connect();
  // A process holds up to poolSize + replicaPoolSize × replicas connections.
  const client = (url: string, applicationName: string, max: number) =>
    new PrismaClient({
      adapter: new PrismaPg({
        connectionString: url,
        max,
        connectionTimeoutMillis: pool.connectionTimeoutMs,
        idleTimeoutMillis: pool.idleTimeoutMs,
        application_name: applicationName,
        // Sent as a startup parameter, so it holds for every statement without an extra round trip.
        ...(pool.statementTimeoutMs > 0 ? { statement_timeout: pool.statementTimeoutMs } : {}),
      }),
      // Query events let `count=estimated` ask the planner about the statement its capped count sent.
      log: QUERY_EVENTS,
    });
  const prisma = client(connectionString, pool.applicationName, pool.poolSize);
  const replicas = replicaUrls.map((url) =>
    client(url, `${pool.applicationName}-replica`.slice(0, 63), pool.replicaPoolSize),
  );
  const disconnect = () => Promise.all([prisma, ...replicas].map((each) => each.$disconnect()));
  try {
    // Two processes starting against the same empty database (parallel test files) must not both
    // create the tables: the second waits here and then finds them seeded.
    await setup.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    const prepared = await prepareDatabase(
      {
        exec: async (sql) => {
          await setup.query(sql);
        },
        rows: async <TRow>(sql: string) => (await setup.query(sql)).rows as TRow[],
      },
      prisma,
    );
    const url = new URL(connectionString);
    return {
      prisma,
      replicas,
      kind: 'postgres',
      description: `PostgreSQL at ${url.host}${url.pathname}`,
      ...prepared,
      close: async () => {
        await disconnect();
      },
    };
  } catch (error) {
    await disconnect();
    throw error;
  } finally {
    await setup.end();
  }
}
