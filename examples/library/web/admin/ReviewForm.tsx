import { useForm } from '@refinedev/core';
import { type FormEvent, useEffect, useState } from 'react';
import type { Review, ReviewTypes } from '../types.js';
import { ErrorBox } from './ErrorBox.js';

type ReviewValues = ReviewTypes['update'];

/**
 * A review, new or edited: the server sets its author; changing someone else's review is
 * refused (403) unless the caller is an admin, and the refusal shows here with its field errors.
 */
export function ReviewForm({ id, bookId, onDone }: { id?: string; bookId: number; onDone(): void }) {
  const { onFinish, mutation, query, formLoading } = useForm<
    Review,
    never,
    ReviewValues | ReviewTypes['create']
  >({
    resource: 'reviews',
    action: id === undefined ? 'create' : 'edit',
    id,
    redirect: false,
    meta: { fields: ['id', 'rating', 'body'] },
  });
  const [rating, setRating] = useState(5);
  const [body, setBody] = useState('');
  const loaded = query?.data?.data;
  useEffect(() => {
    if (loaded) {
      setRating(loaded.rating);
      setBody(loaded.body);
    }
  }, [loaded]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values = id === undefined ? { bookId, rating, body } : { rating, body };
    const result = await onFinish(values).catch(() => undefined);
    if (result) onDone();
  };
  return (
    <form className="admin-form" onSubmit={submit} data-testid="review-form">
      <h2>{id === undefined ? `New review of book ${bookId}` : `Edit review ${id}`}</h2>
      <ErrorBox error={query?.error ?? mutation.error} />
      <label>
        Rating{' '}
        <input
          type="number"
          value={rating}
          onChange={(e) => setRating(Number(e.target.value))}
          data-testid="review-rating"
        />
      </label>
      <label>
        Review <textarea value={body} onChange={(e) => setBody(e.target.value)} data-testid="review-body" />
      </label>
      <button type="submit" disabled={formLoading} data-testid="review-save">
        Save
      </button>
    </form>
  );
}
