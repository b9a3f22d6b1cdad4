// The two leak classes of docs/SECURITY.md, over HTTP against the real app on PGlite and PostgreSQL:
// operand injection (Prisma's internal value forms sent as operands) and data-dependent error
// oracles (a database error raised only when a hidden row is met). Each request here is one a
// security review sent to the running demo; each must now be refused or answered exactly as if the
// hidden rows did not exist. Expected numbers come from the fixture.
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { type JsonResponse, type Role, request } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
const hiddenBooks = fx.books.filter((b) => !b.published);
// A hidden book with reviews: its reviews exist but no anonymous caller or reader may see them.
const hiddenBook = hiddenBooks.find((b) => fx.reviews.some((r) => r.bookId === b.id)) as (typeof fx.books)[0];
const hiddenReview = fx.reviews.find((r) => r.bookId === hiddenBook.id) as (typeof fx.reviews)[0];
const NO_SUCH_BOOK = 100_000;

interface ErrorBody {
  statusCode: number;
  code?: string;
  path?: string;
  message: string;
}

/** `key=value` pairs, each percent-encoded as a browser would, joined into a query string. */
const qs = (...pairs: readonly (readonly [string, string])[]) =>
  `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`;

// The FieldRef probe of the review, in the three key syntaxes of the wire format.
const FIELD_REF_DOTTED: readonly (readonly [string, string])[] = [
  ['where.title.gte.__prismaRawParameters__', 'true'],
  ['where.title.gte.values.$type', 'FieldRef'],
  ['where.title.gte.values.value._ref', 'internalNote'],
  ['where.title.gte.values.value._container', 'Book'],
];
const FIELD_REF_BRACKETS = FIELD_REF_DOTTED.map(
  ([key, value]) => [key.replace(/\.([^.]+)/g, '[$1]'), value] as const,
);
const FIELD_REF_JSON = [
  [
    'where.title.gte',
    JSON.stringify({
      __prismaRawParameters__: true,
      values: { $type: 'FieldRef', value: { _ref: 'internalNote', _container: 'Book' } },
    }),
  ],
] as const;

