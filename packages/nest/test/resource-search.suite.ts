// Search (`q`) and count modes (`count=exact|estimated|none`) of a Resource, run by the
// QueryService suite on every target (PGlite, PostgreSQL, MariaDB) with real Prisma clients.
import { BadRequestException } from '@nestjs/common';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessSubject,
  defineResource,
  Field,
  type FieldContext,
  QueryService,
  type ReadContext,
  Resource,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { rejection, responseOf } from './support/rejection.js';
import { newTag } from './support/seed.js';
import type { TargetName } from './support/targets.js';

type Role = 'admin' | 'reader';
const staff = (context: FieldContext) => context.role === 'admin';
/** Readers see published books only; admins every book. */
const accessibleWhere = (role: Role): object => (role === 'admin' ? {} : { published: true });
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });

@AccessSubject('Book')
class SearchBookDto {
  @Field() id!: number;
  @Field({ searchable: true }) title!: string;
  @Field({ searchable: true }) isbn!: string;
  @Field() published!: boolean;
  @Field() authorId!: number;
  @Field() genre!: string;
  /** Searchable for the staff who may see it; a reader's search never looks in it. */
  @Field({ searchable: true, expose: staff }) internalNote?: string | null;
}

/** Every searchable field hidden from readers. */
@AccessSubject('Book')
class StaffSearchBookDto {
  @Field() id!: number;
  @Field() title!: string;
  @Field({ searchable: true, expose: staff }) internalNote?: string | null;
}

/** No searchable field at all. */
@AccessSubject('Book')
class PlainBookDto {
  @Field() id!: number;
  @Field() title!: string;
  @Field() authorId!: number;
}

/** A statement the client sent, as its query event reports it. */
interface Statement {
  readonly query: string;
}

