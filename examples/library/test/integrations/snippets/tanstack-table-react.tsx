import { type FacetTableRow, facetTableResult } from '@facet/client/tanstack-table';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import {
  type ColumnDef,
  type ColumnFiltersState,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type PaginationState,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Book } from '../../../web/types.js';
import { books, booksQuery } from './books-api.js';

type Row = FacetTableRow<Book, 'id'>;
const columns: ColumnDef<Row>[] = [
  { id: 'title', accessorKey: 'title', header: 'Title' },
  { id: 'genre', accessorKey: 'genre', header: 'Genre' },
  { id: 'pages', accessorKey: 'pages', header: 'Pages' },
  { id: 'author.name', accessorFn: (row) => row.author?.name, header: 'Author' },
];
const SORTED = { asc: ' ▲', desc: ' ▼', none: '' };

export function BooksTable() {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [globalFilter, setGlobalFilter] = useState('');
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const state = { sorting, columnFilters, globalFilter, pagination, columnVisibility };
  const query = booksQuery(state);
  const page = useQuery({
    queryKey: ['books', query],
    queryFn: () => books.query(query),
    placeholderData: keepPreviousData,
  });
  const { rows, rowCount } = facetTableResult(page.data, pagination.pageSize);
  // With manual paging TanStack Table keeps the page index when the rows change: a new sort,
  // filter or search starts again at the first page.
  const firstPage =
    <T,>(set: OnChangeFn<T>): OnChangeFn<T> =>
    (updater) => {
      set(updater);
      setPagination((previous) => ({ ...previous, pageIndex: 0 }));
    };
  const table = useReactTable({
    data: rows,
    columns,
    rowCount,
    state,
    getRowId: (row) => String(row.id),
    onSortingChange: firstPage(setSorting),
    onColumnFiltersChange: firstPage(setColumnFilters),
    onGlobalFilterChange: firstPage(setGlobalFilter),
    onPaginationChange: setPagination,
    onColumnVisibilityChange: setColumnVisibility,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
  });
  const title = table.getColumn('title');
  return (
    <section>
      <label>
        Search <input value={globalFilter} onChange={(event) => table.setGlobalFilter(event.target.value)} />
      </label>
      <label>
        Title contains{' '}
        <input
          value={String(title?.getFilterValue() ?? '')}
          onChange={(event) => title?.setFilterValue(event.target.value)}
        />
      </label>
      <fieldset>
        <legend>Columns</legend>
        {table.getAllLeafColumns().map((column) => (
          <label key={column.id}>
            <input
              type="checkbox"
              checked={column.getIsVisible()}
              onChange={column.getToggleVisibilityHandler()}
            />
            {String(column.columnDef.header)}
          </label>
        ))}
      </fieldset>
      <table>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id}>
                  <button type="button" onClick={header.column.getToggleSortingHandler()}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    {SORTED[header.column.getIsSorted() || 'none']}
                  </button>
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
          Previous
        </button>
        <output>
          Page {pagination.pageIndex + 1} of {table.getPageCount()}, {rowCount} books
        </output>
        <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
          Next
        </button>
      </p>
    </section>
  );
}

/** The page: a QueryClient around the table. */
export function mountBooksTable(element: HTMLElement) {
  createRoot(element).render(
    <QueryClientProvider client={new QueryClient()}>
      <BooksTable />
    </QueryClientProvider>,
  );
}
