// A field the caller may not see and a field that does not exist are refused with one answer, in
// every position of a read that names fields: `fields` (parsed from text) reads exactly like
// `where`, `orderBy`, `include`, `select`, `omit`, `cursor`, `distinct` and the aggregates (checked
// as objects, each by its row of ARGUMENT_FIELDS), top level and nested. Every top-level key a
// resource's reads take is a position below or names no field, so a key added to OPERATION_KEYS
// without a row here fails. Real Prisma on PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, type ReadContext, Resource } from '../src/index.js';
import { OPERATION_KEYS } from '../src/read/check/operation-keys.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { PolicyBookDto } from './support/policy-dtos.js';
import { httpRejection } from './support/rejection.js';
import { type SeededLibrary, seedLibrary } from './support/seed.js';
import { openTarget, type TestTarget } from './support/targets.js';

type Role = 'admin' | 'reader';
const as = (role: Role): ReadContext<Role> => ({ ability: role, context: { role } });
const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: PolicyBookDto });
type Books = Resource<PrismaClient['book'], PolicyBookDto, Role>;

/** One read naming `name` in one position; `admin` says whether staff may make it (a control). */
interface Position {
  readonly read: (resource: Books, name: string, read: ReadContext<Role>, id: number) => Promise<unknown>;
  readonly admin: boolean;
  /** Where the name is a value (`by=internalNote`), the path is the key's (`by`, `by[1]`), not the name. */
  readonly valuePath?: true;
}

// `internalNote` is staff-only on PolicyBookDto; `internalNot` is no field at all.
const positions: Record<string, Position> = {
  fields: { read: (r, n, c) => r.query({ fields: `id,${n}` as string }, c), admin: true },
  'fields, nested': {
    read: (r, n, c) => r.query({ fields: `id,reviews{book{${n}}}` as string }, c),
    admin: true,
  },
  'fields of a detail': {
    read: (r, n, c, id) => r.findById(id, { fields: `id,${n}` as string }, c),
    admin: true,
  },
  where: { read: (r, n, c) => r.query({ where: { [n]: 'x' } }, c), admin: true },
  'where, nested': {
    read: (r, n, c) => r.query({ where: { reviews: { some: { book: { is: { [n]: 'x' } } } } } }, c),
    admin: true,
  },
  'where of a count': { read: (r, n, c) => r.count({ where: { [n]: null } }, c), admin: true },
  orderBy: { read: (r, n, c) => r.query({ orderBy: { [n]: 'asc' } }, c), admin: true },
  include: {
    read: (r, n, c) => r.query({ include: { reviews: { where: { book: { is: { [n]: 'x' } } } } } }, c),
    admin: true,
  },
  select: { read: (r, n, c) => r.query({ select: { id: true, [n]: true } }, c), admin: true },
  _count: { read: (r, n, c) => r.aggregate({ _count: { [n]: true } }, c), admin: true },
  _min: { read: (r, n, c) => r.aggregate({ _min: { [n]: true } }, c), admin: true },
  _max: { read: (r, n, c) => r.aggregate({ _max: { [n]: true } }, c), admin: true },
  // `internalNote` is a text: staff are refused an average or a total of it for its type, after
  // the field itself was found visible (a reader's refusal says nothing of its type).
  _avg: { read: (r, n, c) => r.aggregate({ _avg: { [n]: true } }, c), admin: false },
  _sum: { read: (r, n, c) => r.aggregate({ _sum: { [n]: true } }, c), admin: false },
  by: { read: (r, n, c) => r.groupBy({ by: n, _count: true }, c), admin: true, valuePath: true },
  'by, in a list': {
    read: (r, n, c) => r.groupBy({ by: ['published', n], _count: true }, c),
    admin: true,
    valuePath: true,
  },
  'by, a selection': {
    read: (r, n, c) => r.groupBy({ by: 'published', _min: { [n]: true } }, c),
    admin: true,
  },
  'orderBy of a group, an aggregate': {
    read: (r, n, c) => r.groupBy({ by: 'published', orderBy: [{ _count: { [n]: 'desc' } }] }, c),
    admin: true,
  },
  // Staff are refused a sort by a field that is not a group key.
  'orderBy of a group, a field': {
    read: (r, n, c) => r.groupBy({ by: 'published', orderBy: { [n]: 'asc' } }, c),
    admin: false,
  },
  // Once passed on unchecked: Prisma refused an unknown field and took a hidden one.
  omit: { read: (r, n, c) => r.query({ omit: { [n]: true } }, c), admin: true },
  'omit of a detail': { read: (r, n, c, id) => r.findById(id, { omit: { [n]: true } }, c), admin: true },
  // No control: the note is not unique, so Prisma refuses it as a cursor even for staff.
  cursor: { read: (r, n, c, id) => r.findOne({ id }, { cursor: { [n]: 'x' } }, c), admin: false },
  distinct: { read: (r, n, c, id) => r.findOne({ id }, { distinct: [n] }, c), admin: true },
  'distinct, one name': { read: (r, n, c, id) => r.findOne({ id }, { distinct: n }, c), admin: true },
};
/** The keys a resource's reads take that name no field of the DTO. */
const NAMES_NO_FIELD = [
  'page',
  'perPage',
  'after',
  'before',
  'format',
  'q',
  'count',
  'relationLoadStrategy',
  'take',
  'skip',
  // Refused whatever it names (check-group.ts): it names no field the read passes on.
  'having',
];

let target: TestTarget;
let library: SeededLibrary;
let resource: Books;

beforeAll(async () => {
  target = await openTarget('pglite');
  library = await seedLibrary(target.prisma);
  resource = new Resource(books, { client: target.prisma, accessibleWhere: () => ({}) });
}, 60_000);
afterAll(async () => {
  await target?.close();
});

async function refusal(attempt: Promise<unknown>) {
  const error = await httpRejection(attempt);
  return { status: error.getStatus(), body: error.getResponse() as Record<string, unknown> };
}

describe('a hidden field and an unknown one', () => {
  it('every key a resource read takes is a position here or names no field', () => {
    const keys = new Set(Object.values(OPERATION_KEYS).flatMap((row) => row.resource ?? []));
    const named = Object.keys(positions).map((name) => name.split(/[, ]/)[0]);
    const covered = new Set([...named, ...NAMES_NO_FIELD]);
    expect([...keys].filter((key) => !covered.has(key))).toEqual([]);
  });

  async function answerAlike(position: Position) {
    const id = library.bookIds[0] as number;
    const hidden = await refusal(position.read(resource, 'internalNote', as('reader'), id));
    const unknown = await refusal(position.read(resource, 'internalNot', as('reader'), id));
    expect(hidden.status).toBe(400);
    // The same answer, but for the name: code, message, path (and where `fields` has one, the position).
    expect(JSON.parse(JSON.stringify(hidden).replaceAll('internalNote', 'internalNot'))).toEqual(unknown);
    expect(hidden.body.code).toBe('unknown_key');
    expect(hidden.body.message).toMatch(
      position.valuePath
        ? /^field is not available at by(\[\d+\])?$/
        : /^field is not available at [\w.[\]]+internalNote$/,
    );
    expect(hidden.body.issues).toEqual([
      expect.objectContaining({ code: 'unknown_key', message: 'field is not available' }),
    ]);
    // Staff may see the note: the read that named it passes, so the refusal above was the rule's.
    if (position.admin)
      await expect(position.read(resource, 'internalNote', as('admin'), id)).resolves.toBeDefined();
  }

  it.each(Object.keys(positions))('answer alike in %s', (name) => answerAlike(positions[name] as Position));
});
