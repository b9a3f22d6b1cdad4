import { type FacetTableRow, facetTableResult } from '@facet/client/tanstack-table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type PaginationState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useState } from 'react';
import type { Book } from '../../../web/types.js';
import { books, booksQuery } from './books-api.js';

type Row = FacetTableRow<Book, 'id'>;
const columns: ColumnDef<Row>[] = [
  { id: 'title', accessorKey: 'title', header: 'Title' },
  { id: 'genre', accessorKey: 'genre', header: 'Genre' },
  { id: 'pages', accessorKey: 'pages', header: 'Pages' },
  { id: 'author.name', accessorFn: (row) => row.author?.name, header: 'Author' },
];

export function BooksTable() {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
  const [globalFilter, setGlobalFilter] = useState('');
  const [columnVisibility, setColumnVisibility] = useState({});
  const state = { sorting, pagination, globalFilter, columnVisibility };
  const query = booksQuery(state);
  const page = useQuery({
    queryKey: ['books', query],
    queryFn: () => books.query(query),
    placeholderData: keepPreviousData,
  });
  const { rows, rowCount } = facetTableResult(page.data, pagination.pageSize);
  const table = useReactTable({
    data: rows,
    columns,
    rowCount,
    state,
    getRowId: (row) => String(row.id),
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onGlobalFilterChange: setGlobalFilter,
    onColumnVisibilityChange: setColumnVisibility,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
  });
  return (
    <table>
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
  );
}
