// The module's wiring of the compiled read path: `FacetModule.forRoot({ sql, engine })` reaches the
// resources `ResourceController` serves, so a list request over HTTP answers exactly as the Prisma
// engine's app does, and the compiled app reads books without Prisma; `sql` whose replica pools are
// not exactly the module's `replicas` is refused at start-up (routing on real replicas:
// read-replicas.test.ts). PGlite, Express.
import { listenApp } from '@facet/test-support/net';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, FacetModule, type ReadEngineName, ResourceController } from '../src/index.js';
import { type SqlReadEngine, type SqlReplicaPool, sqlReads } from '../src/sql/index.js';
import { Prisma, type PrismaClient } from './generated/postgresql/client.js';
import { createFacetApp } from './support/facet-app.js';
import { accessibleWhere, SqlBookDto, seedDifferential } from './support/sql-differential.js';
import { openSqlTarget, type SqlTarget } from './support/sql-targets.js';

const secret = 'http-differential-secret-0123456789';

describe('FacetModule with the SQL engine, over HTTP', () => {
  let target: SqlTarget;
  const prismaCalls: string[] = [];
  const origins: Partial<Record<ReadEngineName, string>> = {};
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    target = await openSqlTarget('pglite');
    await seedDifferential(target.prisma);
    const book = target.prisma.book;
    // The compiled app's delegate records every call that reaches Prisma.
    const recording = Object.create(book, {
      findMany: { value: (args: object) => prismaCalls.push('findMany') && book.findMany(args) },
      count: { value: (args: object) => prismaCalls.push('count') && book.count(args) },
    }) as typeof book;
    for (const engine of ['prisma', 'sql'] as const) {
      const books = defineResource({
        name: 'books',
        delegate: (p: PrismaClient) => (engine === 'sql' ? recording : p.book),
        dto: SqlBookDto,
      });
      @Controller('books')
      class BooksController extends ResourceController(books) {}
      @Module({
        imports: [
          FacetModule.forRoot({
            prisma: target.prisma,
            accessibleWhere,
            readContext: () => ({ ability: 'reader', context: { role: 'reader' } }),
            secret,
            engine,
            sql: sqlReads({ pool: target.pool, decimal: (text) => new Prisma.Decimal(text) }),
          }),
          FacetModule.forFeature([books]),
        ],
        controllers: [BooksController],
      })
      class AppModule {}
      const app = await createFacetApp(AppModule, 'express');
      origins[engine] = await listenApp(app);
      closers.push(() => app.close());
    }
  }, 60_000);
  afterAll(async () => {
    for (const close of closers) await close();
    await target?.close();
  });

  it.each([
    '?perPage=5&orderBy.publishedAt.sort=desc&orderBy.publishedAt.nulls=last&fields=items{id,title,author{name}},meta{itemCount,nextCursor}',
    '?where.title.contains=a&where.title.mode=insensitive&where.author.is.country=FR&page=2&perPage=3',
    '?q=alpha&count=none&fields=id,price,sales,publishedAt',
    '?where.price.gt=abc',
  ])('answers GET /books%s alike, and the SQL app reads it without Prisma', async (query) => {
    const prismaAnswer = await fetch(`${origins.prisma}/books${query}`);
    const before = prismaCalls.length;
    const statements = target.statements();
    const sqlAnswer = await fetch(`${origins.sql}/books${query}`);
    expect(sqlAnswer.status).toBe(prismaAnswer.status);
    expect(await sqlAnswer.text()).toBe(await prismaAnswer.text());
    expect(prismaCalls.slice(before)).toEqual([]);
    if (sqlAnswer.status === 200) expect(target.statements()).toBeGreaterThan(statements);
  });

  it('refuses sql whose replica pools are not the module replicas, at start-up', async () => {
    const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: SqlBookDto });
    const other = Object.create(target.prisma) as object;
    const start = (replicas: readonly object[], sql: SqlReadEngine) => {
      @Module({
        imports: [
          FacetModule.forRoot({ prisma: target.prisma, accessibleWhere, secret, replicas, sql }),
          FacetModule.forFeature([books]),
        ],
      })
      class ReplicatedModule {}
      return NestFactory.create(ReplicatedModule, { logger: false, abortOnError: false });
    };
    // A module replica without its pool: its compiled reads would run on the primary's pool.
    await expect(start([target.prisma], sqlReads({ pool: target.pool }))).rejects.toThrow(
      /replica #0 of the module has no pool in sqlReads/,
    );
    await expect(
      start(
        [target.prisma],
        sqlReads({ pool: target.pool, replicas: [{ client: other, pool: target.pool }] }),
      ),
    ).rejects.toThrow(/replica #0 of the module has no pool in sqlReads/);
    // A pool no read would use: a replica the module does not route to, or no replicas at all.
    await expect(
      start(
        [target.prisma],
        sqlReads({
          pool: target.pool,
          replicas: [
            { client: target.prisma, pool: target.pool },
            { client: other, pool: target.pool },
          ],
        }),
      ),
    ).rejects.toThrow(/pool for replica #1 .* no read would ever use it/);
    await expect(
      start([], sqlReads({ pool: target.pool, replicas: [{ client: other, pool: target.pool }] })),
    ).rejects.toThrow(/none are configured/);
  });

  it('refuses malformed replica pools with a TypeError naming the entry', () => {
    const pool = target.pool;
    const bad: [unknown, RegExp][] = [
      [{ client: target.prisma }, /replicas\[0\]\.pool must be a pool/],
      [{ pool }, /replicas\[0\]\.client must be the replica's Prisma client/],
      [null, /replicas\[0\]\.client/],
    ];
    for (const [entry, message] of bad) {
      expect(() => sqlReads({ pool, replicas: [entry as SqlReplicaPool] })).toThrow(TypeError);
      expect(() => sqlReads({ pool, replicas: [entry as SqlReplicaPool] })).toThrow(message);
    }
    expect(() => sqlReads({ pool, replicas: {} as unknown as SqlReplicaPool[] })).toThrow(/must be an array/);
    expect(() =>
      sqlReads({
        pool,
        replicas: [
          { client: target.prisma, pool },
          { client: target.prisma, pool },
        ],
      }),
    ).toThrow(/replicas\[1\] names a client another entry already gave a pool/);
  });
});
