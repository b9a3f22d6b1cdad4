// A red-team sweep of review writes, run once per database by write-sweep.<target>.test.ts: many
// generated bodies, targets and filters per role, single writes and bulk ones, each write's outcome
// and the database after it compared with what the rules allow (a model of the abilities in
// support/write-fixtures.ts). No write outside the rules may happen, and every write the rules allow
// must. The sweep looks only at the reviews of its own books (other suites share the database).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Resource } from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { seedLibrary } from './support/seed.js';
import { checkTarget, openTarget, type TargetName, type TestTarget } from './support/targets.js';
import { BULK_MAX_ROWS, type Caller, readOf, writeAccess, writeReviews } from './support/write-fixtures.js';

const ANN = 71;
const BOB = 72;
const CALLERS: readonly Caller[] = [
  { role: 'admin', userId: 1 },
  { role: 'editor', userId: 2 },
  { role: 'contributor', userId: 3 },
  { role: 'reader', userId: ANN },
  { role: 'reader', userId: BOB },
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
  fc.record({ userId: fc.constantFrom(ANN, BOB, 1) }),
  fc.record({ id: fc.constant('chosen') }),
  fc.record({ createdAt: fc.constant('2020-01-01T00:00:00Z') }),
  fc.record({ book: fc.constant({ connect: { id: 1 } }) }),
);

const validRating = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 5;
const validPatch = (body: Record<string, unknown>) =>
  Object.keys(body).every((key) => key === 'rating' || key === 'body') &&
  (!('rating' in body) || validRating(body.rating)) &&
  (!('body' in body) || (typeof body.body === 'string' && body.body.length >= 1));

