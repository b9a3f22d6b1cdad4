import { useEffect, useState } from 'react';
import { api, describeError } from '../api.js';

interface Summary {
  accessibleCount: number;
  aggregate: {
    _avg?: { price?: string | null };
    _min?: { price?: string | null };
    _max?: { price?: string | null };
  };
}

/**
 * GET /books/stats/summary: what this caller may see, from the server's access filter. Loaded once
 * per mount; the page remounts it (a `key`) when the role changes.
 */
export function Summary() {
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    api
      .get<Summary>('/books/stats/summary', { signal: controller.signal })
      .then((response) => setSummary(response.data))
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(describeError(reason));
      });
    return () => controller.abort();
  }, []);
  if (error) return <p className="summary error-text">{error}</p>;
  if (!summary) return <p className="summary muted">Loading summary…</p>;
  const avg = summary.aggregate._avg?.price;
  return (
    <p className="summary" data-testid="summary">
      <strong>{summary.accessibleCount}</strong> books visible to you
      {avg ? (
        <>
          {' '}
          · average price <strong>{Number(avg).toFixed(2)}</strong> (from {summary.aggregate._min?.price} to{' '}
          {summary.aggregate._max?.price})
        </>
      ) : null}
    </p>
  );
}
