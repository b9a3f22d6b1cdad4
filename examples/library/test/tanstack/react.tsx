// @facet/client/tanstack under the real @tanstack/react-query.
import { QueryClient, QueryClientProvider, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { books, countEnabled, installHooks } from './client.js';
import { INFINITE_QUERY, LIST_QUERY } from './queries.js';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
installHooks(queryClient);

function List() {
  const { data, status } = useQuery(books.list(LIST_QUERY));
  return (
    <section>
      <p data-testid="list-status">{status}</p>
      <ul>
        {data?.items.map((book) => (
          <li key={book.id} data-testid="list-row" data-id={book.id}>
            {book.title}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Infinite() {
  const query = useInfiniteQuery(books.infinite(INFINITE_QUERY));
  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];
  const state = query.isFetching ? 'fetching' : query.hasNextPage ? 'more' : query.status;
  return (
    <section>
      <p data-testid="infinite-status">{state}</p>
      <button
        type="button"
        data-testid="more"
        disabled={!query.hasNextPage || query.isFetching}
        onClick={() => query.fetchNextPage()}
      >
        More
      </button>
      <ul>
        {rows.map((book) => (
          <li key={book.id} data-testid="infinite-row" data-id={book.id}>
            {book.title}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Count() {
  const { data, fetchStatus } = useQuery({ ...books.count(), enabled: countEnabled });
  return <p data-testid="count">{data ?? fetchStatus}</p>;
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <List />
      <Infinite />
      <Count />
    </QueryClientProvider>
  </StrictMode>,
);
