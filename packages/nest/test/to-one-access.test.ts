// To-one relations under access, through a Resource, on real Prisma clients (PGlite always;
// PostgreSQL when reachable, required in CI). A quote's book is optional: a quote on a draft (a
// book the reader may not read) must answer every filter and every sort exactly as a quote with no
// book does, and a loaded book is checked by Book's own key, not the quote's.
import { HttpException } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, type ReadContext, Resource } from '../src/index.js';
import type { ModelTypes } from '../src/model/model-types.js';
import { TO_ONE_FILTERS } from '../src/read/check/prisma-operators.js';
import { hideUnreadableToOne } from '../src/read/present/hide-to-one.js';
import { AccessScope } from '../src/read/scope/access-scope.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { PolicyBookDto, PolicyQuoteDto } from './support/policy-dtos.js';
import { type SeededLibrary, seedLibrary, seedReviews } from './support/seed.js';
import { checkTarget, openTarget, type TestTarget } from './support/targets.js';

/**
 * `reader` reads published books only; `curator` every book but no author; `nobody` no book (CASL's
 * empty OR); `admin` everything. Everyone reads every quote.
 */
type Role = 'admin' | 'reader' | 'curator' | 'nobody';
const accessibleWhere = (role: Role, subject: string): object => {
  if (role === 'admin' || subject === 'Quote') return {};
  if (subject === 'Book')
    return role === 'reader' ? { published: true } : role === 'nobody' ? { OR: [] } : {};
  if (subject === 'Author') return role === 'curator' ? { country: 'nowhere' } : {};
  if (subject === 'Review') return role === 'reader' ? { book: { is: { published: true } } } : {};
  throw new Error(`unexpected subject ${subject}`);
};
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });

const quotes = defineResource({
  name: 'quotes',
  delegate: (p: PrismaClient) => p.quote,
  dto: PolicyQuoteDto,
  service: { idField: 'code' },
});
const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: PolicyBookDto });