export function describeResourceSearch(prisma: () => PrismaClient, name: TargetName): void {
  const postgres = name !== 'mariadb';

  describe('Resource: search (q) and count modes', () => {
    const tag = newTag();
    let authorId: number;
    let otherAuthorId: number;
    const statements: Statement[] = [];
    let recording = false;

    const resource = <T extends object>(dto: abstract new () => T, threshold?: number) =>
      new Resource(
        defineResource({
          name: 'books',
          delegate: (client: PrismaClient) => client.book,
          dto,
          ...(threshold === undefined ? {} : { estimatedCountThreshold: threshold }),
        }),
        { client: prisma(), accessibleWhere: (role: Role) => accessibleWhere(role) },
      );
    /** The statements `read` sent (query events of the client). */
    const sent = async (read: () => Promise<unknown>): Promise<string[]> => {
      statements.length = 0;
      recording = true;
      try {
        await read();
      } finally {
        recording = false;
      }
      return statements.map((statement) => statement.query);
    };
    const counts = (queries: readonly string[]) => queries.filter((query) => /\bCOUNT\(/i.test(query));

    beforeAll(async () => {
      const client = prisma();
      // The clients are made with query events (support/targets.ts); the generated type of a client
      // knows its events only from a literal `log` option.
      const events = client as unknown as {
        $on(event: 'query', listener: (event: Statement) => void): void;
      };
      events.$on('query', (event) => {
        if (recording) statements.push({ query: event.query });
      });
      const author = await client.author.create({
        data: { name: `Searcher ${tag}`, email: `search-${tag}@example.test` },
      });
      const other = await client.author.create({
        data: { name: `Other ${tag}`, email: `other-${tag}@example.test` },
      });
      authorId = author.id;
      otherAuthorId = other.id;
      const book = (title: string, published: boolean, internalNote: string | null, by = authorId) =>
        client.book.create({
          data: {
            title,
            isbn: `${tag}-${title.replace(/\W/g, '')}-${by}`,
            price: '1.00',
            pages: 1,
            genre: 'FICTION',
            published,
            internalNote,
            authorId: by,
          },
        });
      await book('Dune Messiah', true, null);
      await book('CHILDREN of DUNE', true, 'staff pick');
      await book('100% Pure', true, null);
      await book('snake_case manual', true, null);
      await book('Draft of Dune', false, null);
      await book('Plain Text', true, 'secretword inside');
      await book('Dune elsewhere', true, null, otherAuthorId);
    });
    afterEach(() => {
      recording = false;
    });

    const titles = (page: { items?: readonly Partial<{ title: string }>[] }) =>
      (page.items ?? []).map((item) => item.title).sort();
    const mine = () => ({ authorId });

    it('matches any searchable field, case-insensitively, AND-combined with where', async () => {
      const books = resource(SearchBookDto);
      const page = await books.query({ q: 'dune', where: mine() }, as('admin'));
      expect(titles(page)).toEqual(['CHILDREN of DUNE', 'Draft of Dune', 'Dune Messiah']);
      // The isbn carries the tag: every book of both authors matches, the where keeps one author's.
      expect(await books.count({ q: tag, where: mine() }, as('admin'))).toBe(6);
      expect(await books.count({ q: tag.toUpperCase() }, as('admin'))).toBe(7);
      expect(await books.count({ q: 'DUNE', where: { authorId: otherAuthorId } }, as('admin'))).toBe(1);
    });

    it('matches % and _ literally', async () => {
      const books = resource(SearchBookDto);
      expect(titles(await books.query({ q: '%', where: mine() }, as('admin')))).toEqual(['100% Pure']);
      expect(titles(await books.query({ q: '_', where: mine() }, as('admin')))).toEqual([
        'snake_case manual',
      ]);
      expect(await books.count({ q: 'e_c', where: mine() }, as('admin'))).toBe(1);
      expect(await books.count({ q: 'D%e', where: mine() }, as('admin'))).toBe(0);
      expect(await books.count({ q: '\\', where: mine() }, as('admin'))).toBe(0);
    });

    it('runs under the access filter: a reader never finds a row it may not read', async () => {
      const books = resource(SearchBookDto);
      expect(titles(await books.query({ q: 'dune', where: mine() }, as('reader')))).toEqual([
        'CHILDREN of DUNE',
        'Dune Messiah',
      ]);
      expect(await books.count({ q: 'draft', where: mine() }, as('reader'))).toBe(0);
      expect(await books.count({ q: 'draft', where: mine() }, as('admin'))).toBe(1);
    });

    it('never searches a field the caller may not see (no oracle on hidden values)', async () => {
      const books = resource(SearchBookDto);
      // Only internalNote holds "secretword": staff find the row, a reader gets what a text no row
      // holds gets.
      expect(await books.count({ q: 'secretword', where: mine() }, as('admin'))).toBe(1);
      expect(await books.count({ q: 'secretword', where: mine() }, as('reader'))).toBe(0);
      const hidden = await books.query({ q: 'secretword', where: mine() }, as('reader'));
      const absent = await books.query({ q: 'no-such-text-anywhere', where: mine() }, as('reader'));
      expect(hidden).toEqual(absent);
      // Nor through a where on it: the hidden field is a 400 like a misspelt one, as ever.
      const error = await rejection(
        books.count({ where: { internalNote: { contains: 'secret' } } }, as('reader')),
      );
      expect(responseOf(error)).toMatchObject({ statusCode: 400, code: 'unknown_key' });
    });

    it('is refused by a resource with no searchable field, alike when every one is hidden', async () => {
      const plain = await rejection(resource(PlainBookDto).query({ q: 'dune' }, as('admin')));
      expect(plain).toBeInstanceOf(BadRequestException);
      expect(responseOf(plain)).toMatchObject({ statusCode: 400, code: 'unknown_key', path: 'q' });
      const hidden = await rejection(resource(StaffSearchBookDto).query({ q: 'dune' }, as('reader')));
      expect(responseOf(hidden)).toEqual(responseOf(plain));
      const counted = await rejection(resource(StaffSearchBookDto).count({ q: 'dune' }, as('reader')));
      expect(responseOf(counted)).toEqual(responseOf(plain));
      expect(await resource(StaffSearchBookDto).count({ q: 'secretword' }, as('admin'))).toBe(1);
      // An empty search is no search, wherever it is sent.
      expect(await resource(PlainBookDto).count({ q: '', where: mine() }, as('admin'))).toBe(6);
    });

    it('refuses a search text that is too long, not a text, or holds NUL', async () => {
      const books = resource(SearchBookDto);
      const attempts: [unknown, string][] = [
        ['x'.repeat(201), 'invalid_value'],
        [['dune'], 'invalid_type'],
        [{ contains: 'dune' }, 'invalid_type'],
        ['du\u0000ne', 'invalid_type'],
      ];
      for (const [q, code] of attempts) {
        const error = await rejection(books.query({ q } as never, as('admin')));
        expect(error, JSON.stringify(q)).toBeInstanceOf(BadRequestException);
        expect(responseOf(error), JSON.stringify(q)).toMatchObject({ statusCode: 400, code, path: 'q' });
      }
      expect(await books.count({ q: 'x'.repeat(200), where: mine() }, as('admin'))).toBe(0);
    });

    it('stays out of QueryService, which keeps the spec shape (a 400, never passed on)', async () => {
      const service = new QueryService(prisma().book);
      for (const attempt of [
        () => service.query({ q: 'dune' } as never),
        () => service.query({ count: 'none' } as never),
        () => service.count({ q: 'dune' } as never),
      ]) {
        expect(responseOf(await rejection(attempt()))).toMatchObject({
          statusCode: 400,
          code: 'unknown_key',
        });
      }
    });

    describe('count modes', () => {
      it('counts exactly by default, and says so only when asked', async () => {
        const books = resource(SearchBookDto);
        const page = await books.query({ where: mine(), perPage: 2 }, as('admin'));
        expect(page.meta).toEqual({
          page: 1,
          perPage: 2,
          itemCount: 6,
          pageCount: 3,
          hasPrevPage: false,
          hasNextPage: true,
          nextCursor: expect.any(String),
          prevCursor: null,
        });
        const exact = await books.query({ where: mine(), perPage: 2, count: 'exact' }, as('admin'));
        expect(exact.meta).toMatchObject({ itemCount: 6, pageCount: 3, countMode: 'exact' });
      });

      it('none: no itemCount, no pageCount, and no count statement', async () => {
        const books = resource(SearchBookDto);
        let page: Awaited<ReturnType<typeof books.query>> | undefined;
        const queries = await sent(async () => {
          page = await books.query({ where: mine(), perPage: 2, count: 'none' }, as('admin'));
        });
        expect(page?.meta).toEqual({
          page: 1,
          perPage: 2,
          hasPrevPage: false,
          hasNextPage: true,
          nextCursor: expect.any(String),
          prevCursor: null,
        });
        expect(queries.length).toBeGreaterThan(0);
        expect(counts(queries)).toEqual([]);
        // The same read counted sends one: the events are what the assertion above reads.
        const counted = await sent(() => books.query({ where: mine(), perPage: 2 }, as('admin')));
        expect(counts(counted)).toHaveLength(1);
      });

      it('estimated below the threshold: the exact count, countMode exact', async () => {
        const books = resource(SearchBookDto, 10);
        const page = await books.query({ where: mine(), count: 'estimated' }, as('admin'));
        expect(page.meta).toMatchObject({ itemCount: 6, pageCount: 1, countMode: 'exact' });
        const reader = await books.query({ q: 'dune', where: mine(), count: 'estimated' }, as('reader'));
        expect(reader.meta).toMatchObject({ itemCount: 2, countMode: 'exact' });
      });

      it('keeps the fields envelope rule: no totals projected, no count', async () => {
        const books = resource(SearchBookDto, 2);
        let page: unknown;
        const queries = await sent(async () => {
          page = await books.query(
            { where: mine(), count: 'estimated', fields: 'items{title},meta{page,countMode}' },
            as('admin'),
          );
        });
        expect(counts(queries)).toEqual([]);
        expect((page as { meta: object }).meta).toEqual({ page: 1 });
      });

      it('refuses a count mode it does not know', async () => {
        const error = await rejection(
          resource(SearchBookDto).query({ count: 'roughly' } as never, as('admin')),
        );
        expect(responseOf(error)).toMatchObject({ statusCode: 400, code: 'invalid_value', path: 'count' });
      });

      describe('estimated above the threshold', () => {
        const bulkTag = newTag();
        let bulkAuthor: number;

        beforeAll(async () => {
          const client = prisma();
          const author = await client.author.create({
            data: { name: `Bulk ${bulkTag}`, email: `bulk-${bulkTag}@example.test` },
          });
          bulkAuthor = author.id;
          // 240 published books and 40 drafts: filters of very different selectivity.
          await client.book.createMany({
            data: Array.from({ length: 280 }, (_, index) => ({
              title: `Bulk ${index}`,
              isbn: `${bulkTag}-${index}`,
              price: '1.00',
              pages: index,
              genre: index < 240 ? ('HISTORY' as const) : ('SCIENCE' as const),
              published: index < 240,
              authorId: bulkAuthor,
            })),
          });
          if (postgres) await client.$executeRawUnsafe('ANALYZE "Book"');
        });

        it.skipIf(!postgres)(
          "PostgreSQL: the planner's estimate of the same filtered query, the exact count never run",
          async () => {
            const books = resource(SearchBookDto, 20);
            let many: Awaited<ReturnType<typeof books.query>> | undefined;
            const queries = await sent(async () => {
              many = await books.query({ where: { genre: 'HISTORY' }, count: 'estimated' }, as('admin'));
            });
            expect(many?.meta).toMatchObject({ countMode: 'estimated', page: 1, perPage: 20 });
            const itemCount = many?.meta?.itemCount as number;
            expect(itemCount).toBeGreaterThan(20);
            expect(many?.meta?.pageCount).toBe(Math.ceil(itemCount / 20));
            // The count that ran was capped; the planner was asked; no uncapped count ran.
            const countStatements = counts(queries).filter((query) => !/^EXPLAIN/i.test(query));
            expect(countStatements).toHaveLength(1);
            expect(countStatements[0]).toMatch(/LIMIT/i);
            expect(queries.some((query) => /^EXPLAIN \(FORMAT JSON\)/.test(query))).toBe(true);
            // The estimate follows the filter: far fewer rows are estimated for the drafts, and the
            // reader's access filter (published only) applies before any count.
            const drafts = await books.query(
              { where: { genre: 'SCIENCE' }, count: 'estimated' },
              as('admin'),
            );
            const historyOnly = await books.query(
              { where: { genre: 'HISTORY', authorId: bulkAuthor }, count: 'estimated' },
              as('admin'),
            );
            expect(drafts.meta).toMatchObject({ countMode: 'estimated' });
            expect(historyOnly.meta).toMatchObject({ countMode: 'estimated' });
            expect(drafts.meta?.itemCount as number).toBeLessThan(itemCount);
            const readerDrafts = await books.query(
              { where: { genre: 'SCIENCE', authorId: bulkAuthor }, count: 'estimated' },
              as('reader'),
            );
            expect(readerDrafts.meta?.countMode).toBe('exact');
            expect(readerDrafts.meta?.itemCount).toBe(0);
          },
        );

        it.skipIf(postgres)('MariaDB: exact, and countMode says so', async () => {
          const books = resource(SearchBookDto, 20);
          const page = await books.query(
            { where: { authorId: bulkAuthor }, count: 'estimated' },
            as('admin'),
          );
          expect(page.meta).toMatchObject({ itemCount: 280, countMode: 'exact' });
        });

        it('with q, estimated or not, never counts a row the search does not match', async () => {
          const books = resource(SearchBookDto, 20);
          const page = await books.query(
            { q: 'bulk 27', where: { authorId: bulkAuthor }, count: 'estimated' },
            as('admin'),
          );
          // "Bulk 27" and "Bulk 270".."Bulk 279": 11 rows, under the threshold, so exact.
          expect(page.meta).toMatchObject({ itemCount: 11, countMode: 'exact' });
        });
      });
    });
  });
}
