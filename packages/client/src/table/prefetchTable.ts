import type { AxiosRequestConfig } from 'axios';
import type { TableInitialPage, TableOptions } from './tableStore.types.js';
import { deriveTableQuery, getDefaultView, tableQueryKey } from './tableStore.utils.js';

/**
 * Fetches the page a table store with these options would ask for first, for server rendering:
 * pass the result to the browser's store as `initialPage` and it starts with these rows instead of
 * fetching them again. The view is the options' `initialState` (on the server there is no stored
 * view; a URL-synced table passes the request's view there, see `readUrlView`).
 */
export async function prefetchTable<TRow>(
  options: TableOptions<TRow>,
  config?: AxiosRequestConfig,
): Promise<TableInitialPage<TRow>> {
  if (typeof options?.resource?.query !== 'function') {
    throw new TypeError(
      'prefetchTable: `resource` must have a `query` method (use `useModuleApi(api, endpoint)`)',
    );
  }
  const view = getDefaultView(options);
  const answer = await options.resource.query(deriveTableQuery(view, options), config);
  return {
    query: tableQueryKey(view, options),
    items: Array.isArray(answer?.items) ? answer.items : [],
    meta: answer?.meta ?? {},
  };
}
