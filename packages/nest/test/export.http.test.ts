// Exports over real HTTP (`GET /<resource>/export` of ResourceController), on Express and Fastify
// set up by useFacetHttp, over real Prisma clients on PGlite and PostgreSQL (when reachable; required
// in CI): CSV quoting and formula neutralising, header paths, NDJSON, the list's order, access per
// role, every refusal answered before the first byte, no conditional read, and the walk stopped by a
// client that goes away. What an export holds at once is counted on the Resource itself.
import 'reflect-metadata';
import { request as httpRequest } from 'node:http';
import { listenApp } from '@facet/test-support/net';
import { waitUntil } from '@facet/test-support/wait';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccessSubject,
  defineResource,
  type ExportSummary,
  FacetModule,
  Field,
  type ReadContext,
  Resource,
  ResourceController,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { createFacetApp, type FacetPlatform } from './support/facet-app.js';
import { PolicyBookDto } from './support/policy-dtos.js';
import { newTag, type SeededLibrary, seedLibrary, seedReviews } from './support/seed.js';
import { checkTarget, openTarget, type TestTarget } from './support/targets.js';

type Role = 'admin' | 'reader';
const accessibleWhere = (role: Role, subject: string): object => {
  if (role === 'admin' || subject === 'Author') return {};
  if (subject === 'Book') return { published: true };
  if (subject === 'Review') return { book: { is: { published: true } } };
  throw new Error(`unexpected subject ${subject}`);
};
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });

/** The rows every `findMany` of the book delegate returned, snapshot transactions included. */
const fetched = { calls: 0, rows: 0 };
/** A `findMany` call after `after` waits for `released`: a database slower than the client. */
const gate: { after: number; released: Promise<void> } = {
  after: Number.POSITIVE_INFINITY,
  released: Promise.resolve(),
};
function counted(delegate: PrismaClient['book']): PrismaClient['book'] {
  return new Proxy(delegate, {
    get(target, key, receiver) {
      if (key !== 'findMany') return Reflect.get(target, key, receiver);
      return async (args: object) => {
        fetched.calls += 1;
        if (fetched.calls > gate.after) await gate.released;
        const rows = (await target.findMany(args as never)) as unknown[];
        fetched.rows += rows.length;
        return rows;
      };
    },
  });
}

/** Books whose title is searched by `q`. */
@AccessSubject('Book')
class SearchableBookDto extends PolicyBookDto {
  @Field({ searchable: true }) override title = '';
}

const ended: ExportSummary[] = [];
const onEnd = (summary: ExportSummary) => ended.push(summary);
const books = defineResource({
  name: 'books',
  delegate: (p: PrismaClient) => counted(p.book),
  dto: SearchableBookDto,
  // Small batches: every export of a few rows crosses several batch boundaries.
  export: { batchSize: 2, onEnd },
});
const capped = defineResource({
  name: 'capped',
  delegate: (p: PrismaClient) => counted(p.book),
  dto: PolicyBookDto,
  export: { maxRows: 3, onEnd },
});
const bulk = defineResource({
  name: 'bulk',
  delegate: (p: PrismaClient) => counted(p.book),
  dto: PolicyBookDto,
  export: { batchSize: 20, onEnd },
});

@Controller('books')
class BooksController extends ResourceController(books) {}
@Controller('capped')
class CappedController extends ResourceController(capped) {}
@Controller('bulk')
class BulkController extends ResourceController(bulk) {}

/** Titles that break naive CSV, and spreadsheets that evaluate what a cell starts with. */
const TRICKY = [
  'a,b{c}',
  'He said "hi"',
  'two\nlines',
  'cr\r\nlf',
  '=1+2',
  '+plus',
  '-minus',
  '@at',
  '\ttab',
  '\rcarriage',
  'naïve ☃ 日本語 🦊',
  '2024',
  'null',
  '007',
  "'quoted",
] as const;
const FORMULA = /^[=+\-@\t\r]/;
/** What a spreadsheet-safe cell of `text` reads back as. */
const safe = (text: string) => (FORMULA.test(text) ? `'${text}` : text);

