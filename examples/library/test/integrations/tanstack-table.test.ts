// @facet/client/tanstack-table with a real TanStack Table (table-core, headless, in Node) and the
// real example app: the table's state, changed through its own API, becomes the Facet query; the
// rows the server answers are the ones the fixture predicts, with the visible columns only.
import { createApiClient, useModuleApi } from '@facet/client/api';
import { type FacetTableRow, facetTableQuery, facetTableResult } from '@facet/client/tanstack-table';
import type { Jsonified } from '@facet/nest';
import { type ColumnDef, createTable, getCoreRowModel } from '@tanstack/table-core';
import { expect, it } from 'vitest';
import { loadFixture } from '../../src/database/index.js';
import type { BookDto } from '../../src/dto/library.dto.js';
import { onEachTarget } from '../support/onEachTarget.js';

type Book = Jsonified<BookDto>;
type Row = FacetTableRow<Book, 'id'>;

const fx = loadFixture();
const published = fx.books.filter((book) => book.published);
const authorName = (id: number) => fx.authors.find((author) => author.id === id)!.name;

const COLUMNS = ['title', 'pages', 'genre', 'author.name'] as const;
const columns: ColumnDef<Row>[] = COLUMNS.map((id) => ({ id, accessorKey: id }));

/** A real TanStack Table in manual mode, whose state lives here as an app's would. */
function makeTable() {
  const table = createTable<Row>({
    data: [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    renderFallbackValue: null,
    state: {},
    onStateChange: (updater) => {
      const state = typeof updater === 'function' ? updater(table.getState()) : updater;
      table.setOptions((previous) => ({ ...previous, state }));
    },
  });
  table.setOptions((previous) => ({ ...previous, state: table.initialState }));
  return table;
}

await onEachTarget('@facet/client/tanstack-table', ({ app }) => {
  const books = () => useModuleApi<Book>(createApiClient({ origin: app().origin }), 'books');
  const options = {
    columns: COLUMNS,
    baseFields: ['id'],
    columnFilters: { title: { kind: 'contains', caseInsensitive: true }, pages: { kind: 'range' } },
  } as const;

  it('sends sorting, column filters, paging and the visible columns; the rows match the fixture', async () => {
    const table = makeTable();
    table.setSorting([{ id: 'pages', desc: true }]);
    table.setColumnFilters([
      { id: 'title', value: 'THE' },
      { id: 'pages', value: [100, ''] },
      { id: 'genre', value: 'FICTION' },
    ]);
    table.setPagination({ pageIndex: 1, pageSize: 5 });
    table.setColumnVisibility({ genre: false, 'author.name': true });
    const query = facetTableQuery<Book, (typeof COLUMNS)[number], 'id'>(table.getState(), options);
    const page = await books().query(query);
    const matching = published
      .filter((b) => b.title.toLowerCase().includes('the') && b.pages >= 100 && b.genre === 'FICTION')
      .sort((a, b) => b.pages - a.pages || a.id - b.id);
    expect(matching.length).toBeGreaterThan(5);
    const { rows, rowCount, pageCount } = facetTableResult(page, 5);
    expect(rows).toEqual(
      matching
        .slice(5, 10)
        .map((b) => ({ id: b.id, title: b.title, pages: b.pages, author: { name: authorName(b.authorId) } })),
    );
    expect(rowCount).toBe(matching.length);
    expect(pageCount).toBe(Math.ceil(matching.length / 5));
  });

  it('sends the global filter as the search text q', async () => {
    const table = makeTable();
    table.setGlobalFilter('atlas');
    table.setPagination({ pageIndex: 0, pageSize: 100 });
    const query = facetTableQuery<Book, (typeof COLUMNS)[number], 'id'>(table.getState(), options);
    expect(query.q).toBe('atlas');
    const page = await books().query(query);
    const expected = published
      .filter((b) => `${b.title} ${b.isbn}`.toLowerCase().includes('atlas'))
      .map((b) => b.id);
    expect(page.items.map((row) => row.id).sort((a, b) => a - b)).toEqual(expected);
  });

  it('refuses a sort or a filter on a column it was not given, rather than dropping it', () => {
    const table = makeTable();
    table.setSorting([{ id: 'internalNote', desc: false }]);
    expect(() => facetTableQuery<Book, (typeof COLUMNS)[number], 'id'>(table.getState(), options)).toThrow(
      /internalNote/,
    );
  });
});
