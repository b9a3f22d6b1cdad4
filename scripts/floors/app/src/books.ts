import { AccessSubject, defineResource, Field, type FieldContext, Relation } from '@facet/nest';
import { IsBoolean, IsInt, IsString, Length } from 'class-validator';
import type { PrismaClient } from './generated/prisma/client';

@AccessSubject('Author')
export class AuthorDto {
  @Field() id!: number;
  @Field() name!: string;
}

@AccessSubject('Book')
export class BookDto {
  @Field() id!: number;
  @Field() title!: string;
  @Field() published!: boolean;
  @Field({ expose: (context: FieldContext) => context.role === 'editor' }) secretNote?: string | null;
  // Optional: an author the caller may not read arrives as null.
  @Relation(() => AuthorDto) author?: AuthorDto;
}

/** The body of POST /books, checked by the app's global ValidationPipe. */
export class CreateBookDto {
  @IsString() @Length(1, 200) title!: string;
  @IsBoolean() published!: boolean;
  @IsInt() authorId!: number;
}

export const books = defineResource({
  name: 'books',
  delegate: (prisma: PrismaClient) => prisma.book,
  dto: BookDto,
});
