// The bulk write suite, run once per database target by bulk-writes.<target>.test.ts: createMany,
// updateMany and deleteMany at the service level, every row under the guarantees of the single
// writes (writes.suite.ts), all or nothing, on a real Prisma client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacetConfigurationError } from '../src/advanced/index.js';
import { Resource } from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { httpRejection, rejection } from './support/rejection.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { checkTarget, openTarget, type TargetName, type TestTarget } from './support/targets.js';
import {
  BULK_MAX_ROWS,
  type Caller,
  readOf,
  type WriteAbility,
  writeAccess,
  writeAuthors,
  writeBooks,
  writeReviews,
} from './support/write-fixtures.js';

const ADMIN: Caller = { role: 'admin', userId: 1 };
const EDITOR: Caller = { role: 'editor', userId: 2 };
const CONTRIBUTOR: Caller = { role: 'contributor', userId: 3 };
const ANN: Caller = { role: 'reader', userId: 51 };
const BOB: Caller = { role: 'reader', userId: 52 };

async function refusal(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const error = await httpRejection(call);
  return { status: error.getStatus(), body: error.getResponse() as Record<string, unknown> };
}

type Row = Record<string, unknown>;

export async function bulkWritesSuite(name: TargetName): Promise<void> {
  const availability = await checkTarget(name);
  if (!availability.available) console.warn(`Bulk write suite on ${name} skipped: ${availability.reason}`);

  describe.skipIf(!availability.available)(`Resource bulk writes on ${name}`, () => {
    let target: TestTarget;
    let prisma: PrismaClient;
    let books: Resource<PrismaClient['book'], InstanceType<typeof writeBooks.dto>, WriteAbility>;
    let reviews: Resource<PrismaClient['review'], InstanceType<typeof writeReviews.dto>, WriteAbility>;
    let authors: Resource<PrismaClient['author'], InstanceType<typeof writeAuthors.dto>, WriteAbility>;

    /** A fresh author with Alpha (published), Beta (draft), Gamma (published). */
    const library = () => seedLibrary(prisma);
    const bookBody = (lib: SeededLibrary, isbn: string, extra: Row = {}) => ({
      isbn,
      title: `Title ${isbn}`,
      price: '3.00',
      pages: 10,
      genre: 'FICTION' as const,
      authorId: lib.authorId,
      ...extra,
    });
    /** Every book of an author, as the database has it (what a refused write must leave alone). */
    const booksOf = (lib: SeededLibrary) =>
      prisma.book.findMany({ where: { authorId: lib.authorId }, orderBy: { id: 'asc' } });
    const reviewsOn = (lib: SeededLibrary) =>
      prisma.review.findMany({ where: { bookId: { in: [...lib.bookIds] } }, orderBy: { id: 'asc' } });

    beforeAll(async () => {
      target = await openTarget(name);
      prisma = target.prisma;
      const environment = { client: prisma, accessibleWhere: writeAccess };
      books = new Resource(writeBooks, environment);
      reviews = new Resource(writeReviews, environment);
      authors = new Resource(writeAuthors, environment);
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    describe('createMany', () => {
      it('writes every row, sets the server fields of each, and answers the count', async () => {
        const lib = await library();
        const [alpha, , gamma] = lib.bookIds;
        const answer = await reviews.createMany(
          [
            { rating: 5, body: 'one', bookId: alpha },
            { rating: 4, body: 'two', bookId: gamma },
          ],
          readOf(ANN),
        );
        expect(answer).toEqual({ count: 2 });
        const rows = await reviewsOn(lib);
        expect(rows.map((row) => [row.body, row.userId]).sort()).toEqual([
          ['one', ANN.userId],
          ['two', ANN.userId],
        ]);
        expect(await reviews.createMany([], readOf(ANN))).toEqual({ count: 0 });
      });

      it('refuses mass assignment in any row with the 400 of create, the row index in the path, and writes none', async () => {
        const lib = await library();
        const [alpha] = lib.bookIds;
        const good = { rating: 5, body: 'fine', bookId: alpha };
        const cases: [unknown[], string, string][] = [
          [[good, { ...good, userId: 99 }], '[1].userId', 'unknown_key'],
          [[{ ...good, id: 'chosen' }, good], '[0].id', 'unknown_key'],
          [
            [good, good, { rating: 5, body: 'x', book: { connect: { id: alpha } } }],
            '[2].book',
            'unknown_key',
          ],
          [[good, { ...good, rating: { increment: 1 } }], '[1].rating', 'invalid_type'],
          [
            [good, JSON.parse(`{"rating":5,"body":"x","bookId":${alpha},"__proto__":{"userId":9}}`)],
            '[1].__proto__',
            'prototype_key',
          ],
          [[good, { ...good, rating: 6 }], '[1].rating', 'invalid_value'],
          [[{ rating: 5, bookId: alpha }], '[0].body', 'invalid_value'],
        ];
        for (const [bodies, path, code] of cases) {
          const answer = await refusal(reviews.createMany(bodies, readOf(ANN)));
          expect(answer.status, path).toBe(400);
          expect(answer.body).toMatchObject({ code, path });
        }
        for (const bodies of [null, { 0: good }, 'text', [null], [[good]]]) {
          expect((await refusal(reviews.createMany(bodies as never, readOf(ANN)))).status).toBe(400);
        }
        expect(await reviewsOn(lib)).toEqual([]);
      });

      it('a field of another role in a row answers exactly like a misspelt one', async () => {
        const lib = await library();
        const hidden = await refusal(
          books.createMany([bookBody(lib, `${lib.tag}-1`, { internalNote: 'n' })], readOf(EDITOR)),
        );
        const misspelt = await refusal(
          books.createMany([bookBody(lib, `${lib.tag}-1`, { internalNotes: 'n' })], readOf(EDITOR)),
        );
        expect(hidden.status).toBe(400);
        const strip = (body: Row) => ({ ...body, path: '', message: '', issues: [] });
        expect(strip(hidden.body)).toEqual(strip(misspelt.body));
        expect(await booksOf(lib)).toHaveLength(3);
      });

      it('403 when any row falls outside the create conditions, and nothing is written', async () => {
        const lib = await library();
        const before = await booksOf(lib);
        for (const caller of [EDITOR, CONTRIBUTOR]) {
          const answer = await refusal(
            books.createMany(
              [bookBody(lib, `${lib.tag}-d`), bookBody(lib, `${lib.tag}-p`, { published: true })],
              readOf(caller),
            ),
          );
          expect(answer.status).toBe(403);
          expect(answer.body.code).toBe('forbidden');
        }
        expect(await booksOf(lib)).toEqual(before);
        // Drafts only: allowed, both written.
        const drafts = [bookBody(lib, `${lib.tag}-d1`), bookBody(lib, `${lib.tag}-d2`)];
        expect(await books.createMany(drafts, readOf(EDITOR))).toEqual({ count: 2 });
        expect(await booksOf(lib)).toHaveLength(before.length + 2);
      });

      it('403 before the bodies are read when the caller may create no row at all', async () => {
        const answer = await refusal(books.createMany([{}], readOf(ANN)));
        expect(answer.status).toBe(403);
      });

      it('a reference to a row the caller may not read in any row answers like one to a missing row', async () => {
        const lib = await library();
        const [alpha, beta] = lib.bookIds;
        const rows = (bookId: number) => [
          { rating: 1, body: 'x', bookId: alpha },
          { rating: 1, body: 'x', bookId },
        ];
        const hidden = await refusal(reviews.createMany(rows(beta), readOf(ANN)));
        const missing = await refusal(reviews.createMany(rows(2_000_000_000), readOf(ANN)));
        expect(hidden).toEqual(missing);
        expect(hidden.status).toBe(400);
        expect(hidden.body).toMatchObject({ code: 'invalid_reference', path: '[1].bookId' });
        expect(await reviewsOn(lib)).toEqual([]);
      });

      it(`more than maxRows (${BULK_MAX_ROWS}) bodies is a 400 before anything is written`, async () => {
        const lib = await library();
        const [alpha] = lib.bookIds;
        const many = Array.from({ length: BULK_MAX_ROWS + 1 }, (_, index) => ({
          rating: 3,
          body: `row ${index}`,
          bookId: alpha,
        }));
        const answer = await refusal(reviews.createMany(many, readOf(ANN)));
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 'too_many', path: '' });
        expect((answer.body.issues as { limit?: number }[])[0]?.limit).toBe(BULK_MAX_ROWS);
        expect(await reviewsOn(lib)).toEqual([]);
        expect(await reviews.createMany(many.slice(1), readOf(ANN))).toEqual({ count: BULK_MAX_ROWS });
      });

      it('a duplicate in the batch is a 409 that names nothing, and the batch is rolled back', async () => {
        const lib = await library();
        const before = await booksOf(lib);
        const isbn = `${lib.tag}-dup`;
        const answer = await refusal(
          books.createMany(
            [bookBody(lib, `${lib.tag}-ok`), bookBody(lib, isbn), bookBody(lib, isbn)],
            readOf(ADMIN),
          ),
        );
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: 'The row conflicts with an existing one',
          code: 'conflict',
        });
        expect(await booksOf(lib)).toEqual(before);
      });
    });

    describe('updateMany', () => {
      it('writes the body to every matching row the caller may change, and answers the count', async () => {
        const lib = await library();
        const answer = await books.updateMany(
          { authorId: lib.authorId, published: false },
          { title: 'Renamed' },
          readOf(EDITOR),
        );
        const after = await booksOf(lib);
        const expected = after.filter((row) => !row.published);
        expect(answer).toEqual({ count: expected.length });
        expect(after.filter((row) => row.title === 'Renamed')).toEqual(expected);
      });

      it('403 when a matching row is one the caller may read but not change; nothing is written', async () => {
        const lib = await library();
        const before = await booksOf(lib);
        const answer = await refusal(
          books.updateMany({ authorId: lib.authorId }, { pages: 1 }, readOf(EDITOR)),
        );
        expect(answer.status).toBe(403);
        expect(await booksOf(lib)).toEqual(before);
      });

      it('an editor may not publish through updateMany: 403, rolled back', async () => {
        const lib = await library();
        const before = await booksOf(lib);
        const answer = await refusal(
          books.updateMany({ authorId: lib.authorId, published: false }, { published: true }, readOf(EDITOR)),
        );
        expect(answer.status).toBe(403);
        expect(await booksOf(lib)).toEqual(before);
      });

      it('rows the caller may not read are not there: neither matched, nor counted, nor written', async () => {
        const lib = await library();
        const [alpha, beta, gamma] = lib.bookIds;
        // The contributor reads published books only, and may update any book.
        const answer = await books.updateMany({ authorId: lib.authorId }, { pages: 7 }, readOf(CONTRIBUTOR));
        expect(answer).toEqual({ count: 2 });
        const pages = new Map((await booksOf(lib)).map((row) => [row.id, row.pages]));
        expect([pages.get(alpha), pages.get(beta), pages.get(gamma)]).toEqual([7, 200, 7]);
        // A relation filter reaches the related rows through their own read rules: Ann cannot see
        // Beta (a draft), so reviews "of Beta" match nothing for her.
        await prisma.review.create({ data: { rating: 2, body: 'mine', userId: ANN.userId, bookId: beta } });
        const none = await reviews.updateMany(
          { book: { is: { id: beta } }, userId: ANN.userId },
          { rating: 5 },
          readOf(ANN),
        );
        expect(none).toEqual({ count: 0 });
        expect((await reviewsOn(lib))[0]?.rating).toBe(2);
      });

      it("the where is checked as a read's: a hidden field answers like a misspelt one, operators and budgets hold", async () => {
        const lib = await library();
        const before = await booksOf(lib);
        const hidden = await refusal(books.updateMany({ internalNote: 'x' }, { pages: 2 }, readOf(EDITOR)));
        const misspelt = await refusal(
          books.updateMany({ internalNotes: 'x' }, { pages: 2 }, readOf(EDITOR)),
        );
        expect(hidden.status).toBe(400);
        const strip = (body: Row) => ({ ...body, path: '', message: '', issues: [] });
        expect(strip(hidden.body)).toEqual(strip(misspelt.body));
        expect(hidden.body.path).toBe('where.internalNote');
        const bad: unknown[] = [
          { title: { regex: 'x' } },
          { title: { contains: 5 } },
          { pages: { gt: 'many' } },
          { $queryRaw: 1 },
          { AND: Array.from({ length: 500 }, () => ({ pages: 1 })) },
        ];
        for (const where of bad) {
          const answer = await refusal(books.updateMany(where as object, { pages: 2 }, readOf(ADMIN)));
          expect(answer.status, JSON.stringify(where).slice(0, 60)).toBe(400);
        }
        const missing = await refusal(books.updateMany(undefined as never, { pages: 2 }, readOf(ADMIN)));
        expect(missing.body).toMatchObject({ code: 'invalid_value', path: 'where' });
        expect(await booksOf(lib)).toEqual(before);
        // The admin sees internalNote: the same where is a filter for it.
        await prisma.book.update({ where: { id: lib.bookIds[0] }, data: { internalNote: lib.tag } });
        expect(await books.updateMany({ internalNote: lib.tag }, { pages: 2 }, readOf(ADMIN))).toEqual({
          count: 1,
        });
      });

      it('the body is checked as update checks it: mass assignment is a 400 and nothing is written', async () => {
        const lib = await library();
        const [alpha] = lib.bookIds;
        await prisma.review.create({ data: { rating: 2, body: 'mine', userId: ANN.userId, bookId: alpha } });
        const before = await reviewsOn(lib);
        for (const body of [{ userId: BOB.userId }, { bookId: alpha }, { rating: 9 }, [], { __proto__: 1 }]) {
          const answer = await refusal(reviews.updateMany({ userId: ANN.userId }, body, readOf(ANN)));
          expect(answer.status, JSON.stringify(body)).toBe(400);
        }
        expect(await reviewsOn(lib)).toEqual(before);
      });

      it(`more than maxRows (${BULK_MAX_ROWS}) matching rows is a 400 before anything is written`, async () => {
        const lib = await library();
        await prisma.book.createMany({
          data: Array.from({ length: BULK_MAX_ROWS }, (_, index) => ({
            ...bookBody(lib, `${lib.tag}-m${index}`),
            price: '1.00',
          })),
        });
        const before = await booksOf(lib);
        expect(before.length).toBeGreaterThan(BULK_MAX_ROWS);
        const answer = await refusal(
          books.updateMany({ authorId: lib.authorId }, { pages: 3 }, readOf(ADMIN)),
        );
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 'too_many', path: 'where' });
        expect(await booksOf(lib)).toEqual(before);
        // The budget counts what the caller may read: the contributor sees the two published ones.
        expect(await books.updateMany({ authorId: lib.authorId }, { pages: 3 }, readOf(CONTRIBUTOR))).toEqual(
          {
            count: 2,
          },
        );
      });

      it("runs on the application's transaction: rolled back with it", async () => {
        const lib = await library();
        const before = await booksOf(lib);
        const failure = await rejection(
          prisma.$transaction(async (tx) => {
            await books.updateMany({ authorId: lib.authorId }, { pages: 4 }, readOf(ADMIN), { tx });
            throw new Error('the application changed its mind');
          }),
        );
        expect((failure as Error).message).toBe('the application changed its mind');
        expect(await booksOf(lib)).toEqual(before);
      });
    });

    describe('deleteMany', () => {
      it('deletes the matching rows the caller may delete, and answers the count', async () => {
        const lib = await library();
        const [alpha, , gamma] = lib.bookIds;
        await reviews.createMany(
          [
            { rating: 1, body: 'a', bookId: alpha },
            { rating: 1, body: 'b', bookId: gamma },
          ],
          readOf(ANN),
        );
        await reviews.createMany([{ rating: 1, body: 'c', bookId: alpha }], readOf(BOB));
        // Bob's review matches too: 403, nothing deleted.
        const foreign = await refusal(reviews.deleteMany({ bookId: { in: [alpha, gamma] } }, readOf(ANN)));
        expect(foreign.status).toBe(403);
        expect(await reviewsOn(lib)).toHaveLength(3);
        const answer = await reviews.deleteMany(
          { bookId: { in: [alpha, gamma] }, userId: ANN.userId },
          readOf(ANN),
        );
        expect(answer).toEqual({ count: 2 });
        expect((await reviewsOn(lib)).map((row) => row.userId)).toEqual([BOB.userId]);
      });

      it('403 for a caller with no delete rule, 409 for rows still referenced (nothing deleted)', async () => {
        const lib = await library();
        const [alpha] = lib.bookIds;
        expect((await refusal(books.deleteMany({ authorId: lib.authorId }, readOf(EDITOR)))).status).toBe(
          403,
        );
        await prisma.review.create({ data: { rating: 2, body: 'ref', userId: ANN.userId, bookId: alpha } });
        const before = await booksOf(lib);
        const answer = await refusal(books.deleteMany({ authorId: lib.authorId }, readOf(ADMIN)));
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe('still_referenced');
        expect(await booksOf(lib)).toEqual(before);
      });

      it("the where is checked and budgeted as updateMany's", async () => {
        const lib = await library();
        const hidden = await refusal(books.deleteMany({ internalNote: null }, readOf(EDITOR)));
        expect(hidden.body).toMatchObject({ code: 'unknown_key', path: 'where.internalNote' });
        expect((await refusal(books.deleteMany(undefined as never, readOf(ADMIN)))).status).toBe(400);
        await prisma.book.createMany({
          data: Array.from({ length: BULK_MAX_ROWS }, (_, index) => bookBody(lib, `${lib.tag}-x${index}`)),
        });
        const before = await booksOf(lib);
        const answer = await refusal(books.deleteMany({ authorId: lib.authorId }, readOf(ADMIN)));
        expect(answer.body).toMatchObject({ code: 'too_many', path: 'where' });
        expect(await booksOf(lib)).toEqual(before);
      });
    });

    it('bulk writes are off unless declared; a call of one is a configuration error', async () => {
      for (const call of [
        () => authors.createMany([], readOf(ADMIN)),
        () => authors.updateMany({}, {}, readOf(ADMIN)),
        () => authors.deleteMany({ id: -1 }, readOf(ADMIN)),
      ]) {
        expect(() => call()).toThrow(FacetConfigurationError);
      }
      expect(authors.writes('delete')).toBe(true);
      expect(authors.writes('delete', true)).toBe(false);
      expect(books.writes('update', true)).toBe(true);
    });
  });
}
