// Resources, declared once, enforce the caller's field rules, budgets and access filters on every
// path to the data: called directly with no pipe in front, and served by ResourceController
// through FacetModule over real HTTP. Real Prisma clients on PGlite (always) and PostgreSQL (when
// reachable; required in CI).
import { isFacetQueryError } from '@facet/core';
import { listenApp } from '@facet/test-support/net';
import { Controller, HttpException, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FacetConfigurationError } from '../src/advanced/index.js';
import {
  defineResource,
  FacetConsistencyInterceptor,
  FacetExceptionFilter,
  FacetModule,
  FacetQueryException,
  Field,
  type ReadContext,
  Resource,
  ResourceController,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { PolicyAuthorDto, PolicyBookDto, PolicyReviewDto } from './support/policy-dtos.js';
import { type SeededLibrary, seedLibrary, seedReviews } from './support/seed.js';
import { checkTarget, openTarget, type TestTarget } from './support/targets.js';

/**
 * `critic` may read every review but only published books: a review's `book` is a to-one relation
 * to a subject with its own, stricter rule. `reader` reads published books and their reviews.
 */
type Role = 'admin' | 'reader' | 'critic' | 'nobody';
const accessibleWhere = (role: Role, subject: string): object => {
  if (role === 'admin' || subject === 'Author') return {};
  // CASL's answer when no rule allows the action; Prisma reads it as true under an AND.
  if (role === 'nobody') return subject === 'Review' ? {} : { OR: [] };
  if (subject === 'Book') return { published: true };
  if (subject === 'Review') return role === 'critic' ? {} : { book: { is: { published: true } } };
  throw new Error(`unexpected subject ${subject}`);
};
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });

/** A DTO that names no access subject. */
class UnsubjectedBookDto {
  @Field() title!: string;
}

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: PolicyBookDto });
const reviews = defineResource({
  name: 'reviews',
  delegate: (p: PrismaClient) => p.review,
  dto: PolicyReviewDto,
});
const authors = defineResource({
  name: 'authors',
  delegate: (p: PrismaClient) => p.author,
  dto: PolicyAuthorDto,
});

async function rejection(
  attempt: () => Promise<unknown>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    await attempt();
  } catch (thrown) {
    // A refusal a resource throws as the typed FacetQueryError is answered by Facet's filters with
    // FacetQueryException's 400 (test/facet-exception-filter.http.test.ts).
    const error = isFacetQueryError(thrown) ? new FacetQueryException(thrown) : thrown;
    if (error instanceof HttpException) {
      return { status: error.getStatus(), body: error.getResponse() as Record<string, unknown> };
    }
    throw error;
  }
  throw new Error('expected a rejection');
}

