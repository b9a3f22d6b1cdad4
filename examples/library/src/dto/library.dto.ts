// The response DTOs: what each caller may see, and so what `fields`, `where`, `orderBy`, `include`,
// `select` and `q` may name (Author.email and User.token are in none; Book.internalNote is staff's).
// One module, so that their mutual relations need no import cycle.
import { AccessSubject, Field, type FieldContext } from '@facet/nest';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { type CallerRole, isStaff } from '../auth/roles.js';
import { Genre } from '../generated/prisma/enums.js';

/** The `expose` rule of staff-only fields: the context carries the caller's role. */
export const staffOnly = (context: FieldContext): boolean => isStaff(context.role as CallerRole);
export const adminOnly = (context: FieldContext): boolean => context.role === 'admin';

/** A review's author; `token` is in no DTO. No @AccessSubject: whoever reads the review sees them. */
export class UserDto {
  @ApiProperty() id!: number;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['admin', 'editor', 'reader'] }) role!: string;
}

// @AccessSubject: the CASL subject, whose filter applies wherever a read or write reaches the rows.
@AccessSubject('Author')
export class AuthorDto {
  @ApiProperty() id!: number;
  @ApiProperty() @Field({ searchable: true }) name!: string;
  @ApiProperty({ example: 'NL', description: 'ISO 3166-1 alpha-2' }) country!: string;
  @ApiProperty() bornYear!: number;
  /** Only the books the caller may read (the access filter is applied to the relation too). */
  @ApiPropertyOptional({ type: () => [BookDto] }) books?: BookDto[];
}

@AccessSubject('Book')
export class BookDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: '9780001079199' }) @Field({ searchable: true }) isbn!: string;
  @ApiProperty() @Field({ searchable: true }) title!: string;
  @ApiProperty({ type: String, example: '19.99', description: 'Decimal(10,2) as an exact string' })
  price!: string;
  @ApiProperty() pages!: number;
  @ApiProperty({ enum: Genre, enumName: 'Genre' }) genre!: Genre;
  @ApiProperty() published!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) publishedAt!: Date | null;
  @ApiProperty() authorId!: number;
  @ApiPropertyOptional({ description: 'Staff only' }) @Field({ expose: staffOnly }) internalNote?: string;
  @ApiPropertyOptional({ type: () => AuthorDto }) author?: AuthorDto;
  @ApiPropertyOptional({ type: () => [ReviewDto] }) reviews?: ReviewDto[];
}

@AccessSubject('Review')
export class ReviewDto {
  @ApiProperty({ example: 'r-9e3779b1-0001' }) id!: string;
  @ApiProperty() bookId!: number;
  @ApiProperty() userId!: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating!: number;
  @ApiProperty() @Field({ searchable: true }) body!: string;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt!: Date;
  @ApiPropertyOptional({ type: () => BookDto }) book?: BookDto;
  @ApiPropertyOptional({ type: () => UserDto, description: 'Who wrote the review' }) user?: UserDto;
}
