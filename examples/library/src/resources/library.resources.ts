// The example's three resources, each declared once: the model, the DTO (what each role may see,
// and the CASL subject through @AccessSubject), and the mapper. Every read of these models goes
// through them, so field rules, budgets and access filters apply on every route and relation.
import { defineResource } from '@facet/nest';
import { AuthorDto, BookDto, ReviewDto, toAuthorDto, toBookDto, toReviewDto } from '../dto/index.js';
import type { PrismaClient } from '../generated/prisma/client.js';

export const books = defineResource({
  name: 'books',
  delegate: (prisma: PrismaClient) => prisma.book,
  dto: BookDto,
  map: (row) => toBookDto(row),
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
  // The largest table, several reviews per book. A list whose filter matches few rows may be
  // walked row by row, and `book.reviews.none` then costs one pass over a book's reviews per
  // review: 2 s and more at 500,000 reviews (docs/SECURITY.md, section 3). One less than the
  // default (5) refuses a to-many filter below `book`.
  budget: { maxRelationFilterCost: 4 },
});
