// Relation access against real Prisma clients (PGlite always; PostgreSQL when reachable, required
// in CI). A client extension records the arguments
// each query finally reaches Prisma with, so the shape of the merged filters is asserted
// structurally, next to the rows that come back.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BaseDelegateTypeMap, QueryService } from '../src/index.js';
import type { Prisma, PrismaClient } from './generated/postgresql/client.js';
import type { BookTypeMap, ReviewTypeMap } from './support/book-service.js';
import { PolicyAuthorDto, PolicyBookDto, PolicyReviewDto } from './support/policy-dtos.js';
import { httpRejection as rejection } from './support/rejection.js';
import { type SeededLibrary, seedLibrary, seedReviews } from './support/seed.js';
import { checkTarget, openTarget, type TestTarget } from './support/targets.js';

interface AuthorTypeMap extends BaseDelegateTypeMap {
  select: Prisma.AuthorSelect;
  include: Prisma.AuthorInclude;
  whereInput: Prisma.AuthorWhereInput;
  orderByWithRelationInput: Prisma.AuthorOrderByWithRelationInput;
  whereUniqueInput: Prisma.AuthorWhereUniqueInput;
  scalarFieldEnum: Prisma.AuthorScalarFieldEnum;
  aggregateInputType: Prisma.AuthorAggregateArgs;
}

type Role = 'admin' | 'reader' | 'nobody';

/** Subject-aware, as a CASL `accessibleBy(...).ofType(subject)` is; `nobody` may read no book. */
const accessibleWhere = (role: Role, subject: string): object => {
  if (role === 'admin' || subject === 'Author') return {};
  const books = role === 'reader' ? { published: true } : { OR: [] };
  if (subject === 'Book') return books;
  if (subject === 'Review') return role === 'reader' ? { book: { is: { published: true } } } : { OR: [] };
  throw new Error(`unexpected subject ${subject}`);
};

interface Captured {
  model: string | undefined;
  operation: string;
  args: Record<string, unknown>;
}

