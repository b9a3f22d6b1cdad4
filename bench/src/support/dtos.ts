// Response DTOs and mappers of the bench's own servers, mirroring the example app's (anonymous
// reader's view: no Author.email, no Book.internalNote). Facet and @querry-kit/nest both read
// their field schemas from the swagger metadata, so one set of classes serves both.
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class AuthorDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty() country!: string;
  @ApiProperty() bornYear!: number;
}

export class BookDto {
  @ApiProperty() id!: number;
  @ApiProperty() isbn!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: String }) price!: string;
  @ApiProperty() pages!: number;
  @ApiProperty() genre!: string;
  @ApiProperty() published!: boolean;
  @ApiProperty({ type: String, nullable: true }) publishedAt!: Date | null;
  @ApiProperty() authorId!: number;
  @ApiPropertyOptional({ type: () => AuthorDto }) author?: AuthorDto;
}

/** A Decimal as Prisma returns it, or its string/number forms. */
type DecimalLike = { toFixed(digits: number): string } | string | number;

export interface AuthorRow {
  id?: number;
  name?: string;
  country?: string;
  bornYear?: number;
}

export interface BookRow {
  id?: number;
  isbn?: string;
  title?: string;
  price?: DecimalLike;
  pages?: number;
  genre?: string;
  published?: boolean;
  publishedAt?: Date | null;
  authorId?: number;
  author?: AuthorRow | null;
}

const money = (value: DecimalLike): string =>
  typeof value === 'object' ? value.toFixed(2) : Number.parseFloat(String(value)).toFixed(2);

/** Copies what the row holds (a pushed-down select loads only some columns). */
export function toAuthorDto(row: AuthorRow): AuthorDto {
  const dto = new AuthorDto();
  if (row.id !== undefined) dto.id = row.id;
  if (row.name !== undefined) dto.name = row.name;
  if (row.country !== undefined) dto.country = row.country;
  if (row.bornYear !== undefined) dto.bornYear = row.bornYear;
  return dto;
}

export function toBookDto(row: BookRow): BookDto {
  const dto = new BookDto();
  if (row.id !== undefined) dto.id = row.id;
  if (row.isbn !== undefined) dto.isbn = row.isbn;
  if (row.title !== undefined) dto.title = row.title;
  if (row.price !== undefined) dto.price = money(row.price);
  if (row.pages !== undefined) dto.pages = row.pages;
  if (row.genre !== undefined) dto.genre = row.genre;
  if (row.published !== undefined) dto.published = row.published;
  if (row.publishedAt !== undefined) dto.publishedAt = row.publishedAt;
  if (row.authorId !== undefined) dto.authorId = row.authorId;
  if (row.author) dto.author = toAuthorDto(row.author);
  return dto;
}
