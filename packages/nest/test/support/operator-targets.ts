// The operator table's schema (test/prisma/operators.prisma) on each database: a real Prisma 7
// client whose statements are recorded, on a fresh database built from the committed SQL.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { runId } from '@facet/test-support/net';
import { PrismaMariaDb } from '@prisma/adapter-mariadb';
import { PrismaPg } from '@prisma/adapter-pg';
import { createConnection } from 'mariadb';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import type { FilterKind } from '../../src/advanced/index.js';
import { PrismaClient as MysqlClient } from '../generated/operators-mysql/client.js';
import { PrismaClient } from '../generated/operators-postgresql/client.js';
import type { TargetName } from './targets.js';

/** The column of the operator table's model that has each filter kind (test/prisma/operators.prisma). */
export const COLUMN: Record<Exclude<FilterKind, 'Untyped'>, string> = {
  String: 'text',
  Int: 'int',
  BigInt: 'bigint',
  Float: 'float',
  Decimal: 'decimal',
  Boolean: 'bool',
  DateTime: 'date',
  Json: 'json',
  Bytes: 'bytes',
  Enum: 'kind',
  List: 'texts',
};

export interface OperatorTarget {
  readonly name: TargetName;
  readonly provider: 'postgresql' | 'mysql';
  /** The MySQL client has the same models less the list fields; one client type serves both. */
  readonly prisma: PrismaClient;
  /** The SQL of every statement since the last call, then forgets it. */
  takeStatements(): string[];
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const sql = (file: string) => readFileSync(new URL(`../prisma/${file}`, import.meta.url), 'utf8');

interface QueryEvents {
  $on(event: 'query', listener: (event: { query: string }) => void): void;
}

function recording(client: unknown): () => string[] {
  let statements: string[] = [];
  (client as QueryEvents).$on('query', (event) => statements.push(event.query));
  return () => {
    const taken = statements;
    statements = [];
    return taken;
  };
}

export async function openOperatorTarget(name: TargetName): Promise<OperatorTarget> {
  if (name === 'pglite') {
    const db = new PGlite();
    await db.exec(sql('operators.postgres.sql'));
    const prisma = new PrismaClient({
      adapter: new PrismaPGlite(db),
      log: [{ emit: 'event', level: 'query' }],
    });
    return {
      name,
      provider: 'postgresql',
      prisma,
      takeStatements: recording(prisma),
      async close() {
        await prisma.$disconnect();
        await db.close();
      },
    };
  }
  const database = `facet_nest_ops_${runId()}`;
  if (name === 'postgresql') {
    const admin = new pg.Client({ host: HOST, port: 5432, user: 'postgres', database: 'postgres' });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    const connectionString = `postgresql://postgres@${HOST}:5432/${database}`;
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    await setup.query(sql('operators.postgres.sql')).finally(() => setup.end());
    const prisma = new PrismaClient({
      adapter: new PrismaPg({ connectionString, max: 2 }),
      log: [{ emit: 'event', level: 'query' }],
    });
    return {
      name,
      provider: 'postgresql',
      prisma,
      takeStatements: recording(prisma),
      async close() {
        await prisma.$disconnect();
        await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const admin = await createConnection({ host: HOST, port: 3306, user: 'root', multipleStatements: true });
  await admin.query(`CREATE DATABASE \`${database}\``);
  await admin.query(`USE \`${database}\``);
  await admin.query(sql('operators.mysql.sql'));
  const client = new MysqlClient({
    adapter: new PrismaMariaDb({ host: HOST, port: 3306, user: 'root', database, connectionLimit: 2 }),
    log: [{ emit: 'event', level: 'query' }],
  });
  return {
    name,
    provider: 'mysql',
    prisma: client as unknown as PrismaClient,
    takeStatements: recording(client),
    async close() {
      await client.$disconnect();
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
      await admin.end();
    },
  };
}
