// The one table of what an aggregate or a group accepts of each scalar type (AGGREGATE_TYPES,
// read/check/aggregate-types.ts), held to the generated clients and to the databases: every scalar
// type a Prisma client knows has a row (a type Prisma adds fails here), every use the table
// accepts runs on every database, and every use it refuses fails on at least one of them, unless
// it is one of Facet's own narrowings, each listed here with its reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readModelTypes, type ScalarType } from '../src/model/model-types.js';
import { AGGREGATE_TYPES, type AggregateUse, aggregateAccepts } from '../src/read/check/aggregate-types.js';
import { COLUMN, type OperatorTarget, openOperatorTarget } from './support/operator-targets.js';
import { checkTarget, type TargetName } from './support/targets.js';

/** The scalar types of Prisma's schema language (prisma.io/docs, "Model field scalar types"), and enums. */
const PRISMA_SCALARS = [
  'String',
  'Boolean',
  'Int',
  'BigInt',
  'Float',
  'Decimal',
  'DateTime',
  'Json',
  'Bytes',
];
const USES: readonly AggregateUse[] = ['_count', '_min', '_max', '_avg', '_sum', 'by'];

/** Uses Facet refuses although every database runs them, each with the reason. */
const NARROWED: Readonly<Record<string, string>> = {
  'Json:by': 'JSON equality differs by database (json/jsonb, MariaDB text): no group key',
  'Bytes:by': 'bytes have no JSON form a client could send back in a where: no group key',
  'List:by': 'a list is no group key a where could name again (equality of whole arrays)',
};

/** The runtime data model of every client generated in the repository, as its class file holds it. */
function generatedModels(): { file: string; fields: { kind?: string; type?: string }[] }[] {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const files = [
    'packages/nest/test/generated/postgresql',
    'packages/nest/test/generated/mysql',
    'packages/nest/test/generated/operators-postgresql',
    'packages/nest/test/generated/operators-mysql',
    'examples/library/src/generated/prisma',
    'examples/quickstart/src/generated/prisma',
  ].map((folder) => join(root, folder, 'internal/class.ts'));
  return files.flatMap((file) => {
    const literal = /config\.runtimeDataModel = JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(
      readFileSync(file, 'utf8'),
    );
    if (!literal) throw new Error(`no runtime data model in ${file}`);
    const model = JSON.parse(JSON.parse(literal[1] as string) as string) as {
      models: Record<string, { fields: { kind?: string; type?: string }[] }>;
    };
    return Object.values(model.models).map(({ fields }) => ({ file, fields }));
  });
}

describe('AGGREGATE_TYPES classifies every scalar type', () => {
  it('has a row for each of Prisma scalar types and for enums, and no other', () => {
    expect(Object.keys(AGGREGATE_TYPES).sort()).toEqual([...PRISMA_SCALARS, 'Enum'].sort());
  });

  it('classifies every scalar field type of every generated client', () => {
    const models = generatedModels();
    const unclassified = models.flatMap(({ file, fields }) =>
      fields
        .filter((field) => field.kind === 'scalar' && !Object.hasOwn(AGGREGATE_TYPES, field.type as string))
        .map((field) => `${file}: ${field.type}`),
    );
    // The operator schema has a field of every type: the check saw them all.
    const seen = new Set(models.flatMap(({ fields }) => fields.map((field) => field.type)));
    for (const type of PRISMA_SCALARS) expect(seen.has(type), type).toBe(true);
    expect(unclassified).toEqual([]);
  });
});

type Kind = ScalarType | 'List';
const KINDS: Record<Kind, string> = { ...COLUMN, List: 'texts' } as Record<Kind, string>;
/** What each database ran: `<target> <kind>:<use>` → ran. */
const ran = new Map<string, boolean>();
const TARGETS: readonly TargetName[] = ['pglite', 'postgresql', 'mariadb'];
const available = new Map<TargetName, boolean>();

async function runs(target: OperatorTarget, column: string, use: AggregateUse): Promise<boolean> {
  const sample = target.prisma.sample as unknown as {
    aggregate(args: object): Promise<unknown>;
    groupBy(args: object): Promise<unknown>;
  };
  try {
    if (use === 'by')
      await sample.groupBy({ by: [column], _count: { _all: true }, orderBy: { [column]: 'asc' } });
    else await sample.aggregate({ [use]: { [column]: true } });
    return true;
  } catch {
    return false;
  }
}

for (const name of TARGETS) {
  const availability = await checkTarget(name);
  available.set(name, availability.available);
  describe.skipIf(!availability.available)(`AGGREGATE_TYPES on ${name}`, () => {
    let target: OperatorTarget;
    beforeAll(async () => {
      target = await openOperatorTarget(name);
    }, 60_000);
    afterAll(async () => {
      await target?.close();
    });

    it('runs every use the table accepts, on a field of each type', async () => {
      const types = readModelTypes(target.prisma.sample);
      const failed: string[] = [];
      for (const [kind, column] of Object.entries(KINDS) as [Kind, string][]) {
        // MySQL has no scalar lists: its client has no such field.
        if (kind === 'List' && target.provider === 'mysql') continue;
        for (const use of USES) {
          const ok = await runs(target, column, use);
          ran.set(`${name} ${kind}:${use}`, ok);
          if (aggregateAccepts(types, column, use) && !ok) failed.push(`${kind}:${use}`);
        }
      }
      expect(failed).toEqual([]);
    }, 60_000);
  });
}

describe('AGGREGATE_TYPES refuses only what a database refuses, or what it narrows with a reason', () => {
  const all = TARGETS.every((name) => available.get(name));
  it.skipIf(!all)('every refused use fails on some database, or is listed as narrowed', () => {
    const unexplained: string[] = [];
    for (const kind of Object.keys(KINDS) as Kind[]) {
      for (const use of USES) {
        const accepted = kind === 'List' ? use === '_count' : AGGREGATE_TYPES[kind].includes(use);
        if (accepted || Object.hasOwn(NARROWED, `${kind}:${use}`)) continue;
        const refusedSomewhere = TARGETS.some((name) => ran.get(`${name} ${kind}:${use}`) === false);
        if (!refusedSomewhere) unexplained.push(`${kind}:${use}`);
      }
    }
    expect(ran.size).toBeGreaterThan(0);
    expect(unexplained).toEqual([]);
  });

  it('lists no narrowing the table does not make', () => {
    for (const cell of Object.keys(NARROWED)) {
      const [kind, use] = cell.split(':') as [Kind, AggregateUse];
      const accepted = kind === 'List' ? use === '_count' : AGGREGATE_TYPES[kind].includes(use);
      expect(accepted, cell).toBe(false);
    }
  });
});
