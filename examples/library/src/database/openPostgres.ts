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
  // A process holds up to poolSize + replicaPoolSize × replicas connections. Each client reads
  // through a `pg` pool of its own that the adapter shares (`new PrismaPg(pool)`): each is also
  // where Facet's compiled reads routed to that server run, so they hold no connections of their own.
  const open = (url: string, applicationName: string, max: number) => {
    const connections = new pg.Pool({
      connectionString: url,
      max,
      connectionTimeoutMillis: pool.connectionTimeoutMs,
      idleTimeoutMillis: pool.idleTimeoutMs,
      application_name: applicationName,
      // Sent as a startup parameter, so it holds for every statement without an extra round trip.
      ...(pool.statementTimeoutMs > 0 ? { statement_timeout: pool.statementTimeoutMs } : {}),
    });
    // An idle connection the server or the network drops is an 'error' event of the pool, which
    // then discards that connection; the next statement opens another. Unheard, the event would
    // crash the process, and compiled reads may use the pool before Prisma's adapter listens to it.
    connections.on('error', () => {});
    const prisma = new PrismaClient({
      // The pool is ended with the client ($disconnect).
      adapter: new PrismaPg(connections, { disposeExternalPool: true }),
      // Query events let `count=estimated` ask the planner about the statement its capped count sent.
      log: QUERY_EVENTS,
    });
    return { prisma, connections };
  };
  const primary = open(connectionString, pool.applicationName, pool.poolSize);
  const prisma = primary.prisma;
  const replicaConnections = replicaUrls.map((url) =>
    open(url, `${pool.applicationName}-replica`.slice(0, 63), pool.replicaPoolSize),
  );
  const replicas = replicaConnections.map((replica) => replica.prisma);
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
      sqlPool: primary.connections,
      sqlReplicas: replicaConnections.map(({ prisma: client, connections }) => ({
        client,
        pool: connections,
      })),
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
