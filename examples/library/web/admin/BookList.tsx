import { useTable } from '@refinedev/react-table';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { type Book, GENRES } from '../types.js';
import { ErrorBox } from './ErrorBox.js';

type BookRow = Pick<Book, 'id' | 'title' | 'genre' | 'pages' | 'published'> & { author?: { name: string } };

/** What the list asks for: the projection goes to the server as `fields`. */
const LIST_FIELDS = ['id', 'title', 'genre', 'pages', 'published', { author: ['name'] }];

export function BookList({ onShow }: { onShow(id: number): void }) {
  const columns = useMemo<ColumnDef<BookRow>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: 'Id' },
      // `filterFn` only decides which values clear a filter (the filtering is the server's): a
      // number column's default, a range, would drop a single number.
      {
        id: 'title',
        accessorKey: 'title',
        header: 'Title',
        filterFn: 'includesString',
        meta: { filterOperator: 'contains' },
      },
      // A dotted id sorts and filters through the to-one relation.
      {
        id: 'author.name',
        accessorFn: (row) => row.author?.name,
        header: 'Author',
        meta: { filterOperator: 'contains' },
      },
      {
        id: 'genre',
        accessorKey: 'genre',
        header: 'Genre',
        filterFn: 'equalsString',
        meta: { filterOperator: 'eq' },
      },
      {
        id: 'pages',
        accessorKey: 'pages',
        header: 'Pages',
        filterFn: 'weakEquals',
        meta: { filterOperator: 'gte' },
      },
      { id: 'published', accessorKey: 'published', header: 'Published', enableSorting: false },
      // The search text: a hidden column whose filter the provider sends as `q`.
      {
        id: 'q',
        accessorFn: () => null,
        header: '',
        enableSorting: false,
        meta: { filterOperator: 'contains' },
      },
    ],
    [],
  );
  const { reactTable, refineCore } = useTable<BookRow>({
    columns,
    // Ascending on the first click whatever the column's type (TanStack starts numbers descending).
    sortDescFirst: false,
    initialState: { columnVisibility: { q: false }, pagination: { pageIndex: 0, pageSize: 10 } },
    refineCoreProps: { resource: 'books', meta: { fields: LIST_FIELDS }, syncWithLocation: false },
  });
  const { tableQuery } = refineCore;
  const filterOf = (id: string) => (reactTable.getColumn(id)?.getFilterValue() as string | undefined) ?? '';
  const setFilter = (id: string, value: string | number | undefined) =>
    reactTable.getColumn(id)?.setFilterValue(value === '' ? undefined : value);
  const { pageIndex } = reactTable.getState().pagination;

  return (
    <section className="admin-list">
      <div className="toolbar">
        <input
          type="search"
          placeholder="Search title or ISBN"
          value={filterOf('q')}
          onChange={(event) => setFilter('q', event.target.value)}
          data-testid="admin-search"
        />
        <input
          placeholder="Title contains"
          value={filterOf('title')}
          onChange={(event) => setFilter('title', event.target.value)}
          data-testid="admin-filter-title"
        />
        <select
          value={filterOf('genre')}
          onChange={(event) => setFilter('genre', event.target.value)}
          data-testid="admin-filter-genre"
        >
          <option value="">Any genre</option>
          {GENRES.map((genre) => (
            <option key={genre}>{genre}</option>
          ))}
        </select>
        <input
          type="number"
          placeholder="Pages at least"
          value={filterOf('pages')}
          onChange={(event) =>
            setFilter('pages', event.target.value === '' ? undefined : Number(event.target.value))
          }
          data-testid="admin-filter-pages"
        />
      </div>
      <ErrorBox error={tableQuery.error} />
      <p data-testid="admin-status">
        {tableQuery.isFetching ? 'Loading…' : `${tableQuery.data?.total ?? 0} books`}
      </p>
      <table>
        <thead>
          {reactTable.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers
                .filter((header) => header.column.getIsVisible())
                .map((header) => (
                  <th key={header.id}>
                    {header.column.getCanSort() ? (
                      <button
                        type="button"
                        onClick={header.column.getToggleSortingHandler()}
                        data-testid={`sort-${header.id}`}
                      >
                        {String(header.column.columnDef.header)}
                        {{ asc: ' ▲', desc: ' ▼' }[header.column.getIsSorted() as string] ?? ''}
                      </button>
                    ) : (
                      String(header.column.columnDef.header)
                    )}
                  </th>
                ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {reactTable.getRowModel().rows.map((row) => (
            <tr key={row.id} data-testid="admin-row" data-id={row.original.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id}>{String(cell.getValue() ?? '')}</td>
              ))}
              <td>
                <button type="button" onClick={() => onShow(row.original.id)} data-testid="admin-show">
                  Show
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="pagination">
        <button
          type="button"
          onClick={() => reactTable.previousPage()}
          disabled={!reactTable.getCanPreviousPage()}
          data-testid="admin-prev"
        >
          Previous
        </button>
        <span data-testid="admin-page">
          Page {pageIndex + 1} of {reactTable.getPageCount()}
        </span>
        <button
          type="button"
          onClick={() => reactTable.nextPage()}
          disabled={!reactTable.getCanNextPage()}
          data-testid="admin-next"
        >
          Next
        </button>
      </div>
    </section>
  );
}
