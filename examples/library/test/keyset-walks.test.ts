// Keyset paging, completed (design: "Keyset paging, completed"), over HTTP on PGlite and
// PostgreSQL: for every sort a route accepts from a caller (its fields with ties and nulls, the
// fields of a to-one relation, a to-many `_count`; the list is checked against what the books,
// reviews and authors routes accept), each alone and drawn at random with its direction and page
// size, walking by `after` from the first page and back by `before` from the last gives exactly
// the offset order, and a walker never stops before the last row. Plus the refusals of `before`.
import { createApiClient, useModuleApi } from '@facet/client';
import { createTableStore } from '@facet/client/table';
import { facetQueries } from '@facet/client/tanstack';
import { encodeQuery } from '@facet/core';
// vue-query re-exports TanStack's core (the client and the observer useInfiniteQuery builds on);
// no Vue app is needed to drive them from Node.
import { InfiniteQueryObserver, QueryClient } from '@tanstack/vue-query';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import type { Role } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

type Direction = 'asc' | 'desc';
type Id = number | string;
interface Page {
  items: { id: Id }[];
  meta: {
    hasNextPage: boolean;
    hasPrevPage: boolean;
    nextCursor: string | null;
    prevCursor: string | null;
  };
}

const fx = loadFixture();
// About thirty rows each, so that a walk has several pages at any page size drawn.
const AUTHORS = [3, 20, 5];
const BOOKS = fx.books.filter((book) => book.authorId === 4 || book.authorId === 7).map((book) => book.id);

type Sort = (direction: Direction) => object;
/** The sorts each route takes from each caller: a hidden field or a filtered relation is refused. */
type Route = 'books' | 'reviews' | 'authors';
const SORTS: Record<Route, { any: Sort[]; staff: Sort[] }> = {
  books: {
    any: [
      (d) => ({ id: d }),
      (d) => ({ isbn: d }),
      (d) => ({ pages: d }),
      (d) => ({ publishedAt: d }),
      (d) => ({ publishedAt: { sort: d, nulls: d === 'asc' ? 'first' : 'last' } }),
      (d) => ({ genre: d }),
      (d) => ({ price: d }),
      (d) => ({ title: d }),
      (d) => ({ published: d }),
      (d) => ({ authorId: d }),
      (d) => ({ author: { id: d } }),
      (d) => ({ author: { name: d } }),
      (d) => ({ author: { country: d } }),
      (d) => ({ author: { bornYear: d } }),
    ],
    staff: [(d) => ({ internalNote: d }), (d) => ({ reviews: { _count: d } })],
  },
  reviews: {
    any: [
      (d) => ({ id: d }),
      (d) => ({ bookId: d }),
      (d) => ({ userId: d }),
      (d) => ({ rating: d }),
      (d) => ({ body: d }),
      (d) => ({ createdAt: d }),
      (d) => ({ user: { id: d } }),
      (d) => ({ user: { name: d } }),
      (d) => ({ user: { role: d } }),
    ],
    // A book is readable in part (drafts), so sorting reviews by it is staff's only.
    staff: [
      ...[
        'id',
        'isbn',
        'title',
        'price',
        'pages',
        'genre',
        'published',
        'publishedAt',
        'authorId',
        'internalNote',
      ].map(
        (field): Sort =>
          (d) => ({ book: { [field]: d } }),
      ),
      ...['id', 'name', 'country', 'bornYear'].map(
        (field): Sort =>
          (d) => ({ book: { author: { [field]: d } } }),
      ),
    ],
  },
  authors: {
    any: [(d) => ({ id: d }), (d) => ({ name: d }), (d) => ({ country: d }), (d) => ({ bornYear: d })],
    // Their books are readable in part (drafts): a count of them would rank by what readers may not see.
    staff: [(d) => ({ books: { _count: d } })],
  },
};
const WHERE = { books: { authorId: { in: AUTHORS } }, reviews: { bookId: { in: BOOKS } }, authors: {} };

/**
 * Every sort a caller could name on each route, by path: the DTO's scalars, those of its to-one
 * relations (their DTOs' scalars) and its to-many counts. Which of them a route accepts from a
 * caller must be exactly what SORTS lists, so that a sort the routes take cannot go unwalked.
 */
