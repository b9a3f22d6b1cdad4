/// <reference lib="dom" />
// A page built on @facet/client/react, bundled by esbuild for the Chromium test.
import { createApiClient, useModuleApi } from '@facet/client/api';
import { useAutocomplete, useTable } from '@facet/client/react';
import { createElement as h, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Book } from '../helpers/books.js';

// The default origin is the page's own: this is where the browser-only default gets exercised.
const books = useModuleApi<Book>(createApiClient(), 'books');

function Table() {
  // A fresh options object on every render must not cause a request.
  const table = useTable<Book>({ resource: books, perPage: 5, searchFields: ['title'] });
  const { state } = table;
  return h(
    'section',
    null,
    h('input', {
      'aria-label': 'Search books',
      value: state.searchInput,
      onChange: (event: { target: HTMLInputElement }) => table.setSearch(event.target.value),
    }),
    h('p', { 'data-testid': 'status' }, `Page ${state.page} of ${state.pageCount}, ${state.total} books`),
    h(
      'ul',
      { 'data-testid': 'rows' },
      state.items.map((book) => h('li', { key: book.id, 'data-id': book.id }, book.title)),
    ),
    h('button', { type: 'button', onClick: table.nextPage }, 'Next'),
  );
}

function Picker() {
  const picker = useAutocomplete<Book>({ resource: books, searchFields: ['title'], perPage: 3 });
  const { state } = picker;
  return h(
    'section',
    null,
    h('input', {
      'aria-label': 'Pick a book',
      value: state.input,
      onChange: (event: { target: HTMLInputElement }) => picker.setInput(event.target.value),
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'ArrowDown') picker.moveHighlight(1);
        if (event.key === 'Enter') picker.selectHighlighted();
      },
    }),
    h(
      'ul',
      { 'data-testid': 'options' },
      state.options.map((book, index) =>
        h(
          'li',
          { key: book.id, 'aria-selected': index === state.highlightedIndex },
          picker.getOptionLabel(book),
        ),
      ),
    ),
    h('p', { 'data-testid': 'picked' }, state.selected.map((book) => book.title).join(', ')),
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(h(StrictMode, null, h(Table), h(Picker)));