await onEachTarget('leak classes over HTTP', (target) => {
  const get = <T = ErrorBody>(path: string, role: Role = 'anonymous') => target.get<T>(path, role);

  function expectInvalidOperand(response: JsonResponse<ErrorBody>, path: string): void {
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, code: 'invalid_type', path });
  }

  describe('operand injection', () => {
    it('a FieldRef comparing a visible column with a hidden one is a 400 in every key syntax', async () => {
      for (const pairs of [FIELD_REF_DOTTED, FIELD_REF_BRACKETS, FIELD_REF_JSON]) {
        for (const role of ['anonymous', 'reader', 'admin'] as const) {
          expectInvalidOperand(
            await get(`/books${qs(['fields', 'id,title'], ...pairs)}`, role),
            'where.title.gte',
          );
        }
      }
      const whole = JSON.stringify({ title: { gte: JSON.parse(FIELD_REF_JSON[0][1]) } });
      expectInvalidOperand(await get(`/books/count${qs(['where', whole])}`), 'where.title.gte');
    });

    it('reaching User.token or Author.email through a relation filter is a 400', async () => {
      const probe = (path: string, container: string, ref: string) =>
        qs(
          [`${path}.__prismaRawParameters__`, 'true'],
          [`${path}.values.$type`, 'FieldRef'],
          [`${path}.values.value._ref`, ref],
          [`${path}.values.value._container`, container],
        );
      expectInvalidOperand(
        await get(`/reviews${probe('where.user.name.lt', 'User', 'token')}`, 'reader'),
        'where.user.name.lt',
      );
      expectInvalidOperand(
        await get(`/books${probe('where.author.name.gte', 'Author', 'email')}`),
        'where.author.name.gte',
      );
      expectInvalidOperand(
        await get(`/authors${probe('where.books.some.title.lt', 'Book', 'internalNote')}`),
        'where.books.some.title.lt',
      );
    });

    it('the Param form is a 400, not a 500', async () => {
      const response = await get(
        `/books${qs(
          ['where.title.gte.__prismaRawParameters__', 'true'],
          ['where.title.gte.values.$type', 'Param'],
          ['where.title.gte.values.value', 'x'],
        )}`,
      );
      expectInvalidOperand(response, 'where.title.gte');
    });

    it('a raw parameter list cannot bypass the `in` budget', async () => {
      const ids = JSON.stringify(Array.from({ length: 500 }, (_, i) => i + 1));
      const raw = await get(
        `/books${qs(['where.id.in.__prismaRawParameters__', 'true'], ['where.id.in.values', ids])}`,
      );
      expect(raw.status, raw.text).toBe(400);
      expect(raw.body.path).toBe('where.id.in');
      const plain = await get(`/books${qs(['where.id.in', ids])}`);
      expect(plain.status, plain.text).toBe(400);
      expect(plain.body).toMatchObject({ code: 'too_many', path: 'where.id.in' });
    });

    it('keys starting with $ or __ are refused at any depth, including under not and in include filters', async () => {
      for (const [path, pairs] of [
        ['where.title.not', [['where.title.not.$type', 'FieldRef']]],
        ['where.pages.in[0]', [['where.pages.in', '[{"__prismaRawParameters__":true}]']]],
        [
          'include.reviews.where.body.contains',
          [
            ['include.reviews.where.body.contains.$type', 'FieldRef'],
            ['include.reviews.where.body.contains.value._ref', 'body'],
          ],
        ],
      ] as const) {
        const response = await get(`/books${qs(...pairs)}`, 'admin');
        expect(response.status, response.text).toBe(400);
        expect(String(response.body.path)).toContain(path.split('[')[0]);
      }
    });
  });

  describe('error oracles', () => {
    // Each pair differs only in whether the filter can meet a hidden row: the answers must not.
    const pair = async (hidden: string, none: string, role: Role = 'anonymous') =>
      [await get<unknown>(hidden, role), await get<unknown>(none, role)] as const;

    it('a LIKE pattern ending in a backslash answers the same whether or not hidden reviews match', async () => {
      for (const role of ['anonymous', 'reader'] as const) {
        const [withHidden, withoutHidden] = await pair(
          `/reviews/count${qs(['where.bookId.in', `[${hiddenBook.id},${NO_SUCH_BOOK}]`], ['where.body.endsWith', '\\'])}`,
          `/reviews/count${qs(['where.bookId.in', `[${NO_SUCH_BOOK}]`], ['where.body.endsWith', '\\'])}`,
          role,
        );
        expect(withHidden.status, withHidden.text).toBe(200);
        expect(withHidden.body).toBe(0);
        expect({ status: withHidden.status, text: withHidden.text }).toEqual({
          status: withoutHidden.status,
          text: withoutHidden.text,
        });
      }
    });

    it('detail routes answer a hidden review and a missing one with the same 404', async () => {
      const suffix = qs(['where.body.endsWith', '\\']);
      const hidden = await get(`/reviews/${encodeURIComponent(hiddenReview.id)}${suffix}`);
      const missing = await get(`/reviews/r-no-such-review${suffix}`);
      expect(hidden.status, hidden.text).toBe(404);
      expect(hidden.text).toBe(missing.text);
      const byId = await get(`/reviews/find-by-id/${encodeURIComponent(hiddenReview.id)}${suffix}`);
      expect(byId.status).toBe(404);
      expect(byId.text).toBe(missing.text);
    });

    it('relation filters answer the same whether or not hidden reviews match', async () => {
      const booksCount = (id: number) =>
        `/books/count${qs(['where.id.in', `[${id}]`], ['where.reviews.some.body.endsWith', '\\'])}`;
      const [withHidden, withoutHidden] = await pair(booksCount(hiddenBook.id), booksCount(NO_SUCH_BOOK));
      expect(withHidden.status, withHidden.text).toBe(200);
      expect(withHidden.text).toBe(withoutHidden.text);
      const authorsCount = (id: number) =>
        `/authors/count${qs(['where.books.some.id', String(id)], ['where.books.some.title.startsWith', '\\'])}`;
      const [authorsHidden, authorsNone] = await pair(
        authorsCount(hiddenBook.id),
        authorsCount(NO_SUCH_BOOK),
      );
      expect(authorsHidden.status, authorsHidden.text).toBe(200);
      expect(authorsHidden.text).toBe(authorsNone.text);
    });
  });

  describe('equals and not with mode insensitive (ILIKE on PostgreSQL) are literal', () => {
    const insensitive = (field: string, operator: string, text: string) =>
      [
        [`where.${field}.${operator}`, text],
        [`where.${field}.mode`, 'insensitive'],
      ] as const;
    // The three key syntaxes of the wire format for the same filter.
    const syntaxes = (field: string, operator: string, text: string) => [
      qs(...insensitive(field, operator, text)),
      qs([`where[${field}][${operator}]`, text], [`where[${field}][mode]`, 'insensitive']),
      qs([`where.${field}`, JSON.stringify({ [operator]: text, mode: 'insensitive' })]),
    ];
    const titled = fx.books.find((b) => b.title.includes('%')) as (typeof fx.books)[0];

    it('equals=% matches titles equal to % only, not every row, in every key syntax', async () => {
      for (const query of syntaxes('title', 'equals', '%')) {
        const response = await get<unknown>(`/books/count${query}`, 'admin');
        expect(response.status, response.text).toBe(200);
        expect(response.body, query).toBe(fx.books.filter((b) => b.title === '%').length);
      }
      const exact = await get<unknown>(
        `/books/count${qs(...insensitive('title', 'equals', titled.title.toUpperCase()))}`,
        'admin',
      );
      expect(exact.body).toBe(
        fx.books.filter((b) => b.title.toLowerCase() === titled.title.toLowerCase()).length,
      );
      const not = await get<unknown>(
        `/books/count${qs(...insensitive('title', 'not', titled.title))}`,
        'admin',
      );
      expect(not.body).toBe(
        fx.books.filter((b) => b.title.toLowerCase() !== titled.title.toLowerCase()).length,
      );
    });

    it('a trailing backslash answers the same whether or not hidden reviews match (equals, not; every syntax)', async () => {
      const lonelyHiddenBook = hiddenBooks.find((b) => !fx.reviews.some((r) => r.bookId === b.id));
      for (const operator of ['equals', 'not']) {
        for (const role of ['anonymous', 'reader'] as const) {
          for (const [index, filter] of syntaxes('body', operator, '%\\').entries()) {
            const scoped = (ids: string) =>
              `/reviews/count${filter}&${qs(['where.bookId.in', ids]).slice(1)}`;
            const withHidden = await get<unknown>(scoped(`[${hiddenBook.id},${NO_SUCH_BOOK}]`), role);
            expect(withHidden.status, `${operator} #${index}: ${withHidden.text}`).toBe(200);
            expect(withHidden.body).toBe(0);
            for (const other of [`[${NO_SUCH_BOOK}]`, `[${lonelyHiddenBook?.id ?? NO_SUCH_BOOK}]`]) {
              const none = await get<unknown>(scoped(other), role);
              expect({ status: none.status, text: none.text }).toEqual({
                status: withHidden.status,
                text: withHidden.text,
              });
            }
          }
        }
      }
    });

    it('the detail route answers a hidden review and a missing one with the same 404', async () => {
      for (const operator of ['equals', 'not']) {
        for (const suffix of syntaxes('body', operator, '%\\')) {
          const hidden = await get(`/reviews/${encodeURIComponent(hiddenReview.id)}${suffix}`);
          const missing = await get(`/reviews/r-no-such-review${suffix}`);
          expect(hidden.status, hidden.text).toBe(404);
          expect(hidden.text).toBe(missing.text);
        }
      }
    });
  });

  describe('text the database cannot hold, in path parameters', () => {
    // PostgreSQL refuses NUL in text (SQLSTATE 22021): a path parameter carrying one must be
    // refused before the database, as "not found" or a 400, never answered with a 500.
    const NUL_PARAMS = ['%00', 'a%00', '%00%00', `${hiddenReview.id}%00`, '1%00'];

    function expectRefused(response: JsonResponse<ErrorBody>, what: string): void {
      expect([400, 404], `${what}: ${response.text}`).toContain(response.status);
      expect(response.body, what).toMatchObject({ statusCode: response.status, code: expect.any(String) });
      expect(response.text, what).not.toContain('\u0000');
    }

    it('every read route with a path parameter, for every role', async () => {
      for (const route of [
        '/reviews/',
        '/reviews/find-by-id/',
        '/books/',
        '/books/find-by-id/',
        '/books/isbn/',
        '/authors/',
        '/authors/find-by-id/',
      ]) {
        for (const param of NUL_PARAMS) {
          for (const role of ['anonymous', 'reader', 'admin'] as const) {
            expectRefused(await get(`${route}${param}`, role), `${role} GET ${route}${param}`);
            expectRefused(
              await get(`${route}${param}?fields=id`, role),
              `${role} GET ${route}${param}?fields=id`,
            );
          }
        }
      }
      // 210 requests one after another: a test timeout for a loaded machine, not a timing bound.
    }, 60_000);

    // Every route the OpenAPI document lists with a path parameter, reads and writes, so a route
    // added later is covered without a new test.
    it('every documented route with a path parameter', async () => {
      const document = await request<{ paths: Record<string, Record<string, unknown>> }>(
        target.app().origin,
        '/api/docs-json',
        { role: 'admin' },
      );
      const routes = Object.entries(document.body.paths)
        .filter(([path]) => path.includes('{'))
        .flatMap(([path, methods]) =>
          Object.keys(methods).map((method) => [method.toUpperCase(), path] as const),
        );
      expect(routes.length).toBeGreaterThanOrEqual(3 * 2 + 3);
      for (const [method, template] of routes) {
        for (const param of NUL_PARAMS) {
          const path = template.replace(/^\/api\/v1/, '').replace(/\{\w+\}/g, param);
          const response = await request<ErrorBody>(target.app().api, path, {
            role: 'admin',
            method,
            ...(method === 'PATCH' ? { body: { pages: 2 } } : {}),
          });
          expectRefused(response, `${method} ${path}`);
        }
      }
    }, 60_000);
  });

  describe('LIKE metacharacters are literal', () => {
    const countFor = (predicate: (title: string) => boolean) =>
      fx.books.filter((b) => predicate(b.title)).length;

    it('% and _ match themselves only, and a trailing backslash is an ordinary character', async () => {
      const cases: readonly [string, string, number][] = [
        ['contains', '%', countFor((t) => t.includes('%'))],
        ['contains', '_', countFor((t) => t.includes('_'))],
        ['startsWith', '100%', countFor((t) => t.startsWith('100%'))],
        ['contains', '0% P', countFor((t) => t.includes('0% P'))],
        ['endsWith', '\\', countFor((t) => t.endsWith('\\'))],
        ['contains', 'e_', countFor((t) => t.includes('e_'))],
      ];
      // `%` and `_` both occur in the fixture's titles, so a wildcard would match far more.
      expect(cases[0]?.[2]).toBeGreaterThan(0);
      expect(cases[1]?.[2]).toBeGreaterThan(0);
      for (const [operator, text, expected] of cases) {
        const response = await get<unknown>(`/books/count${qs([`where.title.${operator}`, text])}`, 'admin');
        expect(response.status, response.text).toBe(200);
        expect(response.body, `${operator} ${text}`).toBe(expected);
      }
      const insensitive = await get<unknown>(
        `/books/count${qs(['where.title.contains', '% pure'], ['where.title.mode', 'insensitive'])}`,
        'admin',
      );
      expect(insensitive.body).toBe(countFor((t) => t.toLowerCase().includes('% pure')));
    });
  });
});
