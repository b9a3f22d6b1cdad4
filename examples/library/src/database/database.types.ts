import type { SqlPool, SqlReplicaPool } from '@facet/nest/sql';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { PrepareResult } from './prepareDatabase.js';

/** An open, prepared database: tables exist and hold at least the fixture. */
export interface LibraryDatabase extends PrepareResult {
  prisma: PrismaClient;
  /** Clients of the streaming replicas reads may go to (empty with PGlite or none configured). */
  replicas: PrismaClient[];
  /**
   * The connections `prisma` reads through, for Facet's compiled reads (`sqlReads({ pool })`):
   * the same `pg` pool the Prisma adapter uses, or the one PGlite database.
   */
  sqlPool: SqlPool;
  /**
   * Each replica's client with the `pg` pool its adapter uses, for compiled reads routed to it
   * (`sqlReads({ pool, replicas })`): one per entry of `replicas`, in the same order.
   */
  sqlReplicas: SqlReplicaPool[];
  kind: 'pglite' | 'postgres';
  /** For the start banner; never contains a password. */
  description: string;
  close(): Promise<void>;
}

/**
 * The Prisma client's statements as events (`$on('query')`), printed nowhere: `count=estimated`
 * (@facet/nest) plans the statement its capped count sent, which it reads from them.
 */
export const QUERY_EVENTS = [{ emit: 'event', level: 'query' }] as const satisfies {
  emit: 'event';
  level: 'query';
}[];
