import { createApiClient } from '@facet/client/api';
import { facetDataProvider } from '@facet/client/refine';
import type { DataProvider } from '@refinedev/core';

/** The server serves bulk routes for reviews (`writes.bulk` on its resource), and for no other. */
export function adminDataProvider(origin: string, getToken: () => string | null): DataProvider {
  const api = createApiClient({ origin, getToken, facetErrors: true });
  return facetDataProvider(api, { bulk: ['reviews'] });
}

interface Review {
  id: string;
  rating: number;
  body: string;
  bookId: number;
}
type ReviewBody = Pick<Review, 'rating' | 'body' | 'bookId'>;

/** What `useCreateMany`, `useUpdateMany` and `useDeleteMany` call: one request each for reviews. */
export async function importAndModerate(dataProvider: DataProvider, bookId: number) {
  const { createMany, updateMany, deleteMany } = dataProvider;
  if (!createMany || !updateMany || !deleteMany) throw new Error('bulk writes are not enabled');
  // `data`: the rows as sent; the server answers `{ count }`, so they have no `id` yet.
  const created = await createMany<Review, ReviewBody>({
    resource: 'reviews',
    variables: [
      { rating: 4, body: 'Imported: a fine read', bookId },
      { rating: 2, body: 'Imported: too long', bookId },
    ],
  });
  // Refine reads the list again after a write; the keys come from there.
  const list = await dataProvider.getList<Review>({
    resource: 'reviews',
    filters: [
      { field: 'bookId', operator: 'eq', value: bookId },
      { field: 'body', operator: 'startswith', value: 'Imported:' },
    ],
    pagination: { mode: 'off' },
  });
  const ids = list.data.map((review) => review.id);
  // `data`: the rows read back after the write, with `meta.fields`.
  const raised = await updateMany<Review, Partial<ReviewBody>>({
    resource: 'reviews',
    ids,
    variables: { rating: 5 },
    meta: { fields: ['id', 'rating'] },
  });
  // `data`: the rows as they were, read before the delete.
  const removed = await deleteMany<Review>({ resource: 'reviews', ids, meta: { fields: ['id', 'body'] } });
  return { created: created.data, raised: raised.data, removed: removed.data };
}
