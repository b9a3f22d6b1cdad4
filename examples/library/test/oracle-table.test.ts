// The oracle property over HTTP, over every cell of the operator table the review filters reach
// (String body and id, Int rating, DateTime createdAt), on PGlite and PostgreSQL: random operands
// with LIKE's `% _ \` and their mixes, in dotted, bracket or JSON syntax, as an anonymous caller or a
// reader. A count scoped to a hidden book's reviews must answer exactly as one scoped to a book that
// does not exist, and a hidden review's detail route exactly as a missing review's.
//
// Properties run with the run's fast-check seed (FC_SEED or a fixed default, printed once; see test-support).
import { type FilterKind, type Mode, OPERATORS, type OperandShape } from '@facet/nest/advanced';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { onEachTarget } from './support/onEachTarget.js';

const fx = loadFixture();
const hiddenBook = fx.books.find((b) => !b.published && fx.reviews.some((r) => r.bookId === b.id));
const hiddenReview = fx.reviews.find((r) => r.bookId === hiddenBook?.id);
const NO_SUCH_BOOK = 100_000;

const LIKE_TEXT = fc.oneof(
  fc.stringMatching(/^[%_\\aAx ]{0,5}$/),
  fc.constantFrom('\\', '%', '_', '%\\', 'a\\', '\\%', '\\_', '%_%'),
);
const FIELDS: Readonly<Record<string, FilterKind>> = {
  body: 'String',
  id: 'String',
  rating: 'Int',
  createdAt: 'DateTime',
};
const VALUE: Partial<Record<FilterKind, fc.Arbitrary<unknown>>> = {
  String: LIKE_TEXT,
  Int: fc.integer({ min: -1, max: 6 }),
  DateTime: fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
};

function operand(shape: OperandShape, kind: FilterKind): fc.Arbitrary<unknown> {
  const value = VALUE[kind] as fc.Arbitrary<unknown>;
  if (shape === 'list') return fc.array(value, { minLength: 1, maxLength: 3 });
  if (shape === 'text') return LIKE_TEXT;
  if (shape === 'negation')
    return fc.oneof(
      value,
      value.map((inner) => ({ equals: inner })),
    );
  return value;
}

/** Every cell of these fields' rows that is not refused, as `{ field: { operator, mode? } }`. */
const filter = fc
  .constantFrom(
    ...Object.entries(FIELDS).flatMap(([field, kind]) => {
      const row = OPERATORS[kind];
      const modes: Mode[] = Object.hasOwn(row, 'mode') ? ['default', 'insensitive'] : ['default'];
      return Object.entries(row)
        .filter(([, rule]) => rule.operand !== 'mode' && rule.default !== 'refused')
        .flatMap(([operator, rule]) => modes.map((mode) => ({ field, kind, operator, rule, mode })));
    }),
  )
  .chain(({ field, kind, operator, rule, mode }) =>
    operand(rule.operand, kind).map((value) => ({
      [field]: { [operator]: value, ...(mode === 'insensitive' ? { mode } : {}) },
    })),
  );

const text = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** The where-filter as query-string pairs, in one of the wire format's three key syntaxes. */
function encode(where: Record<string, unknown>, syntax: 'dotted' | 'bracket' | 'json'): string {
  const pairs: [string, string][] = [];
  const key = (path: string[]) =>
    syntax === 'bracket' ? `where${path.map((part) => `[${part}]`).join('')}` : `where.${path.join('.')}`;
  const visit = (value: unknown, path: string[]) => {
    if (Array.isArray(value)) pairs.push([key(path), JSON.stringify(value)]);
    else if (value instanceof Date || typeof value !== 'object' || value === null)
      pairs.push([key(path), text(value)]);
    else for (const [name, inner] of Object.entries(value)) visit(inner, [...path, name]);
  };
  if (syntax === 'json') {
    for (const [field, inner] of Object.entries(where)) pairs.push([`where.${field}`, JSON.stringify(inner)]);
  } else visit(where, []);
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

await onEachTarget('the oracle property over the operator table, over HTTP', (target) => {
  it('a filter answers the same whether it meets hidden reviews or none (count and detail)', async () => {
    expect(hiddenReview).toBeDefined();
    await fc.assert(
      fc.asyncProperty(
        filter,
        fc.constantFrom('dotted', 'bracket', 'json' as const),
        fc.constantFrom('anonymous', 'reader' as const),
        async (where, syntax, role) => {
          const query = encode(where, syntax);
          const count = (book: number) =>
            target.get(`/reviews/count?${query}&${encodeURIComponent('where.bookId.in')}=[${book}]`, role);
          const [withHidden, withNone] = [await count(hiddenBook?.id as number), await count(NO_SUCH_BOOK)];
          expect({ status: withHidden.status, text: withHidden.text }, query).toEqual({
            status: withNone.status,
            text: withNone.text,
          });
          expect(withHidden.status, `${query}: ${withHidden.text}`).toBeLessThan(500);
          const detail = (id: string) => target.get(`/reviews/${encodeURIComponent(id)}?${query}`, role);
          const [hidden, missing] = [
            await detail(hiddenReview?.id as string),
            await detail('r-no-such-review'),
          ];
          expect({ status: hidden.status, text: hidden.text }, query).toEqual({
            status: missing.status,
            text: missing.text,
          });
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
