// `GET /<resource>/aggregate` of ResourceController over real HTTP, on Express and Fastify set up by
// useFacetHttp, over real Prisma clients on PGlite and PostgreSQL (when reachable; required in CI):
// the aggregate object, groups by one field and by a JSON array of fields, orderBy, q, access per
// role, every refusal a 400 with Facet's body (hidden fields alike misspelt ones, having, _avg of a
// text, too many groups), and the conditional-read headers. Query strings are written by
// @facet/core's encodeQuery, as the client sends them; expectations come from the seeded rows.
import 'reflect-metadata';
import { encodeQuery } from '@facet/core';
import { listenApp } from '@facet/test-support/net';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessSubject,
  defineResource,
  FacetModule,
  Field,
  type FieldContext,
  type ReadContext,
  ResourceController,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { createFacetApp, type FacetPlatform } from './support/facet-app.js';
import { newTag } from './support/seed.js';
import { checkTarget, openTarget, type TestTarget } from './support/targets.js';

type Role = 'admin' | 'reader';
const staff = (context: FieldContext) => context.role === 'admin';
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });

@AccessSubject('Book')
class AggregateBookDto {
  @Field() id!: number;
  @Field({ searchable: true }) title!: string;
  @Field() price!: string;
  @Field() pages!: number;
  @Field() genre!: string;
  @Field() published!: boolean;
  @Field() authorId!: number;
  @Field({ expose: staff }) internalNote!: string | null;
}

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: AggregateBookDto });
const few = defineResource({
  name: 'few',
  delegate: (p: PrismaClient) => p.book,
  dto: AggregateBookDto,
  maxGroups: 2,
});
@Controller('books')
class BooksController extends ResourceController(books) {}
@Controller('few')
class FewController extends ResourceController(few) {}

const GENRES = ['FICTION', 'SCIENCE', 'HISTORY'] as const;
/** Twelve books: genre, price in cents, pages and whether published, varied so every group differs. */
const ROWS = Array.from({ length: 12 }, (_, index) => ({
  title: `${['red', 'blue', 'green'][index % 3]} book ${index}`,
  genre: GENRES[(index * 7) % 3] as (typeof GENRES)[number],
  cents: 1000 + index * 137,
  pages: 100 + ((index * 53) % 211),
  published: index % 4 !== 0,
}));
const priceOf = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const toCents = (text: string) => Math.round(Number(text) * 100);

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

