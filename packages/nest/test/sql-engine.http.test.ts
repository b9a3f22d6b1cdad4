// The module's wiring of the compiled read path: `FacetModule.forRoot({ sql, engine })` reaches the
// resources `ResourceController` serves, so a list request over HTTP answers exactly as the Prisma
// engine's app does, and the compiled app reads books without Prisma; `sql` beside `replicas` is
// refused at start-up. PGlite, Express.
import { listenApp } from '@facet/test-support/net';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, FacetModule, type ReadEngineName, ResourceController } from '../src/index.js';
import { sqlReads } from '../src/sql/index.js';
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

  it('refuses sql beside replicas at start-up', async () => {
    const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: SqlBookDto });
    @Module({
      imports: [
        FacetModule.forRoot({
          prisma: target.prisma,
          accessibleWhere,
          secret,
          replicas: [target.prisma],
          sql: sqlReads({ pool: target.pool }),
        }),
        FacetModule.forFeature([books]),
      ],
    })
    class ReplicatedModule {}
    await expect(
      NestFactory.create(ReplicatedModule, { logger: false, abortOnError: false }),
    ).rejects.toThrow(/cannot be combined with `replicas`/);
  });
});
