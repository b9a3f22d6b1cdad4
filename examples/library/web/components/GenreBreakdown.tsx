import { useEffect, useState } from 'react';
import { booksApi, describeError } from '../api.js';

interface Scope {
  readonly where?: Record<string, unknown> | undefined;
  readonly q?: string | undefined;
}

interface Genre {
  readonly genre: string;
  readonly count: number;
  readonly averagePrice: string | null;
}

/**
 * Books per genre under the table's filters and search (`GET /books/aggregate?by=genre`): the
 * server groups the rows this caller may read, so the bars always add up to the table's total.
 */
export function GenreBreakdown({ where, q }: Scope) {
  const [genres, setGenres] = useState<readonly Genre[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // One request per distinct scope: the objects are rebuilt on every render of the page.
  const scope = JSON.stringify({ where, q });
  useEffect(() => {
    const controller = new AbortController();
    const { where: filter, q: text } = JSON.parse(scope) as Scope;
    setError(null);
    booksApi
      .groupBy(
        {
          by: 'genre',
          _count: { _all: true },
          _avg: { price: true },
          orderBy: [{ _count: { id: 'desc' } }],
          ...(filter ? { where: filter } : {}),
          ...(text ? { q: text } : {}),
        },
        { signal: controller.signal },
      )
      .then((page) =>
        setGenres(
          page.items.map((row) => ({
            genre: String(row.genre),
            count: row._count._all,
            averagePrice: row._avg.price === null ? null : String(row._avg.price),
          })),
        ),
      )
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(describeError(reason));
      });
    return () => controller.abort();
  }, [scope]);
  if (error) return <p className="genres error-text">{error}</p>;
  if (!genres) return null;
  const largest = Math.max(1, ...genres.map((g) => g.count));
  return (
    <table className="genres" data-testid="genres" aria-label="Books per genre">
      <tbody>
        {genres.map((g) => (
          <tr key={g.genre} data-genre={g.genre}>
            <th scope="row" className="genre">
              {g.genre}
            </th>
            <td className="bar-cell">
              <span className="bar" style={{ width: `${(100 * g.count) / largest}%` }} />
            </td>
            <td className="count">{g.count}</td>
            <td className="muted">
              {g.averagePrice === null ? '' : `avg ${Number(g.averagePrice).toFixed(2)}`}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
