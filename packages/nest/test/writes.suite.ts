// The write suite, run once per database target by writes.<target>.test.ts: every answer of a
// resource's create, update and delete at the service level (no HTTP), on a real Prisma client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { representationTag } from '../src/http/entity-tag.js';
import { Resource } from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { httpRejection } from './support/rejection.js';
import { newTag, type SeededLibrary, seedLibrary } from './support/seed.js';
import { checkTarget, openTarget, type TargetName, type TestTarget } from './support/targets.js';
import {
  type Caller,
  ReviewInput,
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
const ANN: Caller = { role: 'reader', userId: 41 };
const BOB: Caller = { role: 'reader', userId: 42 };

/** The status and body a call rejects with (an HttpException's). */
async function refusal(call: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const error = await httpRejection(call);
  return { status: error.getStatus(), body: error.getResponse() as Record<string, unknown> };
}

export async function writesSuite(name: TargetName): Promise<void> {
  const availability = await checkTarget(name);
  if (!availability.available) console.warn(`Write suite on ${name} skipped: ${availability.reason}`);

  describe.skipIf(!availability.available)(`Resource writes on ${name}`, () => {
    let target: TestTarget;
    let prisma: PrismaClient;
    let books: Resource<PrismaClient['book'], InstanceType<typeof writeBooks.dto>, WriteAbility>;
    let reviews: Resource<PrismaClient['review'], InstanceType<typeof writeReviews.dto>, WriteAbility>;
    let authors: Resource<PrismaClient['author'], InstanceType<typeof writeAuthors.dto>, WriteAbility>;
    let library: SeededLibrary;
    /** Reviews by Ann on Alpha (published) and Beta (a draft), and by Bob on Alpha. */
    let annOnAlpha: string;
    let annOnBeta: string;
    let bobOnAlpha: string;

    const bookBody = (isbn: string, extra: Record<string, unknown> = {}) => ({
      isbn,
      title: `Title ${isbn}`,
      price: '12.50',
      pages: 100,
      genre: 'FICTION',
      authorId: library.authorId,
      ...extra,
    });

    beforeAll(async () => {
      target = await openTarget(name);
      prisma = target.prisma;
      const environment = { client: prisma, accessibleWhere: writeAccess };
      books = new Resource(writeBooks, environment);
      reviews = new Resource(writeReviews, environment);
      authors = new Resource(writeAuthors, environment);
      library = await seedLibrary(prisma);
      const [alpha, beta] = library.bookIds;
      const review = async (userId: number, bookId: number) =>
        (await prisma.review.create({ data: { rating: 3, body: 'seeded', userId, bookId } })).id;
      annOnAlpha = await review(ANN.userId, alpha);
      annOnBeta = await review(ANN.userId, beta);
      bobOnAlpha = await review(BOB.userId, alpha);
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    describe('create', () => {
      it('writes the row, sets the server fields, and answers it as the caller reads it', async () => {
        const [alpha] = library.bookIds;
        const created = await reviews.create({ rating: 5, body: 'great', bookId: alpha }, {}, readOf(ANN));
        expect(created).toMatchObject({ rating: 5, body: 'great', bookId: alpha, userId: ANN.userId });
        const row = await prisma.review.findUniqueOrThrow({ where: { id: (created as { id: string }).id } });
        expect(row.userId).toBe(ANN.userId);
      });

      it('projects the answer by `fields`, as GET /:id does', async () => {
        const [alpha] = library.bookIds;
        const created = await reviews.create(
          { rating: 4, body: 'projected', bookId: alpha },
          { fields: 'rating,body' },
          readOf(ANN),
        );
        expect(created).toEqual({ rating: 4, body: 'projected' });
        const bad = await refusal(
          reviews.create({ rating: 4, body: 'never', bookId: alpha }, { fields: 'nope' }, readOf(ANN)),
        );
        expect(bad.status).toBe(400);
        expect(await prisma.review.count({ where: { body: 'never' } })).toBe(0);
      });

      it('answers undefined (a 204) when the caller may not read what it wrote', async () => {
        const isbn = `${newTag()}-c`;
        const created = await books.create(bookBody(isbn, { published: false }), {}, readOf(CONTRIBUTOR));
        expect(created).toBeUndefined();
        expect(await prisma.book.count({ where: { isbn } })).toBe(1);
      });

      it('403 for a row outside the create conditions, checked in the database, and nothing is written', async () => {
        const isbn = `${newTag()}-p`;
        for (const caller of [EDITOR, CONTRIBUTOR]) {
          const answer = await refusal(books.create(bookBody(isbn, { published: true }), {}, readOf(caller)));
          expect(answer.status).toBe(403);
          expect(answer.body.code).toBe('forbidden');
        }
        expect(await prisma.book.count({ where: { isbn } })).toBe(0);
      });

      it('403 before the body is read when the caller may create no row at all', async () => {
        const answer = await refusal(books.create({}, {}, readOf(ANN)));
        expect(answer.status).toBe(403);
      });

      it('refuses mass assignment in every body shape with a 400 naming the field', async () => {
        const [alpha] = library.bookIds;
        const base = { rating: 5, body: 'x', bookId: alpha };
        const cases: [Record<string, unknown>, string, string][] = [
          [{ ...base, userId: 99 }, 'userId', 'unknown_key'],
          [{ ...base, id: 'chosen' }, 'id', 'unknown_key'],
          [{ ...base, createdAt: '2020-01-01T00:00:00Z' }, 'createdAt', 'unknown_key'],
          [{ ...base, colour: 'red' }, 'colour', 'unknown_key'],
          [{ rating: 5, body: 'x', book: { connect: { id: alpha } } }, 'book', 'unknown_key'],
          [{ ...base, create: { id: 'x' } }, 'create', 'unknown_key'],
          [{ ...base, rating: { increment: 1 } }, 'rating', 'invalid_type'],
          [{ ...base, bookId: { connect: { id: alpha } } }, 'bookId', 'invalid_type'],
          [
            JSON.parse(`{"rating":5,"body":"x","bookId":${alpha},"__proto__":{"userId":99}}`),
            '__proto__',
            'prototype_key',
          ],
          [
            JSON.parse(`{"rating":5,"body":"x","bookId":${alpha},"constructor":{"prototype":{}}}`),
            'constructor',
            'prototype_key',
          ],
          [{ ...base, rating: 'five' }, 'rating', 'invalid_type'],
          [{ ...base, rating: 6 }, 'rating', 'invalid_value'],
          [{ ...base, rating: 2 ** 40 }, 'rating', 'invalid_type'],
          [{ ...base, body: 'a\u0000b' }, 'body', 'invalid_type'],
          [{ rating: 5, bookId: alpha }, 'body', 'invalid_value'],
        ];
        const before = await prisma.review.count();
        for (const [body, path, code] of cases) {
          const answer = await refusal(reviews.create(body, {}, readOf(ANN)));
          expect(answer.status, JSON.stringify(body)).toBe(400);
          expect(answer.body).toMatchObject({ code, path });
        }
        for (const body of [null, [], 'text', 5]) {
          expect((await refusal(reviews.create(body, {}, readOf(ANN)))).status).toBe(400);
        }
        expect(await prisma.review.count()).toBe(before);
      });

      it('a field of another role answers exactly like a misspelt one', async () => {
        const hidden = await refusal(
          books.create(bookBody(`${newTag()}-h`, { internalNote: 'mine' }), {}, readOf(EDITOR)),
        );
        const misspelt = await refusal(
          books.create(bookBody(`${newTag()}-h`, { internalNotes: 'mine' }), {}, readOf(EDITOR)),
        );
        expect(hidden.status).toBe(400);
        expect({ ...hidden.body, path: 'x', message: '', issues: [] }).toEqual({
          ...misspelt.body,
          path: 'x',
          message: '',
          issues: [],
        });
        expect((hidden.body.issues as { message: string }[])[0]?.message).toBe(
          (misspelt.body.issues as { message: string }[])[0]?.message,
        );
        // The role it is exposed to writes it.
        const isbn = `${newTag()}-n`;
        const created = await books.create(bookBody(isbn, { internalNote: 'staff' }), {}, readOf(ADMIN));
        expect(created).toMatchObject({ internalNote: 'staff' });
      });

      it('a reference to a row the caller may not read answers exactly like one to a missing row', async () => {
        const [, beta] = library.bookIds;
        const hidden = await refusal(reviews.create({ rating: 1, body: 'x', bookId: beta }, {}, readOf(ANN)));
        const missing = await refusal(
          reviews.create({ rating: 1, body: 'x', bookId: 2_000_000_000 }, {}, readOf(ANN)),
        );
        expect(hidden).toEqual(missing);
        expect(hidden.status).toBe(400);
        expect(hidden.body).toMatchObject({ code: 'invalid_reference', path: 'bookId' });
        expect(await prisma.review.count({ where: { bookId: beta, userId: ANN.userId, body: 'x' } })).toBe(0);
      });

      it('a duplicate is a 409 that names no table, column or constraint', async () => {
        const isbn = `${newTag()}-d`;
        await books.create(bookBody(isbn), {}, readOf(ADMIN));
        const answer = await refusal(books.create(bookBody(isbn), {}, readOf(ADMIN)));
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: 'The row conflicts with an existing one',
          code: 'conflict',
        });
      });

      it('a broken reference the database finds (a server-set key) is the 400 invalid_reference', async () => {
        const broken = new Resource(
          {
            ...writeReviews,
            writes: {
              create: { body: ReviewInput, set: () => ({ bookId: 2_000_000_000 }) },
            },
          },
          { client: prisma, accessibleWhere: writeAccess },
        );
        const answer = await refusal(broken.create({ rating: 2, body: 'orphan' }, {}, readOf(ADMIN)));
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'A reference names no row',
          code: 'invalid_reference',
        });
      });
    });

    describe('update', () => {
      it('the owner updates their review; another reader gets 403; a hidden row is the 404 of a missing one', async () => {
        const updated = await reviews.update(annOnAlpha, { rating: 1 }, {}, readOf(ANN));
        expect(updated).toMatchObject({ id: annOnAlpha, rating: 1 });
        const foreign = await refusal(reviews.update(annOnAlpha, { rating: 5 }, {}, readOf(BOB)));
        expect(foreign.status).toBe(403);
        expect(foreign.body.code).toBe('forbidden');
        // Ann's review of a draft: Bob may not read it; Ann may not either (reviews of drafts are hidden).
        const hidden = await refusal(reviews.update(annOnBeta, { rating: 5 }, {}, readOf(BOB)));
        const missing = await refusal(reviews.update('no-such-review', { rating: 5 }, {}, readOf(BOB)));
        expect(hidden).toEqual(missing);
        expect(hidden.status).toBe(404);
        expect((await prisma.review.findUniqueOrThrow({ where: { id: annOnAlpha } })).rating).toBe(1);
        expect((await prisma.review.findUniqueOrThrow({ where: { id: annOnBeta } })).rating).toBe(3);
      });

      it('refuses a change of the owner or the book (not in the update body) with a 400', async () => {
        for (const body of [{ userId: BOB.userId }, { bookId: library.bookIds[2] }, { id: 'moved' }]) {
          const answer = await refusal(reviews.update(annOnAlpha, body, {}, readOf(ANN)));
          expect(answer.status).toBe(400);
          expect(answer.body.code).toBe('unknown_key');
        }
        const row = await prisma.review.findUniqueOrThrow({ where: { id: annOnAlpha } });
        expect(row).toMatchObject({ userId: ANN.userId, bookId: library.bookIds[0] });
      });

      it('editors may not publish: an update may neither start nor end outside the update conditions', async () => {
        const [alpha, beta] = library.bookIds;
        const publish = await refusal(books.update(beta, { published: true }, {}, readOf(EDITOR)));
        expect(publish.status).toBe(403);
        expect((await prisma.book.findUniqueOrThrow({ where: { id: beta } })).published).toBe(false);
        const published = await refusal(books.update(alpha, { title: 'Edited' }, {}, readOf(EDITOR)));
        expect(published.status).toBe(403);
        expect((await prisma.book.findUniqueOrThrow({ where: { id: alpha } })).title).toBe('Alpha');
        const draft = await books.update(beta, { pages: 222 }, { fields: 'id,pages' }, readOf(EDITOR));
        expect(draft).toEqual({ id: beta, pages: 222 });
      });

      it('answers undefined (a 204) when the caller may no longer read the row', async () => {
        const isbn = `${newTag()}-u`;
        const created = (await books.create(bookBody(isbn, { published: true }), {}, readOf(ADMIN))) as {
          id: number;
        };
        expect(await books.update(created.id, { pages: 5 }, {}, readOf(CONTRIBUTOR))).toMatchObject({
          pages: 5,
        });
        expect(await books.update(created.id, { published: false }, {}, readOf(CONTRIBUTOR))).toBeUndefined();
        expect((await prisma.book.findUniqueOrThrow({ where: { id: created.id } })).published).toBe(false);
        // Out of its sight now: the 404 of a missing row, and nothing written.
        expect((await refusal(books.update(created.id, { pages: 6 }, {}, readOf(CONTRIBUTOR)))).status).toBe(
          404,
        );
        expect((await prisma.book.findUniqueOrThrow({ where: { id: created.id } })).pages).toBe(5);
      });

      it('If-Match: a match writes, a stale tag is a 412 and nothing is written, a malformed one a 400', async () => {
        const [, , gamma] = library.bookIds;
        const current = await books.findById(gamma, {}, readOf(ADMIN));
        const tag = representationTag(current);
        const updated = await books.update(gamma, { pages: 301 }, {}, readOf(ADMIN), { ifMatch: tag });
        expect(updated).toMatchObject({ pages: 301 });
        const stale = await refusal(books.update(gamma, { pages: 999 }, {}, readOf(ADMIN), { ifMatch: tag }));
        expect(stale.status).toBe(412);
        expect(stale.body.code).toBe('precondition_failed');
        const malformed = await refusal(
          books.update(gamma, { pages: 999 }, {}, readOf(ADMIN), { ifMatch: 'no-quotes' }),
        );
        expect(malformed.status).toBe(400);
        expect(malformed.body.code).toBe('invalid_precondition');
        expect((await prisma.book.findUniqueOrThrow({ where: { id: gamma } })).pages).toBe(301);
        const fresh = representationTag(await books.findById(gamma, {}, readOf(ADMIN)));
        expect(
          await books.update(gamma, { pages: 300 }, {}, readOf(ADMIN), { ifMatch: `"x", ${fresh}` }),
        ).toMatchObject({
          pages: 300,
        });
        expect(await books.update(gamma, { pages: 300 }, {}, readOf(ADMIN), { ifMatch: '*' })).toBeDefined();
        // The tag is of the row as the caller reads it with the same `fields`.
        const projected = representationTag(
          await books.findById(gamma, { fields: 'id,pages' }, readOf(ADMIN)),
        );
        expect(
          await books.update(gamma, { pages: 300 }, { fields: 'id,pages' }, readOf(ADMIN), {
            ifMatch: projected,
          }),
        ).toEqual({ id: gamma, pages: 300 });
      });

      it('a duplicate is a 409 and the row is unchanged', async () => {
        const [alpha, beta] = library.bookIds;
        const answer = await refusal(books.update(beta, { isbn: `${library.tag}-Alpha` }, {}, readOf(ADMIN)));
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe('conflict');
        expect(JSON.stringify(answer.body)).not.toMatch(/isbn|Book|_key/);
        expect((await prisma.book.findUniqueOrThrow({ where: { id: beta } })).isbn).toBe(
          `${library.tag}-Beta`,
        );
        expect(alpha).toBeDefined();
      });

      it('an id that cannot be a key, and a missing row, are the 404 of a missing row', async () => {
        expect((await refusal(books.update('abc', { pages: 1 }, {}, readOf(ADMIN)))).status).toBe(404);
        expect((await refusal(books.update(2_000_000_000, { pages: 1 }, {}, readOf(ADMIN)))).status).toBe(
          404,
        );
      });
    });

    describe('delete', () => {
      it('the owner deletes their review and gets it back; others get 403 or 404', async () => {
        const [alpha] = library.bookIds;
        const mine = (await reviews.create(
          { rating: 2, body: 'to delete', bookId: alpha },
          {},
          readOf(BOB),
        )) as {
          id: string;
        };
        const foreign = await refusal(reviews.delete(mine.id, {}, readOf(ANN)));
        expect(foreign.status).toBe(403);
        const hidden = await refusal(reviews.delete(annOnBeta, {}, readOf(BOB)));
        expect(hidden).toEqual(await refusal(reviews.delete('no-such-review', {}, readOf(BOB))));
        expect(hidden.status).toBe(404);
        const deleted = await reviews.delete(mine.id, {}, readOf(BOB));
        expect(deleted).toMatchObject({ id: mine.id, body: 'to delete' });
        expect(await prisma.review.count({ where: { id: mine.id } })).toBe(0);
        expect(await prisma.review.count({ where: { id: annOnBeta } })).toBe(1);
        expect(bobOnAlpha).toBeDefined();
      });

      it('a caller with no delete rule gets 403 on a row it may read', async () => {
        const [alpha] = library.bookIds;
        expect((await refusal(books.delete(alpha, {}, readOf(EDITOR)))).status).toBe(403);
        expect(await prisma.book.count({ where: { id: alpha } })).toBe(1);
      });

      it('If-Match on a delete: a stale tag is a 412 and the row stays', async () => {
        const isbn = `${newTag()}-m`;
        const created = (await books.create(bookBody(isbn), {}, readOf(ADMIN))) as { id: number };
        const stale = await refusal(books.delete(created.id, {}, readOf(ADMIN), { ifMatch: 'W/"stale"' }));
        expect(stale.status).toBe(412);
        expect(await prisma.book.count({ where: { id: created.id } })).toBe(1);
        const tag = representationTag(await books.findById(created.id, {}, readOf(ADMIN)));
        expect(await books.delete(created.id, {}, readOf(ADMIN), { ifMatch: tag })).toMatchObject({ isbn });
        expect(await prisma.book.count({ where: { id: created.id } })).toBe(0);
      });

      it('a row other rows still reference is a 409 that names nothing', async () => {
        const answer = await refusal(authors.delete(library.authorId, {}, readOf(ADMIN)));
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: 'Other rows still reference this row',
          code: 'still_referenced',
        });
        expect(await prisma.author.count({ where: { id: library.authorId } })).toBe(1);
      });
    });

    describe("the application's transaction", () => {
      it('writes on the transaction client: rolled back with it, committed with it', async () => {
        const isbn = `${newTag()}-t`;
        await expect(
          prisma.$transaction(async (tx) => {
            await books.create(bookBody(isbn), {}, readOf(ADMIN), { tx });
            expect(await tx.book.count({ where: { isbn } })).toBe(1);
            throw new Error('the application gives up');
          }),
        ).rejects.toThrow('the application gives up');
        expect(await prisma.book.count({ where: { isbn } })).toBe(0);
        const answer = await prisma.$transaction(async (tx) => {
          const created = (await books.create(bookBody(isbn), {}, readOf(ADMIN), { tx })) as { id: number };
          await tx.book.update({ where: { id: created.id }, data: { pages: 7 } });
          return created;
        });
        expect((await prisma.book.findUniqueOrThrow({ where: { id: answer.id } })).pages).toBe(7);
      });
    });

    it('a trusted write merges no access filter; a write without a caller is refused', async () => {
      const [alpha] = library.bookIds;
      const created = await reviews.create(
        { rating: 3, body: 'system', bookId: alpha },
        {},
        { trusted: true },
      );
      expect(created).toMatchObject({ body: 'system', userId: 0 });
      await expect(reviews.create({ rating: 3, body: 'nobody', bookId: alpha })).rejects.toThrow(/ability/);
    });
  });
}
