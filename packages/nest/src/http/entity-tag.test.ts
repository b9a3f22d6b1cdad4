import { describe, expect, it } from 'vitest';
import { ifNoneMatchHolds, parseEntityTagCondition, representationTag } from './entity-tag.js';

describe('representationTag', () => {
  it('is a weak tag, the same for the same JSON and different for any other', () => {
    const tag = representationTag({ id: 1, title: 'Alpha' });
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(representationTag({ id: 1, title: 'Alpha' })).toBe(tag);
    expect(representationTag({ title: 'Alpha', id: 1 })).not.toBe(tag);
    expect(representationTag({ id: 1, title: 'Alpha ' })).not.toBe(tag);
    expect(representationTag(3)).not.toBe(representationTag('3'));
    expect(representationTag(undefined)).toMatch(/^W\//);
  });
});

describe('parseEntityTagCondition', () => {
  it.each([
    ['*', '*'],
    [' * ', '*'],
    ['"a"', [{ opaque: 'a', weak: false }]],
    [
      'W/"a", "b"',
      [
        { opaque: 'a', weak: true },
        { opaque: 'b', weak: false },
      ],
    ],
    [
      ', W/"",,\t"x",',
      [
        { opaque: '', weak: true },
        { opaque: 'x', weak: false },
      ],
    ],
    [
      ['"a"', 'W/"b"'],
      [
        { opaque: 'a', weak: false },
        { opaque: 'b', weak: true },
      ],
    ],
    ['"caf\u00e9"', [{ opaque: 'caf\u00e9', weak: false }]],
  ] as const)('reads %j', (header, expected) => {
    expect(parseEntityTagCondition(header)).toEqual(expected);
  });

  it.each([
    undefined,
    '',
    ' , ',
    'a',
    'w/"a"',
    'W/ "a"',
    '"a',
    '"a" "b"',
    '"a"b',
    '"a b"',
    '"a\u0001"',
    '*, "a"',
    '"a", *',
    '**',
  ])('reads %j as malformed', (header) => {
    expect(parseEntityTagCondition(header)).toBeUndefined();
  });
});

describe('ifNoneMatchHolds', () => {
  const tag = representationTag({ id: 1 });
  const opaque = tag.slice(2);
  it('matches by weak comparison, in a list, or *', () => {
    expect(ifNoneMatchHolds(tag, tag)).toBe(true);
    expect(ifNoneMatchHolds(opaque, tag)).toBe(true);
    expect(ifNoneMatchHolds(`"x", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHolds(['"x"', tag], tag)).toBe(true);
    expect(ifNoneMatchHolds('*', tag)).toBe(true);
  });
  it('does not match another tag, a malformed header or none', () => {
    expect(ifNoneMatchHolds('W/"x"', tag)).toBe(false);
    expect(ifNoneMatchHolds(`${tag} x`, tag)).toBe(false);
    expect(ifNoneMatchHolds(undefined, tag)).toBe(false);
    expect(ifNoneMatchHolds('', tag)).toBe(false);
  });
});
