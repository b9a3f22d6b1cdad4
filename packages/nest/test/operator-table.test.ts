// The operator table (src/read/check/operators.ts) against Prisma itself:
// 1. every operator of every filter type of the generated clients (PostgreSQL and MySQL, from
//    test/prisma/operators*.prisma, which has every scalar type, optional, and as a list) is
//    classified, and the table lists nothing that neither client has: a new Prisma operator fails
//    here until it is classified;
// 2. every classified cell sends the SQL its class says: a `pattern` cell is a LIKE/ILIKE, an
//    `exact` cell is not (escaping there would break exact matches), on each database;
// 3. `prepareClientArgs` escapes exactly the `pattern` cells and refuses the `refused` ones.
import { readFileSync } from 'node:fs';
import { FacetQueryError } from '@facet/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModelTypes } from '../src/model/model-types.js';
import {
  type FilterKind,
  type Mode,
  OPERATORS,
  type OperandShape,
  type SqlClass,
  sqlClassOf,
} from '../src/read/check/operators.js';
import { prepareClientArgs } from '../src/read/check/prepare-client-args.js';
import { COLUMN, type OperatorTarget, openOperatorTarget } from './support/operator-targets.js';
import { checkTarget, type TargetName } from './support/targets.js';

type Provider = 'postgresql' | 'mysql';
const KINDS = Object.keys(OPERATORS).filter((kind) => kind !== 'Untyped') as Exclude<FilterKind, 'Untyped'>[];

/** The filter kind a generated filter type is for, or `undefined` for one no client sends (`having`'s). */
function kindOf(typeName: string): Exclude<FilterKind, 'Untyped'> | undefined {
  const name = typeName.replace(/^Nested/, '');
  if (name.includes('WithAggregates')) return undefined;
  if (/ListFilter(Base)?$/.test(name)) return 'List';
  if (/^Json(Nullable)?Filter(Base)?$/.test(name)) return 'Json';
  if (/^Enum\w+Filter$/.test(name)) return 'Enum';
  const match = /^(String|Int|BigInt|Float|Decimal|Bool|DateTime|Bytes)(Nullable)?Filter$/.exec(name);
  if (match === null) throw new Error(`a filter type this test does not know: ${typeName}`);
  return match[1] === 'Bool' ? 'Boolean' : (match[1] as Exclude<FilterKind, 'Untyped'>);
}

/** Every operator of each filter kind, read from a generated client's filter types. */
function generatedOperators(provider: Provider): Map<FilterKind, Set<string>> {
  const dir = new URL(`./generated/operators-${provider}/`, import.meta.url);
  const text = ['commonInputTypes.ts', 'models/Sample.ts']
    .map((file) => readFileSync(new URL(file, dir), 'utf8'))
    .join('\n');
  const operators = new Map<FilterKind, Set<string>>();
  for (const [, name, body] of text.matchAll(
    /^export type (\w*Filter\w*)<\$PrismaModel = never> = \{\n([^}]*)\}/gm,
  )) {
    const kind = kindOf(name as string);
    if (kind === undefined) continue;
    const keys = operators.get(kind) ?? new Set<string>();
    for (const [, key] of (body as string).matchAll(/^\s+(\w+)\?:/gm)) keys.add(key as string);
    operators.set(kind, keys);
  }
  return operators;
}

const generated = { postgresql: generatedOperators('postgresql'), mysql: generatedOperators('mysql') };

describe('the operator table and the generated clients', () => {
  it('reads a filter type of every kind from the PostgreSQL client, and all but lists from MySQL', () => {
    expect([...generated.postgresql.keys()].sort()).toEqual([...KINDS].sort());
    expect([...generated.mysql.keys()].sort()).toEqual(KINDS.filter((kind) => kind !== 'List').sort());
  });

  it.each(['postgresql', 'mysql'] as const)(
    'classifies every operator of every %s filter type',
    (provider) => {
      const unclassified = [...generated[provider]].flatMap(([kind, keys]) =>
        [...keys].filter((key) => !Object.hasOwn(OPERATORS[kind], key)).map((key) => `${kind}.${key}`),
      );
      expect(unclassified).toEqual([]);
    },
  );

  it('lists no operator that neither client has, and the untyped row has them all', () => {
    const known = (kind: FilterKind, key: string) =>
      generated.postgresql.get(kind)?.has(key) === true || generated.mysql.get(kind)?.has(key) === true;
    const invented = KINDS.flatMap((kind) =>
      Object.keys(OPERATORS[kind])
        .filter((key) => !known(kind, key))
        .map((key) => `${kind}.${key}`),
    );
    expect(invented).toEqual([]);
    const all = new Set(KINDS.flatMap((kind) => Object.keys(OPERATORS[kind])));
    expect(new Set(Object.keys(OPERATORS.Untyped))).toEqual(all);
  });
});

