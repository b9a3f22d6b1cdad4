// The queries both fixture pages run and the test repeats by offset; no DOM, so the Node side
// imports it too.
import type { ModuleQuery } from '@facet/client/api';

/** One page for `useQuery`. */
export const LIST_QUERY = {
  perPage: 5,
  orderBy: [{ price: 'asc' }],
  fields: 'id,title',
} satisfies ModuleQuery;

/** Walked by `useInfiniteQuery`: a nullable column first, with ties, so the key ends on `id`. */
export const INFINITE_QUERY = {
  perPage: 7,
  orderBy: [{ publishedAt: 'desc' }, { genre: 'asc' }],
  where: { pages: { gte: 100 } },
  fields: 'id,title',
} satisfies ModuleQuery;

/** Test hooks a fixture page puts on `window`. */
export interface FixtureHooks {
  /** Renames a book as the caller of the page, then invalidates every list of books. */
  rename(id: number, title: string): Promise<void>;
  /** Cancels the count query. */
  cancelCount(): Promise<void>;
}

/** `globalThis` of a fixture page, as the test's `page.evaluate` callbacks see it. */
export interface FixtureGlobal {
  facetFixture?: FixtureHooks;
}
