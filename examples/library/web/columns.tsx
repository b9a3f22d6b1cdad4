import type { ReactNode } from 'react';
import type { BookRow } from './types.js';

export type FilterUi = 'text' | 'genre' | 'boolean' | 'range' | 'year' | 'none';

export interface BookColumn {
  /** The dotted field path: what `fields`, sorting and the table store's filters use. */
  key: string;
  label: string;
  filter: FilterUi;
  /** Only staff (editor, admin) may see it; the server refuses it for everyone else. */
  staffOnly?: boolean;
  /** Shown when the page first loads. */
  defaultVisible: boolean;
  numeric?: boolean;
  render(row: BookRow): ReactNode;
}

const dateOnly = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '—');

export const BOOK_COLUMNS: readonly BookColumn[] = [
  { key: 'id', label: 'ID', filter: 'none', defaultVisible: true, numeric: true, render: (b) => b.id },
  {
    key: 'title',
    label: 'Title',
    filter: 'text',
    defaultVisible: true,
    render: (b) => <span className="title-cell">{b.title}</span>,
  },
  {
    key: 'author.name',
    label: 'Author',
    filter: 'none',
    defaultVisible: true,
    render: (b) => b.author?.name ?? '—',
  },
  {
    key: 'genre',
    label: 'Genre',
    filter: 'genre',
    defaultVisible: true,
    render: (b) => (b.genre ? <span className={`tag tag-${b.genre.toLowerCase()}`}>{b.genre}</span> : '—'),
  },
  {
    key: 'price',
    label: 'Price',
    filter: 'range',
    defaultVisible: true,
    numeric: true,
    render: (b) => b.price,
  },
  {
    key: 'pages',
    label: 'Pages',
    filter: 'range',
    defaultVisible: false,
    numeric: true,
    render: (b) => b.pages,
  },
  {
    key: 'published',
    label: 'Published',
    filter: 'boolean',
    defaultVisible: true,
    render: (b) => (b.published ? <span className="yes">Yes</span> : <span className="no">No</span>),
  },
  {
    key: 'publishedAt',
    label: 'Date',
    filter: 'year',
    defaultVisible: true,
    render: (b) => <time dateTime={b.publishedAt ?? undefined}>{dateOnly(b.publishedAt)}</time>,
  },
  { key: 'isbn', label: 'ISBN', filter: 'text', defaultVisible: false, render: (b) => <code>{b.isbn}</code> },
  {
    key: 'internalNote',
    label: 'Internal note',
    filter: 'text',
    staffOnly: true,
    defaultVisible: false,
    render: (b) => <span className="note">{b.internalNote}</span>,
  },
];

export const DEFAULT_VISIBLE = BOOK_COLUMNS.filter((c) => c.defaultVisible).map((c) => c.key);

export const columnsFor = (staff: boolean) => BOOK_COLUMNS.filter((c) => staff || !c.staffOnly);
