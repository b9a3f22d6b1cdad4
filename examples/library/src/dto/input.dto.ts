// The request bodies: the columns a write may set, their rules, and who may set each (`expose`).
// Any other key (a relation, `connect`, `userId`, `__proto__`, a typo) is a 400 naming it.
import { Field } from '@facet/nest';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import * as v from 'class-validator';
import { Genre } from '../generated/prisma/enums.js';
import { adminOnly } from './library.dto.js';

/** POST /books; PATCH /books/:id takes any of its fields. */
export class CreateBookDto {
  @ApiProperty({ example: '9780000000001', description: 'ISBN-13, digits only; unique' })
  @v.Matches(/^\d{13}$/, { message: 'isbn must be 13 digits' })
  isbn!: string;

  @ApiProperty({ example: 'The Quiet Atlas' }) @v.IsString() @v.Length(1, 300) title!: string;

  @ApiProperty({ example: '19.99', description: 'Exact decimal as a string, at most 2 decimals' })
  @v.Matches(/^\d{1,8}(\.\d{1,2})?$/, { message: 'price must be a decimal string like "19.99"' })
  price!: string;

  @ApiProperty({ example: 320 }) @v.IsInt() @v.Min(1) @v.Max(100_000) pages!: number;
  @ApiProperty({ enum: Genre, enumName: 'Genre' }) @v.IsEnum(Genre) genre!: Genre;
  @ApiPropertyOptional({ default: false, description: 'Editors write drafts only' })
  @v.IsOptional()
  @v.IsBoolean()
  published?: boolean;

  @ApiPropertyOptional({ type: String, format: 'date-time', nullable: true })
  @v.ValidateIf((_dto, value) => value !== null)
  @v.IsOptional()
  @v.IsISO8601({ strict: true })
  publishedAt?: string | null;

  @ApiProperty({ example: 1 }) @v.IsInt() @v.Min(1) authorId!: number;

  // Editors read the note; only admins write it: to an editor it is a field that does not exist.
  @ApiPropertyOptional({ description: 'Staff note; admins only' })
  @Field({ expose: adminOnly })
  @v.IsOptional()
  @v.IsString()
  @v.MaxLength(1000)
  internalNote?: string;
}

/** POST /reviews: the caller's own review (`userId` is the server's) of a book it may read. */
export class CreateReviewDto {
  @ApiProperty({ example: 1 }) @v.IsInt() @v.Min(1) bookId!: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) @v.IsInt() @v.Min(1) @v.Max(5) rating!: number;
  @ApiProperty() @v.IsString() @v.Length(1, 2000) body!: string;
}

/** PATCH /reviews/:id: a new rating or text; a review stays on its book. */
export class UpdateReviewDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 5 }) @v.IsInt() @v.Min(1) @v.Max(5) rating?: number;
  @ApiPropertyOptional() @v.IsString() @v.Length(1, 2000) body?: string;
}