for (const name of ['pglite', 'postgresql'] as const) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`relation access on ${name}`, () => {
    let target: TestTarget;
    let library: SeededLibrary;
    const captured: Captured[] = [];
    let client: PrismaClient;

    beforeAll(async () => {
      target = await openTarget(name);
      library = await seedLibrary(target.prisma);
      await seedReviews(target.prisma, library);
      client = target.prisma.$extends({
        query: {
          $allModels: {
            $allOperations({ model, operation, args, query }) {
              captured.push({ model, operation, args: args as Record<string, unknown> });
              return query(args);
            },
          },
        },
      }) as unknown as PrismaClient;
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });
    beforeEach(() => {
      captured.length = 0;
    });

    const authors = (options: { maxIncludeTake?: number } = {}) =>
      new QueryService<PrismaClient['author'], AuthorTypeMap, Role>(client.author, {
        subject: 'Author',
        accessibleWhere,
        dto: PolicyAuthorDto,
        idType: 'int',
        ...options,
      });
    const books = () =>
      new QueryService<PrismaClient['book'], BookTypeMap, Role>(client.book, {
        subject: 'Book',
        accessibleWhere,
        dto: PolicyBookDto,
        idType: 'int',
      });
    const reviews = () =>
      new QueryService<PrismaClient['review'], ReviewTypeMap, Role>(client.review, {
        subject: 'Review',
        accessibleWhere,
        dto: PolicyReviewDto,
        idType: 'string',
      });
    const mine = () => ({ id: library.authorId });
    const lastFindMany = () => captured.filter((c) => c.operation === 'findMany').at(-1)?.args;

    it('a to-many include loads readable rows only, with a capped take', async () => {
      const titles = async (role: Role) => {
        const [author] = await authors().findMany({ where: mine(), include: { books: true } }, role);
        return (author as unknown as { books: { title: string }[] }).books.map((b) => b.title).sort();
      };
      expect(await titles('reader')).toEqual(['Alpha', 'Gamma']);
      expect(lastFindMany()?.include).toEqual({ books: { where: { published: true }, take: 100 } });
      expect(await titles('admin')).toEqual(['Alpha', 'Beta', 'Gamma']);
      expect(lastFindMany()?.include).toEqual({ books: { take: 100 } });
      // No rule at all: "no rows" is written so that Prisma keeps it under AND.
      expect(await titles('nobody')).toEqual([]);
      expect(lastFindMany()?.include).toEqual({ books: { where: { id: { in: [] } }, take: 100 } });
    });

    it('a client where on the include narrows, never replaces, the access filter', async () => {
      await authors().findMany(
        { where: mine(), include: { books: { where: { OR: [{ published: false }, {}] } } } },
        'reader',
      );
      expect(lastFindMany()?.include).toEqual({
        books: { where: { AND: [{ published: true }, { OR: [{ published: false }, {}] }] }, take: 100 },
      });
    });

    it('nested to-many includes are scoped at every level', async () => {
      const [author] = await authors().findMany(
        { where: mine(), include: { books: { include: { reviews: true } } } },
        'reader',
      );
      const loaded = (author as unknown as { books: { reviews: { body: string }[] }[] }).books;
      expect(loaded.flatMap((b) => b.reviews.map((r) => r.body))).toEqual(['on a published book']);
      expect(lastFindMany()?.include).toEqual({
        books: {
          where: { published: true },
          take: 100,
          include: { reviews: { where: { book: { is: { published: true } } }, take: 100 } },
        },
      });
    });

    it('relation filters (some, none, every) neither match nor reveal unreadable rows', async () => {
      const count = (role: Role, books: Prisma.BookListRelationFilter) =>
        authors().count({ where: { ...mine(), books } }, role);
      // Beta is a draft: a reader cannot find the author through it...
      expect(await count('reader', { some: { title: 'Beta' } })).toBe(0);
      expect(await count('admin', { some: { title: 'Beta' } })).toBe(1);
      // ...nor learn that it exists by its absence...
      expect(await count('reader', { none: { title: 'Beta' } })).toBe(1);
      expect(await count('admin', { none: { title: 'Beta' } })).toBe(0);
      // ...nor through every: every readable book is published.
      expect(await count('reader', { every: { published: true } })).toBe(1);
      expect(await count('admin', { every: { published: true } })).toBe(0);
      expect(await count('reader', { every: {} })).toBe(1);
      expect(await count('nobody', { some: {} })).toBe(0);
      const last = captured.at(-1)?.args.where;
      expect(last).toEqual({ AND: [{}, { ...mine(), books: { some: { AND: [{ id: { in: [] } }, {}] } } }] });
      await count('reader', { every: { title: 'Alpha' } });
      expect(captured.at(-1)?.args.where).toEqual({
        AND: [
          {},
          {
            ...mine(),
            AND: [{ books: { none: { AND: [{ published: true }, { NOT: { title: 'Alpha' } }] } } }],
          },
        ],
      });
    });

    it('to-one relation filters are ANDed with the related access filter', async () => {
      await reviews().count({ where: { book: { title: 'Beta' } } }, 'reader');
      expect(captured.at(-1)?.args.where).toEqual({
        AND: [
          { book: { is: { published: true } } },
          { book: { is: { AND: [{ published: true }, { title: 'Beta' }] } } },
        ],
      });
      await reviews().count({ where: { book: { isNot: { title: 'Beta' } } } }, 'reader');
      expect(captured.at(-1)?.args.where).toMatchObject({
        AND: [{}, { book: { isNot: { AND: [{ published: true }, { title: 'Beta' }] } } }],
      });
    });

    it('_count counts readable rows only', async () => {
      const counted = async (role: Role, _count: unknown) => {
        const [author] = await authors().findMany({ where: mine(), include: { _count } as never }, role);
        return (author as unknown as { _count: { books: number } })._count.books;
      };
      expect(await counted('reader', true)).toBe(2);
      expect(await counted('admin', true)).toBe(3);
      expect(await counted('nobody', true)).toBe(0);
      expect(await counted('reader', { select: { books: { where: { pages: { gt: 150 } } } } })).toBe(1);
      expect(lastFindMany()?.include).toEqual({
        _count: { select: { books: { where: { AND: [{ published: true }, { pages: { gt: 150 } }] } } } },
      });
    });

    it('sorting by a filtered relation count is refused (400); unfiltered it runs', async () => {
      const sorted = (role: Role) =>
        authors().findMany({ where: mine(), orderBy: { books: { _count: 'desc' } } }, role);
      const error = await rejection(sorted('reader'));
      expect(error.getStatus()).toBe(400);
      expect(error.getResponse()).toMatchObject({ path: 'orderBy.books._count' });
      expect(await sorted('admin')).toHaveLength(1);
    });

    it('a sort through a filtered to-one relation is refused on every read path (400 naming it)', async () => {
      const byTitle = { book: { title: 'asc' } } as const;
      const where = { id: { in: [`${library.tag}-a`, `${library.tag}-b`] } };
      const paths: [string, (role: Role) => Promise<unknown>][] = [
        ['orderBy.book', (role) => reviews().findMany({ where, orderBy: byTitle }, role)],
        ['orderBy.book', (role) => reviews().findOne({ where, orderBy: byTitle }, role)],
        ['orderBy[0].book', (role) => reviews().query({ where, orderBy: [byTitle] }, role)],
        [
          'orderBy.book',
          (role) => reviews().findById(`${library.tag}-a`, { orderBy: byTitle } as never, role),
        ],
        ['orderBy.book', (role) => reviews().count({ where, orderBy: byTitle } as never, role)],
        ['orderBy.book', (role) => reviews().aggregate({ where, orderBy: byTitle, _count: true }, role)],
        [
          'include.reviews.orderBy.book',
          (role) =>
            books().findMany(
              { where: { authorId: library.authorId }, include: { reviews: { orderBy: byTitle } } },
              role,
            ),
        ],
      ];
      for (const [path, read] of paths) {
        for (const role of ['reader', 'nobody'] as const) {
          const error = await rejection(read(role));
          expect(error.getStatus(), `${role} ${path}`).toBe(400);
          expect(error.getResponse(), `${role} ${path}`).toMatchObject({ code: 'invalid_value', path });
        }
        // Admin reads every book: the same sort runs.
        await expect(read('admin')).resolves.toBeDefined();
      }
      // Authors are readable to every caller: a sort by a book's author runs for the reader.
      await expect(
        books().findMany(
          { where: { authorId: library.authorId }, orderBy: { author: { name: 'asc' } } },
          'reader',
        ),
      ).resolves.toHaveLength(2);
    });

    it('caps take on to-many includes, with or without an ability', async () => {
      const [author] = await authors({ maxIncludeTake: 2 }).findMany(
        { where: mine(), include: { books: true } },
        undefined,
        { trusted: true },
      );
      expect((author as unknown as { books: unknown[] }).books).toHaveLength(2);
      expect(lastFindMany()?.include).toEqual({ books: { take: 2 } });
      const over = await rejection(authors().findMany({ include: { books: { take: 101 } } }, 'admin'));
      expect(over.getStatus()).toBe(400);
      expect(over.getResponse()).toMatchObject({ path: 'include.books.take' });
      // A projection pushed into `select` is capped the same way.
      await authors().query(
        { where: mine(), select: { id: true, books: { select: { title: true } } } },
        'reader',
      );
      expect(lastFindMany()?.select).toEqual({
        id: true,
        books: { select: { title: true }, where: { published: true }, take: 100 },
      });
    });

    it.each([
      ['OR with a published=false branch', { OR: [{ published: false }, { id: { gt: 0 } }] }],
      ['NOT of the access condition', { NOT: { published: true } }],
      ['a direct published=false', { published: false }],
      ['an empty object', {}],
      ['an empty NOT (Prisma reads it as true)', { NOT: {} }],
      ['an empty AND', { AND: [] }],
      ['a nested empty OR', { AND: [{ OR: [] }] }],
    ])('escape attempt stays inside {AND:[access, where]}: %s', async (_what, where) => {
      const page = await books().query({ where: { AND: [{ authorId: library.authorId }, where] } }, 'reader');
      const clientWhere = { AND: [{ authorId: library.authorId }, where] };
      const calls = captured.filter((c) => c.model === 'Book');
      expect(calls.map((c) => c.operation).sort()).toEqual(['count', 'findMany']);
      for (const call of calls) expect(call.args.where).toEqual({ AND: [{ published: true }, clientWhere] });
      for (const item of page.items) expect(item.published).toBe(true);
      expect(page.items.map((b) => b.id)).not.toContain(library.bookIds[1]);
    });

    it('without a where the access filter stands alone; detail reads merge it too', async () => {
      await books().findMany({}, 'reader');
      expect(lastFindMany()?.where).toEqual({ AND: [{ published: true }] });
      const draft = await rejection(
        books().findById(library.bookIds[1], { where: { published: false } }, 'reader'),
      );
      expect(draft.getStatus()).toBe(404);
      expect(captured.at(-1)?.args.where).toEqual({
        AND: [{ published: true }, { AND: [{ id: library.bookIds[1] }, { published: false }] }],
      });
    });
  });
}
