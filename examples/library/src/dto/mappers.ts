// Model → DTO. With a `fields` projection the query selects only some columns, so each mapper
// copies what is present and nothing else: a column the DTO does not declare (email, token) is never
// copied, whatever the query loaded, and a staff-only column only for staff. (The projection strips
// hidden fields too; the mappers do not rely on it, so a route without projection is safe as well.)
import type { Prisma } from '../generated/prisma/client.js';
import { AuthorDto, BookDto, ReviewDto, UserDto } from './library.dto.js';

type Loaded<T> = Partial<T> & Record<string, unknown>;
type DecimalValue = Prisma.Decimal | string | number;

function copy<T extends object>(
  target: T,
  source: Record<string, unknown>,
  keys: readonly (keyof T & string)[],
): T {
  for (const key of keys) {
    if (source[key] !== undefined) (target as Record<string, unknown>)[key] = source[key];
  }
  return target;
}

// Decimal(10,2): `toFixed(2)` keeps the scale ("10.50"), where Decimal's own JSON would say "10.5".
const money = (value: DecimalValue): string =>
  typeof value === 'object' ? value.toFixed(2) : Number.parseFloat(String(value)).toFixed(2);

/** Who the DTO is for. */
export interface MapOptions {
  /** Staff (editor, admin) see `Book.internalNote`. */
  staff: boolean;
}

export function toAuthorDto(
  model: Loaded<Omit<AuthorDto, 'books'>> & { books?: unknown },
  options: MapOptions,
): AuthorDto {
  const dto = copy(new AuthorDto(), model, ['id', 'name', 'country', 'bornYear']);
  if (Array.isArray(model.books)) {
    dto.books = model.books.map((book) => toBookDto(book as Loaded<BookModel>, options));
  }
  return dto;
}

export interface BookModel {
  id: number;
  isbn: string;
  title: string;
  price: DecimalValue;
  pages: number;
  genre: BookDto['genre'];
  published: boolean;
  publishedAt: Date | null;
  authorId: number;
  internalNote: string;
  author?: unknown;
  reviews?: unknown;
}

export function toBookDto(model: Loaded<BookModel>, options: MapOptions): BookDto {
  const dto = copy(new BookDto(), model, [
    'id',
    'isbn',
    'title',
    'pages',
    'genre',
    'published',
    'publishedAt',
    'authorId',
  ]);
  if (options.staff && model.internalNote !== undefined) dto.internalNote = model.internalNote;
  if (model.price !== undefined) dto.price = money(model.price);
  if (model.author && typeof model.author === 'object') {
    dto.author = toAuthorDto(model.author as Loaded<AuthorDto>, options);
  }
  if (Array.isArray(model.reviews)) {
    dto.reviews = model.reviews.map((review) => toReviewDto(review as Loaded<ReviewDto>, options));
  }
  return dto;
}

export function toReviewDto(
  model: Loaded<Omit<ReviewDto, 'book' | 'user'>> & { book?: unknown; user?: unknown },
  options: MapOptions,
): ReviewDto {
  const dto = copy(new ReviewDto(), model, ['id', 'bookId', 'userId', 'rating', 'body', 'createdAt']);
  if (model.book && typeof model.book === 'object')
    dto.book = toBookDto(model.book as Loaded<BookModel>, options);
  if (model.user && typeof model.user === 'object') dto.user = toUserDto(model.user as Loaded<UserDto>);
  return dto;
}

/** Never copies `token`, whatever the query loaded. */
export function toUserDto(model: Loaded<UserDto>): UserDto {
  return copy(new UserDto(), model, ['id', 'name', 'role']);
}
