// Keyset paging on every list route of the example (design: "Keyset paging"), over HTTP on PGlite
// and PostgreSQL: walking by `after` gives exactly the offset order, for anonymous callers and
// admins, with filters and multi-key sorts (ties, the nullable publishedAt), and every refusal is a
// 400 with a code.
import { createApiClient, useModuleApi } from '@facet/client';
import { createAutocompleteStore } from '@facet/client/autocomplete';
import { encodeQuery } from '@facet/core';
import { describe, expect, it } from 'vitest';
import type { Role } from './support/http.js';
import { onEachTarget } from './support/onEachTarget.js';

interface Page {
  items: { id: number | string }[];
  meta: { nextCursor?: string | null; itemCount?: number; hasNextPage?: boolean; page?: number };
}

const LISTS: { route: string; query: Record<string, unknown> }[] = [
  { route: '/books', query: { orderBy: [{ pages: 'desc' }] } },
  { route: '/books', query: { orderBy: [{ publishedAt: 'desc' }, { title: 'asc' }] } },
  { route: '/books', query: { orderBy: [{ publishedAt: 'asc' }] } },
  {
    route: '/books',
    query: { where: { genre: { in: ['FICTION', 'SCIENCE'] } }, orderBy: [{ price: 'asc' }] },
  },
  { route: '/books', query: { orderBy: [{ published: 'asc' }, { genre: 'desc' }] } },
  { route: '/books/search', query: { where: { pages: { gte: 150 } }, orderBy: [{ title: 'desc' }] } },
  { route: '/authors', query: { orderBy: [{ country: 'asc' }] } },
  { route: '/authors', query: {} },
  { route: '/reviews', query: { orderBy: [{ rating: 'desc' }, { createdAt: 'asc' }] } },
  { route: '/reviews', query: { where: { rating: { gte: 3 } } } },
];

