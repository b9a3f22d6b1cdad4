// The oracle property over the whole operator table, through QueryService on real databases:
// for every (type, operator, mode) cell the table allows and random operands (LIKE's `% _ \` and
// their mixes among them), a read scoped to rows the access filter hides answers exactly as one
// scoped to rows that do not exist (count and detail read). Access goes through a join (a sample is
// readable when its owner is visible), so the database may evaluate the client's condition on
// hidden rows: an error raised only then would tell the caller those rows exist.
// A second property checks the literal meaning of the String pattern cells against the visible rows.
//
// Properties run with the run's fast-check seed (FC_SEED or a fixed default, printed once; see test-support).
import { HttpException } from '@nestjs/common';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryService } from '../src/query/query.service.js';
import {
  type FilterKind,
  type Mode,
  OPERATORS,
  type OperandShape,
  sqlClassOf,
} from '../src/read/check/operators.js';
import { COLUMN, type OperatorTarget, openOperatorTarget } from './support/operator-targets.js';
import { checkTarget, type TargetName } from './support/targets.js';

const LIKE_TEXT = fc.oneof(
  fc.stringMatching(/^[%_\\aAx]{0,5}$/),
  fc.constantFrom('\\', '%', '_', '%\\', 'a\\', '\\%', '\\_', '%_%', 'x_'),
);
type Kind = Exclude<FilterKind, 'Untyped'>;
const VALUE: Record<Kind, fc.Arbitrary<unknown>> = {
  String: LIKE_TEXT,
  Int: fc.integer({ min: -3, max: 3 }),
  BigInt: fc.bigInt({ min: -3n, max: 3n }),
  Float: fc.double({ min: -3, max: 3, noNaN: true }),
  Decimal: fc.constantFrom('1.5', '0', '-2.25'),
  Boolean: fc.boolean(),
  DateTime: fc.date({ min: new Date(0), max: new Date('2030-01-01'), noInvalidDate: true }),
  Json: fc.oneof(LIKE_TEXT, fc.integer({ min: -3, max: 3 }), fc.array(LIKE_TEXT, { maxLength: 2 })),
  Bytes: fc.uint8Array({ maxLength: 3 }),
  Enum: fc.constantFrom('PLAIN', 'SPECIAL'),
  List: LIKE_TEXT,
};

function operand(shape: OperandShape, kind: Kind): fc.Arbitrary<unknown> {
  switch (shape) {
    case 'list':
    case 'nullableList':
      return fc.array(VALUE[kind], { maxLength: 3 });
    case 'text':
      return LIKE_TEXT;
    case 'boolean':
      return fc.boolean();
    case 'json':
      return VALUE.Json;
    case 'negation':
      return fc.oneof(
        VALUE[kind],
        VALUE[kind].map((value) => ({ equals: value })),
      );
    default:
      return VALUE[kind];
  }
}

/** A random filter on one column, from a cell of the table that PostgreSQL has and that is not refused. */
const cellFilter: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(
    ...(Object.keys(OPERATORS) as FilterKind[])
      .filter((kind): kind is Kind => kind !== 'Untyped')
      .flatMap((kind) =>
        Object.entries(OPERATORS[kind])
          .filter(([name, rule]) => rule.operand !== 'mode' && name !== 'path' && name !== 'search')
          .flatMap(([name, rule]) =>
            (Object.hasOwn(OPERATORS[kind], 'mode')
              ? (['default', 'insensitive'] as Mode[])
              : ['default' as Mode]
            ).map((mode) => ({ kind, name, rule, mode })),
          ),
      ),
  )
  .chain(({ kind, name, rule, mode }) =>
    fc
      .record({
        value: operand(rule.operand, kind),
        path: fc.array(LIKE_TEXT, { minLength: 1, maxLength: 2 }),
      })
      .map(({ value, path }) => {
        const filter: Record<string, unknown> = { [name]: value };
        if (mode === 'insensitive') filter.mode = 'insensitive';
        if (kind === 'Json' && (mode === 'insensitive' || typeof value === 'string')) filter.path = path;
        return { kind, filter, refused: sqlClassOf(rule, mode, filter) === 'refused' };
      }),
  )
  .filter(({ refused }) => !refused)
  .map(({ kind, filter }) => ({ [COLUMN[kind]]: filter }));

const show = (value: unknown) =>
  JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? `${item}n` : item));