/** Status and body of an answer, whether the read resolved or was refused. */
async function answer(attempt: () => Promise<unknown>): Promise<{ status: number; body: unknown }> {
  try {
    return { status: 200, body: await attempt() };
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
}

/**
 * Every to-one filter form, and what it answers for a quote whose book may not be read (a draft,
 * or no book at all: the same answer) and for one whose book may be. `Beta` is the draft's title.
 * Keyed by operator: a new operator in TO_ONE_FILTERS must be added here, or the test fails.
 */
const OPERANDS = { null: null, empty: {}, draft: { title: 'Beta' } } as const;
type Operand = keyof typeof OPERANDS;
const TO_ONE_FORMS: Record<string, Record<Operand, { unreadable: number; readable: number }>> = {
  // a readable book matching X; `is: null`: no readable book
  is: {
    null: { unreadable: 1, readable: 0 },
    empty: { unreadable: 0, readable: 1 },
    draft: { unreadable: 0, readable: 0 },
  },
  // no readable book matching X; `isNot: null`: a readable book
  isNot: {
    null: { unreadable: 0, readable: 1 },
    empty: { unreadable: 1, readable: 0 },
    draft: { unreadable: 1, readable: 1 },
  },
  // `book: null` is `is: null`; a bare filter is `is`, except the empty one, which is no condition
  bare: {
    null: { unreadable: 1, readable: 0 },
    empty: { unreadable: 1, readable: 1 },
    draft: { unreadable: 0, readable: 0 },
  },
};
const formWhere = (operator: string, operand: unknown) =>
  operator === 'bare' ? { book: operand } : { book: { [operator]: operand } };

for (const name of ['pglite', 'postgresql'] as const) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`to-one relations under access on ${name}`, () => {
    let target: TestTarget;
    let library: SeededLibrary;
    let quoteResource: Resource<PrismaClient['quote'], PolicyQuoteDto, Role>;
    let bookResource: Resource<PrismaClient['book'], PolicyBookDto, Role>;
    /** The quote on a published book, the one on a draft, and the one without a book. */
    const code = (which: 'shown' | 'hidden' | 'missing') => `${library.tag}-${which}`;
    const ofQuotes = () => ({ code: { in: [code('shown'), code('hidden'), code('missing')] } });

    beforeAll(async () => {
      target = await openTarget(name);
      library = await seedLibrary(target.prisma);
      await seedReviews(target.prisma, library);
      const [alpha, beta] = library.bookIds;
      // The hidden and the missing quote have the same text, so their rows can be compared whole.
      await target.prisma.quote.createMany({
        data: [
          { code: code('shown'), text: 'on a published book', bookId: alpha },
          { code: code('hidden'), text: 'same text', bookId: beta },
          { code: code('missing'), text: 'same text', bookId: null },
        ],
      });
      const environment = { client: target.prisma, accessibleWhere };
      quoteResource = new Resource(quotes, environment);
      bookResource = new Resource(books, environment);
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    describe('filters', () => {
      it('classifies every to-one filter operator', () => {
        expect(Object.keys(TO_ONE_FORMS).sort()).toEqual([...TO_ONE_FILTERS, 'bare'].sort());
      });

      for (const operator of Object.keys(TO_ONE_FORMS)) {
        for (const operand of Object.keys(OPERANDS) as Operand[]) {
          it(`${operator} ${operand}: a hidden book answers as a missing one`, async () => {
            const where = formWhere(operator, OPERANDS[operand]);
            const expected = TO_ONE_FORMS[operator]?.[operand];
            const count = (which: 'shown' | 'hidden' | 'missing', role: Role) =>
              answer(() => quoteResource.count({ where: { AND: [{ code: code(which) }, where] } }, as(role)));
            const page = (which: 'hidden' | 'missing') =>
              answer(() =>
                quoteResource.query(
                  { where: { AND: [{ code: code(which) }, where] }, fields: 'text,book{title}' },
                  as('reader'),
                ),
              );
            const hidden = await count('hidden', 'reader');
            expect(hidden).toEqual({ status: 200, body: expected?.unreadable });
            expect(await count('missing', 'reader')).toEqual(hidden);
            expect(await count('shown', 'reader')).toEqual({ status: 200, body: expected?.readable });
            expect(await page('hidden')).toEqual(await page('missing'));
            // Nobody may read any book: a draft, a published book and none all answer alike.
            expect(await count('shown', 'nobody')).toEqual(await count('missing', 'nobody'));
            expect(await count('hidden', 'nobody')).toEqual(await count('missing', 'nobody'));
          });
        }
      }

      it('for admin the draft is a book like any other (the data really differ)', async () => {
        const count = (which: 'hidden' | 'missing') =>
          quoteResource.count({ where: { code: code(which), book: { is: null } } }, as('admin'));
        expect([await count('hidden'), await count('missing')]).toEqual([0, 1]);
      });

      it('two conditions with one operator are both kept', async () => {
        // `is: null` becomes `isNot: <access>`, next to the client's own `isNot`.
        const where = { book: { is: null, isNot: { title: 'Alpha' } } };
        for (const which of ['hidden', 'missing'] as const) {
          expect(
            await quoteResource.count({ where: { AND: [{ code: code(which) }, where] } }, as('reader')),
          ).toBe(1);
        }
        expect(
          await quoteResource.count({ where: { AND: [{ code: code('shown') }, where] } }, as('reader')),
        ).toBe(0);
      });

      it('a null filter on a required relation is refused alike for every caller', async () => {
        const reviews = defineResource({
          name: 'reviews',
          delegate: (p: PrismaClient) => p.review,
          dto: (await import('./support/policy-dtos.js')).PolicyReviewDto,
        });
        const reviewResource = new Resource(reviews, { client: target.prisma, accessibleWhere });
        for (const where of [{ book: null }, { book: { is: null } }, { book: { isNot: null } }]) {
          const reader = await answer(() => reviewResource.count({ where }, as('reader')));
          expect(reader.status, JSON.stringify(where)).toBe(400);
          expect(await answer(() => reviewResource.count({ where }, as('admin')))).toEqual(reader);
        }
      });
    });

    describe('sorts', () => {
      const byTitle = { book: { title: 'asc' } } as const;

      it('a sort through a relation whose subject is filtered for the caller is a 400 naming it', async () => {
        const refused: [string, Role, () => Promise<unknown>][] = [
          ['orderBy.book', 'reader', () => quoteResource.query({ orderBy: byTitle }, as('reader'))],
          [
            'orderBy[1].book',
            'reader',
            () =>
              quoteResource.query(
                { orderBy: [{ code: 'asc' }, byTitle], include: { book: true } },
                as('reader'),
              ),
          ],
          ['orderBy.book', 'nobody', () => quoteResource.query({ orderBy: byTitle }, as('nobody'))],
          [
            'orderBy.book.author',
            'curator',
            () => quoteResource.query({ orderBy: { book: { author: { name: 'asc' } } } }, as('curator')),
          ],
          [
            'orderBy.book',
            'reader',
            () => quoteResource.findById(code('shown'), { orderBy: byTitle }, as('reader')),
          ],
          [
            'orderBy.book',
            'reader',
            () => quoteResource.findOne({ code: code('shown') }, { orderBy: byTitle }, as('reader')),
          ],
          [
            'include.reviews.orderBy.book',
            'reader',
            () =>
              bookResource.query(
                { include: { reviews: { orderBy: { book: { title: 'asc' } } } } },
                as('reader'),
              ),
          ],
        ];
        for (const [path, role, attempt] of refused) {
          const { status, body } = await answer(attempt);
          expect(status, `${role} ${path}`).toBe(400);
          expect(body, `${role} ${path}`).toMatchObject({ code: 'invalid_value', path });
        }
      });

      it('the refusal depends on the query and the caller, never on the rows', async () => {
        const sorted = (where: object) =>
          answer(() =>
            quoteResource.query({ where, orderBy: byTitle, include: { book: true } }, as('reader')),
          );
        const hidden = await sorted({ code: code('hidden') });
        expect(hidden.status).toBe(400);
        expect(await sorted({ code: code('missing') })).toEqual(hidden);
        expect(await sorted({ code: 'no such quote' })).toEqual(hidden);
      });

      it('a relation every caller may read sorts as before', async () => {
        const order = async (role: Role, orderBy: object) => {
          const page = await quoteResource.query({ where: ofQuotes(), orderBy, fields: 'code' }, as(role));
          return (page.items ?? []).map((item) => item.code);
        };
        // Admin and curator read every book; nulls sort last in ascending order on PostgreSQL.
        const expected = [code('shown'), code('hidden'), code('missing')];
        expect(await order('admin', byTitle)).toEqual(expected);
        expect(await order('curator', byTitle)).toEqual(expected);
        // The reader reads every author: a book's author sorts for it through an unfiltered subject.
        const reviews = await bookResource.query(
          { where: { authorId: library.authorId }, orderBy: { author: { name: 'asc' } }, fields: 'title' },
          as('reader'),
        );
        expect((reviews.items ?? []).map((item) => item.title).sort()).toEqual(['Alpha', 'Gamma']);
      });
    });

    describe('loaded to-one rows are checked by their own model’s key', () => {
      it('a quote (keyed by code) shows its readable book, and null for a draft or none', async () => {
        const expected = [
          { code: code('hidden'), book: null },
          { code: code('missing'), book: null },
          { code: code('shown'), book: { title: 'Alpha' } },
        ];
        const projected = await quoteResource.query(
          { where: ofQuotes(), fields: 'code,book{title}', orderBy: { code: 'asc' } },
          as('reader'),
        );
        expect(projected.items).toEqual(expected);
        const included = await quoteResource.query(
          { where: ofQuotes(), include: { book: true }, orderBy: { code: 'asc' } },
          as('reader'),
        );
        expect((included.items ?? []).map((item) => [item.code, item.book?.title ?? null])).toEqual(
          expected.map((item) => [item.code, item.book?.title ?? null]),
        );
        expect(await quoteResource.findById(code('hidden'), { fields: 'book{title}' }, as('reader'))).toEqual(
          {
            book: null,
          },
        );
        expect(await quoteResource.findById(code('hidden'), { fields: 'book{title}' }, as('admin'))).toEqual({
          book: { title: 'Beta' },
        });
      });

      it('a to-one below a to-one is checked by its own key too', async () => {
        // The curator reads every book and no author.
        const page = await quoteResource.query(
          { where: ofQuotes(), fields: 'code,book{title,author{name}}', orderBy: { code: 'asc' } },
          as('curator'),
        );
        expect(page.items).toEqual([
          { code: code('hidden'), book: { title: 'Beta', author: null } },
          { code: code('missing'), book: null },
          { code: code('shown'), book: { title: 'Alpha', author: null } },
        ]);
      });

      it('a compound key is matched as a whole', async () => {
        // Book's real model types, with its compound unique (authorId, title) standing in for its key.
        const real = quoteResource.modelTypes;
        const book = real?.relation('book');
        if (real === undefined || book === undefined) throw new Error('the client exposes no model types');
        const compound: ModelTypes = { ...book, idFields: () => ['authorId', 'title'] };
        const quoteModel: ModelTypes = {
          ...real,
          relation: (field) => (field === 'book' ? compound : undefined),
        };
        const loaded = await target.prisma.quote.findMany({
          where: { code: { in: [code('shown'), code('hidden')] } },
          include: { book: true },
          orderBy: { code: 'asc' },
        });
        await hideUnreadableToOne(loaded, { include: { book: true } }, PolicyQuoteDto, quoteModel, {
          scope: new AccessScope((subject) => accessibleWhere('reader', subject)),
          delegateFor: (model) => (model === 'Book' ? target.prisma.book : undefined),
        });
        expect(loaded.map((row) => [row.code, row.book?.title ?? null])).toEqual([
          [code('hidden'), null],
          [code('shown'), 'Alpha'],
        ]);
      });

      it('a related model whose key is unknown is hidden, never guessed', async () => {
        const blind: ModelTypes = {
          name: 'Book',
          scalar: () => undefined,
          nullable: () => undefined,
          enumValues: () => undefined,
          list: () => undefined,
          relation: () => undefined,
          idFields: () => undefined,
        };
        const quoteModel: ModelTypes = {
          ...blind,
          name: 'Quote',
          relation: (field) => (field === 'book' ? blind : undefined),
        };
        const rows = [{ code: 'q', book: { id: library.bookIds[0], title: 'Alpha' } }];
        await hideUnreadableToOne(rows, { include: { book: true } }, PolicyQuoteDto, quoteModel, {
          scope: new AccessScope((subject) => accessibleWhere('reader', subject)),
          delegateFor: (model) => (model === 'Book' ? target.prisma.book : undefined),
        });
        expect(rows[0]?.book).toBeNull();
      });
    });
  });
}
