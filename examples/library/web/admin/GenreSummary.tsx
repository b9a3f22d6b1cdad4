import { useCustom } from '@refinedev/core';
import { ErrorBox } from './ErrorBox.js';

interface GenreGroups {
  readonly items?: readonly { genre: string; _count: { _all: number } }[];
}

/**
 * Books per genre through the provider's `custom` call (`GET /books/aggregate?by=genre`): the
 * server groups the rows the caller may read, so a reader's counts leave the drafts out.
 */
export function GenreSummary() {
  const { query, result } = useCustom<GenreGroups>({
    url: 'books/aggregate',
    method: 'get',
    config: { query: { by: 'genre', _count: { _all: true }, orderBy: [{ genre: 'asc' }] } },
  });
  // Refine hands an empty object until the answer arrives.
  const groups = result.data?.items ?? [];
  return (
    <section className="admin-genres" aria-label="Books per genre">
      <ErrorBox error={query.error} />
      <ul data-testid="admin-genres">
        {groups.map((group) => (
          <li key={group.genre} data-genre={group.genre}>
            {group.genre}: <strong>{group._count._all}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
