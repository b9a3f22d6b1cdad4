import { describe, expect, it } from 'vitest';
import { type KeyField, parseKey, resolveKey } from './key.js';

const EDITION: readonly KeyField[] = [
  { name: 'isbn', type: 'string' },
  { name: 'printing', type: 'int' },
];

/** A delegate shaped like a Prisma 7 one: its model's fields, and the schema text the client carries. */
function delegate(fields: readonly [string, string][], schema?: string) {
  return {
    $name: 'Thing',
    $parent: {
      _runtimeDataModel: {
        models: { Thing: { fields: fields.map(([name, type]) => ({ name, kind: 'scalar', type })) } },
      },
      _engineConfig: schema === undefined ? {} : { inlineSchema: schema },
    },
  };
}

describe('resolveKey', () => {
  it("reads the primary key from the schema text: @id, or @@id's fields, each with its type", () => {
    const single = delegate([['code', 'String']], 'model Thing {\n  code String @id\n}');
    expect(resolveKey(single, undefined, 'auto')).toEqual([{ name: 'code', type: 'string' }]);
    const compound = delegate(
      [
        ['isbn', 'String'],
        ['printing', 'Int'],
      ],
      'model Thing {\n  isbn String\n  printing Int\n\n  @@id([isbn, printing])\n}',
    );
    expect(resolveKey(compound, undefined, 'auto')).toEqual(EDITION);
  });

  it('takes idField over the schema, and id when neither says', () => {
    const thing = delegate([
      ['id', 'Int'],
      ['slug', 'String'],
    ]);
    expect(resolveKey(thing, undefined, 'auto')).toEqual([{ name: 'id', type: 'int' }]);
    expect(resolveKey(thing, 'slug', 'auto')).toEqual([{ name: 'slug', type: 'string' }]);
    expect(resolveKey({}, undefined, 'auto')).toEqual([{ name: 'id', type: 'as-given' }]);
  });

  it('says to name the key when the model has no id and no schema text tells its key', () => {
    expect(() => resolveKey(delegate([['code', 'String']]), undefined, 'auto')).toThrow(/`idField` option/);
    expect(() => resolveKey(delegate([['code', 'String']]), ['code', 'nope'], 'auto')).toThrow(/`nope`/);
  });
});

describe('parseKey', () => {
  it('reads a single key as parseId does', () => {
    expect(parseKey('42', [{ name: 'id', type: 'int' }])).toEqual({ id: 42 });
    expect(parseKey('abc', [{ name: 'id', type: 'int' }])).toBeUndefined();
    expect(parseKey(['42'], [{ name: 'id', type: 'int' }])).toBeUndefined();
  });

  it('reads a compound key from an object, a list in key order, or the JSON text of either', () => {
    const where = { isbn: '9780000000011', printing: 2 };
    expect(parseKey({ printing: 2, isbn: '9780000000011' }, EDITION)).toEqual(where);
    expect(parseKey(['9780000000011', 2], EDITION)).toEqual(where);
    expect(parseKey('["9780000000011",2]', EDITION)).toEqual(where);
    expect(parseKey('{"isbn":"9780000000011","printing":"2"}', EDITION)).toEqual(where);
    // Each part keeps its own type: a digit string stays the text of a String part.
    expect(parseKey('[9780000000011,"2"]', EDITION)).toEqual(where);
  });

  it('refuses what cannot name one record, so the caller answers with a 404', () => {
    for (const raw of [
      '["9780000000011"]',
      '["9780000000011",2,3]',
      '{"isbn":"9780000000011"}',
      '{"isbn":"9780000000011","printing":2,"copies":1}',
      '{"isbn":"9780000000011","__proto__":2}',
      '["9780000000011",{"gt":0}]',
      '["9780000000011","two"]',
      '9780000000011,2',
      '',
      42,
      null,
      ['9780000000011', 2.5],
    ]) {
      expect(parseKey(raw, EDITION), JSON.stringify(raw)).toBeUndefined();
    }
  });
});
