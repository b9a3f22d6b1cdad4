// The browser half of the server-rendering test: hydrates the server's HTML from its payload.
import { createApiClient, useModuleApi } from '@facet/client/api';
import type { TableInitialPage } from '@facet/client/table';
import { createElement, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { BookRow } from '../../web/types.js';
import { BooksTable, booksTableOptions, PAYLOAD_ID } from './BooksTable.js';

const text = document.getElementById(PAYLOAD_ID)?.textContent;
const root = document.getElementById('root');
if (!text || !root) throw new Error('no server payload or #root');
const initialPage = JSON.parse(text) as TableInitialPage<BookRow>;
const options = booksTableOptions(
  useModuleApi<BookRow>(createApiClient({ origin: location.origin }), 'books'),
);

hydrateRoot(root, createElement(StrictMode, null, createElement(BooksTable, { options, initialPage })), {
  onRecoverableError: (error) => console.error(`hydration: ${String(error)}`),
});
