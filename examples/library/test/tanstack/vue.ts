// @facet/client/tanstack under the real @tanstack/vue-query.
import { QueryClient, useInfiniteQuery, useQuery, VueQueryPlugin } from '@tanstack/vue-query';
import { computed, createApp, defineComponent, h } from 'vue';
import { books, countEnabled, installHooks } from './client.js';
import { INFINITE_QUERY, LIST_QUERY } from './queries.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
installHooks(queryClient);

const List = defineComponent(() => {
  const { data, status } = useQuery(books.list(LIST_QUERY));
  return () =>
    h('section', [
      h('p', { 'data-testid': 'list-status' }, status.value),
      h(
        'ul',
        (data.value?.items ?? []).map((book) =>
          h('li', { key: book.id, 'data-testid': 'list-row', 'data-id': book.id }, book.title),
        ),
      ),
    ]);
});

const Infinite = defineComponent(() => {
  const query = useInfiniteQuery(books.infinite(INFINITE_QUERY));
  const rows = computed(() => query.data.value?.pages.flatMap((page) => page.items) ?? []);
  return () =>
    h('section', [
      h(
        'p',
        { 'data-testid': 'infinite-status' },
        query.isFetching.value ? 'fetching' : query.hasNextPage.value ? 'more' : query.status.value,
      ),
      h(
        'button',
        {
          type: 'button',
          'data-testid': 'more',
          disabled: !query.hasNextPage.value || query.isFetching.value,
          onClick: () => query.fetchNextPage(),
        },
        'More',
      ),
      h(
        'ul',
        rows.value.map((book) =>
          h('li', { key: book.id, 'data-testid': 'infinite-row', 'data-id': book.id }, book.title),
        ),
      ),
    ]);
});

const Count = defineComponent(() => {
  const { data, fetchStatus } = useQuery({ ...books.count(), enabled: countEnabled });
  return () => h('p', { 'data-testid': 'count' }, String(data.value ?? fetchStatus.value));
});

createApp({ render: () => [h(List), h(Infinite), h(Count)] })
  .use(VueQueryPlugin, { queryClient })
  .mount('#root');
