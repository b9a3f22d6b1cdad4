// A Facet table whose URL state React Router writes and reads (createUrlStateAdapter's navigate/listen).
import { useTable } from '@facet/client/react';
import { createUrlStateAdapter } from '@facet/client/table';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { tableOptions } from './shared.js';

// Created once: the store reads its URL sync when it is created.
const url = createUrlStateAdapter({
  prefix: 'books',
  navigate: (target, mode) => void router.navigate(target, { replace: mode === 'replace' }),
  listen: (listener) => router.subscribe(() => listener()),
});
const options = tableOptions(url);

function Books() {
  const table = useTable(options);
  const { state } = table;
  return (
    <section>
      <p data-testid="page">{`${state.page} ${state.fetchStatus}`}</p>
      <button type="button" data-testid="next" onClick={() => table.nextPage()}>
        Next
      </button>
      <button type="button" data-testid="sort" onClick={() => table.toggleSort('title')}>
        Sort by title
      </button>
      <ul>
        {state.items.map((book) => (
          <li key={book.id} data-testid="row" data-id={book.id}>
            {book.title}
          </li>
        ))}
      </ul>
    </section>
  );
}

const router = createBrowserRouter([{ path: '/routers-react.html', element: <Books /> }]);
window.routerProbe = {
  route: () => `${router.state.location.pathname}${router.state.location.search}`,
};

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
