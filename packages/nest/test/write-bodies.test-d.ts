// Type tests of the write bodies, checked by `npm run typecheck -w @facet/nest` (tsc includes test/):
// `ResourceCreateBody`/`ResourceUpdateBody` come from a resource's input DTOs, and the client's
// single and bulk calls (`useModuleApi`, `facetMutations`) take exactly them. A field the server
// sets (`userId` of a review), a field of the model no body declares (`id`, `createdAt`), a
// relation (`book`), a field only the create takes (`bookId` in an update) and a misspelt one fail
// to compile; a required field left out fails too. Every expect-error directive below fails the
// typecheck if its line stops being an error. (Who may write a field is decided per caller at run
// time, by its `expose` rule: the type holds every field some caller may write, as optional when
// the DTO says so, and the server refuses the others with the 400 of an unknown field.)
import { createApiClient, useModuleApi } from '@facet/client';
import { facetMutations } from '@facet/client/tanstack';
import { expectTypeOf } from 'vitest';
import type { ResourceCreateBody, ResourceItem, ResourceUpdateBody } from '../src/index.js';
import type { writeAuthors, writeBooks, writeReviews } from './support/write-fixtures.js';

type CreateReview = ResourceCreateBody<typeof writeReviews>;
type UpdateReview = ResourceUpdateBody<typeof writeReviews>;
type CreateBook = ResourceCreateBody<typeof writeBooks>;
type UpdateBook = ResourceUpdateBody<typeof writeBooks>;

// The create body is the input DTO after JSON; the update body is any part of its own DTO.
expectTypeOf<CreateReview>().toEqualTypeOf<{ rating: number; body: string; bookId: number }>();
expectTypeOf<UpdateReview>().toEqualTypeOf<{ rating?: number; body?: string }>();
// A resource without a create or an update has no body to send.
expectTypeOf<ResourceCreateBody<typeof writeAuthors>>().toBeNever();
expectTypeOf<ResourceUpdateBody<typeof writeAuthors>>().toBeNever();
// An update without a body of its own takes any part of the create's.
expectTypeOf<UpdateBook>().toEqualTypeOf<Partial<CreateBook>>();

const review: CreateReview = { rating: 5, body: 'fine', bookId: 1 };
// @ts-expect-error the owner is the server's (`set`): no body may carry it
const owner: CreateReview = { ...review, userId: 7 };
// @ts-expect-error the key is the database's
const chosenId: CreateReview = { ...review, id: 'chosen' };
// @ts-expect-error a column no input DTO declares
const stamped: CreateReview = { ...review, createdAt: '2020-01-01T00:00:00Z' };
// @ts-expect-error a relation: no nested write
const nested: CreateReview = { rating: 5, body: 'x', bookId: 1, book: { connect: { id: 1 } } };
// @ts-expect-error the body is required on a create
const noBody: CreateReview = { rating: 5, bookId: 1 };
// @ts-expect-error the rating is a number, as the DTO says
const textRating: CreateReview = { ...review, rating: '5' };
// @ts-expect-error an update changes the rating and the text only: the book stays
const moved: UpdateReview = { bookId: 2 };
// @ts-expect-error nor can an update hand the review to someone else
const handed: UpdateReview = { userId: 2 };
// @ts-expect-error a book needs its isbn, title, price, pages, genre and author
const partialBook: CreateBook = { title: 'x' };
void [owner, chosenId, stamped, nested, noBody, textRating, moved, handed, partialBook];

// The client's calls take the same bodies, single and bulk.
type ReviewTypes = {
  where: { bookId?: number; userId?: number };
  create: CreateReview;
  update: UpdateReview;
};
const reviews = useModuleApi<ResourceItem<typeof writeReviews>, ReviewTypes>(createApiClient(), 'reviews');
void reviews.create(review);
void reviews.createMany([review, { rating: 1, body: 'b', bookId: 2 }]);
// @ts-expect-error one row carries the server's field
void reviews.createMany([review, { ...review, userId: 7 }]);
// @ts-expect-error one row lacks a required field
void reviews.createMany([review, { rating: 1, bookId: 2 }]);
void reviews.updateMany({ bookId: 1 }, { rating: 4 });
// @ts-expect-error a bulk update takes the update body: not the book
void reviews.updateMany({ bookId: 1 }, { bookId: 2 });
// @ts-expect-error the where is typed by TTypes['where']
void reviews.updateMany({ rating: 1 }, { rating: 4 });
// @ts-expect-error a bulk update or delete names its rows: the where is required
void reviews.deleteMany();
expectTypeOf(reviews.deleteMany({ userId: 3 })).resolves.toEqualTypeOf<{ readonly count: number }>();

const mutations = facetMutations(reviews, 'reviews');
expectTypeOf(mutations.createMany().mutationFn).parameter(0).toEqualTypeOf<readonly CreateReview[]>();
expectTypeOf(mutations.updateMany().mutationFn)
  .parameter(0)
  .toEqualTypeOf<{ readonly where: { bookId?: number; userId?: number }; readonly data: UpdateReview }>();
expectTypeOf(mutations.deleteMany().mutationFn)
  .parameter(0)
  .toEqualTypeOf<{ readonly where: { bookId?: number; userId?: number } }>();