// A value of each filter kind's type, for its column (COLUMN).
const VALUE: Record<Exclude<FilterKind, 'Untyped'>, unknown> = {
  String: 'p%',
  Int: 1,
  BigInt: 1n,
  Float: 1.5,
  Decimal: '1.5',
  Boolean: true,
  DateTime: new Date(0),
  Json: 'p%',
  Bytes: new Uint8Array([1]),
  Enum: 'PLAIN',
  List: 'p%',
};

function operandOf(shape: OperandShape, kind: Exclude<FilterKind, 'Untyped'>, provider: Provider): unknown {
  const value = VALUE[kind];
  switch (shape) {
    case 'list':
    case 'nullableList':
      return [value];
    case 'text':
      return 'p%';
    case 'boolean':
      return true;
    case 'jsonPath':
      return provider === 'postgresql' ? ['k'] : '$.k';
    case 'json':
      return 'p%';
    default:
      return value;
  }
}

interface Cell {
  readonly kind: Exclude<FilterKind, 'Untyped'>;
  readonly operator: string;
  readonly mode: Mode;
  readonly nested: boolean;
  readonly where: Record<string, unknown>;
  readonly sql: SqlClass;
}

/** Every (kind, operator, mode) cell the provider's client has, as a where-input, with its class. */
function cells(provider: Provider): Cell[] {
  const out: Cell[] = [];
  for (const kind of KINDS) {
    const keys = generated[provider].get(kind);
    if (keys === undefined) continue;
    const modes: Mode[] = keys.has('mode') ? ['default', 'insensitive'] : ['default'];
    for (const [operator, rule] of Object.entries(OPERATORS[kind])) {
      if (!keys.has(operator) || rule.operand === 'mode') continue;
      for (const mode of modes) {
        for (const nested of rule.operand === 'negation' ? [false, true] : [false]) {
          const operand = operandOf(rule.operand, kind, provider);
          // `not: { equals }` takes the outer mode too.
          const filter: Record<string, unknown> = nested
            ? { not: { equals: operand } }
            : { [operator]: operator === 'path' ? operandOf('jsonPath', kind, provider) : operand };
          if (operator === 'path') filter.lt = 'p%';
          else if (kind === 'Json') filter.path = operandOf('jsonPath', kind, provider);
          if (mode === 'insensitive') filter.mode = 'insensitive';
          const sql = nested
            ? sqlClassOf(OPERATORS[kind].equals!, mode, filter)
            : sqlClassOf(rule, mode, filter);
          out.push({ kind, operator, mode, nested, where: { [COLUMN[kind]]: filter }, sql });
        }
      }
    }
  }
  return out;
}

const LIKE = /\b(I?LIKE)\b/;
const TARGETS: readonly TargetName[] = ['pglite', 'postgresql', 'mariadb'];

for (const name of TARGETS) {
  const availability = await checkTarget(name);
  describe.skipIf(!availability.available)(`the SQL of every cell (${name})`, () => {
    let target: OperatorTarget;
    beforeAll(async () => {
      target = await openOperatorTarget(name);
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    it('a pattern cell is a LIKE or ILIKE, an exact cell is not', async () => {
      const mismatches: string[] = [];
      let checked = 0;
      for (const cell of cells(target.provider)) {
        if (cell.sql === 'refused' || cell.sql === 'modifier') continue;
        target.takeStatements();
        await target.prisma.sample.count({ where: cell.where as never });
        const sql = target.takeStatements().join('\n');
        checked++;
        if (LIKE.test(sql) !== (cell.sql === 'pattern'))
          mismatches.push(
            `${cell.kind}.${cell.operator}${cell.nested ? ' (nested)' : ''} ${cell.mode}: ${sql}`,
          );
      }
      expect(mismatches).toEqual([]);
      expect(checked).toBeGreaterThan(target.provider === 'postgresql' ? 80 : 60);
    }, 60_000);

    it('a refused cell is refused by Facet before any SQL runs', async () => {
      const model = readModelTypes(target.prisma.sample);
      for (const cell of cells(target.provider).filter((c) => c.sql === 'refused')) {
        expect(() => prepareClientArgs({ where: cell.where }, { literalSearch: true, model })).toThrow(
          FacetQueryError,
        );
      }
    });

    it('prepareClientArgs escapes the pattern cells and leaves the exact ones as sent', () => {
      const model = readModelTypes(target.prisma.sample);
      for (const cell of cells(target.provider)) {
        if (cell.sql === 'refused') continue;
        const prepared = prepareClientArgs({ where: cell.where }, { literalSearch: true, model });
        const before = JSON.stringify(cell.where, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
        const after = JSON.stringify(prepared.where, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
        const label = `${cell.kind}.${cell.operator} ${cell.mode}${cell.nested ? ' (nested)' : ''}`;
        if (cell.sql === 'pattern') expect(after, label).toBe(before.replace('p%', 'p\\\\%'));
        else expect(after, label).toBe(before);
      }
    });
  });
}
