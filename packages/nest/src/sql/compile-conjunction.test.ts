import { describe, expect, it } from 'vitest';
import { conjunction } from './compile-conjunction.js';
import type { At } from './compile-where.js';
import type { SqlColumn, SqlTable } from './sql-schema.js';

const column = (field: string, type: SqlColumn['type'], nullable = false): [string, SqlColumn] => [
  field,
  { field, column: field, type, nullable, zoned: false, native: undefined },
];
const book: SqlTable = {
  name: 'Book',
  table: 'Book',
  schema: undefined,
  columns: new Map([
    column('id', 'Int'),
    column('title', 'String'),
    column('published', 'Boolean'),
    column('genre', 'Enum'),
    column('pages', 'Int', true),
    column('authorId', 'Int'),
  ]),
  toOne: new Map([['author', { model: 'Author', fields: ['authorId'], references: ['id'] }]]),
  toMany: new Map(),
  key: ['id'],
  uncovered: new Set(),
};
const at = (negated = false): At => ({
  table: book,
  alias: 't0',
  catalog: new Map([['Book', book]]),
  nextAlias: () => 't1',
  negated,
  joins: [],
  dialect: {} as At['dialect'],
});

describe('conjunction', () => {
  it.each<[string, object]>([
    ['two values of a Boolean', { AND: [{ published: true }, { published: false }] }],
    ['a value and equals', { published: true, AND: { published: { equals: false } } }],
    [
      'disjoint in lists of an enum',
      { genre: { in: ['A', 'B'] }, AND: [{ AND: [{ genre: { in: ['C'] } }] }] },
    ],
    ['in and equals of one filter', { pages: { in: [1, 2], equals: 3 } }],
    ['an empty in beside a value', { AND: [{ pages: 1 }, { pages: { in: [] } }] }],
    ['a value beside an OR of one', { OR: [{ published: true }], AND: [{ published: false }] }],
  ])('finds %s impossible', (_, where) => {
    expect(conjunction(where, at()).impossible).toBe(true);
  });

  it.each<[string, object, boolean]>([
    ['equal values', { AND: [{ published: true }, { published: { equals: true } }] }, false],
    ['overlapping lists', { genre: { in: ['A', 'B'] }, AND: { genre: 'B' } }, false],
    // Collations may equal texts JavaScript does not: a String is never judged.
    ['two texts', { AND: [{ title: 'a' }, { title: 'A' }] }, false],
    ['an operator beside equals', { AND: [{ pages: 1 }, { pages: { gt: 5 } }] }, false],
    ['values in different OR arms', { OR: [{ published: true }, { published: false }] }, false],
    ['an OR of one NOT', { OR: [{ NOT: { published: true } }], published: false }, false],
    ['a value of another type', { AND: [{ published: true }, { published: 'false' }] }, false],
  ])('leaves %s alone', (_, where, negated) => {
    expect(conjunction(where, at(negated)).impossible).toBe(false);
  });

  it('under a NOT, judges non-nullable columns only: null makes both sides unknown', () => {
    expect(conjunction({ AND: [{ pages: 1 }, { pages: 2 }] }, at(false)).impossible).toBe(true);
    expect(conjunction({ AND: [{ pages: 1 }, { pages: 2 }] }, at(true)).impossible).toBe(false);
    expect(conjunction({ AND: [{ published: true }, { published: false }] }, at(true)).impossible).toBe(true);
  });

  it('merges filters through one to-one relation into one, in the place of the first', () => {
    const { members } = conjunction(
      { author: { is: { country: 'FR' } }, title: 'x', AND: [{ author: { bornYear: 1 } }] },
      at(),
    );
    expect(members).toEqual([
      ['author', { is: { AND: [{ country: 'FR' }, { bornYear: 1 }] } }],
      ['title', 'x'],
    ]);
  });

  it('reads an OR of one as its item only where that item surely holds a condition', () => {
    expect(conjunction({ OR: [{ title: 'x', published: true }] }, at()).members).toEqual([
      ['title', 'x'],
      ['published', true],
    ]);
    for (const item of [{ title: {} }, { title: { mode: 'insensitive' } }, { NOT: [] }, {}, { AND: [] }])
      expect(conjunction({ OR: [item] }, at()).members).toEqual([['OR', [item]]]);
  });

  it('keeps isNot, null and empty filters of a relation as they are', () => {
    const where = { author: { isNot: { country: 'FR' } }, AND: [{ author: { is: null } }, { author: {} }] };
    expect(conjunction(where, at()).members).toEqual([
      ['author', { isNot: { country: 'FR' } }],
      ['author', { is: null }],
      ['author', {}],
    ]);
  });
});
