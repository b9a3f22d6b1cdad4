import { type FacetTableRow, facetTableResult } from '@facet/client/tanstack-table';
import { keepPreviousData, QueryClient, useQuery, VueQueryPlugin } from '@tanstack/vue-query';
import {
  type ColumnDef,
  type ColumnFiltersState,
  FlexRender,
  getCoreRowModel,
  type PaginationState,
  type SortingState,
  type Updater,
  useVueTable,
  type VisibilityState,
} from '@tanstack/vue-table';
import { computed, createApp, defineComponent, h, type Ref, ref } from 'vue';
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

/** Applies TanStack's updater (a value, or a function of the previous one) to a ref. */
function update<T>(target: Ref<T>, updater: Updater<T>) {
  target.value = updater instanceof Function ? updater(target.value) : updater;
}

export const BooksTable = defineComponent(() => {
  const sorting = ref<SortingState>([]);
  const columnFilters = ref<ColumnFiltersState>([]);
  const globalFilter = ref('');
  const pagination = ref<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const columnVisibility = ref<VisibilityState>({});
  const query = computed(() =>
    booksQuery({
      sorting: sorting.value,
      columnFilters: columnFilters.value,
      globalFilter: globalFilter.value,
      pagination: pagination.value,
      columnVisibility: columnVisibility.value,
    }),
  );
  const page = useQuery({
    queryKey: ['books', query],
    queryFn: () => books.query(query.value),
    placeholderData: keepPreviousData,
  });
  const result = computed(() => facetTableResult(page.data.value, pagination.value.pageSize));
  // With manual paging TanStack Table keeps the page index when the rows change: a new sort,
  // filter or search starts again at the first page.
  const firstPage =
    <T>(target: Ref<T>) =>
    (updater: Updater<T>) => {
      update(target, updater);
      pagination.value = { ...pagination.value, pageIndex: 0 };
    };
  const table = useVueTable<Row>({
    get data() {
      return result.value.rows;
    },
    get rowCount() {
      return result.value.rowCount;
    },
    columns,
    state: {
      get sorting() {
        return sorting.value;
      },
      get columnFilters() {
        return columnFilters.value;
      },
      get globalFilter() {
        return globalFilter.value;
      },
      get pagination() {
        return pagination.value;
      },
      get columnVisibility() {
        return columnVisibility.value;
      },
    },
    getRowId: (row) => String(row.id),
    onSortingChange: firstPage(sorting),
    onColumnFiltersChange: firstPage(columnFilters),
    onGlobalFilterChange: firstPage(globalFilter),
    onPaginationChange: (updater) => update(pagination, updater),
    onColumnVisibilityChange: (updater) => update(columnVisibility, updater),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualFiltering: true,
    manualPagination: true,
  });
  const typed = (event: Event) => (event.target as HTMLInputElement).value;

  return () => {
    const title = table.getColumn('title');
    return h('section', [
      h('label', [
        'Search ',
        h('input', {
          value: globalFilter.value,
          onInput: (event: Event) => table.setGlobalFilter(typed(event)),
        }),
      ]),
      h('label', [
        'Title contains ',
        h('input', {
          value: String(title?.getFilterValue() ?? ''),
          onInput: (event: Event) => title?.setFilterValue(typed(event)),
        }),
      ]),
      h('fieldset', [
        h('legend', 'Columns'),
        table.getAllLeafColumns().map((column) =>
          h('label', { key: column.id }, [
            h('input', {
              type: 'checkbox',
              checked: column.getIsVisible(),
              onChange: column.getToggleVisibilityHandler(),
            }),
            String(column.columnDef.header),
          ]),
        ),
      ]),
      h('table', [
        h(
          'thead',
          table.getHeaderGroups().map((group) =>
            h(
              'tr',
              { key: group.id },
              group.headers.map((header) =>
                h('th', { key: header.id }, [
                  h('button', { type: 'button', onClick: header.column.getToggleSortingHandler() }, [
                    h(FlexRender, { render: header.column.columnDef.header, props: header.getContext() }),
                    SORTED[header.column.getIsSorted() || 'none'],
                  ]),
                ]),
              ),
            ),
          ),
        ),
        h(
          'tbody',
          table.getRowModel().rows.map((row) =>
            h(
              'tr',
              { key: row.id },
              row
                .getVisibleCells()
                .map((cell) =>
                  h('td', { key: cell.id }, [
                    h(FlexRender, { render: cell.column.columnDef.cell, props: cell.getContext() }),
                  ]),
                ),
            ),
          ),
        ),
      ]),
      h('p', [
        h(
          'button',
          { type: 'button', onClick: () => table.previousPage(), disabled: !table.getCanPreviousPage() },
          'Previous',
        ),
        h(
          'output',
          `Page ${pagination.value.pageIndex + 1} of ${table.getPageCount()}, ${result.value.rowCount} books`,
        ),
        h(
          'button',
          { type: 'button', onClick: () => table.nextPage(), disabled: !table.getCanNextPage() },
          'Next',
        ),
      ]),
    ]);
  };
});

/** The page: the app with Vue Query's plugin around the table. */
export function mountBooksTable(element: HTMLElement) {
  createApp(BooksTable).use(VueQueryPlugin, { queryClient: new QueryClient() }).mount(element);
}
