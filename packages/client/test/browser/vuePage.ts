/// <reference lib="dom" />
// A page built on @facet/client/vue with render functions (no SFC compiler), bundled by esbuild.
import { createApiClient, useModuleApi } from '@facet/client/api';
import { useTable } from '@facet/client/vue';
import { createApp, defineComponent, h } from 'vue';
import type { Book } from '../helpers/books.js';

const books = useModuleApi<Book>(createApiClient(), 'books');

const Table = defineComponent({
  setup() {
    const table = useTable<Book>(() => ({ resource: books, perPage: 5, searchFields: ['title'] }));
    return () => {
      const state = table.state.value;
      return h('section', [
        h('input', {
          'aria-label': 'Search books',
          value: state.searchInput,
          onInput: (event: Event) => table.setSearch((event.target as HTMLInputElement).value),
        }),
        h('p', { 'data-testid': 'status' }, `Page ${state.page} of ${state.pageCount}, ${state.total} books`),
        h(
          'ul',
          { 'data-testid': 'rows' },
          state.items.map((book) => h('li', { key: book.id, 'data-id': book.id }, book.title)),
        ),
        h('button', { type: 'button', onClick: () => table.nextPage() }, 'Next'),
      ]);
    };
  },
});

createApp(Table).mount('#root');
