import { createApiClient, useModuleApi } from '@facet/client/api';
import { facetQueries } from '@facet/client/tanstack';
import type { BookRow } from '../../web/types.js';
import type { FixtureHooks } from './queries.js';

// The test picks the caller with `?token=`; the page has no role switcher.
const token = new URLSearchParams(location.search).get('token');
const api = createApiClient({ origin: location.origin, getToken: () => token, facetErrors: true });
const booksApi = useModuleApi<BookRow>(api, 'books');

export const books = facetQueries(booksApi, 'books');

/** Whether the count query may run: the cancel test starts it by adding `?count` to the URL. */
export const countEnabled = new URLSearchParams(location.search).has('count');

declare global {
  interface Window {
    facetFixture?: FixtureHooks;
  }
}

/** The two calls the hooks make; structural, as react-query and vue-query bring their own clients. */
interface Invalidating {
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
  cancelQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
}

export function installHooks(queryClient: Invalidating): void {
  window.facetFixture = {
    async rename(id, title) {
      await booksApi.update(id, { title });
      await queryClient.invalidateQueries({ queryKey: books.keys.lists() });
    },
    cancelCount: () => queryClient.cancelQueries({ queryKey: books.keys.count() }),
  };
}
