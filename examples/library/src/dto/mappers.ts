// Rows → DTOs: Facet's projection drops what a caller may not see, so the mappers only format prices,
// at every depth. They run on every row of every page: a plain loop, no entries/fromEntries.
import type { Prisma } from '../generated/prisma/client.js';
import type { AuthorDto, BookDto, ReviewDto } from './library.dto.js';

type Row = Record<string, unknown>;

// Decimal(10,2): `toFixed(2)` keeps the scale ("10.50"), where Decimal's own JSON would say "10.5".
const money = (value: Prisma.Decimal | string | number): string =>
  typeof value === 'object' ? value.toFixed(2) : Number.parseFloat(String(value)).toFixed(2);

/**
 * A copy of the keys the row loaded (a `fields` projection may have read some columns only), with
 * `convert` applied to those it names.
 */
function copy(row: Row, convert: Readonly<Record<string, (value: unknown) => unknown>>): Row {
  const out: Row = {};
  for (const key in row) {
    const value = row[key];
    if (value === undefined) continue;
    const to = Object.hasOwn(convert, key) ? convert[key] : undefined;
    out[key] = to === undefined || value === null ? value : to(value);
  }
  return out;
}

const many =
  (map: (row: Row) => unknown) =>
  (value: unknown): unknown =>
    Array.isArray(value) ? value.map((row) => map(row as Row)) : value;
const single =
  (map: (row: Row) => unknown) =>
  (value: unknown): unknown =>
    map(value as Row);

const BOOK = {
  price: (value: unknown) => money(value as Prisma.Decimal),
  author: single((row) => toAuthorDto(row)),
  reviews: many((row) => toReviewDto(row)),
};
const AUTHOR = { books: many((row) => toBookDto(row)) };
const REVIEW = { book: single((row) => toBookDto(row)) };

export const toBookDto = (row: Row): BookDto => copy(row, BOOK) as unknown as BookDto;
export const toAuthorDto = (row: Row): AuthorDto => copy(row, AUTHOR) as unknown as AuthorDto;
export const toReviewDto = (row: Row): ReviewDto => copy(row, REVIEW) as unknown as ReviewDto;