/** RFC 4180 records, parsed independently of Facet's encoder; fails on anything malformed. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let index = 0;
  while (index < text.length) {
    if (text[index] === '"') {
      const start = index + 1;
      let value = '';
      let at = start;
      for (;;) {
        const quote = text.indexOf('"', at);
        if (quote < 0) throw new Error('unterminated quoted cell');
        value += text.slice(at, quote);
        if (text[quote + 1] === '"') {
          value += '"';
          at = quote + 2;
          continue;
        }
        index = quote + 1;
        break;
      }
      cell = value;
    } else {
      const stop = text.slice(index).search(/[,\r]/);
      const end = stop < 0 ? text.length : index + stop;
      cell = text.slice(index, end);
      if (cell.includes('"') || cell.includes('\n')) throw new Error(`unquoted special character in ${cell}`);
      index = end;
    }
    record.push(cell);
    if (text[index] === ',') {
      index += 1;
    } else if (text.startsWith('\r\n', index)) {
      records.push(record);
      record = [];
      index += 2;
    } else if (index < text.length) {
      throw new Error(`unexpected ${JSON.stringify(text[index])} at ${index}`);
    }
  }
  if (record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
}

for (const name of ['pglite', 'postgresql'] as const) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`exports on ${name}`, () => {
    let target: TestTarget;
    let library: SeededLibrary;
    /** An author with 3,000 books of about 1 kB each: an export far larger than any buffer on the way. */
    let bulkAuthor: number;
    const BULK = 3000;
    const apps = new Map<FacetPlatform, { app: INestApplication; url: string }>();

    beforeAll(async () => {
      target = await openTarget(name);
      library = await seedLibrary(target.prisma);
      await seedReviews(target.prisma, library);
      await target.prisma.book.createMany({
        data: TRICKY.map((title, index) => ({
          title,
          isbn: `${library.tag}-t${index}`,
          price: `${index}.25`,
          pages: 10 + index,
          genre: 'FICTION' as const,
          published: index % 4 !== 1,
          internalNote: `note ${index}`,
          authorId: library.authorId,
        })),
      });
      const tag = newTag();
      const author = await target.prisma.author.create({
        data: { name: `Bulk ${tag}`, email: `${tag}@example.test` },
      });
      bulkAuthor = author.id;
      await target.prisma.book.createMany({
        data: Array.from({ length: BULK }, (_, index) => ({
          title: `${String(index).padStart(5, '0')} ${'x'.repeat(1000)}`,
          isbn: `${tag}-${index}`,
          price: '1.00',
          pages: 1,
          genre: 'SCIENCE' as const,
          published: true,
          authorId: author.id,
        })),
      });
      for (const platform of ['express', 'fastify'] as const) {
        @Module({
          imports: [
            FacetModule.forRoot({
              prisma: target.prisma,
              secret: 'export-test-secret',
              accessibleWhere,
              readContext: (request): ReadContext<Role> => {
                const headers = (request as { headers: Record<string, string | undefined> }).headers;
                return as(headers.authorization === 'Bearer admin' ? 'admin' : 'reader');
              },
            }),
            FacetModule.forFeature([books, capped, bulk]),
          ],
          controllers: [BooksController, CappedController, BulkController],
        })
        class AppModule {}
        const app = await createFacetApp(AppModule, platform);
        apps.set(platform, { app, url: await listenApp(app) });
      }
    }, 120_000);

    afterAll(async () => {
      for (const { app } of apps.values()) await app.close();
      await target?.close();
    });

    const ofAuthor = () => `where.authorId=${library.authorId}`;
    const ADMIN = { authorization: 'Bearer admin' };

    describe.each(['express', 'fastify'] as const)('over %s', (platform) => {
      async function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
        const response = await fetch(`${apps.get(platform)?.url}${path}`, { headers });
        return { status: response.status, text: await response.text(), headers: response.headers };
      }
      /** Every item of the list route, page after page (offset paging), as JSON. */
      async function listed(query: string, headers: Record<string, string> = {}): Promise<unknown[]> {
        const items: unknown[] = [];
        for (let page = 1; ; page += 1) {
          const answer = await get(`/books?${query}&perPage=7&page=${page}`, headers);
          expect(answer.status, answer.text).toBe(200);
          const body = JSON.parse(answer.text) as { items: unknown[]; meta: { hasNextPage: boolean } };
          items.push(...body.items);
          if (!body.meta.hasNextPage) return items;
        }
      }
      const ndjson = (text: string) => {
        expect(text.endsWith('\n')).toBe(true);
        return text
          .slice(0, -1)
          .split('\n')
          .map((line) => JSON.parse(line) as unknown);
      };

      it('streams CSV: a header of field paths, RFC 4180 quoting, UTF-8, formulas neutralised', async () => {
        const answer = await get(
          `/books/export?format=csv&${ofAuthor()}&fields=id,title,pages,author{name}`,
          ADMIN,
        );
        expect(answer.status, answer.text).toBe(200);
        expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(answer.headers.get('content-disposition')).toBe('attachment; filename="books.csv"');
        const [header, ...rows] = parseCsv(answer.text);
        expect(header).toEqual(['id', 'title', 'pages', 'author.name']);
        const titles = rows.map((row) => row[1]);
        expect(titles).toHaveLength(3 + TRICKY.length);
        for (const title of ['Alpha', 'Beta', 'Gamma', ...TRICKY]) expect(titles).toContain(safe(title));
        // Every formula start got its quote mark; nothing else did.
        expect(titles.filter((title) => title?.startsWith("'"))).toHaveLength(
          TRICKY.filter((title) => FORMULA.test(title) || title.startsWith("'")).length,
        );
        expect(new Set(rows.map((row) => row[3]))).toEqual(new Set([`Author ${library.tag}`]));
        expect(rows.find((row) => row[1] === 'Gamma')?.[2]).toBe('300');
        // Quoted only where RFC 4180 needs it; UTF-8 kept as it is.
        expect(answer.text).toContain(',naïve ☃ 日本語 🦊,');
        expect(answer.text).toContain(',"He said ""hi""",');
        expect(answer.text).toContain(`,"'\rcarriage",`);
      });

      it('streams NDJSON: one item per line, each exactly the list item, in the list order', async () => {
        for (const sort of [
          '',
          `&orderBy=${encodeURIComponent('{"title":"desc"}')}`,
          `&orderBy=${encodeURIComponent('[{"published":"asc"},{"pages":"desc"}]')}`,
          // A relation's field: no keyset, walked by offset.
          `&orderBy=${encodeURIComponent('{"author":{"name":"asc"}}')}`,
        ]) {
          const query = `${ofAuthor()}&fields=id,title,pages,published,author{name}${sort}`;
          const answer = await get(`/books/export?format=ndjson&${query}`, ADMIN);
          expect(answer.status, answer.text).toBe(200);
          expect(answer.headers.get('content-type')).toBe('application/x-ndjson');
          expect(answer.headers.get('content-disposition')).toBe('attachment; filename="books.ndjson"');
          expect(ndjson(answer.text), sort).toEqual(await listed(query, ADMIN));
        }
      });

      it('exports only the rows and fields the role may read', async () => {
        const reader = ndjson(
          (await get(`/books/export?format=ndjson&${ofAuthor()}&fields=id,published`)).text,
        );
        const admin = ndjson(
          (await get(`/books/export?format=ndjson&${ofAuthor()}&fields=id,published`, ADMIN)).text,
        );
        expect(reader).toEqual(admin.filter((item) => (item as { published: boolean }).published));
        expect(reader.length).toBeLessThan(admin.length);
        const notes = await get(`/books/export?format=csv&${ofAuthor()}&fields=title,internalNote`, ADMIN);
        expect(parseCsv(notes.text)[0]).toEqual(['title', 'internalNote']);
        // Without fields: every scalar the caller may see, and for a reader no internalNote.
        const whole = parseCsv((await get(`/books/export?format=csv&${ofAuthor()}`)).text);
        expect(whole[0]).toEqual(['id', 'title', 'pages', 'published', 'authorId', 'label']);
        // A to-many relation is a JSON array in NDJSON, of the rows the reader may read.
        const reviews = ndjson(
          (await get(`/books/export?format=ndjson&where.id=${library.bookIds[0]}&fields=id,reviews{rating}`))
            .text,
        );
        expect(reviews).toEqual([{ id: library.bookIds[0], reviews: [{ rating: 5 }] }]);
      });

      it('answers every refusal with Facet’s error body before the first byte, reading no row', async () => {
        const before = fetched.calls;
        const refusals: [string, Record<string, string>, number, string, string | undefined][] = [
          ['format=csv&fields=title,internalNote', {}, 400, 'unknown_key', 'fields.internalNote'],
          ['format=csv&where.internalNote.contains=x', {}, 400, 'unknown_key', undefined],
          [
            `format=csv&orderBy=${encodeURIComponent('{"internalNote":"asc"}')}`,
            {},
            400,
            'unknown_key',
            undefined,
          ],
          ['format=csv&where.title.regex=x', ADMIN, 400, 'unknown_key', undefined],
          ['format=csv&page=1', ADMIN, 400, 'unknown_key', 'page'],
          ['format=csv&perPage=10', ADMIN, 400, 'unknown_key', 'perPage'],
          ['format=csv&after=abc', ADMIN, 400, 'unknown_key', 'after'],
          ['format=csv&include.author=true', ADMIN, 400, 'unknown_key', 'include'],
          ['format=xlsx', ADMIN, 400, 'invalid_value', 'format'],
          ['where.id=1', ADMIN, 400, 'invalid_value', 'format'],
          ['format=csv&fields=title,reviews{rating}', ADMIN, 400, 'invalid_value', 'fields.reviews'],
        ];
        for (const [query, headers, status, code, path] of refusals) {
          const answer = await get(`/books/export?${query}`, headers);
          expect(answer.status, query).toBe(status);
          expect(answer.headers.get('content-type'), query).toMatch(/^application\/json/);
          expect(answer.headers.get('content-disposition'), query).toBeNull();
          const body = JSON.parse(answer.text) as {
            statusCode: number;
            code: string;
            path?: string;
            issues?: { path: string }[];
          };
          expect(body, query).toMatchObject({ statusCode: status, code });
          if (path !== undefined) expect(body.issues?.[0]?.path, query).toEqual(path);
        }
        // A hidden field answers exactly as a misspelt one.
        const hidden = await get(`/books/export?format=csv&fields=title,internalNote`);
        const misspelt = await get(`/books/export?format=csv&fields=title,internalNotx`);
        expect(hidden.status).toBe(misspelt.status);
        expect(hidden.text.replaceAll('internalNote', 'internalNotx')).toBe(misspelt.text);
        expect(fetched.calls).toBe(before);
      });

      it('refuses more rows than maxRows with a 400 before the first byte', async () => {
        const before = fetched.calls;
        const answer = await get(`/capped/export?format=ndjson&${ofAuthor()}`, ADMIN);
        expect(answer.status, answer.text).toBe(400);
        expect(JSON.parse(answer.text)).toMatchObject({ statusCode: 400, code: 'too_many' });
        expect(fetched.calls).toBe(before);
        // Within the limit it streams.
        const three = await get(
          `/capped/export?format=ndjson&where.id.in=${encodeURIComponent(JSON.stringify(library.bookIds))}`,
          ADMIN,
        );
        expect(answer.status === 400 && three.status === 200, three.text).toBe(true);
        expect(ndjson(three.text)).toHaveLength(3);
      });

      it('takes q as a list does: ANDed with where, literal, refused where nothing is searchable', async () => {
        const query = `${ofAuthor()}&q=${encodeURIComponent('SAID "H')}&fields=title`;
        const found = ndjson((await get(`/books/export?format=ndjson&${query}`, ADMIN)).text);
        expect(found).toEqual(await listed(query, ADMIN));
        expect(found).toEqual([{ title: 'He said "hi"' }]);
        // `%` and `_` are text, not wildcards.
        const none = await get(
          `/books/export?format=ndjson&${ofAuthor()}&q=${encodeURIComponent('%_')}`,
          ADMIN,
        );
        expect(none.status).toBe(200);
        expect(none.text).toBe('');
        const before = fetched.calls;
        const refused = await get(`/bulk/export?format=csv&q=x`, ADMIN);
        expect(refused.status).toBe(400);
        expect(JSON.parse(refused.text)).toMatchObject({ code: 'unknown_key', path: 'q' });
        expect(fetched.calls).toBe(before);
      });

      it('is not a conditional read: no ETag, and If-None-Match never answers 304', async () => {
        const path = `/books/export?format=csv&${ofAuthor()}`;
        const answer = await get(path, ADMIN);
        expect(answer.headers.get('etag')).toBeNull();
        const again = await get(path, { ...ADMIN, 'if-none-match': '*' });
        expect(again.status).toBe(200);
        expect(again.text).toBe(answer.text);
      });

      it('stops the database walk when the client goes away', async () => {
        const before = ended.length;
        const calls = fetched.calls;
        // The walk's fourth batch waits until the server has seen the client go: whatever the
        // socket buffers on the way took, the walk is then provably in progress.
        let release: () => void = () => undefined;
        gate.released = new Promise((resolve) => {
          release = resolve;
        });
        gate.after = calls + 3;
        let closed = false;
        apps
          .get(platform)
          ?.app.getHttpServer()
          .once('request', (_request: unknown, response: NodeJS.EventEmitter) => {
            response.once('close', () => {
              closed = true;
            });
          });
        try {
          await new Promise<void>((resolve, reject) => {
            const request = httpRequest(
              `${apps.get(platform)?.url}/bulk/export?format=csv&where.authorId=${bulkAuthor}`,
              (response) => {
                expect(response.statusCode).toBe(200);
                request.destroy();
                resolve();
              },
            );
            request.on('error', (error) => {
              if (!request.destroyed) reject(error);
            });
            request.end();
          });
          await waitUntil(() => closed, { what: 'the server to see the client go' });
        } finally {
          gate.after = Number.POSITIVE_INFINITY;
          release();
        }
        await waitUntil(() => ended.length > before, { what: 'the export to end' });
        const summary = ended[before] as ExportSummary;
        expect(summary).toMatchObject({ resource: 'bulk', outcome: 'aborted' });
        // 150 batches make the whole export; released, an unstopped walk would read them all.
        const batches = fetched.calls - calls;
        expect(batches).toBe(summary.batches);
        expect(batches).toBeLessThanOrEqual(4);
        expect(summary.rows).toBeLessThanOrEqual(4 * 20);
        if (name === 'postgresql') {
          // The snapshot's transaction is over: no session of this database waits in one.
          const [open] = await target.prisma.$queryRawUnsafe<{ open: bigint }[]>(
            "SELECT count(*) AS open FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'",
          );
          expect(Number(open?.open)).toBe(0);
        }
      });
    });

    it('holds at most two batches at once, whatever the row count (counted, not timed)', async () => {
      const resource = new Resource(bulk, { client: target.prisma, accessibleWhere });
      const exported = await resource.export(
        { format: 'ndjson', where: { authorId: bulkAuthor }, fields: 'id' },
        as('admin'),
      );
      expect(exported.rowCount).toBe(BULK);
      const start = fetched.rows;
      let consumed = 0;
      let most = 0;
      for await (const item of exported) {
        expect(item).toHaveProperty('id');
        consumed += 1;
        most = Math.max(most, fetched.rows - start - consumed);
        // Give the walk every chance to run ahead of this consumer.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(consumed).toBe(BULK);
      expect(most).toBeLessThanOrEqual(2 * 20);
      expect(most).toBeGreaterThan(0);
    });

    it('a consumer that stops early ends the walk and closes the snapshot', async () => {
      const resource = new Resource(bulk, { client: target.prisma, accessibleWhere });
      const before = ended.length;
      const exported = await resource.export({ format: 'csv', where: { authorId: bulkAuthor } }, as('admin'));
      let seen = 0;
      for await (const _ of exported) if (++seen === 30) break;
      expect(ended[before]).toMatchObject({ outcome: 'aborted', batches: 3 });
      // One never consumed is closed by close().
      const unused = await resource.export({ format: 'csv', where: { authorId: bulkAuthor } }, as('admin'));
      await unused.close();
      expect(ended[before + 1]).toMatchObject({ outcome: 'aborted', batches: 1, rows: 0 });
    });
  });
}
