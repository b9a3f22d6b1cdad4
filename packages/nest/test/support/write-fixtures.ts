// The resources, input DTOs and abilities of the write suites (service level on every database,
// HTTP on Express and Fastify, and the red-team sweep). Roles:
// - admin: everything;
// - editor: reads everything, creates and updates books only while they are drafts ("editors may
//   not publish"), deletes nothing;
// - contributor: reads published books only, may create drafts (which it then cannot read: a 204)
//   and update any book (an unpublished one is then out of its sight: a 204 too);
// - reader (a user id): reads published books, all authors and the reviews of published books;
//   writes reviews as their owner ({ userId }), and nothing else.
import { AbilityBuilder } from '@casl/ability';
import { createPrismaAbility, type PrismaQueryOf, type Subjects } from '@casl/prisma/runtime';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { createCaslAccessibleWhere } from '../../src/casl/index.js';
import {
  type AccessibleWhere,
  AccessSubject,
  defineResource,
  Field,
  type FieldContext,
  type ReadContext,
  Relation,
} from '../../src/index.js';
import type { Author, Book, Prisma, PrismaClient, Review } from '../generated/postgresql/client.js';

type Action = 'manage' | 'create' | 'read' | 'update' | 'delete';
type AppSubjects = 'all' | Subjects<{ Author: Author; Book: Book; Review: Review }>;
export type WriteAbility = ReturnType<
  typeof createPrismaAbility<[Action, AppSubjects], PrismaQueryOf<Prisma.TypeMap>>
>;

export type WriteRole = 'admin' | 'editor' | 'contributor' | 'reader';
export interface Caller {
  readonly role: WriteRole;
  readonly userId: number;
}

export function abilityOf(caller: Caller): WriteAbility {
  const { can, build } = new AbilityBuilder<WriteAbility>(createPrismaAbility);
  switch (caller.role) {
    case 'admin':
      can('manage', 'all');
      break;
    case 'editor':
      can('read', 'all');
      can(['create', 'update'], 'Book', { published: false });
      break;
    case 'contributor':
      can('read', 'Book', { published: true });
      can('read', 'Author');
      can('create', 'Book', { published: false });
      can('update', 'Book');
      break;
    case 'reader':
      can('read', 'Book', { published: true });
      can('read', 'Author');
      can('read', 'Review', { book: { is: { published: true } } });
      can(['create', 'update', 'delete'], 'Review', { userId: caller.userId });
      break;
  }
  return build();
}

export const readOf = (caller: Caller): ReadContext<WriteAbility> => ({
  ability: abilityOf(caller),
  context: { role: caller.role, userId: caller.userId },
});

const staff = (context: FieldContext) => context.role === 'admin';

@AccessSubject('Author')
export class WriteAuthorDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() email!: string;
}

@AccessSubject('Book')
export class WriteBookDto {
  @Field() id!: number;
  @Field() isbn!: string;
  @Field() title!: string;
  @Field() price!: string;
  @Field() pages!: number;
  @Field() genre!: string;
  @Field() published!: boolean;
  @Field() publishedAt?: string | null;
  @Field() authorId!: number;
  @Field({ expose: staff }) internalNote?: string | null;
  @Relation(() => WriteAuthorDto, { isArray: false }) author?: WriteAuthorDto;
}

@AccessSubject('Review')
export class WriteReviewDto {
  @Field() id!: string;
  @Field() rating!: number;
  @Field() body!: string;
  @Field() userId!: number;
  @Field() bookId!: number;
  @Relation(() => WriteBookDto, { isArray: false }) book?: WriteBookDto;
}

/** The body of a book: Facet's `@Field` where a rule says who may write, class-validator's rules. */
export class BookInput {
  @Matches(/^[\w-]{1,40}$/) isbn!: string;
  @IsString() @Length(1, 300) title!: string;
  @Matches(/^\d{1,8}(\.\d{1,2})?$/) price!: string;
  @IsInt() @Min(1) @Max(100_000) pages!: number;
  @IsIn(['FICTION', 'SCIENCE', 'HISTORY']) genre!: string;
  @IsOptional() @IsBoolean() published?: boolean;
  @IsOptional() @IsString() publishedAt?: string | null;
  @IsInt() authorId!: number;
  @Field({ expose: staff })
  @IsOptional()
  @IsString()
  internalNote?: string | null;
}

/** The body of a review: class-validator only. The owner is the server's (`set`). */
export class ReviewInput {
  @IsInt() @Min(1) @Max(5) rating!: number;
  @IsString() @Length(1, 2000) body!: string;
  @IsInt() bookId!: number;
}

/** A review's update: the rating and the text; the book and the owner stay. */
export class ReviewPatch {
  @IsOptional() @IsInt() @Min(1) @Max(5) rating?: number;
  @IsOptional() @IsString() @Length(1, 2000) body?: string;
}

/** The row budget of the fixtures' bulk writes: small, so that a test reaches it with a few rows. */
export const BULK_MAX_ROWS = 5;

export const writeBooks = defineResource({
  name: 'books',
  delegate: (prisma: PrismaClient) => prisma.book,
  dto: WriteBookDto,
  writes: {
    create: { body: BookInput },
    update: {},
    delete: true,
    bulk: { create: true, update: true, delete: true, maxRows: BULK_MAX_ROWS },
  },
});

export const writeReviews = defineResource({
  name: 'reviews',
  delegate: (prisma: PrismaClient) => prisma.review,
  dto: WriteReviewDto,
  writes: {
    create: {
      body: ReviewInput,
      set: ({ read }) => ({ userId: (read.context as { userId?: number } | undefined)?.userId ?? 0 }),
    },
    update: { body: ReviewPatch },
    delete: true,
    bulk: { create: true, update: true, delete: true, maxRows: BULK_MAX_ROWS },
  },
});

export const writeAuthors = defineResource({
  name: 'authors',
  delegate: (prisma: PrismaClient) => prisma.author,
  dto: WriteAuthorDto,
  writes: { delete: true },
});

export const writeAccess: AccessibleWhere<WriteAbility, object> = createCaslAccessibleWhere();
