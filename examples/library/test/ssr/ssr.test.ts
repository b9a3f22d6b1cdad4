// Server rendering against the real example app (PGlite): the server fetches the table's first
// page with prefetchTable and renders it with React (react-dom/server) and Vue (vue/server-renderer);
// the browser-side store, given that page as initialPage, shows it without asking again.
import { createApiClient, useModuleApi } from '@facet/client/api';
import { createAutocompleteStore } from '@facet/client/autocomplete';
import { useTable as useReactTable } from '@facet/client/react';
import {
  createTableStore,
  prefetchTable,
  type TableInitialPage,
  type TableOptions,
} from '@facet/client/table';
import { useTable as useVueTable } from '@facet/client/vue';
import { createElement } from 'react';
import { renderToString as renderReact } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSSRApp, h } from 'vue';
import { renderToString as renderVue } from 'vue/server-renderer';
import type { AuthorOption, BookRow } from '../../web/types.js';
import { TOKENS } from '../support/http.js';
import { type RunningLibrary, startLibrary } from '../support/startLibrary.js';
import { booksTableOptions } from './BooksTable.js';

describe('server rendering with prefetchTable and initialPage', () => {
  let app: RunningLibrary;
  /** Requests the client sent, as method and path with query. */
  const sent: string[] = [];

  beforeAll(async () => {
    app = await startLibrary();
  });
  afterAll(() => app?.close());

  function resources() {
    const api = createApiClient({ origin: app.origin, getToken: () => TOKENS.admin });
    api.interceptors.request.use((config) => {
      sent.push(`${config.method} ${config.url}`);
      return config;
    });
    return {
      books: useModuleApi<BookRow>(api, 'books'),
      authors: useModuleApi<AuthorOption>(api, 'authors'),
    };
  }

  const tableOptions = (): TableOptions<BookRow> => booksTableOptions(resources().books);

  /** What a page sends along with its HTML, and reads back in the browser. */
  const payload = async (): Promise<TableInitialPage<BookRow>> =>
    JSON.parse(JSON.stringify(await prefetchTable(tableOptions())));

  it('renders the prefetched rows on the server with React and with Vue, sending nothing more', async () => {
    const page = await payload();
    expect(page.items).toHaveLength(6);
    const titles = page.items.map((book) => book.title ?? '');
    sent.length = 0;

    function Books() {
      const table = useReactTable({ ...tableOptions(), initialPage: page });
      return createElement(
        'ul',
        null,
        table.state.items.map((book) => createElement('li', { key: book.id }, book.title)),
      );
    }
    const reactHtml = renderReact(createElement(Books));

    const vueHtml = await renderVue(
      createSSRApp({
        setup() {
          const table = useVueTable({ ...tableOptions(), initialPage: page });
          return () =>
            h(
              'ul',
              table.state.value.items.map((book) => h('li', { key: book.id }, book.title)),
            );
        },
      }),
    );
    for (const html of [reactHtml, vueHtml]) {
      const rendered = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1]);
      expect(rendered).toEqual(titles.map(escapeHtml));
    }
    expect(sent).toEqual([]);
  });

  it('the browser-side store starts from the page and asks for exactly the same query when it refetches', async () => {
    const page = await payload();
    sent.length = 0;
    const store = createTableStore({ ...tableOptions(), initialPage: page });
    const stop = store.subscribe(() => {});
    expect(store.getState()).toMatchObject({ status: 'success', fetchStatus: 'idle' });
    expect(store.getState().items).toEqual(page.items);
    expect(sent).toEqual([]);
    store.refetch();
    await new Promise<void>((resolve) => {
      const off = store.subscribe(() => {
        if (store.getState().fetchStatus === 'idle') {
          off();
          resolve();
        }
      });
    });
    expect(store.getState().items).toEqual(page.items);
    expect(sent).toHaveLength(1);
    stop();
    store.destroy();
  });

  it('an autocomplete starts from selected authors fetched on the server, without loading them', async () => {
    const { authors } = resources();
    const known = (await authors.query({ perPage: 2, orderBy: [{ name: 'asc' }] })).items;
    sent.length = 0;
    const picker = createAutocompleteStore({
      resource: authors,
      searchFields: ['name'],
      multiple: true,
      initialSelected: JSON.parse(JSON.stringify(known)) as AuthorOption[],
    });
    const stop = picker.subscribe(() => {});
    expect(picker.getState().selected.map((author) => author.name)).toEqual(known.map((a) => a.name));
    expect(picker.getState().value).toEqual(known.map((a) => a.id));
    expect(sent).toEqual([]);
    stop();
    picker.destroy();
  });
});

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll("'", '&#x27;')
    .replaceAll('"', '&quot;');
}
