import { useForm, useList } from '@refinedev/core';
import { type FormEvent, useEffect, useState } from 'react';
import { type Book, GENRES, type Genre } from '../types.js';
import { ErrorBox } from './ErrorBox.js';

type BookValues = Pick<Book, 'isbn' | 'title' | 'price' | 'pages' | 'genre' | 'authorId' | 'published'>;

const EMPTY: BookValues = {
  isbn: '',
  title: '',
  price: '',
  pages: 100,
  genre: 'FICTION',
  authorId: 1,
  published: false,
};
const FIELDS = ['id', 'isbn', 'title', 'price', 'pages', 'genre', 'authorId', 'published'];

/**
 * A draft book, new (`id` absent) or edited. Editors may write drafts only: publishing one is
 * refused by the server (403), and the refusal shows here.
 */
export function BookForm({ id, onDone }: { id?: number; onDone(id: number): void }) {
  const { onFinish, mutation, query, formLoading } = useForm<Book, never, BookValues>({
    resource: 'books',
    action: id === undefined ? 'create' : 'edit',
    id,
    redirect: false,
    meta: { fields: FIELDS },
  });
  const authors = useList<{ id: number; name: string }>({
    resource: 'authors',
    pagination: { mode: 'off' },
    sorters: [{ field: 'name', order: 'asc' }],
    meta: { fields: ['id', 'name'] },
  });
  const [values, setValues] = useState<BookValues>(EMPTY);
  const loaded = query?.data?.data;
  useEffect(() => {
    if (loaded) setValues({ ...EMPTY, ...pick(loaded) });
  }, [loaded]);
  const set = <K extends keyof BookValues>(key: K, value: BookValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await onFinish(values).catch(() => undefined);
    const saved = result?.data?.id ?? id;
    if (result && saved !== undefined) onDone(Number(saved));
  };
  return (
    <form className="admin-form" onSubmit={submit} data-testid="book-form">
      <h2>{id === undefined ? 'New draft book' : `Edit book ${id}`}</h2>
      <ErrorBox error={query?.error ?? mutation.error} />
      <label>
        Title{' '}
        <input value={values.title} onChange={(e) => set('title', e.target.value)} data-testid="book-title" />
      </label>
      <label>
        ISBN{' '}
        <input value={values.isbn} onChange={(e) => set('isbn', e.target.value)} data-testid="book-isbn" />
      </label>
      <label>
        Price{' '}
        <input value={values.price} onChange={(e) => set('price', e.target.value)} data-testid="book-price" />
      </label>
      <label>
        Pages{' '}
        <input
          type="number"
          value={values.pages}
          onChange={(e) => set('pages', Number(e.target.value))}
          data-testid="book-pages"
        />
      </label>
      <label>
        Genre{' '}
        <select
          value={values.genre}
          onChange={(e) => set('genre', e.target.value as Genre)}
          data-testid="book-genre"
        >
          {GENRES.map((genre) => (
            <option key={genre}>{genre}</option>
          ))}
        </select>
      </label>
      <label>
        Author{' '}
        <select
          value={values.authorId}
          onChange={(e) => set('authorId', Number(e.target.value))}
          data-testid="book-author"
        >
          {(authors.result.data ?? []).map((author) => (
            <option key={author.id} value={author.id}>
              {author.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={values.published}
          onChange={(e) => set('published', e.target.checked)}
          data-testid="book-published"
        />{' '}
        Published
      </label>
      <button type="submit" disabled={formLoading} data-testid="book-save">
        Save
      </button>
    </form>
  );
}

function pick(book: Book): BookValues {
  const { isbn, title, price, pages, genre, authorId, published } = book;
  return { isbn, title, price, pages, genre, authorId, published };
}
