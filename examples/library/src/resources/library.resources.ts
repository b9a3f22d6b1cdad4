// The example's three resources, each declared once: the model, the DTO (what each role may see,
// and the CASL subject through @AccessSubject), the mapper, and the writes. Every read and write of
// these models goes through them, so field rules, budgets and the ability's conditions always apply.
import { defineResource } from '@facet/nest';
import { callerId } from '../auth/caller.js';
import * as dto from '../dto/index.js';
import type { PrismaClient } from '../generated/prisma/client.js';

export const books = defineResource({
  name: 'books',
  delegate: (prisma: PrismaClient) => prisma.book,
  dto: dto.BookDto,
  map: (row) => dto.toBookDto(row),
  // An update takes any field of the create body. Who may write which row (editors: drafts only) is
  // the ability's create/update/delete conditions (src/auth/defineAbility.ts).
  writes: { create: { body: dto.CreateBookDto }, update: {}, delete: true },
});

export const authors = defineResource({
  name: 'authors',
  delegate: (prisma: PrismaClient) => prisma.author,
  dto: dto.AuthorDto,
  map: (row) => dto.toAuthorDto(row),
});

export const reviews = defineResource({
  name: 'reviews',
  delegate: (prisma: PrismaClient) => prisma.review,
  dto: dto.ReviewDto,
  map: (row) => dto.toReviewDto(row),
  // A list whose filter matches no review may walk the largest table review by review: a budget of
  // 2 takes two plain to-one filters and refuses `book.isNot`, `book.reviews.none` and the like,
  // which took seconds at 500,000 reviews (docs/SECURITY.md, section 3).
  budget: { maxRelationFilterCost: 2 },
  // The author of a review is the caller, never the body; its `bookId` must name a book the caller
  // may read (else a 400, as for a missing book).
  writes: {
    create: { body: dto.CreateReviewDto, set: ({ read }) => ({ userId: callerId(read.context) }) },
    update: { body: dto.UpdateReviewDto },
    delete: true,
  },
});
