import { useList, useShow } from '@refinedev/core';
import type { Book, Review } from '../types.js';
import { ErrorBox } from './ErrorBox.js';
import type { View } from './view.js';

type BookDetail = Omit<Book, 'author'> & { author?: { name: string; country: string } };

export function BookShow({ id, onNavigate }: { id: number; onNavigate(view: View): void }) {
  const { query } = useShow<BookDetail>({
    resource: 'books',
    id,
    meta: {
      fields: [
        'id',
        'title',
        'isbn',
        'price',
        'genre',
        'pages',
        'published',
        { author: ['name', 'country'] },
      ],
    },
  });
  const reviews = useList<Review>({
    resource: 'reviews',
    filters: [{ field: 'bookId', operator: 'eq', value: id }],
    sorters: [{ field: 'createdAt', order: 'desc' }],
    pagination: { mode: 'off' },
    meta: { fields: ['id', 'rating', 'body', 'userId', { user: ['name'] }] },
  });
  const book = query.data?.data;
  return (
    <section className="admin-show" data-testid="admin-book">
      <ErrorBox error={query.error} />
      {book && (
        <>
          <h2 data-testid="admin-book-title">{book.title}</h2>
          <dl>
            <dt>ISBN</dt>
            <dd>{book.isbn}</dd>
            <dt>Author</dt>
            <dd data-testid="admin-book-author">
              {book.author?.name} ({book.author?.country})
            </dd>
            <dt>Genre</dt>
            <dd>{book.genre}</dd>
            <dt>Pages</dt>
            <dd>{book.pages}</dd>
            <dt>Price</dt>
            <dd>{book.price}</dd>
            <dt>Published</dt>
            <dd data-testid="admin-book-published">{book.published ? 'yes' : 'draft'}</dd>
          </dl>
          <button
            type="button"
            onClick={() => onNavigate({ name: 'book-edit', id })}
            data-testid="admin-book-edit"
          >
            Edit book
          </button>
          <button
            type="button"
            onClick={() => onNavigate({ name: 'review-create', bookId: id })}
            data-testid="admin-review-add"
          >
            Add a review
          </button>
          <h3>Reviews</h3>
          <ErrorBox error={reviews.query.error} />
          <ul>
            {(reviews.result.data ?? []).map((review) => (
              <li key={review.id} data-testid="admin-review" data-id={review.id}>
                {'★'.repeat(review.rating)} {review.body} — {review.user?.name}{' '}
                <button
                  type="button"
                  onClick={() => onNavigate({ name: 'review-edit', id: review.id, bookId: id })}
                  data-testid="admin-review-edit"
                >
                  Edit
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
