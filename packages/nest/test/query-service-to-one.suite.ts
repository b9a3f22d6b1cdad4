// To-one relations under access through QueryService given a `dto`, alone and behind
// ResourceQuery, on the QueryService suite's database targets. Prisma has no `where` on a to-one
// load, so without the check a quote on a draft would show the draft to a reader of published books.
import { beforeAll, describe, expect, it } from 'vitest';
import { type DelegateTypeMap, QueryService, ResourceQuery } from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { PolicyQuoteDto } from './support/policy-dtos.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';

/** `reader` reads published books only; `admin` every book. Both read every quote and author. */
type Role = 'admin' | 'reader';
const accessibleWhere = (role: Role, subject: string): object =>
  role === 'reader' && subject === 'Book' ? { published: true } : {};

type Quotes = PrismaClient['quote'];
type Which = 'shown' | 'hidden' | 'missing';
/** What each quote's book is for a reader: its title, or `null` (a draft and no book alike). */
const FOR_READER: Record<Which, string | null> = { hidden: null, missing: null, shown: 'Alpha' };

/** Describes the checks inside a suite whose target gives its client once opened. */
export function describeQueryServiceToOne(prisma: () => PrismaClient): void {
  describe('to-one relations under access (dto)', () => {
    let library: SeededLibrary;
    let service: QueryService<Quotes, DelegateTypeMap<Quotes>, Role>;
    /** The quote on a published book, the one on a draft, and the one without a book. */
    const code = (which: Which) => `${library.tag}-${which}`;
    const ofQuotes = () => ({ code: { in: [code('shown'), code('hidden'), code('missing')] } });
    /** Each quote's book title, `null` for none, in code order (hidden, missing, shown). */
    const byCode = (rows: readonly { code: string; book?: { title: string } | null }[]) =>
      rows.map((row) => [row.code, row.book === undefined ? 'not loaded' : (row.book?.title ?? null)]);
    const expected = (role: Role) =>
      (['hidden', 'missing', 'shown'] as const).map((which) => [
        code(which),
        role === 'admin' && which === 'hidden' ? 'Beta' : FOR_READER[which],
      ]);

    beforeAll(async () => {
      library = await seedLibrary(prisma());
      const [alpha, beta] = library.bookIds;
      await prisma().quote.createMany({
        data: [
          { code: code('shown'), text: 'on a published book', bookId: alpha },
          { code: code('hidden'), text: 'on a draft', bookId: beta },
          { code: code('missing'), text: 'on no book', bookId: null },
        ],
      });
      service = new QueryService(prisma().quote, { subject: 'Quote', accessibleWhere, dto: PolicyQuoteDto });
    });

    it('a list hides a book the caller may not read, and shows a readable one', async () => {
      const args = { where: ofQuotes(), include: { book: true }, orderBy: { code: 'asc' } } as const;
      for (const role of ['reader', 'admin'] as const) {
        const page = await service.query(args, role);
        expect(byCode(page.items), role).toEqual(expected(role));
        expect(byCode(await service.findMany(args, role)), role).toEqual(expected(role));
      }
    });

    it('a detail read hides a book the caller may not read, and shows a readable one', async () => {
      for (const which of ['hidden', 'missing', 'shown'] as const) {
        const quote = await service.findById(code(which), { include: { book: true } }, 'reader');
        expect(byCode([quote]), which).toEqual([[code(which), FOR_READER[which]]]);
      }
      const hidden = await service.findById(code('hidden'), { include: { book: true } }, 'admin');
      expect(byCode([hidden])).toEqual([[code('hidden'), 'Beta']]);
    });

    it('ResourceQuery over it projects the hidden book as null', async () => {
      const quotes = new ResourceQuery({ service, dto: PolicyQuoteDto, map: (quote) => quote });
      const reader = { ability: 'reader', context: { role: 'reader' } } as const;
      const list = { where: ofQuotes(), fields: 'code,book{title}', orderBy: { code: 'asc' } };
      const page = await quotes.query(list, reader);
      expect(page.items).toEqual([
        { code: code('hidden'), book: null },
        { code: code('missing'), book: null },
        { code: code('shown'), book: { title: 'Alpha' } },
      ]);
      expect(await quotes.findById(code('hidden'), { fields: 'book{title}' }, reader)).toEqual({
        book: null,
      });
      expect(await quotes.findById(code('shown'), { fields: 'book{title}' }, reader)).toEqual({
        book: { title: 'Alpha' },
      });
      const admin = { ability: 'admin', context: { role: 'admin' } } as const;
      expect(await quotes.findById(code('hidden'), { fields: 'book{title}' }, admin)).toEqual({
        book: { title: 'Beta' },
      });
    });
  });
}
