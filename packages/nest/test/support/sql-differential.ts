// The fixture and query generators of the compiled read path's differential test
// (test/sql-engine.differential.test.ts): a small library with ties, nulls, wildcard characters and
// values at the ends of their types, and random queries of the subset the compiler covers.
import { orderByArbitrary } from '@facet/test-support/fast-check';
import fc from 'fast-check';
import { AccessSubject, Field, Relation } from '../../src/index.js';
import type { PrismaClient } from '../generated/postgresql/client.js';

@AccessSubject('Author')
export class SqlAuthorDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() email!: string;
  @Field() country?: string | null;
  @Field() bornYear?: number | null;
  @Relation(() => SqlBookDto, { isArray: true }) books?: SqlBookDto[];
}

@AccessSubject('Review')
export class SqlReviewDto {
  @Field() id!: string;
  @Field() rating!: number;
  @Field() body!: string;
  @Field() createdAt!: Date;
  @Field() bookId!: number;
}

/** A book's quotes, read with it: no access rule of their own, so a sort may count them. */
export class SqlBookQuoteDto {
  @Field() code!: string;
  @Field() text!: string;
  @Field() tags?: unknown;
}

@AccessSubject('Quote')
export class SqlQuoteDto {
  @Field() code!: string;
  @Field() text!: string;
  @Field() bookId?: number | null;
  @Field() tags?: unknown;
  @Relation(() => SqlBookDto, { isArray: false }) book?: SqlBookDto | null;
}

@AccessSubject('Book')
export class SqlBookDto {
  @Field() id!: number;
  @Field() isbn!: string;
  @Field({ searchable: true }) title!: string;
  @Field() price!: string;
  @Field() pages!: number;
  @Field() sales!: string;
  @Field() genre!: string;
  @Field() published!: boolean;
  @Field() publishedAt?: Date | null;
  @Field() internalNote?: string | null;
  @Field() authorId!: number;
  @Relation(() => SqlAuthorDto, { isArray: false }) author?: SqlAuthorDto;
  @Relation(() => SqlReviewDto, { isArray: true }) reviews?: SqlReviewDto[];
  @Relation(() => SqlBookQuoteDto, { isArray: true }) quotes?: SqlBookQuoteDto[];
}

export type Role = 'admin' | 'reader' | 'nobody';

/**
 * The access rules both engines must merge alike: a reader sees published books and short drafts,
 * and only authors with a country (a hidden author is `null` in a book's row).
 */
export function accessibleWhere(role: Role, subject: string): object {
  if (role === 'admin') return {};
  // Quote's key is not `id`: its "no rows" is a filter of its own.
  if (role === 'nobody') return subject === 'Quote' ? { code: { in: [] } } : { OR: [] };
  if (subject === 'Book') return { OR: [{ published: true }, { pages: { lt: 150 } }] };
  if (subject === 'Review') return { rating: { gte: 2 } };
  if (subject === 'Quote') return {};
  return { country: { not: null } };
}

const TITLES = ['Alpha', 'alpha', 'Beta', '50% off', 'under_score', 'back\\slash', 'Zeta', 'beta'];
const GENRES = ['FICTION', 'SCIENCE', 'HISTORY'] as const;
const PRICES = ['0.00', '0.10', '12.50', '12.5', '99999999.99', '7.25'];
const SALES = [0n, 5n, 9_007_199_254_740_993n, 42n];
const DATES = ['2023-05-06T07:08:09.010Z', '2024-01-02T03:04:05.678Z', '1999-12-31T23:59:59.999Z'];

/** Four authors (one without a country) and 32 books: every column has ties, the optional ones nulls. */
export async function seedDifferential(prisma: PrismaClient): Promise<void> {
  const authors = [];
  for (const [index, country] of ['FR', null, 'DE', 'FR'].entries()) {
    authors.push(
      await prisma.author.create({
        data: {
          name: `Author ${index % 3}`,
          email: `a${index}@example.test`,
          country,
          bornYear: index === 2 ? null : 1950 + index,
        },
      }),
    );
  }
  for (let index = 0; index < 32; index++) {
    await prisma.book.create({
      data: {
        isbn: `isbn-${String(index).padStart(2, '0')}`,
        title: TITLES[index % TITLES.length] as string,
        price: PRICES[index % PRICES.length] as string,
        pages: [100, 200, 300, 120][index % 4] as number,
        sales: SALES[index % SALES.length] as bigint,
        genre: GENRES[index % 3] as (typeof GENRES)[number],
        published: index % 3 !== 1,
        publishedAt: index % 4 === 0 ? null : new Date(DATES[index % DATES.length] as string),
        internalNote: index % 5 === 0 ? null : `note ${index % 7}`,
        authorId: (authors[Math.floor(index / TITLES.length)] as { id: number }).id,
      },
    });
  }
  // Reviews on most books (none on every fifth), out of key order, with ties in every column; quotes
  // on some books and on none (an optional to-one relation left null).
  const books = await prisma.book.findMany({ orderBy: { id: 'asc' } });
  for (const [index, book] of books.entries()) {
    for (let count = 0; count < index % 5; count++) {
      await prisma.review.create({
        data: {
          id: `r-${String((index * 7 + count * 13) % 97).padStart(2, '0')}-${index}-${count}`,
          rating: (index + count) % 5,
          body: TITLES[(index + count) % TITLES.length] as string,
          createdAt: new Date(DATES[(index + count) % DATES.length] as string),
          bookId: book.id,
        },
      });
    }
  }
  for (let index = 0; index < 12; index++) {
    await prisma.quote.create({
      data: {
        code: `q-${(index * 5) % 12}`,
        text: TITLES[index % TITLES.length] as string,
        bookId: index % 3 === 0 ? null : (books[(index * 3) % books.length] as { id: number }).id,
        // Json of every shape (and none: a database null), read back as Prisma reads it.
        ...(index % 6 === 5 ? {} : { tags: TAGS[index % TAGS.length] }),
      },
    });
  }
}