const BOOK_SCALARS = [
  'id',
  'isbn',
  'title',
  'price',
  'pages',
  'genre',
  'published',
  'publishedAt',
  'authorId',
];
const AUTHOR_SCALARS = ['id', 'name', 'country', 'bornYear'];
const CANDIDATES: Record<Route, string[]> = {
  books: [
    ...BOOK_SCALARS,
    'internalNote',
    ...AUTHOR_SCALARS.map((field) => `author.${field}`),
    'reviews._count',
  ],
  reviews: [
    ...['id', 'bookId', 'userId', 'rating', 'body', 'createdAt'],
    ...[...BOOK_SCALARS, 'internalNote'].map((field) => `book.${field}`),
    ...AUTHOR_SCALARS.map((field) => `book.author.${field}`),
    ...['id', 'name', 'role'].map((field) => `user.${field}`),
  ],
  authors: [...AUTHOR_SCALARS, 'books._count'],
};
/** `author.name` as an orderBy entry: `{ author: { name: 'asc' } }`. */
const sortOf = (path: string, direction: Direction): object =>
  path
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), direction) as object;
/** The path of a SORTS entry: `{ publishedAt: { sort, nulls } }` is `publishedAt`. */
function pathOf(sort: object): string {
  const [key, value] = Object.entries(sort)[0] as [string, unknown];
  return typeof value === 'object' && value !== null && !('sort' in value) ? `${key}.${pathOf(value)}` : key;
}