type Outcome = { status: number; body: unknown };
async function outcome(read: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { status: 200, body: await read() };
  } catch (error) {
    if (error instanceof HttpException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
}

// Texts of the visible and hidden rows: every LIKE metacharacter, so an unescaped operand matches.
const TEXTS = ['a%b', 'x_1', 'A\\', '%', '_', '\\', 'ax', 'Ax%', 'xa_', 'a\\%', ''];
const VISIBLE_IDS = TEXTS.map((_, index) => index + 1);
const HIDDEN_IDS = TEXTS.map((_, index) => index + 101);
const MISSING_IDS = [9_001, 9_002];

async function seed(target: OperatorTarget): Promise<void> {
  await target.prisma.owner.createMany({
    data: [
      { id: 1, visible: true },
      { id: 2, visible: false },
    ],
  });
  const rows = (ownerId: number, first: number) =>
    TEXTS.map((text, index) => ({
      id: first + index,
      ownerId,
      text,
      textOpt: index % 2 === 0 ? text : null,
      int: index - 3,
      bigint: BigInt(index - 3),
      float: index / 2 - 2,
      decimal: `${index}.5`,
      bool: index % 2 === 0,
      date: new Date(Date.UTC(2000 + index, 0, 1)),
      json: index % 3 === 0 ? text : index % 3 === 1 ? { k: text } : [text],
      bytes: new Uint8Array([index]),
      kind: index % 2 === 0 ? ('PLAIN' as const) : ('SPECIAL' as const),
      ...(target.provider === 'postgresql' ? { texts: [text, 'x'] } : {}),
    }));
  await target.prisma.sample.createMany({ data: [...rows(1, 1), ...rows(2, 101)] });
}

for (const name of ['pglite', 'postgresql'] as const satisfies readonly TargetName[]) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`the oracle property over the operator table (${name})`, () => {
    let target: OperatorTarget;
    let samples: QueryService<OperatorTarget['prisma']['sample']>;
    const ability = { role: 'reader' };

    beforeAll(async () => {
      target = await openOperatorTarget(name);
      await seed(target);
      samples = new QueryService(target.prisma.sample, {
        subject: 'Sample',
        accessibleWhere: () => ({ owner: { visible: true } }),
        errorLogger: () => {},
      });
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    it('every allowed cell answers the same whether it meets hidden rows or none (count, detail)', async () => {
      await fc.assert(
        fc.asyncProperty(cellFilter, fc.subarray(HIDDEN_IDS, { minLength: 1 }), async (where, hidden) => {
          const scoped = (ids: number[]) => ({ where: { AND: [{ id: { in: ids } }, where] } });
          const withHidden = await outcome(() => samples.count(scoped(hidden) as never, ability));
          const withNone = await outcome(() => samples.count(scoped(MISSING_IDS) as never, ability));
          expect(withHidden, show(where)).toEqual(withNone);
          expect(withHidden.status, show(withHidden.body)).toBeLessThan(500);
          const detail = (id: number) => outcome(() => samples.findById(id, { where } as never, ability));
          expect(await detail(hidden[0] as number)).toEqual(await detail(MISSING_IDS[0] as number));
        }),
        { numRuns: 300 },
      );
    }, 120_000);

    it('the String pattern cells keep their literal meaning on the visible rows', async () => {
      const lower = (text: string) => text.toLowerCase();
      const semantics: Record<string, (row: string, operand: string) => boolean> = {
        contains: (row, text) => row.includes(text),
        startsWith: (row, text) => row.startsWith(text),
        endsWith: (row, text) => row.endsWith(text),
        equals: (row, text) => row === text,
        not: (row, text) => row !== text,
      };
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...Object.keys(semantics)),
          fc.constantFrom<Mode>('default', 'insensitive'),
          fc.oneof(LIKE_TEXT, fc.constantFrom(...TEXTS)),
          async (operator, mode, text) => {
            const filter = { [operator]: text, ...(mode === 'insensitive' ? { mode } : {}) };
            const count = await samples.count({ where: { text: filter } } as never, ability);
            const fold = mode === 'insensitive' ? lower : (value: string) => value;
            const test = semantics[operator] as (row: string, operand: string) => boolean;
            const expected = TEXTS.filter((row) => test(fold(row), fold(text))).length;
            expect(count, JSON.stringify(filter)).toBe(expected);
          },
        ),
        { numRuns: 200 },
      );
    }, 60_000);

    it('sees the visible rows only, so the property above compares hidden rows with none', async () => {
      expect(await samples.count({}, ability)).toBe(VISIBLE_IDS.length);
      expect(await target.prisma.sample.count({ where: { id: { in: HIDDEN_IDS } } })).toBe(HIDDEN_IDS.length);
    });
  });
}
