// The write contract of the example (README.md, "Writes"), over HTTP against the real app on its own
// database (PGlite always, PostgreSQL when reachable): every answer per role, ownership, drafts,
// mass assignment, hidden references, If-Match, conflicts, and a generated sweep of writes per role
// whose database afterwards is compared with what the rules allow. This file's suites write; each
// target's database is its own, created for it and dropped after.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { type JsonResponse, type Role, request, TOKENS } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
const USER_ID = { admin: 1, editor: 2, reader: 3 } as const satisfies Record<
  Exclude<Role, 'anonymous'>,
  number
>;
for (const [role, id] of Object.entries(USER_ID)) {
  if (fx.users.find((user) => user.id === id)?.role !== role)
    throw new Error(`the fixture's user ${id} is no ${role}`);
}
const published = fx.books.filter((book) => book.published);
const drafts = fx.books.filter((book) => !book.published);
const reviewOn = (books: readonly { id: number }[], userId: number) =>
  fx.reviews.find((review) => review.userId === userId && books.some((book) => book.id === review.bookId))!;

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  path?: string;
}
type Row = Record<string, unknown>;

/** An error body with every mention of one field name replaced by another (the oracle property). */
const naming = (body: unknown, from: string, to: string): unknown =>
  JSON.parse(JSON.stringify(body).replaceAll(`${from}`, to));

let isbnSeed = 9_790_100_000_000;
const nextIsbn = () => String(isbnSeed++);
const newBook = (change: Row = {}): Row => ({
  isbn: nextIsbn(),
  title: 'Written by a test',
  price: '12.50',
  pages: 123,
  genre: 'TECH',
  authorId: fx.authors[0]!.id,
  ...change,
});

/** What no error body may name: tables, columns, constraints, Prisma's codes. */
function expectNoSchemaNames(response: JsonResponse) {
  for (const name of ['Book', 'Review', '_key', '_fkey', 'constraint', 'P20', 'prisma', 'SQL']) {
    expect(response.text, name).not.toContain(name);
  }
}

