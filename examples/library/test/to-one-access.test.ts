// A review's book is a to-one relation whose subject readers may only partly read (published books).
// Over HTTP against the real app on PGlite and PostgreSQL: a sort through it is refused for them,
// whatever the rows, and every to-one filter form answers the same whether the book it meets is a
// hidden one or one that does not exist. Expected numbers come from the fixture.
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import type { JsonResponse, Role } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
const hiddenBook = fx.books.find(
  (b) => !b.published && fx.reviews.some((r) => r.bookId === b.id),
) as (typeof fx.books)[0];
const publishedReview = fx.reviews.find(
  (r) => fx.books.find((b) => b.id === r.bookId)?.published,
) as (typeof fx.reviews)[0];
const NO_SUCH_BOOK = 100_000;
const NO_SUCH_TITLE = 'a title no book has';

const qs = (...pairs: readonly (readonly [string, string])[]) =>
  `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;
const same = (response: JsonResponse<unknown>) => ({ status: response.status, text: response.text });

await onEachTarget('to-one relations under access over HTTP', (target) => {
  const get = <T = unknown>(path: string, role: Role = 'anonymous') => target.get<T>(path, role);

  describe('sorts through a to-one relation', () => {
    const byBookTitle = JSON.stringify([{ book: { title: 'asc' } }]);

    it('is a 400 naming the relation for a caller who may not read every book', async () => {
      const refused: [string, string][] = [
        [`/reviews${qs(['orderBy', byBookTitle], ['include.book', 'true'])}`, 'orderBy[0].book'],
        [`/reviews${qs(['orderBy.book.title', 'asc'])}`, 'orderBy.book'],
        [`/reviews/search${qs(['orderBy.book.author.name', 'desc'])}`, 'orderBy.book'],
        [
          `/reviews/${encodeURIComponent(publishedReview.id)}${qs(['orderBy.book.title', 'asc'])}`,
          'orderBy.book',
        ],
        [`/books${qs(['include.reviews.orderBy.book.title', 'asc'])}`, 'include.reviews.orderBy.book'],
      ];
      for (const role of ['anonymous', 'reader'] as const) {
        for (const [path, issue] of refused) {
          const response = await get<{ code?: string; path?: string }>(path, role);
          expect(response.status, `${role} ${path}: ${response.text}`).toBe(400);
          expect(response.body).toMatchObject({ statusCode: 400, code: 'invalid_value', path: issue });
        }
      }
    });

    it('answers the same whether the rows it would rank are hidden, missing or readable', async () => {
      const sorted = (bookId: number) =>
        get(
          `/reviews${qs(['where.bookId', String(bookId)], ['orderBy', byBookTitle], ['include.book', 'true'])}`,
          'reader',
        );
      const hidden = await sorted(hiddenBook.id);
      expect(hidden.status).toBe(400);
      expect(same(await sorted(NO_SUCH_BOOK))).toEqual(same(hidden));
      expect(same(await sorted(publishedReview.bookId))).toEqual(same(hidden));
    });

    it('runs for callers who read every book, and through relations every caller reads', async () => {
      for (const role of ['editor', 'admin'] as const) {
        const response = await get<{ items: { book: { title: string } }[] }>(
          `/reviews${qs(['orderBy', byBookTitle], ['fields', 'id,book{title}'], ['perPage', '100'])}`,
          role,
        );
        expect(response.status, response.text).toBe(200);
        const titles = response.body.items.map((item) => item.book.title);
        expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      // Every caller reads every author: a book sorts by its author's name for the anonymous caller.
      const byAuthor = await get(`/books${qs(['orderBy.author.name', 'asc'], ['fields', 'title'])}`);
      expect(byAuthor.status, byAuthor.text).toBe(200);
    });
  });

  describe('to-one filters', () => {
    // Each pair differs only in whether the filter's book is a hidden one or none at all. The
    // reviews resource's relation-filter budget refuses a negated to-one filter for every caller
    // and every book (a 400, docs/SECURITY.md section 3): the answer is still the same for both.
    const forms: [string, (title: string) => (readonly [string, string])[], number][] = [
      ['is', (title) => [['where.book.is.title', title]], 200],
      ['isNot', (title) => [['where.book.isNot.title', title]], 400],
      ['bare', (title) => [['where.book.title', title]], 200],
      [
        'is and isNot',
        (title) => [
          ['where.book.is.title', title],
          ['where.book.isNot.published', 'true'],
        ],
        400,
      ],
    ];

    it('answer a hidden book exactly as a missing one, on count, list and search', async () => {
      for (const role of ['anonymous', 'reader'] as const) {
        for (const [form, pairs, status] of forms) {
          for (const route of ['/reviews/count', '/reviews', '/reviews/search']) {
            const hidden = await get(`${route}${qs(...pairs(hiddenBook.title))}`, role);
            const missing = await get(`${route}${qs(...pairs(NO_SUCH_TITLE))}`, role);
            expect(hidden.status, `${role} ${form} ${route}: ${hidden.text}`).toBe(status);
            expect(same(hidden), `${role} ${form} ${route}`).toEqual(same(missing));
          }
        }
      }
    });

    it('null on the required book is refused alike for every caller, whatever the rows', async () => {
      for (const pairs of [
        [['where.book', 'null']],
        [['where.book.is', 'null']],
        [['where.book.isNot', 'null']],
      ] as const) {
        const reader = await get(
          `/reviews/count${qs(...pairs, ['where.bookId', String(hiddenBook.id)])}`,
          'reader',
        );
        expect(reader.status, reader.text).toBe(400);
        expect(
          same(await get(`/reviews/count${qs(...pairs, ['where.bookId', String(NO_SUCH_BOOK)])}`, 'reader')),
        ).toEqual(same(reader));
        expect(
          same(await get(`/reviews/count${qs(...pairs, ['where.bookId', String(hiddenBook.id)])}`, 'admin')),
        ).toEqual(same(reader));
      }
    });
  });
});
