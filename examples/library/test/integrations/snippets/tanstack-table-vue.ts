import { type FacetTableRow, facetTableResult } from '@facet/client/tanstack-table';
import { getCoreRowModel, type SortingState, useVueTable } from '@tanstack/vue-table';
import { computed, ref, shallowRef, watchEffect } from 'vue';
import type { Book } from '../../../web/types.js';
import { books, booksQuery, COLUMNS } from './books-api.js';

type Row = FacetTableRow<Book, 'id'>;

export function useBooksTable() {
  const sorting = ref<SortingState>([]);
  const pagination = ref({ pageIndex: 0, pageSize: 20 });
  const globalFilter = ref('');
  const page = shallowRef<Awaited<ReturnType<typeof books.query>>>();
  const query = computed(() =>
    booksQuery({ sorting: sorting.value, pagination: pagination.value, globalFilter: globalFilter.value }),
  );
  // The latest query's page (a real app would also drop answers that arrive out of order).
  watchEffect(async () => {
    page.value = await books.query(query.value);
  });
  const result = computed(() => facetTableResult(page.value, pagination.value.pageSize));
  return useVueTable<Row>({
    get data() {
      return result.value.rows;
    },
    get rowCount() {
      return result.value.rowCount;
    },
    columns: COLUMNS.map((id) => ({ id, accessorKey: id })),
    state: {
      get sorting() {
        return sorting.value;
      },
      get pagination() {
        return pagination.value;
      },
      get globalFilter() {
        return globalFilter.value;
      },
    },
    onSortingChange: (updater) => {
      sorting.value = typeof updater === 'function' ? updater(sorting.value) : updater;
    },
    onPaginationChange: (updater) => {
      pagination.value = typeof updater === 'function' ? updater(pagination.value) : updater;
    },
    onGlobalFilterChange: (value) => {
      globalFilter.value = String(value ?? '');
    },
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
  });
}
