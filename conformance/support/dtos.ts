// The DTOs of the test schema's models: what a caller may see, select, filter and sort. Relations
// name their target and list-ness explicitly: the test transform emits no design:type metadata.
import 'reflect-metadata';
import { AccessSubject, Field, type FieldContext, Relation } from '@facet/nest';

export const staffOnly = (context: FieldContext): boolean => context.role === 'staff';

@AccessSubject('Author')
export class AuthorDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() country?: string | null;
  @Relation(() => BookDto, { isArray: true }) books?: BookDto[];
}

@AccessSubject('Book')
export class BookDto {
  @Field() id!: number;
  @Field() isbn!: string;
  @Field() title!: string;
  @Field() price!: string;
  @Field() pages!: number;
  @Field() genre!: string;
  @Field() published!: boolean;
  @Field() authorId!: number;
  @Field({ expose: staffOnly }) internalNote?: string | null;
  @Relation(() => AuthorDto, { isArray: false }) author?: AuthorDto;
  @Relation(() => ReviewDto, { isArray: true }) reviews?: ReviewDto[];
}

@AccessSubject('Review')
export class ReviewDto {
  @Field() id!: string;
  @Field() rating!: number;
  @Field() body!: string;
  @Field() bookId!: number;
  @Relation(() => BookDto, { isArray: false }) book?: BookDto;
}