for (const name of ['pglite', 'postgresql'] as const) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`resources on ${name}`, () => {
    let target: TestTarget;
    let library: SeededLibrary;
    let bookResource: Resource<PrismaClient['book'], PolicyBookDto, Role>;
    let reviewResource: Resource<PrismaClient['review'], PolicyReviewDto, Role>;
    let authorResource: Resource<PrismaClient['author'], PolicyAuthorDto, Role>;
    const ofLibrary = () => ({ authorId: library.authorId });
    const reviewIds = () => ({ id: { in: [`${library.tag}-a`, `${library.tag}-b`] } });

    beforeAll(async () => {
      target = await openTarget(name);
      library = await seedLibrary(target.prisma);
      await seedReviews(target.prisma, library);
      const environment = { client: target.prisma, accessibleWhere };
      bookResource = new Resource(books, environment);
      reviewResource = new Resource(reviews, environment);
      authorResource = new Resource(authors, environment);
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    describe('called directly, with no pipe in front', () => {
      it('hidden fields are refused in where, orderBy, include, select, fields and aggregate fields', async () => {
        const reader = as('reader');
        const attempts: [string, () => Promise<unknown>][] = [
          [
            'where.internalNote',
            () => bookResource.query({ where: { internalNote: { contains: 'x' } } }, reader),
          ],
          ['orderBy.internalNote', () => bookResource.query({ orderBy: { internalNote: 'asc' } }, reader)],
          ['select.internalNote', () => bookResource.query({ select: { internalNote: true } }, reader)],
          [
            'include.reviews.where.rating',
            () =>
              bookResource.query(
                { include: { reviews: { where: { rating: { gt: { $type: 'FieldRef' } } } } } },
                reader,
              ),
          ],
          ['fields', () => bookResource.query({ fields: 'id,internalNote' }, reader)],
          ['where.internalNote', () => bookResource.count({ where: { internalNote: null } }, reader)],
          [
            'where.internalNote',
            () => bookResource.findById(library.bookIds[0], { where: { internalNote: 'x' } }, reader),
          ],
          ['_min.internalNote', () => bookResource.aggregate({ _min: { internalNote: true } }, reader)],
          ['_count.internalNote', () => bookResource.aggregate({ _count: { internalNote: true } }, reader)],
          ['_max.label', () => bookResource.aggregate({ _max: { label: true } }, reader)],
        ];
        for (const [path, attempt] of attempts) {
          const { status, body } = await rejection(attempt);
          expect(status, path).toBe(400);
          expect(String(body.path), path).toContain(path.split('.')[0]);
        }
        // Staff may see the note: the same reads pass for admin.
        await expect(
          bookResource.aggregate({ _min: { internalNote: true }, where: ofLibrary() }, as('admin')),
        ).resolves.toBeTruthy();
      });

      it('unknown top-level keys are refused on every read', async () => {
        const reader = as('reader');
        for (const attempt of [
          () => bookResource.query({ distinct: ['title'] }, reader),
          () => bookResource.query({ cursor: { id: 1 } }, reader),
          () => bookResource.count({ where: ofLibrary(), take: 1 } as never, reader),
          () => bookResource.aggregate({ where: ofLibrary(), by: ['title'] } as never, reader),
          () => bookResource.findById(library.bookIds[0], { take: 1 }, reader),
        ]) {
          const { status, body } = await rejection(attempt);
          expect(status).toBe(400);
          expect(body.code).toBe('unknown_key');
        }
      });

      it('aggregates and counts see only readable rows', async () => {
        const where = ofLibrary();
        expect(await bookResource.count({ where }, as('reader'))).toBe(2);
        expect(await bookResource.count({ where }, as('admin'))).toBe(3);
        const aggregate = (await bookResource.aggregate(
          { where, _count: { _all: true }, _max: { pages: true } },
          as('reader'),
        )) as {
          _count: { _all: number };
          _max: { pages: number };
        };
        expect(aggregate).toEqual({ _count: { _all: 2 }, _max: { pages: 300 } });
      });

      it('a server rule with LIKE metacharacters means the same to every read: it is never escaped', async () => {
        // Prisma's `startsWith: 'x_'` is a pattern: `_` is any one character, so the rule hides the
        // books noted x_1 and xa1. Only a client's operands are made literal, never the server's.
        const noted = await seedLibrary(target.prisma);
        await seedReviews(target.prisma, noted);
        const [alpha, beta, gamma] = noted.bookIds as [number, number, number];
        for (const [id, internalNote] of [
          [alpha, 'x_1'],
          [beta, 'xa1'],
          [gamma, 'y'],
        ] as const)
          await target.prisma.book.update({ where: { id }, data: { internalNote } });
        const rule = (_: Role, subject: string) =>
          subject === 'Book' ? { NOT: { internalNote: { startsWith: 'x_' } } } : {};
        const environment = { client: target.prisma, accessibleWhere: rule };
        const ruledBooks = new Resource(books, environment);
        const ruledReviews = new Resource(reviews, environment);
        const read = as('admin');
        const where = { authorId: noted.authorId };
        expect(await ruledBooks.count({ where }, read)).toBe(1);
        expect(await ruledBooks.aggregate({ where, _count: { _all: true } }, read)).toEqual({
          _count: { _all: 1 },
        });
        const page = await ruledBooks.query({ where, fields: 'id' }, read);
        expect(page.items?.map((item) => item.id)).toEqual([gamma]);
        expect((await rejection(() => ruledBooks.findById(beta, {}, read))).status).toBe(404);
        // The related subject's rule, scoped into the client's relation filter.
        const reviewWhere = {
          id: { in: [`${noted.tag}-a`, `${noted.tag}-b`] },
          book: { title: { startsWith: '' } },
        };
        expect(await ruledReviews.count({ where: reviewWhere }, read)).toBe(0);
        expect(await ruledReviews.aggregate({ where: reviewWhere, _count: { _all: true } }, read)).toEqual({
          _count: { _all: 0 },
        });
        // A route's own where (findOne's) is the server's too: `Gamm_` matches Gamma.
        const found = await ruledBooks.findOne(
          { authorId: noted.authorId, title: { startsWith: 'Gamm_' } },
          {},
          read,
        );
        expect(found).toMatchObject({ title: 'Gamma' });
      });

      it('a rule that allows no row counts, aggregates and shows none (CASL’s empty OR)', async () => {
        const nobody = as('nobody');
        expect(await bookResource.count({ where: ofLibrary() }, nobody)).toBe(0);
        expect(await bookResource.aggregate({ where: ofLibrary(), _count: { _all: true } }, nobody)).toEqual({
          _count: { _all: 0 },
        });
        const shown = await reviewResource.query({ where: reviewIds(), fields: 'id,book{title}' }, nobody);
        expect((shown.items ?? []).map((item) => item.book)).toEqual([null, null]);
      });

      it('a to-one relation the caller may not read comes back as null, by include and by fields', async () => {
        const critic = as('critic');
        const included = await reviewResource.query(
          { where: reviewIds(), include: { book: true }, orderBy: { id: 'asc' } },
          critic,
        );
        const byId = new Map((included.items ?? []).map((item) => [item.id, item]));
        expect(byId.get(`${library.tag}-a`)?.book).toMatchObject({ title: 'Alpha' });
        expect(byId.get(`${library.tag}-b`)?.book).toBeNull();

        const projected = await reviewResource.query(
          { where: reviewIds(), fields: 'id,book{title}', orderBy: { id: 'asc' } },
          critic,
        );
        expect(projected.items).toEqual([
          { id: `${library.tag}-a`, book: { title: 'Alpha' } },
          { id: `${library.tag}-b`, book: null },
        ]);
        expect(
          await reviewResource.findById(`${library.tag}-b`, { fields: 'id,book{title}' }, critic),
        ).toEqual({
          id: `${library.tag}-b`,
          book: null,
        });
        // Admin reads the draft through the same relation.
        expect(
          await reviewResource.findById(`${library.tag}-b`, { fields: 'book{title}' }, as('admin')),
        ).toEqual({
          book: { title: 'Beta' },
        });
        // Nested below a to-many relation too: an author's books' reviews' book.
        const nested = await authorResource.findById(
          library.authorId,
          { fields: 'books{title,reviews{id,book{title}}}' },
          critic,
        );
        const titles = (nested.books ?? []).map((book) => book.title).sort();
        expect(titles).toEqual(['Alpha', 'Gamma']);
      });

      it('a read that names no caller is refused, unless it says it is the server’s own', async () => {
        const where = ofLibrary();
        for (const attempt of [
          () => bookResource.query({ where }),
          () => bookResource.findById(library.bookIds[1]),
          () => bookResource.findOne({ id: library.bookIds[1] }),
          () => bookResource.count({ where }),
          () => bookResource.aggregate({ where, _count: { _all: true } }),
          () => bookResource.count({ where }, { context: { role: 'admin' } }),
          () => bookResource.count({ where }, { ability: 'admin', trusted: true }),
        ]) {
          await expect(attempt()).rejects.toThrow(FacetConfigurationError);
        }
        // Trusted: no access filter (the unpublished book counts), field rules still apply.
        expect(await bookResource.count({ where }, { trusted: true })).toBe(3);
        const hidden = await rejection(() =>
          bookResource.query({ where: { internalNote: { contains: 'x' } } }, { trusted: true }),
        );
        expect(hidden.status).toBe(400);
      });

      it('half an access configuration is refused when the resource is built', () => {
        const plain = defineResource({
          name: 'plain-books',
          delegate: (p: PrismaClient) => p.book,
          dto: UnsubjectedBookDto,
        });
        expect(() => new Resource(plain, { client: target.prisma, accessibleWhere })).toThrow(
          /no @AccessSubject/,
        );
        expect(() => new Resource(books, { client: target.prisma })).toThrow(/no accessibleWhere/);
        // Neither half: a resource without access control reads without an ability.
        expect(new Resource(plain, { client: target.prisma }).accessControlled).toBe(false);
      });

      it('to-many includes follow the related subject’s access; counting unreadable rows is refused', async () => {
        const author = await authorResource.findById(
          library.authorId,
          { include: { books: true } },
          as('reader'),
        );
        expect((author.books ?? []).map((book) => book.title).sort()).toEqual(['Alpha', 'Gamma']);
        const admin = await authorResource.findById(
          library.authorId,
          { fields: 'books{title}' },
          as('admin'),
        );
        expect((admin.books ?? []).map((book) => book.title).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
        // A sort by a relation count would count rows the reader may not see.
        const { status } = await rejection(() =>
          authorResource.query({ orderBy: { books: { _count: 'desc' } } }, as('reader')),
        );
        expect(status).toBe(400);
      });

      it('_count under access counts only the related rows the caller may read', async () => {
        const counted = async (role: Role, include: object) => {
          const page = await authorResource.query({ where: { id: library.authorId }, include }, as(role));
          const [author] = (page.items ?? []) as unknown as { _count?: { books?: number } }[];
          return author?._count?.books;
        };
        expect(await counted('reader', { _count: { select: { books: true } } })).toBe(2);
        expect(await counted('admin', { _count: { select: { books: true } } })).toBe(3);
        expect(await counted('reader', { _count: true })).toBe(2);
        // A client `where` inside the count narrows the access filter; it never replaces it.
        const published = { _count: { select: { books: { where: { published: false } } } } };
        expect(await counted('reader', published)).toBe(0);
        expect(await counted('admin', published)).toBe(1);
        // Next to a `fields` projection (pushed down to a select) and on a detail read too.
        const projected = await authorResource.query(
          { where: { id: library.authorId }, include: { _count: true }, fields: 'name' },
          as('reader'),
        );
        expect(projected.items).toEqual([{ name: expect.any(String), _count: { books: 2 } }]);
        const detail = await authorResource.findById(
          library.authorId,
          { include: { _count: true } },
          as('reader'),
        );
        expect((detail as { _count?: unknown })._count).toEqual({ books: 2 });
      });
    });

    describe('served by ResourceController through FacetModule', () => {
      let app: INestApplication;
      let base: string;
      const get = async (path: string, role?: Role) => {
        const response = await fetch(base + path, { headers: role ? { 'x-role': role } : {} });
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown> & { items?: unknown[] },
        };
      };

      beforeAll(async () => {
        @Controller('books')
        class BooksController extends ResourceController(books) {}
        @Controller('reviews')
        class ReviewsController extends ResourceController(reviews) {}

        @Module({
          imports: [
            FacetModule.forRoot({
              prisma: target.prisma,
              accessibleWhere,
              readContext: (request) => {
                const role = ((request as { headers: Record<string, string | undefined> }).headers[
                  'x-role'
                ] ?? 'reader') as Role;
                return as(role);
              },
            }),
            FacetModule.forFeature([books, reviews]),
          ],
          controllers: [BooksController, ReviewsController],
        })
        class AppModule {}

        app = await NestFactory.create(AppModule, { logger: false });
        app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()));
        base = await listenApp(app);
      }, 60_000);
      afterAll(async () => {
        await app?.close();
      });

      it('serves list, search, count, find-by-id and by id with the caller’s access', async () => {
        const where = `where.authorId=${library.authorId}`;
        const list = await get(
          `/books?${where}&fields=title&orderBy=${encodeURIComponent('{"title":"asc"}')}`,
        );
        expect(list.body.items).toEqual([{ title: 'Alpha' }, { title: 'Gamma' }]);
        expect((await get(`/books/search?${where}`, 'admin')).body.meta).toMatchObject({ itemCount: 3 });
        expect((await get(`/books/count?${where}`)).body).toBe(2);
        const [alpha, beta] = library.bookIds;
        expect((await get(`/books/${alpha}?fields=title`)).body).toEqual({ title: 'Alpha' });
        expect((await get(`/books/find-by-id/${alpha}?fields=title`)).body).toEqual({ title: 'Alpha' });
        expect((await get(`/books/${beta}`)).status).toBe(404);
      });

      it('refuses hidden fields, unknown parameters and internal operand forms with a 400', async () => {
        for (const path of [
          '/books?where.internalNote.contains=x',
          '/books/count?where.internalNote=x',
          '/books?distinct=title',
          '/books/count?page=2',
          '/books?where.title.gte.__prismaRawParameters__=true&where.title.gte.values=x',
        ]) {
          const { status, body } = await get(path);
          expect(status, path).toBe(400);
          expect(typeof body.code, path).toBe('string');
        }
      });

      it('a controller of an access-controlled resource needs a readContext, checked at start-up', async () => {
        @Controller('books')
        class BooksController extends ResourceController(books) {}
        @Module({
          imports: [
            FacetModule.forRoot({ prisma: target.prisma, accessibleWhere }),
            FacetModule.forFeature([books]),
          ],
          controllers: [BooksController],
        })
        class ForgetfulModule {}
        const forgetful = await NestFactory.create(ForgetfulModule, { logger: false });
        await expect(forgetful.init()).rejects.toThrow(/no readContext/);
        await forgetful.close();
      });

      it('without replicas no consistency interceptor runs: the module registers none', async () => {
        const intercept = vi.spyOn(FacetConsistencyInterceptor.prototype, 'intercept');
        try {
          expect((await get('/books?fields=title')).status).toBe(200);
          expect((await get('/books/count')).status).toBe(200);
          expect(intercept).not.toHaveBeenCalled();
        } finally {
          intercept.mockRestore();
        }
      });

      it('a to-one relation the caller may not read is null over HTTP too', async () => {
        const ids = encodeURIComponent(JSON.stringify([`${library.tag}-a`, `${library.tag}-b`]));
        const { body } = await get(
          `/reviews?where.id.in=${ids}&fields=id,book{title}&orderBy=${encodeURIComponent('{"id":"asc"}')}`,
          'critic',
        );
        expect(body.items).toEqual([
          { id: `${library.tag}-a`, book: { title: 'Alpha' } },
          { id: `${library.tag}-b`, book: null },
        ]);
      });
    });
  });
}