for (const name of ['pglite', 'postgresql'] as const) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`GET /aggregate on ${name}`, () => {
    let target: TestTarget;
    let authorId: number;
    const apps = new Map<FacetPlatform, { app: INestApplication; url: string }>();

    beforeAll(async () => {
      target = await openTarget(name);
      const tag = newTag();
      const author = await target.prisma.author.create({
        data: { name: `Author ${tag}`, email: `${tag}@example.test` },
      });
      authorId = author.id;
      await target.prisma.book.createMany({
        data: ROWS.map((row, index) => ({
          title: row.title,
          isbn: `${tag}-${index}`,
          price: priceOf(row.cents),
          pages: row.pages,
          genre: row.genre,
          published: row.published,
          internalNote: `note ${index}`,
          authorId,
        })),
      });
      for (const platform of ['express', 'fastify'] as const) {
        @Module({
          imports: [
            FacetModule.forRoot({
              prisma: target.prisma,
              secret: 'aggregate-test-secret',
              accessibleWhere: (role: Role) => (role === 'admin' ? {} : { published: true }),
              readContext: (request): ReadContext<Role> => {
                const headers = (request as { headers: Record<string, string | undefined> }).headers;
                return as(headers.authorization === 'Bearer admin' ? 'admin' : 'reader');
              },
            }),
            FacetModule.forFeature([books, few]),
          ],
          controllers: [BooksController, FewController],
        })
        class AppModule {}
        const app = await createFacetApp(AppModule, platform);
        apps.set(platform, { app, url: await listenApp(app) });
      }
    }, 120_000);

    afterAll(async () => {
      for (const { app } of apps.values()) await app.close();
      await target?.close();
    });

    const ADMIN = { authorization: 'Bearer admin' };
    const readable = (role: Role) => ROWS.filter((row) => role === 'admin' || row.published);

    describe.each(['express', 'fastify'] as const)('over %s', (platform) => {
      async function get(path: string, query: object, headers: Record<string, string> = {}): Promise<Answer> {
        const search = encodeQuery({ where: { authorId }, ...query });
        const response = await fetch(`${apps.get(platform)?.url}${path}?${search}`, { headers });
        const text = await response.text();
        return {
          status: response.status,
          body: JSON.parse(text) as Record<string, unknown>,
          headers: response.headers,
        };
      }

      it('answers the aggregate object over the rows the caller may read', async () => {
        for (const role of ['admin', 'reader'] as const) {
          const answer = await get(
            '/books/aggregate',
            { _count: { _all: true }, _sum: { price: true }, _max: { pages: true } },
            role === 'admin' ? ADMIN : {},
          );
          expect(answer.status).toBe(200);
          const rows = readable(role);
          expect(answer.body._count).toEqual({ _all: rows.length });
          expect((answer.body._sum as { price: string }).price).toEqual(expect.any(String));
          expect(toCents((answer.body._sum as { price: string }).price)).toBe(
            rows.reduce((sum, row) => sum + row.cents, 0),
          );
          expect(answer.body._max).toEqual({ pages: Math.max(...rows.map((row) => row.pages)) });
          expect(answer.headers.get('etag')).toMatch(/^W\//);
        }
      });

      it('answers { items } with by, in the order of the field, and takes q', async () => {
        for (const q of [undefined, 'green']) {
          const answer = await get('/books/aggregate', {
            by: 'genre',
            _count: { _all: true },
            _avg: { pages: true },
            ...(q === undefined ? {} : { q }),
          });
          expect(answer.status).toBe(200);
          const rows = readable('reader').filter((row) => q === undefined || row.title.includes(q));
          const expected = GENRES.flatMap((genre) => {
            const members = rows.filter((row) => row.genre === genre);
            return members.length === 0
              ? []
              : [{ genre, count: members.length, pages: members.map((row) => row.pages) }];
          });
          const items = answer.body.items as {
            genre: string;
            _count: { _all: number };
            _avg: { pages: number };
          }[];
          expect(items.map((item) => ({ genre: item.genre, count: item._count._all }))).toEqual(
            expected.map(({ genre, count }) => ({ genre, count })),
          );
          for (const [index, item] of items.entries()) {
            const pages = expected[index]?.pages as number[];
            expect(item._avg.pages).toBeCloseTo(pages.reduce((a, b) => a + b, 0) / pages.length, 6);
          }
        }
      });

      it('groups by a JSON array of fields and orders by an aggregate', async () => {
        const answer = await get(
          '/books/aggregate',
          { by: ['published', 'genre'], _count: { _all: true }, orderBy: [{ _count: { id: 'desc' } }] },
          ADMIN,
        );
        expect(answer.status).toBe(200);
        const groups = [false, true].flatMap((published) =>
          GENRES.map((genre) => ({
            published,
            genre,
            _count: { _all: ROWS.filter((row) => row.published === published && row.genre === genre).length },
          })),
        );
        const expected = groups
          .filter((group) => group._count._all > 0)
          .sort(
            (a, b) =>
              b._count._all - a._count._all ||
              Number(a.published) - Number(b.published) ||
              GENRES.indexOf(a.genre) - GENRES.indexOf(b.genre),
          );
        expect(answer.body.items).toEqual(expected);
      });

      it('refuses a hidden field exactly as a misspelt one, in by, a selection and orderBy', async () => {
        for (const query of [
          (field: string) => ({ by: field, _count: true }),
          (field: string) => ({ by: 'genre', _min: { [field]: true } }),
          (field: string) => ({ by: 'genre', orderBy: [{ _max: { [field]: 'asc' } }] }),
          (field: string) => ({ _max: { [field]: true } }),
        ]) {
          const hidden = await get('/books/aggregate', query('internalNote'));
          const misspelt = await get('/books/aggregate', query('internalNot'));
          expect(hidden.status).toBe(400);
          expect(JSON.stringify(hidden.body).replaceAll('internalNote', 'internalNot')).toBe(
            JSON.stringify(misspelt.body),
          );
          // Staff may see the note: the same query passes for them.
          expect((await get('/books/aggregate', query('internalNote'), ADMIN)).status).toBe(200);
        }
      });

      it('answers 400 with a code to having, _avg of a text, a bad by, too many groups and an unknown key', async () => {
        const having = await get('/books/aggregate', {
          by: 'genre',
          _count: true,
          having: { pages: { _avg: { gt: 1 } } },
        });
        expect(having.status).toBe(400);
        expect(having.body.message).toMatch(/having is not supported/);
        const text = await get('/books/aggregate', { _avg: { title: true } });
        expect(text).toMatchObject({ status: 400, body: { code: 'invalid_value' } });
        const badBy = await get('/books/aggregate', { by: [], _count: true });
        expect(badBy.status).toBe(400);
        const tooMany = await get('/few/aggregate', { by: 'genre', _count: true });
        expect(tooMany).toMatchObject({ status: 400, body: { code: 'too_many' } });
        expect(tooMany.body.message).toMatch(/narrow the filter/);
        const narrowed = await get('/few/aggregate', {
          by: 'genre',
          _count: true,
          where: { authorId, genre: 'FICTION' },
        });
        expect(narrowed.status).toBe(200);
        const unknown = await get('/books/aggregate', { _count: true, page: 2 });
        expect(unknown).toMatchObject({ status: 400, body: { code: 'unknown_key' } });
        const orderWithoutBy = await get('/books/aggregate', { _count: true, orderBy: { genre: 'asc' } });
        expect(orderWithoutBy).toMatchObject({ status: 400, body: { code: 'unknown_key' } });
      });

      it('answers 400 saying what to add to an aggregate that selects nothing; by alone answers the groups', async () => {
        for (const query of [{}, { _count: {} }, { _count: { _all: false } }, { _avg: { pages: false } }]) {
          const empty = await get('/books/aggregate', query);
          expect(empty, JSON.stringify(query)).toMatchObject({
            status: 400,
            body: { code: 'invalid_value' },
          });
          expect(empty.body.message).toMatch(/nothing to aggregate: select _count\._all=true or a field/);
        }
        const groups = await get('/books/aggregate', { by: 'genre' });
        expect(groups.status).toBe(200);
        // In the enum's order, as PostgreSQL sorts an enum.
        const genres = GENRES.filter((genre) => readable('reader').some((row) => row.genre === genre));
        expect(groups.body.items).toEqual(genres.map((genre) => ({ genre })));
      });
    });
  });
}
