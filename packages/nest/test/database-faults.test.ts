// classifyError and toHttpException on errors produced by real parts: Prisma 7 with adapter-pg
// against a refused port, a server that never answers, a live PostgreSQL cancelling a statement,
// and a connection cut under a running query. The unit table in src/errors mirrors these shapes;
// this file proves the shapes are what Prisma and node-postgres actually throw.
import { readFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { listenLocally, runId } from '@facet/test-support/net';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyError, toHttpException } from '../src/advanced/index.js';
import { PrismaClient } from './generated/postgresql/client.js';
import { checkTarget } from './support/targets.js';

async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the database call to fail');
}

/** The response a client would get, which must carry nothing from the original error. */
// These are the statuses of `databaseFaultStatus: 'specific'`; `answerByDefault` checks the 500 of spec 7 (docs/spec-conformance.md#7-errors).
const SPECIFIC = { databaseFaultStatus: 'specific' } as const;

function answerTo(error: unknown) {
  const exception = toHttpException(error, classifyError(error, SPECIFIC));
  return { status: exception.getStatus(), body: exception.getResponse() };
}

function answerByDefault(error: unknown) {
  const exception = toHttpException(error, classifyError(error));
  return { status: exception.getStatus(), body: exception.getResponse() };
}

const INTERNAL = { statusCode: 500, error: 'Internal Server Error' };

/** Listens on a free loopback port; resolves with the port. */
async function listen(server: Server): Promise<number> {
  return Number(new URL(await listenLocally(server)).port);
}

const UNAVAILABLE = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'The database is unavailable',
  code: 'database_unavailable',
};

describe('database faults without a database', () => {
  it('a refused connection (P1001) is an opaque 503', async () => {
    const prisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:1/none' }),
    });
    try {
      const error = await failureOf(() => prisma.book.count());
      expect(error).toMatchObject({ code: 'P1001' });
      expect(classifyError(error, SPECIFIC)).toEqual({ kind: 'unavailable', status: 503 });
      expect(answerTo(error)).toEqual({ status: 503, body: UNAVAILABLE });
      expect(answerByDefault(error)).toEqual({ status: 500, body: { ...UNAVAILABLE, ...INTERNAL } });
    } finally {
      await prisma.$disconnect();
    }
  });

  it('a server that accepts but never answers hits the connection timeout: an opaque 503', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    const port = await listen(silent);
    const prisma = new PrismaClient({
      adapter: new PrismaPg({
        connectionString: `postgresql://postgres@127.0.0.1:${port}/none`,
        connectionTimeoutMillis: 300,
      }),
    });
    try {
      const error = await failureOf(() => prisma.book.count());
      // node-postgres's own error, passed through by the adapter without a code.
      expect((error as Error).message).toMatch(/connection timeout/i);
      expect(answerTo(error)).toEqual({ status: 503, body: UNAVAILABLE });
    } finally {
      await prisma.$disconnect();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

const postgres = await checkTarget('postgresql');

describe.skipIf(!postgres.available)('database faults on PostgreSQL', () => {
  const database = `facet_nest_faults_${runId()}`;
  const admin = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
  const sockets = new Set<Socket>();
  // A pass-through TCP proxy, so the test can cut live connections.
  const proxy = createServer((client) => {
    const upstream = connect(5432, '127.0.0.1');
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', close);
      socket.on('close', close);
    }
    client.pipe(upstream).pipe(client);
  });
  let locker: pg.Client;
  let prisma: PrismaClient;

  beforeAll(async () => {
    const port = await listen(proxy);
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    locker = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database });
    await locker.connect();
    await locker.query(readFileSync(new URL('./prisma/postgres.sql', import.meta.url), 'utf8'));
    prisma = new PrismaClient({
      adapter: new PrismaPg({
        connectionString: `postgresql://postgres@127.0.0.1:${port}/${database}`,
        statement_timeout: 300,
        connectionTimeoutMillis: 2000,
        max: 2,
      }),
    });
  }, 30_000);

  afterAll(async () => {
    await prisma?.$disconnect();
    await locker?.end();
    for (const socket of sockets) socket.destroy();
    proxy.close();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  });

  /** Runs `work` while another session holds an exclusive lock on "Book", so reads of it wait. */
  async function whileBookIsLocked<T>(work: () => Promise<T>): Promise<T> {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE "Book" IN ACCESS EXCLUSIVE MODE');
    try {
      return await work();
    } finally {
      await locker.query('ROLLBACK');
    }
  }

  const TIMEOUT = {
    statusCode: 504,
    error: 'Gateway Timeout',
    message: 'The database did not answer in time',
    code: 'database_timeout',
  };

  it('a statement timeout on a model query (P2039, SQLSTATE 57014) is an opaque 504, not a 400', async () => {
    const error = await whileBookIsLocked(() => failureOf(() => prisma.book.count()));
    expect(error).toMatchObject({ name: 'PrismaClientKnownRequestError', code: 'P2039' });
    expect(classifyError(error, SPECIFIC)).toEqual({ kind: 'timeout', status: 504 });
    expect(answerTo(error)).toEqual({ status: 504, body: TIMEOUT });
    expect(answerByDefault(error)).toEqual({ status: 500, body: { ...TIMEOUT, ...INTERNAL } });
  });

  it('a statement timeout on a raw query (P2010) is the same 504', async () => {
    const error = await failureOf(() => prisma.$queryRawUnsafe('SELECT pg_sleep(5)'));
    expect(error).toMatchObject({ code: 'P2010' });
    expect(answerTo(error)).toEqual({ status: 504, body: TIMEOUT });
  });

  it('a data exception the query caused (SQLSTATE 22P02) stays a 400', async () => {
    const error = await failureOf(() => prisma.$queryRawUnsafe("SELECT 'not a number'::int"));
    expect(error).toMatchObject({ code: 'P2010' });
    expect(classifyError(error)).toEqual({ kind: 'request_rejected', status: 400 });
  });

  it('a connection cut under a running query is an opaque 503, and the next query succeeds', async () => {
    const error = await whileBookIsLocked(async () => {
      const pending = failureOf(() => prisma.book.count());
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const socket of sockets) socket.destroy();
      return pending;
    });
    expect(classifyError(error, SPECIFIC)).toEqual({ kind: 'unavailable', status: 503 });
    expect(answerTo(error)).toEqual({ status: 503, body: UNAVAILABLE });
    expect(await prisma.book.count()).toBe(0);
  });
});