await onEachTarget('keyset walks, every sort both ways', ({ get, app }) => {
  const ids = (page: Page) => page.items.map((item) => item.id);
  const path = (route: string, query: Record<string, unknown>) => `/${route}?${encodeQuery(query)}`;

  async function page(route: string, query: Record<string, unknown>, role: Role): Promise<Page> {
    const { status, body, text } = await get<Page>(path(route, query), role);
    expect(status, text).toBe(200);
    return body;
  }

  async function expectWalks(route: Route, orderBy: object[], perPage: number, role: Role) {
    const base = { where: WHERE[route], orderBy };
    const whole = ids(await page(route, { ...base, perPage: 100 }, role));
    expect(whole.length).toBeGreaterThan(perPage);
    const offset: Id[] = [];
    for (let number = 1; offset.length < whole.length; number++) {
      offset.push(...ids(await page(route, { ...base, perPage, page: number }, role)));
    }
    expect(offset).toEqual(whole);
    const forward: Id[] = [];
    let current = await page(route, { ...base, perPage }, role);
    for (;;) {
      forward.push(...ids(current));
      // A walker stops at a null nextCursor: it is null only where no row follows.
      expect(current.meta.nextCursor === null).toBe(!current.meta.hasNextPage);
      if (current.meta.nextCursor === null) break;
      current = await page(route, { ...base, perPage, after: current.meta.nextCursor }, role);
    }
    expect(forward).toEqual(whole);
    const back: Id[][] = [ids(current)];
    while (current.meta.prevCursor !== null) {
      current = await page(route, { ...base, perPage, before: current.meta.prevCursor }, role);
      back.unshift(ids(current));
    }
    expect(current.meta.hasPrevPage).toBe(false);
    expect(back.flat()).toEqual(whole);
  }

  it.each([
    ['anonymous', 'books', [{ author: { name: 'asc' } }]],
    ['anonymous', 'books', [{ author: { country: 'desc' } }, { publishedAt: 'asc' }]],
    ['admin', 'books', [{ reviews: { _count: 'desc' } }]],
    ['admin', 'reviews', [{ book: { publishedAt: 'desc' } }]],
  ] as const)('as %s, %s sorted by %j: to the last row and back', async (role, route, orderBy) => {
    await expectWalks(route, [...orderBy], 4, role);
  });

  it('SORTS holds exactly the sorts each route accepts from each caller', async () => {
    for (const route of ['books', 'reviews', 'authors'] as const) {
      for (const role of ['anonymous', 'admin'] as const) {
        const accepted: string[] = [];
        for (const candidate of CANDIDATES[route]) {
          const { status, text } = await get(
            path(route, { orderBy: [sortOf(candidate, 'asc')], perPage: 1 }),
            role,
          );
          expect([200, 400], `${route} ${candidate}: ${text}`).toContain(status);
          if (status === 200) accepted.push(candidate);
        }
        const listed = [...SORTS[route].any, ...(role === 'anonymous' ? [] : SORTS[route].staff)];
        expect(accepted.sort(), `${route} as ${role}`).toEqual(
          [...new Set(listed.map((sort) => pathOf(sort('asc'))))].sort(),
        );
      }
    }
  }, 120_000);

  it('every sort SORTS lists, alone, walks to the last row and back in the offset order', async () => {
    for (const route of ['books', 'reviews', 'authors'] as const) {
      const { any, staff } = SORTS[route];
      for (const [index, sort] of [...any, ...staff].entries()) {
        const orderBy = [sort(index % 2 === 0 ? 'asc' : 'desc')];
        const role = index < any.length ? 'anonymous' : 'admin';
        await expectWalks(route, orderBy, 9, role).catch((error: Error) => {
          throw new Error(`${route} by ${JSON.stringify(orderBy)} as ${role}: ${error.message}`);
        });
      }
    }
  }, 300_000);

  it('for random sorts the routes accept, page sizes and directions, both walks give the offset order', async () => {
    const sorts = (route: 'books' | 'reviews', role: Role) =>
      fc
        .array(
          fc.record({
            sort: fc.constantFrom(...SORTS[route].any, ...(role === 'anonymous' ? [] : SORTS[route].staff)),
            direction: fc.constantFrom<Direction>('asc', 'desc'),
          }),
          { minLength: 1, maxLength: 3 },
        )
        .map((picks) => picks.map(({ sort, direction }) => sort(direction)));
    const cases = fc.oneof(
      ...(['anonymous', 'admin'] as const).flatMap((role) =>
        (['books', 'reviews'] as const).map((route) =>
          fc.record({ role: fc.constant(role), route: fc.constant(route), orderBy: sorts(route, role) }),
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(cases, fc.integer({ min: 3, max: 12 }), async ({ role, route, orderBy }, perPage) => {
        await expectWalks(route, orderBy, perPage, role);
      }),
      { numRuns: 16 },
    );
  }, 300_000);

  it('@facet/client walks a relation sort with pages() to the last row', async () => {
    const books = useModuleApi<{ id: number }>(createApiClient({ origin: app().origin }), 'books');
    const query = { where: WHERE.books, orderBy: [{ author: { name: 'desc' as const } }], perPage: 7 };
    const walked: number[] = [];
    for await (const each of books.pages(query)) walked.push(...each.items.map((item) => item.id));
    expect(walked).toEqual(ids(await page('books', { ...query, perPage: 100 }, 'anonymous')));
  });

  it('@facet/client walks back from a cursor with pages({ before })', async () => {
    const books = useModuleApi<{ id: number }>(createApiClient({ origin: app().origin }), 'books');
    const query = { where: WHERE.books, orderBy: [{ author: { country: 'asc' as const } }], perPage: 5 };
    const whole = ids(await page('books', { ...query, perPage: 100 }, 'anonymous'));
    const last = await page('books', { ...query, page: Math.ceil(whole.length / 5) }, 'anonymous');
    const back: number[][] = [];
    for await (const each of books.pages({ ...query, before: last.meta.prevCursor as string })) {
      back.unshift(each.items.map((item) => item.id));
    }
    expect([...back.flat(), ...ids(last)]).toEqual(whole);
    await expect(books.pages({ ...query, before: 'x', after: 'y' }).next()).rejects.toThrow(TypeError);
  });

  it("TanStack's infinite query walks to the last row and, with maxPages, back to the first", async () => {
    const client = new QueryClient();
    const books = facetQueries(
      useModuleApi<{ id: number }>(createApiClient({ origin: app().origin }), 'books'),
      'books',
    );
    const query = {
      where: WHERE.books,
      orderBy: [{ author: { name: 'desc' as const } }, { pages: 'asc' as const }],
      perPage: 4,
    };
    const whole = ids(await page('books', { ...query, perPage: 100 }, 'anonymous'));
    const observer = new InfiniteQueryObserver(client, { ...books.infinite(query), maxPages: 2 });
    const stop = observer.subscribe(() => {});
    try {
      await observer.refetch();
      let result = observer.getCurrentResult();
      const forward = [...(result.data?.pages[0]?.items ?? [])].map((item) => item.id);
      while (result.hasNextPage) {
        result = await observer.fetchNextPage();
        forward.push(...(result.data?.pages.at(-1)?.items ?? []).map((item) => item.id));
      }
      expect(forward).toEqual(whole);
      expect(result.data?.pages).toHaveLength(2);
      const kept = (result.data?.pages ?? []).flatMap((each) => each.items.map((item) => item.id));
      const back: number[][] = [];
      while (result.hasPreviousPage) {
        result = await observer.fetchPreviousPage();
        back.unshift((result.data?.pages[0]?.items ?? []).map((item) => item.id));
      }
      expect([...back.flat(), ...kept]).toEqual(whole);
      expect(result.data?.pageParams[0]).toEqual(expect.objectContaining({ before: expect.any(String) }));
    } finally {
      stop();
      client.clear();
    }
  });

  it('the table store opened on page 3 loads the rows before it and after it, sorted through a relation', async () => {
    const table = createTableStore({
      resource: useModuleApi<{ id: number }>(createApiClient({ origin: app().origin }), 'books'),
      where: WHERE.books,
      perPage: 4,
      initialState: { page: 3, sorting: [{ field: 'author.name', direction: 'desc' }] },
    });
    const settled = () =>
      new Promise<void>((resolve) => {
        const check = () => {
          const state = table.getState();
          if (state.fetchStatus === 'idle' && state.status !== 'idle') {
            stop();
            resolve();
          }
        };
        const stop = table.subscribe(check);
        queueMicrotask(check);
      });
    const keep = table.subscribe(() => {});
    try {
      await settled();
      const whole = ids(
        await page(
          'books',
          { where: WHERE.books, orderBy: [{ author: { name: 'desc' } }], perPage: 100 },
          'anonymous',
        ),
      );
      expect(table.getState().items.map((item) => item.id)).toEqual(whole.slice(8, 12));
      while (table.getState().prevCursor !== null) {
        table.loadPrevious();
        await settled();
      }
      while (table.getState().nextCursor !== null) {
        table.loadMore();
        await settled();
      }
      expect(table.getState().items.map((item) => item.id)).toEqual(whole);
      expect(table.getState().page).toBe(3);
    } finally {
      keep();
      table.destroy();
    }
  });

  it('refuses before with after or page, and a cursor of another sort or resource (400 invalid_cursor)', async () => {
    const query = { where: WHERE.books, orderBy: [{ author: { name: 'asc' } }], perPage: 4 };
    const second = await page('books', { ...query, page: 2 }, 'anonymous');
    const prev = second.meta.prevCursor as string;
    const next = second.meta.nextCursor as string;
    const reviews = await page('reviews', { perPage: 2, page: 2 }, 'anonymous');
    for (const [label, target, parameter] of [
      ['before and after', path('books', { ...query, before: prev, after: next }), 'before'],
      ['before and page', path('books', { ...query, before: prev, page: 2 }), 'before'],
      [
        'another sort',
        path('books', { ...query, orderBy: [{ author: { name: 'desc' } }], before: prev }),
        'before',
      ],
      ['another resource', path('books', { ...query, before: reviews.meta.prevCursor }), 'before'],
      ['garbage', path('books', { ...query, before: 'garbage' }), 'before'],
      [
        'an after of another sort',
        path('books', { ...query, orderBy: [{ title: 'asc' }], after: next }),
        'after',
      ],
    ] as const) {
      const { status, body } = await get<{ code?: string; path?: string }>(target);
      expect(status, label).toBe(400);
      expect(body, label).toMatchObject({ code: 'invalid_cursor', path: parameter });
    }
    const empty = await get<{ code?: string; path?: string }>('/books?before=');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ path: 'before' });
  });

  it('a sort through a relation the caller may read only in part is still refused, cursor or not', async () => {
    const refused = await get<{ code?: string }>(path('reviews', { orderBy: [{ book: { title: 'asc' } }] }));
    expect(refused.status).toBe(400);
    const staff = await page('reviews', { orderBy: [{ book: { title: 'asc' } }], perPage: 3 }, 'admin');
    const withCursor = await get<{ code?: string }>(
      path('reviews', { orderBy: [{ book: { title: 'asc' } }], after: staff.meta.nextCursor }),
    );
    expect(withCursor.status).toBe(400);
    expect(withCursor.body.code).toBe(refused.body.code);
  });
});
