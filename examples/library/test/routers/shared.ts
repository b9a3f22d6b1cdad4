// What both router fixtures share: the books resource and the hooks the test reads.
import { createApiClient, useModuleApi } from '@facet/client/api';
import type { TableOptions, TableUrlSync } from '@facet/client/table';
import type { BookRow } from '../../web/types.js';

const api = createApiClient({ origin: location.origin, facetErrors: true });

export function tableOptions(url: TableUrlSync): TableOptions<BookRow> {
  return { resource: useModuleApi<BookRow>(api, 'books'), perPage: 5, url };
}

/** What the test asks the page: the router's idea of where it is, and the entry's state. */
export interface RouterProbe {
  route(): string;
}

declare global {
  interface Window {
    routerProbe?: RouterProbe;
  }
}
