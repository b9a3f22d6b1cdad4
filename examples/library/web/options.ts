import type { TypedAutocompleteOptions } from '@facet/client/autocomplete';
import { createUrlStateAdapter, type FilterValue, type TypedTableOptions } from '@facet/client/table';
import { authorsApi, booksApi } from './api.js';
import { DEFAULT_VISIBLE } from './columns.js';
import { asRange } from './range.js';
import type { Author, Book } from './types.js';

const yearRange = (value: FilterValue): Record<string, unknown> => {
  const range = asRange(value);
  const min = Number(range.min);
  const max = Number(range.max);
  const publishedAt: Record<string, string> = {};
  if (range.min !== undefined && Number.isInteger(min))
    publishedAt.gte = `${String(min).padStart(4, '0')}-01-01T00:00:00.000Z`;
  if (range.max !== undefined && Number.isInteger(max))
    publishedAt.lt = `${String(max + 1).padStart(4, '0')}-01-01T00:00:00.000Z`;
  return { publishedAt };
};

const url = createUrlStateAdapter({ prefix: 'books' });

/**
 * Module constants: the React adapters call `setOptions` whenever the options object changes. The
 * literal `baseFields` and `fields` are checked against the DTOs and type the rows (types.ts).
 */
export const bookTableOptions: TypedTableOptions<Book, 'id'> = {
  resource: booksApi,
  perPage: 20,
  initialState: { visibleColumns: DEFAULT_VISIBLE },
  columnFilters: {
    title: { kind: 'contains' },
    isbn: { kind: 'contains' },
    internalNote: { kind: 'contains' },
    genre: { kind: 'equals' },
    published: { kind: 'boolean' },
    price: { kind: 'range' },
    pages: { kind: 'range' },
    publishedAt: { toWhere: yearRange },
    authorId: { kind: 'equals' },
  },
  // The search box sends `q`: the server searches the fields BookDto marks searchable (title and
  // isbn), literally and case-insensitively. The author box filters by author.
  searchWith: 'q',
  // The demo runs on PostgreSQL (PGlite or a server), where `mode: 'insensitive'` exists: the
  // `contains` column filters use it.
  caseInsensitive: true,
  baseFields: ['id'],
  url,
};

// The author box starts from the author filter the URL holds (a shared or reloaded link).
const initialAuthor = url.read().filters?.authorId;

export const authorPickerOptions: TypedAutocompleteOptions<Author, 'id' | 'name' | 'country', false> = {
  resource: authorsApi,
  searchFields: ['name'],
  fields: ['id', 'name', 'country'],
  orderBy: [{ name: 'asc' }],
  caseInsensitive: true,
  minChars: 1,
  perPage: 8,
  initialValue: typeof initialAuthor === 'number' ? initialAuthor : null,
};
