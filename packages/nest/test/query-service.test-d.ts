// Type tests, checked by `npm run typecheck -w @facet/nest` (tsc includes test/): the type map
// binds the generated Prisma types, so a wrong field name is a compile error. Every expect-error
// directive below fails the typecheck if its line stops being an error.
import { expectTypeOf } from 'vitest';
import type { DelegateTypeMap, PartialPageMetaDTO } from '../src/advanced/index.js';
import type { PageMetaDTO } from '../src/index.js';
import { QueryService } from '../src/index.js';
import type { Book, Prisma, PrismaClient } from './generated/postgresql/client.js';
import type { BookDelegate, BookTypeMap } from './support/book-service.js';

declare const prisma: PrismaClient;
const books = new QueryService<BookDelegate, BookTypeMap, { userId: number }>(prisma.book, {
  subject: 'Book',
  accessibleWhere: (ability) => ({ authorId: ability.userId }),
});

// where, orderBy, include and select come from the generated types.
void books.findMany({
  where: { title: { contains: 'a' }, author: { name: 'x' } },
  orderBy: [{ price: 'desc' }, { author: { name: 'asc' } }],
  include: { author: true },
});
// @ts-expect-error unknown field in where
void books.findMany({ where: { titel: 'x' } });
// @ts-expect-error wrong value type in where
void books.findMany({ where: { pages: 'many' } });
// @ts-expect-error unknown field in orderBy
void books.query({ orderBy: { nope: 'asc' } });
// @ts-expect-error unknown relation in include
void books.findOne({ include: { publisher: true } });
// @ts-expect-error findUnique needs a unique where (title is not unique)
void books.findUnique({ where: { title: 'x' } });
void books.findUnique({ where: { isbn: 'x' } });
// @ts-expect-error count takes the where-input of the model
void books.count({ where: { rating: 1 } });
// @ts-expect-error aggregate takes the model's aggregate input
void books.aggregate({ _sum: { title: true } });

// The access filter is typed as the model's where-input, and the ability as declared.
new QueryService<BookDelegate, BookTypeMap, { userId: number }>(prisma.book, {
  subject: 'Book',
  // @ts-expect-error the access filter must be a Book where-input
  accessibleWhere: () => ({ nope: true }),
});
// @ts-expect-error the ability must have the declared type
void books.findMany({}, { role: 'admin' });

// Results: records of the model; a counted page has totals, an uncounted one does not.
expectTypeOf(books.findMany()).resolves.toEqualTypeOf<Book[]>();
expectTypeOf(books.findOne()).resolves.toEqualTypeOf<Book | null>();
expectTypeOf(books.findById('1')).resolves.toEqualTypeOf<Book>();
expectTypeOf(books.count()).resolves.toEqualTypeOf<number>();
expectTypeOf(books.query()).resolves.toHaveProperty('pageMeta').toEqualTypeOf<PageMetaDTO>();
expectTypeOf(books.query({}, undefined, { count: false }))
  .resolves.toHaveProperty('pageMeta')
  .toEqualTypeOf<PartialPageMetaDTO>();
expectTypeOf<PartialPageMetaDTO>().not.toHaveProperty('itemCount');

// Aggregates come back serialized: Decimal sums and BigInt sums as strings.
declare const aggregate: Awaited<ReturnType<typeof books.aggregate>>;
expectTypeOf<Prisma.BookAggregateArgs>().toEqualTypeOf<BookTypeMap['aggregateInputType']>();
expectTypeOf(aggregate).not.toBeNever();

// The type map is read from the delegate: no hand-written map, the same checks.
const inferred = new QueryService(prisma.book);
expectTypeOf<DelegateTypeMap<PrismaClient['book']>['whereInput']>().toEqualTypeOf<Prisma.BookWhereInput>();
expectTypeOf<DelegateTypeMap<PrismaClient['book']>['include']>().toEqualTypeOf<Prisma.BookInclude>();
expectTypeOf<
  DelegateTypeMap<PrismaClient['book']>['whereUniqueInput']
>().toEqualTypeOf<Prisma.BookWhereUniqueInput>();
expectTypeOf<
  DelegateTypeMap<PrismaClient['book']>['orderByWithRelationInput']
>().toEqualTypeOf<Prisma.BookOrderByWithRelationInput>();
void inferred.findMany({ where: { title: { contains: 'a' } }, include: { author: true } });
// @ts-expect-error unknown field in an inferred where
void inferred.findMany({ where: { titel: 'x' } });
// @ts-expect-error findUnique needs a unique where with an inferred map too
void inferred.findUnique({ where: { title: 'x' } });
expectTypeOf(inferred.findMany()).resolves.toEqualTypeOf<Book[]>();
