// The front end's API module: row types from the server with `import type` (erased from the bundle),
// calls through @facet/client. In development Vite proxies /api to the Nest app, so the page calls
// its own origin (vite.config.ts: `server: { proxy: { '/api': 'http://localhost:3000' } }`); in
// production, serve both from one origin or list the page's origin in the app's `enableCors`.
import { createApiClient, useModuleApi } from '@facet/client';
import type { ResourceItem } from '@facet/nest';
import type { orderLines, products } from '../src/shop/shop.resources';

export type OrderLine = ResourceItem<typeof orderLines>;
export type Product = ResourceItem<typeof products>;

export const api = createApiClient({ getToken: () => localStorage.getItem('token') });
export const lineApi = useModuleApi<OrderLine>(api, 'order-lines');
export const productApi = useModuleApi<Product>(api, 'products');

/** What a line shows of its product: its name, or that the caller may not see it. */
export async function productNames(): Promise<string[]> {
  const page = await lineApi.query({ fields: 'id,product{name}' });
  // `product` is `{ name: string } | null`: a product this caller may not read arrives as null.
  return page.items.map((line) => (line.product === null ? '(not available)' : line.product.name));
}