export async function writeSweepSuite(name: TargetName): Promise<void> {
  const availability = await checkTarget(name);
  if (!availability.available) console.warn(`Write sweep on ${name} skipped: ${availability.reason}`);

  describe.skipIf(!availability.available)(`a sweep of review writes per role on ${name}`, () => {
    let target: TestTarget;
    let prisma: PrismaClient;
    let reviews: Resource<PrismaClient['review'], InstanceType<typeof writeReviews.dto>, never>;
    let alpha: number;
    let beta: number;

    beforeAll(async () => {
      target = await openTarget(name);
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
      caller.role === 'admin' ||
      caller.role === 'editor' ||
      (caller.role === 'reader' && published(row.bookId));
    const mayChange = (caller: Caller, row: Row) =>
      caller.role === 'admin' || (caller.role === 'reader' && row.userId === caller.userId);
    /** Whether the caller has any rule for the action on reviews at all (none: 403 before anything). */
    const mayWriteReviews = (caller: Caller) => caller.role === 'admin' || caller.role === 'reader';

    async function snapshot(): Promise<Map<string, Row>> {
      const rows = await prisma.review.findMany({
        where: { bookId: { in: [alpha, beta] } },
        select: { id: true, rating: true, body: true, userId: true, bookId: true },
      });
      return new Map(rows.map((row) => [row.id, row]));
    }

    /** Puts back the rows a write changed or deleted, so later operations aim at the same rows. */
    async function restore(before: Map<string, Row>, after: Map<string, Row>): Promise<void> {
      for (const [id, was] of before) {
        const now = after.get(id);
        if (now === undefined) await prisma.review.create({ data: was });
        else if (JSON.stringify(now) !== JSON.stringify(was))
          await prisma.review.update({ where: { id }, data: was });
      }
      const added = [...after.keys()].filter((id) => !before.has(id));
      if (added.length > 0) await prisma.review.deleteMany({ where: { id: { in: added } } });
    }

    it('changes exactly what the rules allow, and nothing else', async () => {
      const seeded = await Promise.all(
        [ANN, BOB].flatMap((userId) =>
          [alpha, beta].map((bookId) =>
            prisma.review.create({ data: { rating: 3, body: 'seed', userId, bookId } }),
          ),
        ),
      );
      // The filters of the bulk writes: each a function of the rows, the model's reading of it.
      const filters = fc.constantFrom(
        { where: () => ({ bookId: { in: [alpha, beta] } }), matches: () => true },
        { where: () => ({ bookId: alpha }), matches: (row: Row) => row.bookId === alpha },
        {
          where: () => ({ bookId: { in: [alpha, beta] }, userId: ANN }),
          matches: (row: Row) => row.userId === ANN,
        },
        {
          where: () => ({ bookId: beta, userId: BOB }),
          matches: (row: Row) => row.bookId === beta && row.userId === BOB,
        },
      );
      const operations = fc.record({
        caller: fc.constantFrom(...CALLERS),
        kind: fc.constantFrom('create', 'update', 'delete', 'createMany', 'updateMany', 'deleteMany'),
        target: fc.nat({ max: seeded.length - 1 }),
        members: fc.array(member, { maxLength: 3 }),
        rows: fc.array(fc.record({ members: fc.array(member, { maxLength: 2 }), onAlpha: fc.boolean() }), {
          minLength: 1,
          maxLength: 3,
        }),
        onAlpha: fc.boolean(),
        filter: filters,
      });
      let allowed = 0;
      await fc.assert(
        fc.asyncProperty(operations, async (operation) => {
          const { caller, kind } = operation;
          const read = readOf(caller) as never;
          const body = Object.assign({}, ...operation.members) as Record<string, unknown>;
          const bookOf = (onAlpha: boolean) => (onAlpha ? alpha : beta);
          const before = await snapshot();
          const row = before.get((seeded[operation.target] as Row).id) as Row;
          const bodies = operation.rows.map((entry) => ({
            rating: 3,
            body: 'new',
            ...Object.assign({}, ...entry.members),
            bookId: bookOf(entry.onAlpha),
          }));
          let ok = true;
          let created: string | undefined;
          try {
            if (kind === 'create') {
              const full = { rating: 3, body: 'new', ...body, bookId: bookOf(operation.onAlpha) };
              created = ((await reviews.create(full, {}, read)) as { id?: string } | undefined)?.id;
            } else if (kind === 'update') await reviews.update(row.id, body, {}, read);
            else if (kind === 'delete') await reviews.delete(row.id, {}, read);
            else if (kind === 'createMany') await reviews.createMany(bodies, read);
            else if (kind === 'updateMany') await reviews.updateMany(operation.filter.where(), body, read);
            else await reviews.deleteMany(operation.filter.where(), read);
          } catch {
            ok = false;
          }
          const after = await snapshot();
          const context = JSON.stringify({ operation, row });
          let expected: boolean;
          if (kind === 'create' || kind === 'createMany') {
            const rows =
              kind === 'create'
                ? [{ rating: 3, body: 'new', ...body, bookId: bookOf(operation.onAlpha) }]
                : bodies;
            expected =
              mayWriteReviews(caller) &&
              rows.every((entry) => {
                const { bookId, ...rest } = entry as Record<string, unknown>;
                return readable(caller, { bookId: bookId as number }) && validPatch(rest);
              });
            expect(ok, context).toBe(expected);
            const added = [...after.values()].filter((candidate) => !before.has(candidate.id));
            expect(added.length, context).toBe(expected ? rows.length : 0);
            // The owner is the server's: the caller's own id, whatever a body said.
            for (const entry of added) expect(entry.userId).toBe(caller.userId);
            if (created !== undefined) expect(added.map((entry) => entry.id)).toContain(created);
          } else {
            const single = kind === 'update' || kind === 'delete';
            const aimed = single
              ? [row].filter((candidate) => readable(caller, candidate))
              : [...before.values()].filter(
                  (candidate) => operation.filter.matches(candidate) && readable(caller, candidate),
                );
            const isDelete = kind === 'delete' || kind === 'deleteMany';
            expected =
              (single ? aimed.length === 1 : mayWriteReviews(caller)) &&
              aimed.length <= BULK_MAX_ROWS &&
              aimed.every((candidate) => mayChange(caller, candidate)) &&
              (isDelete || validPatch(body));
            expect(ok, context).toBe(expected);
            const hit = new Set(expected ? aimed.map((candidate) => candidate.id) : []);
            for (const [id, was] of before) {
              if (!hit.has(id)) expect(after.get(id), `${id} ${context}`).toEqual(was);
              else if (isDelete) expect(after.has(id), context).toBe(false);
              else expect(after.get(id), context).toEqual({ ...was, ...body });
            }
            expect([...after.keys()].filter((id) => !before.has(id))).toEqual([]);
          }
          if (expected) allowed++;
          await restore(before, after);
        }),
        { numRuns: 200 },
      );
      // The sweep must have exercised allowed writes too, not only refusals.
      expect(allowed).toBeGreaterThan(10);
    }, 300_000);
  });
}
