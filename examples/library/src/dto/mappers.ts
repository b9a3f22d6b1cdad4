// Rows → DTOs. Facet's projection keeps only the fields each DTO declares and shows the caller
// (Author.email, User.token and, for readers, Book.internalNote never leave), so the mappers only
// format what the database returns differently from the contract: prices, at every depth.
import type { Prisma } from '../generated/prisma/client.js';
import type { AuthorDto, BookDto, ReviewDto } from './library.dto.js';

type Row = Record<string, unknown>;

// Decimal(10,2): `toFixed(2)` keeps the scale ("10.50"), where Decimal's own JSON would say "10.5".
const money = (value: Prisma.Decimal | string | number): string =>
  typeof value === 'object' ? value.toFixed(2) : Number.parseFloat(String(value)).toFixed(2);

const each = <T>(value: unknown, map: (row: Row) => T): T[] | undefined =>
  Array.isArray(value) ? value.map((row) => map(row as Row)) : undefined;
const one = <T>(value: unknown, map: (row: Row) => T): T | null | undefined =>
  value === null || value === undefined ? (value as null | undefined) : map(value as Row);

/** Only the keys a row loaded: a `fields` projection may have read some columns only. */
const defined = (dto: Row): Row =>
  Object.fromEntries(Object.entries(dto).filter(([, value]) => value !== undefined));

export const toBookDto = (row: Row): BookDto =>
  defined({
    ...row,
    price: row.price === undefined ? undefined : money(row.price as Prisma.Decimal),
    author: one(row.author, toAuthorDto),
    reviews: each(row.reviews, toReviewDto),
  }) as unknown as BookDto;

export const toAuthorDto = (row: Row): AuthorDto =>
  defined({ ...row, books: each(row.books, toBookDto) }) as unknown as AuthorDto;

export const toReviewDto = (row: Row): ReviewDto =>
  defined({ ...row, book: one(row.book, toBookDto) }) as unknown as ReviewDto;
