// QueryService on models whose key is not an `id` column: Edition (no id; the compound primary
// key @@id([isbn, printing]), a String and an Int) and Quote (`code String @id`). The key is read
// from the schema text of the real generated client, on PGlite, PostgreSQL and MariaDB, and over
// HTTP through ResourceController (docs/spec-conformance.md#26-service-construction).
import 'reflect-metadata';
import { listenApp } from '@facet/test-support/net';
import { Controller, type INestApplication, Module, NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defineResource,
  FacetExceptionFilter,
  FacetModule,
  Field,
  QueryService,
  ResourceController,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { plainDelegate } from './support/plain-delegate.js';
import { rejection } from './support/rejection.js';
import { newTag } from './support/seed.js';
import { checkTarget, openTarget, type TargetName, type TestTarget } from './support/targets.js';

class EditionDto {
  @Field() isbn!: string;
  @Field() printing!: number;
  @Field() copies!: number;
}

const editions = defineResource({
  name: 'editions',
  delegate: (prisma: PrismaClient) => prisma.edition,
  dto: EditionDto,
  map: (row) => ({ isbn: row.isbn, printing: row.printing, copies: row.copies }) as EditionDto,
});

/** Readers see editions still in print (copies left). */
interface Ability {
  readonly inPrintOnly: boolean;
}
const inPrint = (ability: Ability) => (ability.inPrintOnly ? { copies: { gt: 0 } } : {});

for (const name of ['pglite', 'postgresql', 'mariadb'] as const satisfies readonly TargetName[]) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`a key that is not an id column, on ${name}`, () => {
    let target: TestTarget;
    let prisma: PrismaClient;
    const tag = newTag();
    // Two ISBNs whose printings interleave in (copies, isbn, printing) order.
    const first = `${tag}-1`;
    const second = `${tag}-2`;
    const rows = [
      { isbn: first, printing: 1, copies: 5 },
      { isbn: first, printing: 2, copies: 0 },
      { isbn: first, printing: 10, copies: 5 },
      { isbn: second, printing: 1, copies: 5 },
      { isbn: second, printing: 2, copies: 3 },
    ];
    const mine = { isbn: { startsWith: tag } };

    beforeAll(async () => {
      target = await openTarget(name);
      prisma = target.prisma;
      await prisma.edition.createMany({ data: rows });
      await prisma.quote.createMany({
        data: [
          { code: `${tag}-b`, text: 'second' },
          { code: `${tag}-a`, text: 'first' },
        ],
      });
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    it('reads a compound primary key from the schema: the service constructs, and findById takes an object, a list or their JSON text', async () => {
      const service = new QueryService(prisma.edition);
      const expected = { isbn: first, printing: 10, copies: 5, note: null };
      expect(await service.findById({ isbn: first, printing: 10 })).toEqual(expected);
      expect(await service.findById([first, 10])).toEqual(expected);
      expect(await service.findById(JSON.stringify([first, 10]))).toEqual(expected);
      expect(await service.findById(`{"printing":"10","isbn":"${first}"}`)).toEqual(expected);
    });

    it('answers every id that names no record with the same 404', async () => {
      const service = new QueryService(prisma.edition);
      for (const id of [
        [first, 3],
        [first],
        { isbn: first },
        `["${first}",{"gt":0}]`,
        `["${first}","ten"]`,
        `${first},10`,
        first,
      ]) {
        expect(await rejection(service.findById(id as never)), JSON.stringify(id)).toBeInstanceOf(
          NotFoundException,
        );
      }
    });

    it('narrows findById with a where, and hides a row the access filter does not allow behind the same 404', async () => {
      const service = new QueryService(prisma.edition, { subject: 'Edition', accessibleWhere: inPrint });
      const reader = { inPrintOnly: true };
      expect((await service.findById([first, 1], {}, reader)).copies).toBe(5);
      expect(await rejection(service.findById([first, 2], {}, reader))).toBeInstanceOf(NotFoundException);
      expect((await service.findById([first, 2], {}, { inPrintOnly: false })).copies).toBe(0);
      expect(
        await rejection(service.findById([first, 1], { where: { copies: 3 } }, { inPrintOnly: false })),
      ).toBeInstanceOf(NotFoundException);
    });

    it('ends every page sort with both key fields, so keyset pages walk every row once', async () => {
      const service = new QueryService(prisma.edition);
      const page = await service.query({ where: mine, orderBy: { copies: 'desc' }, perPage: 2 });
      expect(page.items.map((row) => [row.isbn, row.printing])).toEqual([
        [first, 1],
        [first, 10],
      ]);
      const walked = [...page.items];
      let cursor = page.pageMeta.nextCursor;
      while (cursor !== null) {
        const next = await service.query({
          where: mine,
          orderBy: { copies: 'desc' },
          perPage: 2,
          after: cursor,
        });
        walked.push(...next.items);
        cursor = next.pageMeta.nextCursor;
      }
      expect(walked.map((row) => [row.copies, row.isbn, row.printing])).toEqual([
        [5, first, 1],
        [5, first, 10],
        [5, second, 1],
        [3, second, 2],
        [0, first, 2],
      ]);
    });

    it('reads a single key not called id (Quote.code) from the schema', async () => {
      const quotes = new QueryService(prisma.quote);
      expect((await quotes.findById(`${tag}-a`)).text).toBe('first');
      const page = await quotes.query({ where: { code: { startsWith: tag } } });
      expect(page.items.map((quote) => quote.code)).toEqual([`${tag}-a`, `${tag}-b`]);
    });

    it('takes idField as a list for a delegate that exposes no schema, and refuses one naming no field', async () => {
      const plain = plainDelegate(prisma.edition);
      const service = new QueryService(plain, { idField: ['isbn', 'printing'], idType: 'as-given' });
      expect(await service.findById([second, 2])).toMatchObject({ copies: 3 });
      expect(() => new QueryService(prisma.edition, { idField: ['isbn', 'edition'] })).toThrow(/`edition`/);
    });

    describe('over HTTP, through ResourceController', () => {
      let app: INestApplication;
      let base: string;

      beforeAll(async () => {
        @Controller('editions')
        class EditionsController extends ResourceController(editions) {}
        @Module({
          imports: [FacetModule.forRoot({ prisma }), FacetModule.forFeature([editions])],
          controllers: [EditionsController],
        })
        class AppModule {}
        app = await NestFactory.create(AppModule, { logger: false });
        app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()));
        base = await listenApp(app);
      }, 60_000);
      afterAll(async () => {
        await app?.close();
      });

      it('serves find-by-id and :id with the key as JSON in the path', async () => {
        const id = encodeURIComponent(JSON.stringify([second, 2]));
        for (const path of [`/editions/find-by-id/${id}`, `/editions/${id}`]) {
          const response = await fetch(`${base}${path}?fields=copies`);
          expect(response.status, path).toBe(200);
          expect(await response.json()).toEqual({ copies: 3 });
        }
        const missing = await fetch(`${base}/editions/${encodeURIComponent(JSON.stringify([second, 9]))}`);
        expect(missing.status).toBe(404);
      });
    });
  });
}
