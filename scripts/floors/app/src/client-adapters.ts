// The client's optional peers at their lowest (run by check.ts): the Vue composable in an effect
// scope, the React hook rendered by react-dom/server, and TanStack Query options fetched by a
// QueryClient, each reading the app's books. Compiled with the app under `skipLibCheck: false`.
import { deepStrictEqual } from 'node:assert/strict';
import { createApiClient, useModuleApi } from '@facet/client';
import { useTable as useReactTable } from '@facet/client/react';
import { facetQueries } from '@facet/client/tanstack';
import { useTable as useVueTable } from '@facet/client/vue';
import { QueryClient } from '@tanstack/query-core';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { effectScope } from 'vue';

interface Book {
  id: number;
  title: string;
}

/** Resolves when `done()` holds, checked on every change the store reports. */
function settled(subscribe: (listener: () => void) => () => void, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = subscribe(() => {
      if (done()) {
        unsubscribe();
        resolve();
      }
    });
  });
}

export async function checkClientAdapters(origin: string): Promise<void> {
  const books = useModuleApi<Book>(createApiClient({ origin }), 'books');

  // Vue: the composable's ref follows the store, which fetches once it has a subscriber.
  const scope = effectScope();
  const table = scope.run(() =>
    useVueTable<Book>({ resource: books, perPage: 2, baseFields: ['id', 'title'], initialState: {} }),
  );
  if (!table) throw new Error('useTable returned nothing');
  await settled(table.subscribe, () => table.getState().status === 'success');
  deepStrictEqual(
    table.state.value.items.map((book) => book.title),
    ['Alpha', 'Beta'],
  );
  scope.stop();

  // React: the hook renders its first state on the server (no fetch there).
  function Titles() {
    const state = useReactTable<Book>({ resource: books, perPage: 2 }).state;
    return createElement('p', null, `${state.status}:${state.items.length}`);
  }
  deepStrictEqual(renderToString(createElement(Titles)), '<p>idle:0</p>');

  // TanStack Query: the list options, fetched through a QueryClient.
  const queries = facetQueries(books, 'books');
  const page = await new QueryClient().fetchQuery(queries.list({ fields: 'id,title', perPage: 1 }));
  deepStrictEqual(page.items, [{ id: 1, title: 'Alpha' }]);
}