type Filter = Record<string, unknown>;

/** Quotes' Json values: nested objects and arrays, scalars, JSON's null inside, texts to escape. */
const TAGS = [
  { mood: 'dry', score: 2.5, nested: { list: [1, 'two', null, true, { deep: [] }] } },
  ['a', 1, -0.125, null, false],
  'a "quoted" text with a \\ and é ✓',
  12345.678,
  { '': '', 'key with spaces': {}, emoji: '📚' },
  true,
] as const;

const text = fc.constantFrom(...TITLES, 'a', 'ALPHA', '%', '_', 'eta', 'note 3');
const insensitive = fc.constantFrom<Filter>({}, { mode: 'insensitive' });
const comparable = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof(
    value.map((v) => ({ equals: v })),
    value.map((v) => ({ not: v })),
    fc.array(value, { maxLength: 3 }).map((v) => ({ in: v })),
    fc.array(value, { maxLength: 3 }).map((v) => ({ notIn: v })),
    fc.tuple(fc.constantFrom('lt', 'lte', 'gt', 'gte'), value).map(([op, v]) => ({ [op]: v })),
  );

/** One field's filter, as a client sends it (decoded query values: texts for Decimal, BigInt and dates). */
const fieldFilter: fc.Arbitrary<Filter> = fc.oneof(
  fc
    .tuple(
      fc.oneof(
        comparable(text),
        text.chain((v) => fc.constantFrom({ contains: v }, { startsWith: v }, { endsWith: v })),
      ),
      insensitive,
    )
    .map(([filter, mode]) => ({ title: { ...filter, ...mode } })),
  comparable(fc.constantFrom(100, 120, 200, 250, 300)).map((filter) => ({ pages: filter })),
  comparable(fc.constantFrom(...PRICES, '50')).map((filter) => ({ price: filter })),
  comparable(fc.constantFrom(...SALES.map(String), '6')).map((filter) => ({ sales: filter })),
  fc
    .constantFrom(...GENRES)
    .chain((g) =>
      fc.constantFrom<Filter>(
        { equals: g },
        { not: g },
        { in: [g, 'HISTORY'] },
        { notIn: [g] },
        { in: [] },
        { notIn: [] },
      ),
    )
    .map((filter) => ({ genre: filter })),
  fc.boolean().map((b) => ({ published: { equals: b } })),
  fc.boolean().map((b) => ({ published: b })),
  fc.boolean().map((b) => ({ published: { not: b } })),
  fc
    .constantFrom<Filter>({ equals: null }, { not: null }, { lt: DATES[1] }, { gte: DATES[0] })
    .map((filter) => ({ publishedAt: filter })),
  fc
    .constantFrom<Filter>(
      { equals: null },
      { not: null },
      { contains: 'note' },
      { not: 'note 3' },
      { in: ['note 1', 'note 2'] },
    )
    .map((filter) => ({ internalNote: filter })),
);

/** Filters of the covered subset: every group holds a condition (empty ones are Prisma's, see the test). */
/** Filters through the to-one `author` (required): `is`, `isNot` and the direct form. */
const authorFilter: fc.Arbitrary<Filter> = fc
  .tuple(
    fc.constantFrom('is', 'isNot', 'direct'),
    fc.constantFrom<Filter>(
      { country: 'FR' },
      { country: { not: 'FR' } },
      { country: { equals: null } },
      { bornYear: { gt: 1950 } },
      // Equalities on a nullable Int: two of them through one author may contradict.
      { bornYear: 1951 },
      { bornYear: { in: [1950, 1952] } },
      { name: { contains: '1' } },
      { OR: [{ country: { in: ['FR', 'DE'] } }, { bornYear: { lt: 1952 } }] },
    ),
  )
  .map(([how, filter]) => ({ author: how === 'direct' ? filter : { [how]: filter } }));