await onEachTarget('keyset paging', ({ get, app }) => {
  const ids = (page: Pick<Page, 'items'>) => page.items.map((item) => item.id);

  /** Every row of a list, by offset pages of 100. */
  async function all(route: string, query: Record<string, unknown>, role: Role) {
    const rows: Page['items'] = [];
    for (let page = 1; page < 50; page++) {
      const { status, body } = await get<Page>(
        `${route}?${encodeQuery({ ...query, perPage: 100, page })}`,
        role,
      );
      expect(status).toBe(200);
      rows.push(...body.items);
      if (!body.meta.hasNextPage) {
        expect(body.meta.nextCursor).toBeNull();
        return { items: rows };
      }
    }
    throw new Error('the list did not end');
  }

  for (const role of ['anonymous', 'admin'] as const) {
    describe(`as ${role}`, () => {
      it.each(LISTS)('walking $route by after gives the offset order: $query', async ({ route, query }) => {
        const whole = await all(route, query, role);
        const walked: (number | string)[] = [];
        const offset: (number | string)[] = [];
        let after: string | undefined;
        for (let page = 1; page < 100; page++) {
          const byCursor = await get<Page>(
            `${route}?${encodeQuery({ ...query, perPage: 25, ...(after === undefined ? {} : { after }) })}`,
            role,
          );
          expect(byCursor.status).toBe(200);
          walked.push(...ids(byCursor.body));
          const byPage = await get<Page>(`${route}?${encodeQuery({ ...query, perPage: 25, page })}`, role);
          offset.push(...ids(byPage.body));
          if (byCursor.body.meta.nextCursor === null) break;
          expect(typeof byCursor.body.meta.nextCursor).toBe('string');
          after = byCursor.body.meta.nextCursor as string;
        }
        expect(walked).toEqual(ids(whole));
        expect(offset).toEqual(ids(whole));
        expect(walked.length).toBeGreaterThan(25);
      });
    });
  }

  it('@facet/client walks a list with pages(), by cursor', async () => {
    const books = useModuleApi<{ id: number }>(createApiClient({ origin: app().origin }), 'books');
    const query = { orderBy: [{ publishedAt: 'desc' }], perPage: 30 };
    const walked: number[] = [];
    let pages = 0;
    for await (const page of books.pages(query)) {
      pages++;
      walked.push(...page.items.map((item) => item.id));
    }
    expect(pages).toBeGreaterThan(1);
    expect(walked).toEqual(ids(await all('/books', { orderBy: query.orderBy }, 'anonymous')));
    await expect(books.pages({ page: 2 }).next()).rejects.toThrow(TypeError);
  });

  it.each([
    ['without fields', undefined],
    ['with a fields projection', ['id', 'name']],
  ] as const)('the autocomplete loads more by cursor %s, in the offset order', async (_label, fields) => {
    const api = createApiClient({ origin: app().origin });
    const authors = createAutocompleteStore({
      resource: useModuleApi<{ id: number; name: string }>(api, 'authors'),
      searchFields: ['name'],
      debounceMs: 0,
      perPage: 4,
      orderBy: [{ country: 'asc' }],
      fields,
    });
    const sent: Record<string, unknown>[] = [];
    const settled = () =>
      new Promise<void>((resolve) => {
        const check = () => {
          const state = authors.getState();
          if (state.fetchStatus === 'idle' && state.status !== 'idle') {
            stop();
            resolve();
          }
        };
        const stop = authors.subscribe(check);
        queueMicrotask(check);
      });
    api.interceptors.request.use((config) => {
      sent.push({ ...config.params });
      return config;
    });
    const stop = authors.subscribe(() => {});
    try {
      authors.setInput('a');
      await settled();
      expect(authors.getState().results).toHaveLength(4);
      expect(sent[0]?.where).toBeDefined();
      while (authors.getState().hasMore) {
        authors.loadMore();
        await settled();
      }
      const whole = await all(
        '/authors',
        { where: sent[0]?.where, orderBy: [{ country: 'asc' }] },
        'anonymous',
      );
      expect(authors.getState().results.map((item) => item.id)).toEqual(ids(whole));
      expect(authors.getState().total).toBe(whole.items.length);
      expect(sent.slice(1).every((params) => typeof params.after === 'string' && !('page' in params))).toBe(
        true,
      );
      expect(sent.length).toBeGreaterThan(2);
    } finally {
      stop();
      authors.destroy();
    }
  });

  it('a cursor is only a position: it never shows an anonymous caller what an admin may read', async () => {
    const query = { orderBy: [{ publishedAt: 'desc' }] };
    const admin = await get<Page>(`/books?${encodeQuery({ ...query, perPage: 3 })}`, 'admin');
    const cursor = admin.body.meta.nextCursor as string;
    const anonymous = await get<Page>(`/books?${encodeQuery({ ...query, perPage: 100, after: cursor })}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.items.length).toBeGreaterThan(0);
    const published = await all('/books', { where: { published: true }, ...query }, 'admin');
    expect(ids(anonymous.body).every((id) => ids(published).includes(id))).toBe(true);
  });

  it("a cursor shows nothing of the row it ends on: an admin's sort by a staff-only field, an unpublished title", async () => {
    const pages = [
      { orderBy: [{ internalNote: 'desc' }], fields: 'items{id,title,internalNote},meta{nextCursor}' },
      {
        where: { published: false },
        orderBy: [{ title: 'asc' }],
        fields: 'items{id,title,internalNote},meta{nextCursor}',
      },
    ];
    for (const query of pages) {
      const { status, body } = await get<{
        items: { id: number; title: string; internalNote: string }[];
        meta: { nextCursor: string };
      }>(`/books?${encodeQuery({ ...query, perPage: 3 })}`, 'admin');
      expect(status).toBe(200);
      const last = body.items.at(-1) as { id: number; title: string; internalNote: string };
      expect(last.internalNote).toMatch(/^cost basis/);
      const cursor = body.meta.nextCursor;
      const bytes = Buffer.from(cursor, 'base64url');
      for (const trace of [
        last.internalNote,
        'cost basis',
        'shelf',
        last.title,
        `${last.title}`.slice(0, 6),
      ]) {
        expect({ trace, inBytes: bytes.includes(Buffer.from(trace)) }).toEqual({ trace, inBytes: false });
        expect({ trace, inText: cursor.includes(trace) }).toEqual({ trace, inText: false });
      }
      // The same page, asked again, has the same cursor (an ETag may depend on it), and it works.
      const again = await get<{ meta: { nextCursor: string } }>(
        `/books?${encodeQuery({ ...query, perPage: 3 })}`,
        'admin',
      );
      expect(again.body.meta.nextCursor).toBe(cursor);
      const next = await get<Page>(`/books?${encodeQuery({ ...query, perPage: 3, after: cursor })}`, 'admin');
      expect(next.status).toBe(200);
      expect(ids(next.body)).not.toContain(last.id);
    }
  });

  it('a keyset page counts only when the projection asks for totals', async () => {
    const first = await get<Page>(`/books?${encodeQuery({ perPage: 5 })}`);
    const after = first.body.meta.nextCursor as string;
    const plain = await get<Page>(`/books?${encodeQuery({ perPage: 5, after })}`);
    expect(plain.body.meta).toEqual({
      perPage: 5,
      hasPrevPage: true,
      hasNextPage: true,
      nextCursor: expect.any(String),
      prevCursor: expect.any(String),
    });
    const envelope = await get<Page>(
      `/books?${encodeQuery({ perPage: 5, after, fields: 'items{id},meta{nextCursor,hasNextPage}' })}`,
    );
    expect(Object.keys(envelope.body.meta)).toEqual(['nextCursor', 'hasNextPage']);
    const counted = await get<Page>(
      `/books?${encodeQuery({ perPage: 5, after, fields: 'items{id},meta{itemCount}' })}`,
    );
    expect(counted.body.meta.itemCount).toBe((await all('/books', {}, 'anonymous')).items.length);
  });

  it('refuses after with page, a tampered, garbage or foreign cursor, and another sort’s (400 invalid_cursor)', async () => {
    const books = await get<Page>(`/books?${encodeQuery({ orderBy: [{ pages: 'asc' }], perPage: 2 })}`);
    const authors = await get<Page>(`/authors?${encodeQuery({ perPage: 2 })}`);
    const cursor = books.body.meta.nextCursor as string;
    // One character of the sealed text changed, in the middle (the ciphertext) and at the end (the tag).
    const middle = cursor.length >> 1;
    const tampered = `${cursor.slice(0, middle)}${cursor[middle] === 'A' ? 'B' : 'A'}${cursor.slice(middle + 1)}`;
    const tamperedTag = `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'Q' : 'A'}`;
    for (const [label, path] of [
      ['with page', `/books?${encodeQuery({ orderBy: [{ pages: 'asc' }], page: 2, after: cursor })}`],
      ['tampered', `/books?${encodeQuery({ orderBy: [{ pages: 'asc' }], after: tampered })}`],
      ['tampered tag', `/books?${encodeQuery({ orderBy: [{ pages: 'asc' }], after: tamperedTag })}`],
      ['garbage', `/books?${encodeQuery({ after: 'garbage' })}`],
      ['another sort', `/books?${encodeQuery({ orderBy: [{ pages: 'desc' }], after: cursor })}`],
      ['another resource', `/books?${encodeQuery({ after: authors.body.meta.nextCursor as string })}`],
      ['reviews with a book cursor', `/reviews?${encodeQuery({ after: cursor })}`],
    ] as const) {
      const { status, body } = await get<{ code?: string; path?: string }>(path);
      expect(status, label).toBe(400);
      expect(body, label).toMatchObject({ code: 'invalid_cursor', path: 'after' });
    }
    const empty = await get<{ code?: string }>('/books?after=');
    expect(empty.status).toBe(400);
  });
});
