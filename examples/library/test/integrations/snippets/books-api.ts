import { createApiClient, useModuleApi } from '@facet/client/api';
import { facetTableQueryOf } from '@facet/client/tanstack-table';
import type { Book } from '../../../web/types.js';

export const books = useModuleApi<Book>(createApiClient(), 'books');

/** The table's columns are field paths of Book (a misspelt one fails to compile); `id` always comes. */
export const COLUMNS = ['title', 'genre', 'pages', 'author.name'] as const;
export const booksQuery = facetTableQueryOf<Book>()({
  columns: COLUMNS,
  baseFields: ['id'],
  columnFilters: { title: { kind: 'contains', caseInsensitive: true } },
});