/** `null` through the required author: Prisma's 400 on both engines. */
const authorNull = fc.constantFrom<Filter>(
  { author: { is: null } },
  { author: { isNot: null } },
  { author: null },
);

const reviewFilter: fc.Arbitrary<Filter> = fc.oneof(
  comparable(fc.constantFrom(0, 2, 4)).map((filter) => ({ rating: filter })),
  fc
    .constantFrom<Filter>({ contains: 'a' }, { startsWith: 'Al', mode: 'insensitive' })
    .map((f) => ({ body: f })),
  fc.constantFrom<Filter>({ lt: DATES[1] }, { gte: DATES[0] }).map((filter) => ({ createdAt: filter })),
);
const quoteFilter: fc.Arbitrary<Filter> = fc
  .constantFrom<Filter>({ contains: 'a' }, { in: ['Zeta', 'beta'] }, { not: 'Alpha' })
  .map((filter) => ({ text: filter }));

/** `some`/`every`/`none` through the to-many reviews and quotes, and through the author's books. */
const listFilter: fc.Arbitrary<Filter> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('some', 'every', 'none'),
      fc.oneof(
        reviewFilter,
        fc.tuple(reviewFilter, reviewFilter).map((items) => ({ OR: items })),
      ),
    )
    .map(([how, filter]) => ({ reviews: { [how]: filter } })),
  fc
    .tuple(fc.constantFrom('some', 'every', 'none'), quoteFilter)
    .map(([how, filter]) => ({ quotes: { [how]: filter } })),
  fc
    .tuple(
      fc.constantFrom('some', 'every', 'none'),
      fc.constantFrom<Filter>(
        { publishedAt: null },
        { internalNote: { contains: '3' } },
        { pages: { gt: 150 } },
      ),
    )
    .map(([how, filter]) => ({ author: { books: { [how]: filter } } })),
);

export const where: fc.Arbitrary<Filter> = fc.letrec<{ node: Filter }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fieldFilter,
    authorFilter,
    listFilter,
    authorNull,
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => ({ AND: items })),
    fc.array(tie('node'), { minLength: 1, maxLength: 3 }).map((items) => ({ OR: items })),
    tie('node').map((item) => ({ NOT: item })),
    fc.array(tie('node'), { minLength: 1, maxLength: 2 }).map((items) => ({ NOT: items })),
  ),
})).node;

const SORTABLE = [
  'title',
  'pages',
  'price',
  'sales',
  'genre',
  'published',
  'publishedAt',
  'internalNote',
  'isbn',
  // Through the required to-one author, whose country may be null.
  'author.name',
  'author.country',
  'author.bornYear',
  // By the number of related rows (reviews have an access rule: that sort is refused alike).
  'reviews._count',
  'quotes._count',
];
const NULLABLE: ReadonlySet<string> = new Set(['publishedAt', 'internalNote']);
// `nulls` on a required field is Prisma's 400 (the test checks that answer on its own).
export const orderBy = orderByArbitrary(SORTABLE, NULLABLE);

export const fields = fc.constantFrom(
  undefined,
  'id,title,price,sales,publishedAt',
  'items{id,genre,author{name,country}},meta{itemCount,pageCount,hasNextPage}',
  'id,author{id,name,bornYear},internalNote',
  'items{id,pages},meta{hasNextPage,nextCursor}',
  'id,reviews{id,rating,createdAt},quotes{code,text}',
  'id,price,author{name},reviews{body}',
);

/** Selections a `select` names (scalars, relations and `_count` of the scoped lists). */
export const select = fc.constantFrom<Filter | undefined>(
  undefined,
  { id: true, _count: { select: { reviews: true, quotes: true } } },
  { id: true, sales: true, _count: true },
  { id: true, reviews: { select: { id: true, rating: true } } },
);

/** Filters of quotes through the optional to-one `book`: `is`, `isNot`, the direct form and `null`. */
const BOOK_FILTERS: readonly Filter[] = [
  { title: 'Alpha' },
  { publishedAt: null },
  { internalNote: { not: 'note 3' } },
  { price: { gt: '10' } },
  { author: { country: 'FR' } },
];
export const quoteWhere: fc.Arbitrary<Filter> = fc.oneof(
  quoteFilter,
  fc.constantFrom<Filter>(
    { book: { is: null } },
    { book: { isNot: null } },
    { bookId: null },
    ...BOOK_FILTERS.flatMap((filter) => [
      { book: filter },
      { book: { is: filter } },
      { book: { isNot: filter } },
      { NOT: { book: { is: filter } } },
      { NOT: { book: { isNot: filter } } },
    ]),
  ),
);
