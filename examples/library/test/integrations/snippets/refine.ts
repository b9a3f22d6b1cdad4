import { createApiClient } from '@facet/client/api';
import { facetDataProvider } from '@facet/client/refine';
import type { DataProvider } from '@refinedev/core';

/** The provider for `<Refine dataProvider={...}>`: one per API, its token from the client. */
export function libraryDataProvider(origin: string, getToken: () => string | null): DataProvider {
  const api = createApiClient({ origin, getToken, facetErrors: true });
  return facetDataProvider(api, { database: 'postgresql' });
}

/** What `useList`/`useTable` send: filters, sorters, paging and `meta.fields`, in one call. */
export function longPoetry(dataProvider: DataProvider) {
  return dataProvider.getList({
    resource: 'books',
    filters: [
      { field: 'genre', operator: 'eq', value: 'POETRY' },
      {
        operator: 'or',
        value: [
          { field: 'pages', operator: 'gte', value: 900 },
          { field: 'author.name', operator: 'startswith', value: 'zoë' },
        ],
      },
      { field: 'q', operator: 'contains', value: 'the' },
    ],
    sorters: [{ field: 'author.name', order: 'asc' }],
    pagination: { currentPage: 1, pageSize: 5, mode: 'server' },
    meta: { fields: ['id', 'title', 'pages', { author: ['name'] }] },
  });
}
