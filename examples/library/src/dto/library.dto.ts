// The response DTOs: what each caller may see. They are also the field schema that `fields`,
// `where`, `orderBy`, `include` and `select` are checked against (@facet/nest's checkQueryPolicy):
// a property that is not declared here (Author.email, User.token) or not exposed to the caller
// (Book.internalNote for readers) cannot be selected, filtered, sorted or searched on. `q` searches
// the fields marked `searchable` (Book.title and isbn, Author.name, Review.body).
// All the classes live in one module so that their mutual relations need no import cycle.
import { AccessSubject, Field, type FieldContext } from '@facet/nest';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CallerRole } from '../auth/roles.js';
import { Genre } from '../generated/prisma/enums.js';

/** The `expose` rule of staff-only fields: the context carries the caller's role. */
export const staffOnly = (context: FieldContext): boolean => {
  const role = context.role as CallerRole | undefined;
  return role === 'admin' || role === 'editor';
};

/**
 * A review's author as anyone may see them: `token` is not declared, so it can never be selected,
 * filtered or sorted on. No @AccessSubject: users are only reached as reviewers, which every caller
 * who can read the review may see.
 */
export class UserDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['admin', 'editor', 'reader'] }) role!: string;
}

// @AccessSubject: the CASL subject of the rows, so that QueryService filters them wherever a read
// reaches them through a relation (`authors?include.books=true`, `where.books.some…`, `_count`).
@AccessSubject('Author')
export class AuthorDto {
  @ApiProperty() id!: number;
  @ApiProperty()
  @Field({ searchable: true })
  name!: string;
  @ApiProperty({ example: 'NL', description: 'ISO 3166-1 alpha-2' }) country!: string;
  @ApiProperty() bornYear!: number;
  /** Only the books the caller may read (the access filter is applied to the relation too). */
  @ApiPropertyOptional({ type: () => [BookDto] }) books?: BookDto[];
}

@AccessSubject('Book')
export class BookDto {
  @ApiProperty() id!: number;
  // Searchable: `q` matches the books whose isbn or title contains the text.
  @ApiProperty({ example: '9780001079199' })
  @Field({ searchable: true })
  isbn!: string;
  @ApiProperty()
  @Field({ searchable: true })
  title!: string;
  @ApiProperty({ type: String, example: '19.99', description: 'Decimal(10,2) as an exact string' })
  price!: string;
  @ApiProperty() pages!: number;
  @ApiProperty({ enum: Genre, enumName: 'Genre' }) genre!: Genre;
  @ApiProperty() published!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) publishedAt!: Date | null;
  @ApiProperty() authorId!: number;
  @ApiPropertyOptional({ description: 'Staff only (editor, admin)' })
  @Field({ expose: staffOnly })
  internalNote?: string;
  @ApiPropertyOptional({ type: () => AuthorDto }) author?: AuthorDto;
  @ApiPropertyOptional({ type: () => [ReviewDto] }) reviews?: ReviewDto[];
}

@AccessSubject('Review')
export class ReviewDto {
  @ApiProperty({ example: 'r-9e3779b1-0001' }) id!: string;
  @ApiProperty() bookId!: number;
  @ApiProperty() userId!: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating!: number;
  @ApiProperty()
  @Field({ searchable: true })
  body!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
  @ApiPropertyOptional({ type: () => BookDto }) book?: BookDto;
  @ApiPropertyOptional({ type: () => UserDto, description: 'Who wrote the review' }) user?: UserDto;
}