await onEachTarget('library writes', ({ app, get }) => {
  const send = <T = ErrorBody>(
    method: string,
    path: string,
    role: Role,
    body?: unknown,
    headers?: Record<string, string>,
  ) => request<T>(app().api, path, { role, method, body, ...(headers ? { headers } : {}) });
  const prisma = () => app().database.prisma;
  const bookRow = (id: number) => prisma().book.findUnique({ where: { id } });
  const reviewRow = (id: string) => prisma().review.findUnique({ where: { id } });

  describe('anonymous callers write nothing (401)', () => {
    it.each([
      ['POST', '/books', newBook()],
      ['PATCH', `/books/${published[0]!.id}`, { pages: 2 }],
      ['DELETE', `/books/${published[0]!.id}`, undefined],
      ['POST', '/reviews', { bookId: published[0]!.id, rating: 5, body: 'anonymous' }],
      ['PATCH', `/reviews/${fx.reviews[0]!.id}`, { rating: 1 }],
      ['DELETE', `/reviews/${fx.reviews[0]!.id}`, undefined],
      ['DELETE', '/reviews/no-such-review', undefined],
    ])('%s %s', async (method, path, body) => {
      const before = [await prisma().book.count(), await prisma().review.count()];
      const response = await send(method, path, 'anonymous', body);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, code: 'unauthorized' });
      expect([await prisma().book.count(), await prisma().review.count()]).toEqual(before);
    });
  });

  describe('books', () => {
    it('readers may change no book: 403 for one they read, 404 for a draft, as for a missing one', async () => {
      expect((await send('POST', '/books', 'reader', newBook())).status).toBe(403);
      // Permission comes before the body: a half-written book is a 403 too.
      expect((await send('POST', '/books', 'reader', {})).status).toBe(403);
      for (const method of ['PATCH', 'DELETE']) {
        const body = method === 'PATCH' ? { pages: 2 } : undefined;
        expect((await send(method, `/books/${published[0]!.id}`, 'reader', body)).status).toBe(403);
        const hidden = await send(method, `/books/${drafts[0]!.id}`, 'reader', body);
        const missing = await send(method, '/books/999999', 'reader', body);
        expect(hidden.status).toBe(404);
        expect(hidden.body).toEqual(missing.body);
      }
      expect(await bookRow(published[0]!.id)).toMatchObject({ pages: published[0]!.pages });
    });

    it('editors create drafts, never published books', async () => {
      const draft = await send<Row>('POST', '/books', 'editor', newBook());
      expect(draft.status, draft.text).toBe(201);
      expect(draft.body).toMatchObject({ published: false, price: '12.50', internalNote: '' });
      const before = await prisma().book.count();
      const live = await send('POST', '/books', 'editor', newBook({ published: true }));
      expect(live.status).toBe(403);
      expect(live.body.code).toBe('forbidden');
      expect(await prisma().book.count()).toBe(before);
    });

    it('editors update drafts only, and may not publish one', async () => {
      const draft = drafts[1]!;
      const renamed = await send<Row>('PATCH', `/books/${draft.id}`, 'editor', { title: 'Renamed draft' });
      expect(renamed.status, renamed.text).toBe(200);
      expect(renamed.body).toMatchObject({ id: draft.id, title: 'Renamed draft', published: false });
      const publish = await send('PATCH', `/books/${draft.id}`, 'editor', { published: true, title: 'Live' });
      expect(publish.status).toBe(403);
      expect(await bookRow(draft.id)).toMatchObject({ published: false, title: 'Renamed draft' });
      const live = published[1]!;
      expect((await send('PATCH', `/books/${live.id}`, 'editor', { title: 'Not mine to edit' })).status).toBe(
        403,
      );
      expect((await send('PATCH', `/books/${live.id}`, 'editor', { published: false })).status).toBe(403);
      expect(await bookRow(live.id)).toMatchObject({ title: live.title, published: true });
      expect((await send('DELETE', `/books/${draft.id}`, 'editor')).status).toBe(403);
      expect((await send('DELETE', '/books/999999', 'editor')).status).toBe(404);
    });

    it('admins create, publish, write the staff note and delete', async () => {
      const created = await send<Row>(
        'POST',
        '/books',
        'admin',
        newBook({ published: true, internalNote: 'admin note' }),
      );
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({ published: true, internalNote: 'admin note' });
      const id = created.body.id as number;
      expect((await get(`/books/${id}`, 'reader')).status).toBe(200);
      const unpublish = await send<Row>('PATCH', `/books/${id}`, 'admin', {
        published: false,
        publishedAt: null,
      });
      expect(unpublish.body).toMatchObject({ published: false, publishedAt: null });
      const deleted = await send<Row>('DELETE', `/books/${id}?fields=id,title`, 'admin');
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ id, title: 'Written by a test' });
      expect(await bookRow(id)).toBeNull();
      expect((await send('DELETE', `/books/${id}`, 'admin')).status).toBe(404);
    });

    it('answers the written row projected by fields, as the caller reads it', async () => {
      const created = await send<Row>('POST', '/books?fields=id,title,author{name}', 'editor', newBook());
      expect(created.status).toBe(201);
      expect(Object.keys(created.body).sort()).toEqual(['author', 'id', 'title']);
      expect(created.body.author).toEqual({ name: fx.authors[0]!.name });
      expect((await send('POST', '/books?fields=id,email', 'admin', newBook())).status).toBe(400);
    });

    it('a duplicate ISBN is a 409 naming no table, column or constraint', async () => {
      const taken = fx.books[0]!.isbn;
      for (const [method, path] of [
        ['POST', '/books'],
        ['PATCH', `/books/${fx.books[1]!.id}`],
      ] as const) {
        const response = await send(
          method,
          path,
          'admin',
          method === 'POST' ? newBook({ isbn: taken }) : { isbn: taken },
        );
        expect(response.status, response.text).toBe(409);
        expect(response.body).toMatchObject({ statusCode: 409, code: 'conflict' });
        expectNoSchemaNames(response);
      }
      expect(await prisma().book.count({ where: { isbn: taken } })).toBe(1);
    });

    it('a reference to a missing author is a 400 naming the field, and nothing else', async () => {
      const response = await send('POST', '/books', 'admin', newBook({ authorId: 999_999 }));
      expect(response.status).toBe(400);
      expect(response.body.path).toBe('authorId');
      expectNoSchemaNames(response);
    });
  });

  describe('reviews', () => {
    const mine = reviewOn(published, USER_ID.reader);
    const others = reviewOn(published, USER_ID.editor);
    const hiddenOwn = reviewOn(drafts, USER_ID.reader);

    it('readers write reviews as themselves, of books they may read', async () => {
      const created = await send<Row>('POST', '/reviews', 'reader', {
        bookId: published[2]!.id,
        rating: 4,
        body: 'Good',
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body).toMatchObject({
        bookId: published[2]!.id,
        userId: USER_ID.reader,
        rating: 4,
        body: 'Good',
      });
      expect(await reviewRow(created.body.id as string)).toMatchObject({ userId: USER_ID.reader });
    });

    it('a review of a book the caller may not read answers as one of a missing book', async () => {
      const before = await prisma().review.count();
      const hidden = await send('POST', '/reviews', 'reader', {
        bookId: drafts[0]!.id,
        rating: 3,
        body: 'x',
      });
      const missing = await send('POST', '/reviews', 'reader', { bookId: 999_999, rating: 3, body: 'x' });
      expect(hidden.status).toBe(400);
      expect(hidden.body).toEqual(missing.body);
      expect(hidden.body.path).toBe('bookId');
      expect(await prisma().review.count()).toBe(before);
      // An editor reads drafts, so may review one.
      const editor = await send<Row>('POST', '/reviews', 'editor', {
        bookId: drafts[0]!.id,
        rating: 3,
        body: 'Draft',
      });
      expect(editor.status).toBe(201);
      expect(editor.body.userId).toBe(USER_ID.editor);
    });

    it("the author is the server's: userId in a body is refused like an unknown field", async () => {
      const withUser = await send('POST', '/reviews', 'reader', {
        bookId: published[0]!.id,
        rating: 5,
        body: 'x',
        userId: USER_ID.admin,
      });
      const unknown = await send('POST', '/reviews', 'reader', {
        bookId: published[0]!.id,
        rating: 5,
        body: 'x',
        colour: 1,
      });
      expect(withUser.status).toBe(400);
      expect(withUser.body).toMatchObject({ code: 'unknown_key', path: 'userId' });
      expect(naming(withUser.body, 'userId', 'colour')).toEqual(unknown.body);
      const patch = await send('PATCH', `/reviews/${mine.id}`, 'reader', { userId: USER_ID.admin });
      expect(patch.body).toMatchObject({ code: 'unknown_key', path: 'userId' });
      expect(await reviewRow(mine.id)).toMatchObject({ userId: USER_ID.reader });
    });

    it('callers change their own reviews only; admins any', async () => {
      const own = await send<Row>('PATCH', `/reviews/${mine.id}`, 'reader', {
        rating: 2,
        body: 'Changed my mind',
      });
      expect(own.status, own.text).toBe(200);
      expect(own.body).toMatchObject({
        id: mine.id,
        rating: 2,
        body: 'Changed my mind',
        userId: USER_ID.reader,
      });
      const foreign = await send('PATCH', `/reviews/${others.id}`, 'reader', { rating: 1 });
      expect(foreign.status).toBe(403);
      expect((await send('DELETE', `/reviews/${others.id}`, 'reader')).status).toBe(403);
      expect(await reviewRow(others.id)).toMatchObject({ rating: others.rating });
      // Their own review of a book they no longer read: 404, as for a review that does not exist.
      const hidden = await send('PATCH', `/reviews/${hiddenOwn.id}`, 'reader', { rating: 1 });
      const missing = await send('PATCH', '/reviews/no-such-review', 'reader', { rating: 1 });
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual(missing.body);
      expect((await send('PATCH', `/reviews/${others.id}`, 'editor', { rating: 1 })).status).toBe(200);
      expect((await send('PATCH', `/reviews/${mine.id}`, 'editor', { rating: 5 })).status).toBe(403);
      expect((await send('PATCH', `/reviews/${mine.id}`, 'admin', { rating: 3 })).status).toBe(200);
      expect(await reviewRow(mine.id)).toMatchObject({ rating: 3 });
      const gone = await send<Row>('DELETE', `/reviews/${others.id}`, 'admin');
      expect(gone.status).toBe(200);
      expect(gone.body.id).toBe(others.id);
      expect(await reviewRow(others.id)).toBeNull();
    });

    it('a review stays on its book, and its rating between 1 and 5', async () => {
      const moved = await send('PATCH', `/reviews/${mine.id}`, 'reader', { bookId: published[3]!.id });
      expect(moved.body).toMatchObject({ code: 'unknown_key', path: 'bookId' });
      for (const rating of [0, 6, 2.5, '5']) {
        const response = await send('POST', '/reviews', 'reader', {
          bookId: published[0]!.id,
          rating,
          body: 'x',
        });
        expect(response.status, String(rating)).toBe(400);
      }
      expect(
        (await send('POST', '/reviews', 'reader', { bookId: published[0]!.id, rating: 5, body: '' })).status,
      ).toBe(400);
    });
  });

  describe('mass assignment: only the declared fields a caller may write', () => {
    const draft = () => drafts[2]!;
    it.each([
      ['a nested connect', { author: { connect: { id: fx.authors[1]!.id } } }, 'author'],
      ['a nested create', { reviews: { create: [{ userId: 1, rating: 5, body: 'x' }] } }, 'reviews'],
      ['an unknown field', { colour: 'red' }, 'colour'],
      ['the id', { id: 1 }, 'id'],
      ['the staff note, by an editor', { internalNote: 'sneaky' }, 'internalNote'],
    ])('%s is a 400 naming it', async (_what, change, path) => {
      for (const [method, url, body] of [
        ['POST', '/books', newBook(change)],
        ['PATCH', `/books/${draft().id}`, change],
      ] as const) {
        const response = await send(method, url, 'editor', body);
        expect(response.status, `${method} ${response.text}`).toBe(400);
        expect(response.body).toMatchObject({ code: 'unknown_key', path, message: expect.any(String) });
      }
      expect(await bookRow(draft().id)).toMatchObject({
        authorId: draft().authorId,
        internalNote: draft().internalNote,
      });
    });

    it('the staff note an editor may not write answers exactly like a field that does not exist', async () => {
      const note = await send('PATCH', `/books/${draft().id}`, 'editor', { internalNote: 'x' });
      const typo = await send('PATCH', `/books/${draft().id}`, 'editor', { internalNot: 'x' });
      expect(note.body).toEqual(naming(typo.body, 'internalNot', 'internalNote'));
    });

    it.each(['__proto__', 'constructor', 'prototype'])(
      'a %s key is refused and changes nothing',
      async (key) => {
        const before = await prisma().book.count();
        const raw = `{"${key}":{"published":true},"isbn":"${nextIsbn()}","title":"P","price":"1.00","pages":1,"genre":"TECH","authorId":1}`;
        for (const [method, path] of [
          ['POST', '/books'],
          ['PATCH', `/books/${draft().id}`],
        ]) {
          const response = await request<ErrorBody>(app().api, path!, {
            role: 'editor',
            method,
            rawBody: raw,
          });
          expect(response.status, response.text).toBe(400);
        }
        expect(await prisma().book.count()).toBe(before);
        expect(await bookRow(draft().id)).toMatchObject({ published: false });
      },
    );

    it('a value that is an operation, not a value, is refused', async () => {
      for (const change of [{ pages: { increment: 1 } }, { title: { set: 'x' } }, { published: 'true' }]) {
        const response = await send('PATCH', `/books/${draft().id}`, 'admin', change);
        expect(response.status, JSON.stringify(change)).toBe(400);
      }
      expect(await bookRow(draft().id)).toMatchObject({ pages: draft().pages });
    });
  });

  describe('If-Match', () => {
    it('updates and deletes only the row the caller read: a stale tag is a 412 and nothing is written', async () => {
      const review = reviewOn(published, USER_ID.admin);
      const path = `/reviews/${review.id}`;
      const read = await fetch(app().api + path, { headers: { authorization: `Bearer ${TOKENS.admin}` } });
      const tag = read.headers.get('etag') ?? '';
      await read.text();
      expect(tag).toMatch(/^W\//);
      const first = await send<Row>(
        'PATCH',
        path,
        'admin',
        { rating: 1, body: 'First' },
        { 'if-match': tag },
      );
      expect(first.status, first.text).toBe(200);
      const stale = await send('PATCH', path, 'admin', { body: 'Second' }, { 'if-match': tag });
      expect(stale.status).toBe(412);
      expect(stale.body.code).toBe('precondition_failed');
      expect(await reviewRow(review.id)).toMatchObject({ body: 'First' });
      expect((await send('DELETE', path, 'admin', undefined, { 'if-match': tag })).status).toBe(412);
      expect((await send('PATCH', path, 'admin', { rating: 2 }, { 'if-match': 'not a tag' })).status).toBe(
        400,
      );
      expect(await reviewRow(review.id)).toMatchObject({ rating: 1 });
      // The tag of the current representation, and `*`, match.
      const again = await fetch(app().api + path, { headers: { authorization: `Bearer ${TOKENS.admin}` } });
      const current = again.headers.get('etag') ?? '';
      await again.text();
      expect((await send('PATCH', path, 'admin', { rating: 2 }, { 'if-match': current })).status).toBe(200);
      expect((await send('DELETE', path, 'admin', undefined, { 'if-match': '*' })).status).toBe(200);
      expect(await reviewRow(review.id)).toBeNull();
    });
  });

  describe('red-team sweep: generated writes per role, then the database against the rules', () => {
    type Op =
      | { kind: 'createBook'; published: boolean | undefined; note: boolean }
      | { kind: 'updateBook'; book: number; change: Row }
      | { kind: 'deleteBook'; book: number }
      | { kind: 'createReview'; book: number; userId: boolean }
      | { kind: 'updateReview'; review: number }
      | { kind: 'deleteReview'; review: number };
    const bookIds = [...published.slice(10, 16), ...drafts.slice(10, 16)].map((book) => book.id);
    const reviewIds = fx.reviews
      .filter((review) => bookIds.includes(review.bookId))
      .map((review) => review.id);
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({
        kind: fc.constant('createBook' as const),
        published: fc.constantFrom(true, false, undefined),
        note: fc.boolean(),
      }),
      fc.record({
        kind: fc.constant('updateBook' as const),
        book: fc.constantFrom(...bookIds, 999_999),
        change: fc.constantFrom<Row>(
          { title: 'Swept' },
          { published: true },
          { published: false },
          { internalNote: 'n' },
          { pages: 7 },
        ),
      }),
      fc.record({ kind: fc.constant('deleteBook' as const), book: fc.constantFrom(...bookIds) }),
      fc.record({
        kind: fc.constant('createReview' as const),
        book: fc.constantFrom(...bookIds),
        userId: fc.boolean(),
      }),
      fc.record({ kind: fc.constant('updateReview' as const), review: fc.nat(reviewIds.length - 1) }),
      fc.record({ kind: fc.constant('deleteReview' as const), review: fc.nat(reviewIds.length - 1) }),
    );

    interface Model {
      books: Map<number, { published: boolean; title: string; pages: number; internalNote: string }>;
      reviews: Map<string, { bookId: number; userId: number; rating: number }>;
    }
    const canRead = (role: Role, book: { published: boolean } | undefined) =>
      book !== undefined && (role === 'admin' || role === 'editor' || book.published);

    /** The contract's rules, written again as plain code: the answer's class and the model's change. */
    function expected(role: Role, o: Op, model: Model): 'ok' | 'refused' {
      if (role === 'anonymous') return 'refused';
      const me = USER_ID[role];
      switch (o.kind) {
        case 'createBook':
          if (role === 'admin') return 'ok';
          return role === 'editor' && o.published !== true && !o.note ? 'ok' : 'refused';
        case 'updateBook': {
          const book = model.books.get(o.book);
          if (!canRead(role, book) || book === undefined) return 'refused';
          if (role === 'admin') return 'ok';
          if (
            role !== 'editor' ||
            book.published ||
            o.change.published === true ||
            'internalNote' in o.change
          )
            return 'refused';
          return 'ok';
        }
        case 'deleteBook':
          return role === 'admin' && model.books.has(o.book) ? 'ok' : 'refused';
        case 'createReview':
          return !o.userId && canRead(role, model.books.get(o.book)) ? 'ok' : 'refused';
        case 'updateReview':
        case 'deleteReview': {
          const id = reviewIds[o.review]!;
          const review = model.reviews.get(id);
          if (review === undefined || !canRead(role, model.books.get(review.bookId))) return 'refused';
          return role === 'admin' || review.userId === me ? 'ok' : 'refused';
        }
      }
    }

    async function snapshot(): Promise<Model> {
      const books = await prisma().book.findMany({ where: { id: { in: bookIds } } });
      const reviews = await prisma().review.findMany({ where: { bookId: { in: bookIds } } });
      return {
        books: new Map(
          books.map((b) => [
            b.id,
            { published: b.published, title: b.title, pages: b.pages, internalNote: b.internalNote },
          ]),
        ),
        reviews: new Map(
          reviews.map((r) => [r.id, { bookId: r.bookId, userId: r.userId, rating: r.rating }]),
        ),
      };
    }

    it.each(['anonymous', 'reader', 'editor', 'admin'] as const)('%s', async (role) => {
      const ops = fc.sample(fc.array(op, { minLength: 40, maxLength: 40 }), 1)[0]!;
      const model = await snapshot();
      const createdBooks: number[] = [];
      const createdReviews = new Map<string, { bookId: number; userId: number; rating: number }>();
      for (const o of ops) {
        const want = expected(role, o, model);
        let response: JsonResponse<Row>;
        switch (o.kind) {
          case 'createBook':
            response = await send<Row>(
              'POST',
              '/books',
              role,
              newBook({
                ...(o.published === undefined ? {} : { published: o.published }),
                ...(o.note ? { internalNote: 'n' } : {}),
              }),
            );
            if (response.status === 201) createdBooks.push(response.body.id as number);
            break;
          case 'updateBook':
            response = await send<Row>('PATCH', `/books/${o.book}`, role, o.change);
            if (want === 'ok') Object.assign(model.books.get(o.book)!, o.change);
            break;
          case 'deleteBook':
            response = await send<Row>('DELETE', `/books/${o.book}`, role);
            if (want === 'ok') {
              model.books.delete(o.book);
              for (const [id, review] of model.reviews)
                if (review.bookId === o.book) model.reviews.delete(id);
            }
            break;
          case 'createReview':
            response = await send<Row>('POST', '/reviews', role, {
              bookId: o.book,
              rating: 3,
              body: 'Swept',
              ...(o.userId ? { userId: USER_ID.admin } : {}),
            });
            if (response.status === 201) {
              createdReviews.set(response.body.id as string, {
                bookId: o.book,
                userId: response.body.userId as number,
                rating: 3,
              });
            }
            break;
          case 'updateReview':
            response = await send<Row>('PATCH', `/reviews/${reviewIds[o.review]}`, role, { rating: 1 });
            if (want === 'ok') model.reviews.get(reviewIds[o.review]!)!.rating = 1;
            break;
          case 'deleteReview':
            response = await send<Row>('DELETE', `/reviews/${reviewIds[o.review]}`, role);
            if (want === 'ok') model.reviews.delete(reviewIds[o.review]!);
            break;
        }
        const what = `${role} ${JSON.stringify(o)}: ${response.status} ${response.text}`;
        expect(response.status < 300 ? 'ok' : 'refused', what).toBe(want);
        expect(response.status, what).toBeLessThan(500);
        // Every row a caller may write here it may also read: no write of this app answers 204.
        if (response.status < 300)
          expect(response.body, what).toEqual(expect.objectContaining({ id: expect.anything() }));
        if (role === 'anonymous') expect(response.status, what).toBe(401);
      }
      for (const [id, review] of createdReviews) {
        expect(review.userId, id).toBe(USER_ID[role as Exclude<Role, 'anonymous'>]);
        if (model.books.has(review.bookId)) model.reviews.set(id, review);
      }
      const after = await snapshot();
      expect(after.books).toEqual(model.books);
      expect(after.reviews).toEqual(model.reviews);
      const made = await prisma().book.findMany({ where: { id: { in: createdBooks } } });
      expect(made).toHaveLength(createdBooks.length);
      for (const book of made) {
        if (role === 'editor') expect(book).toMatchObject({ published: false, internalNote: '' });
      }
      expect(createdBooks.length === 0 || role === 'admin' || role === 'editor').toBe(true);
    });
  });
});
