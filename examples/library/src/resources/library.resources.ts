// The example's three resources, each declared once: the model, the DTO (what each role may see,
// and the CASL subject through @AccessSubject), and the mapper. Every read of these models goes
// through them, so field rules, budgets and access filters apply on every route and relation.
import { defineResource } from '@facet/nest';
import {
  AuthorDto,
  BookDto,
  CreateBookDto,
  ReviewDto,
  toAuthorDto,
  toBookDto,
  toReviewDto,
  UpdateBookDto,
} from '../dto/index.js';
import type { PrismaClient } from '../generated/prisma/client.js';

export const books = defineResource({
  name: 'books',
  delegate: (prisma: PrismaClient) => prisma.book,
  dto: BookDto,
  map: (row) => toBookDto(row),
  // Writes under the same rules as reads: the body by its input DTO, the ability's create, update
  // and delete conditions on the row, references to authors the caller may read.
  writes: { create: { body: CreateBookDto }, update: { body: UpdateBookDto }, delete: true },
});

export const authors = defineResource({
  name: 'authors',
  delegate: (prisma: PrismaClient) => prisma.author,
  dto: AuthorDto,
  map: (row) => toAuthorDto(row),
});

export const reviews = defineResource({
  name: 'reviews',
  delegate: (prisma: PrismaClient) => prisma.review,
  dto: ReviewDto,
  map: (row) => toReviewDto(row),
  // The largest table, several reviews per book. A list whose filter matches no row may be
  // walked review by review, looking each one's book up: a single `book.isNot` or two `OR`'d
  // `book.is` took about 1 s at 500,000 reviews, `book.reviews.none` 2 s and more, and twelve
  // such requests held every pooled connection (docs/SECURITY.md, section 3). A budget of 2 takes
  // two plain to-one filters (`book.is`, `user.is`, `book.is.author.is`) and refuses those.
  budget: { maxRelationFilterCost: 2 },
});
