import { entityTagOf } from '@facet/client/api';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { describeError, reviewsApi } from '../api.js';
import type { BookRow } from '../types.js';

const FIELDS = 'id,rating,body,userId,user{name}';
type Shown = Awaited<ReturnType<typeof load>>[number];
const load = async (bookId: number, signal?: AbortSignal) =>
  (
    await reviewsApi.query(
      { where: { bookId }, orderBy: { createdAt: 'desc' }, fields: `items{${FIELDS}}`, perPage: 20 },
      { signal },
    )
  ).items;

/**
 * The reviews of one book of the table: a signed-in caller adds one (the server makes them its
 * author) and edits a review; the server decides whose (their own; an admin's, any), and a refused
 * write shows the server's answer. An edit is conditional (`If-Match` with the tag of the review as
 * read just before), so an edit made meanwhile elsewhere is refused (412), not overwritten.
 */
export function Reviews({ books }: { books: readonly BookRow[] }) {
  const [bookId, setBookId] = useState<number | undefined>(undefined);
  const [reviews, setReviews] = useState<readonly Shown[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const current = bookId ?? books[0]?.id;

  const refresh = useCallback(async () => {
    if (current !== undefined) setReviews(await load(current));
  }, [current]);
  useEffect(() => {
    if (current === undefined) return;
    const controller = new AbortController();
    load(current, controller.signal)
      .then(setReviews)
      .catch((reason: unknown) => controller.signal.aborted || setError(describeError(reason)));
    return () => controller.abort();
  }, [current]);

  const run = async (write: () => Promise<unknown>) => {
    setError(null);
    try {
      await write();
      setEditing(null);
      await refresh();
    } catch (reason) {
      setError(describeError(reason));
    }
  };
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      bookId: current as number,
      rating: Number(form.get('rating')),
      body: String(form.get('body')),
    };
    const reset = () => (event.target as HTMLFormElement).reset();
    void run(() => reviewsApi.create(body).then(reset));
  };
  const save = (id: string) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void run(async () => {
      const ifMatch = entityTagOf(await reviewsApi.get(id));
      const change = { rating: Number(form.get('rating')), body: String(form.get('body')) };
      await reviewsApi.update(id, change, undefined, ifMatch === undefined ? undefined : { ifMatch });
    });
  };

  return (
    <section className="reviews" aria-label="Reviews" data-testid="reviews">
      <h2>
        Reviews of{' '}
        <select
          data-testid="review-book"
          value={current ?? ''}
          onChange={(event) => setBookId(Number(event.target.value))}
        >
          {books.map((book) => (
            <option key={book.id} value={book.id}>
              #{book.id} {book.title ?? ''}
            </option>
          ))}
        </select>
      </h2>
      {error ? (
        <p className="error-text" role="alert" data-testid="review-error">
          {error}
        </p>
      ) : null}
      <ul>
        {reviews.map((review) => (
          <li key={review.id} data-testid="review">
            {editing === review.id ? (
              <form onSubmit={save(review.id)} data-testid="edit-review">
                <RatingAndBody rating={review.rating} body={review.body} />
                <button type="submit">Save</button>
              </form>
            ) : (
              <>
                <strong>{'★'.repeat(review.rating)}</strong> {review.body}{' '}
                <span className="muted">— {review.user?.name ?? `user ${review.userId}`}</span>{' '}
                <button type="button" onClick={() => setEditing(review.id)}>
                  Edit
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={add} data-testid="add-review">
        <RatingAndBody rating={5} body="" />
        <button type="submit" disabled={current === undefined}>
          Add review
        </button>
      </form>
    </section>
  );
}

function RatingAndBody({ rating, body }: { rating: number; body: string }) {
  return (
    <>
      <select name="rating" defaultValue={rating} aria-label="Rating">
        {[1, 2, 3, 4, 5].map((value) => (
          <option key={value}>{value}</option>
        ))}
      </select>
      <input name="body" defaultValue={body} aria-label="Review" placeholder="Your review" />
    </>
  );
}
