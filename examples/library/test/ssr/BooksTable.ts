// The component both sides render: the server with react-dom/server, the browser with hydrateRoot
// (hydrate.ts). Written with createElement so Node runs it without a JSX transform.
import type { ModuleApi } from '@facet/client/api';
import { useTable } from '@facet/client/react';
import type { TableInitialPage, TableOptions } from '@facet/client/table';
import { createElement as h, useEffect } from 'react';
import type { BookRow } from '../../web/types.js';

/** The options both sides build, so the browser's first query is the one the server answered. */
export function booksTableOptions(resource: ModuleApi<BookRow>): TableOptions<BookRow> {
  return {
    resource,
    perPage: 6,
    initialState: {
      sorting: [
        { field: 'publishedAt', direction: 'desc' },
        { field: 'title', direction: 'asc' },
      ],
      filters: { genre: ['FICTION', 'SCIENCE'] },
    },
    columnFilters: { genre: { kind: 'in' } },
  };
}

export function BooksTable(props: {
  options: TableOptions<BookRow>;
  initialPage: TableInitialPage<BookRow>;
}) {
  const table = useTable({ ...props.options, initialPage: props.initialPage });
  // Effects run in the browser only, after hydration: the test waits for this mark.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const { state } = table;
  return h(
    'section',
    null,
    h('p', { 'data-testid': 'page' }, `${state.page} ${state.status} ${state.fetchStatus}`),
    h('button', { type: 'button', 'data-testid': 'next', onClick: () => table.nextPage() }, 'Next'),
    h(
      'ul',
      null,
      state.items.map((book) =>
        h('li', { key: book.id, 'data-testid': 'row', 'data-id': book.id }, book.title),
      ),
    ),
  );
}

/** Where the server puts the page for the browser: a JSON script element. */
export const PAYLOAD_ID = 'facet-ssr-payload';
