// A red-team sweep of review writes on PGlite: many generated bodies and targets per role, each
// write's outcome and the database after it compared with what the rules allow (a model of the
// abilities in support/write-fixtures.ts). No write outside the rules may happen, and every write
// the rules allow must.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resource } from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';
import { type Caller, readOf, writeAccess, writeReviews } from './support/write-fixtures.js';

const CALLERS: readonly Caller[] = [
  { role: 'admin', userId: 1 },
  { role: 'editor', userId: 2 },
  { role: 'contributor', userId: 3 },
  { role: 'reader', userId: 41 },
  { role: 'reader', userId: 42 },
];

interface Row {
  readonly id: string;
  readonly rating: number;
  readonly body: string;
  readonly userId: number;
  readonly bookId: number;
}

/** Candidate body members: allowed ones with good and bad values, and ones no body may carry. */
const member = fc.oneof(
  fc.record({ rating: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom(0, 9, 'x', 2.5)) }),
  fc.record({ body: fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constant('')) }),
  fc.record({ userId: fc.constantFrom(41, 42, 1) }),
  fc.record({ id: fc.constant('chosen') }),
  fc.record({ createdAt: fc.constant('2020-01-01T00:00:00Z') }),
  fc.record({ book: fc.constant({ connect: { id: 1 } }) }),
);

let target: TestTarget;
let prisma: PrismaClient;
let reviews: Resource<PrismaClient['review'], InstanceType<typeof writeReviews.dto>, never>;
let alpha: number;
let beta: number;

beforeAll(async () => {
  target = await openTarget('pglite');
  prisma = target.prisma;
  reviews = new Resource(writeReviews, { client: prisma, accessibleWhere: writeAccess }) as never;
  const library = await seedLibrary(prisma);
  [alpha, beta] = library.bookIds;
}, 60_000);
afterAll(async () => {
  await target?.close();
});

const published = (bookId: number) => bookId === alpha;
const readable = (caller: Caller, row: Pick<Row, 'bookId'>) =>
  caller.role === 'admin' || caller.role === 'editor' || (caller.role === 'reader' && published(row.bookId));
const mayChange = (caller: Caller, row: Row) =>
  caller.role === 'admin' || (caller.role === 'reader' && row.userId === caller.userId);
const validRating = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;
const validPatch = (body: Record<string, unknown>) =>
  Object.keys(body).every((key) => key === 'rating' || key === 'body') &&
  (!('rating' in body) || validRating(body.rating)) &&
  (!('body' in body) || (typeof body.body === 'string' && body.body.length >= 1));

async function snapshot(): Promise<Map<string, Row>> {
  const rows = await prisma.review.findMany({
    select: { id: true, rating: true, body: true, userId: true, bookId: true },
  });
  return new Map(rows.map((row) => [row.id, row]));
}

describe('a sweep of review writes per role', () => {
  it('changes exactly what the rules allow, and nothing else', async () => {
    const seeded = await Promise.all(
      [41, 42].flatMap((userId) =>
        [alpha, beta].map((bookId) =>
          prisma.review.create({ data: { rating: 3, body: 'seed', userId, bookId } }),
        ),
      ),
    );
    const operations = fc.record({
      caller: fc.constantFrom(...CALLERS),
      kind: fc.constantFrom('create', 'update', 'delete'),
      target: fc.nat({ max: seeded.length - 1 }),
      members: fc.array(member, { maxLength: 3 }),
      bookId: fc.constantFrom(
        () => alpha,
        () => beta,
      ),
    });
    let allowed = 0;
    await fc.assert(
      fc.asyncProperty(operations, async (operation) => {
        const { caller, kind } = operation;
        const body = Object.assign({}, ...operation.members) as Record<string, unknown>;
        const before = await snapshot();
        const row = before.get((seeded[operation.target] as Row).id);
        let ok = true;
        let created: string | undefined;
        try {
          if (kind === 'create') {
            const full = { rating: 3, body: 'new', ...body, bookId: operation.bookId() };
            const answer = (await reviews.create(full, {}, readOf(caller) as never)) as
              | { id?: string }
              | undefined;
            created = answer?.id;
          } else if (row === undefined) return;
          else if (kind === 'update') await reviews.update(row.id, body, {}, readOf(caller) as never);
          else await reviews.delete(row.id, {}, readOf(caller) as never);
        } catch {
          ok = false;
        }
        const after = await snapshot();
        if (kind === 'create') {
          const bookId = operation.bookId();
          const full = { rating: 3, body: 'new', ...body };
          const expected =
            (caller.role === 'admin' || caller.role === 'reader') &&
            readable(caller, { bookId }) &&
            validPatch(full);
          expect(ok, JSON.stringify(operation)).toBe(expected);
          expect(after.size).toBe(before.size + (expected ? 1 : 0));
          if (expected) {
            const added = [...after.values()].find((candidate) => !before.has(candidate.id)) as Row;
            // The owner is the server's: the caller's own id, whatever the body said.
            expect(added.userId).toBe(caller.userId);
            expect(created === undefined || created === added.id).toBe(true);
            await prisma.review.delete({ where: { id: added.id } });
            allowed++;
          }
          return;
        }
        const current = row as Row;
        const expected =
          readable(caller, current) && mayChange(caller, current) && (kind === 'delete' || validPatch(body));
        expect(ok, JSON.stringify({ operation, current })).toBe(expected);
        for (const [id, was] of before) {
          if (id !== current.id || !expected) {
            expect(after.get(id), id).toEqual(was);
          } else if (kind === 'delete') {
            expect(after.has(id)).toBe(false);
            // Put it back, so later operations still find a row to aim at.
            await prisma.review.create({ data: was });
          } else {
            expect(after.get(id)).toEqual({ ...was, ...body });
          }
        }
        if (expected) allowed++;
      }),
      { numRuns: 150 },
    );
    // The sweep must have exercised allowed writes too, not only refusals.
    expect(allowed).toBeGreaterThan(5);
  }, 120_000);
});
