import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodedText } from './decodedText.js';
import { decodeQuery } from './decodeQuery.js';

describe('decodedText', () => {
  it('gives the text behind each value that JSON reading made a non-string', () => {
    const query = decodeQuery(
      'where.title=2024&where.isbn.in[0]=9780001079199&where.a=1e3&where.b=true&where.c=null',
    );
    const where = query.where as Record<string, unknown>;
    expect(where.title).toBe(2024);
    expect(decodedText(where, 'title')).toBe('2024');
    expect(decodedText(where, 'a')).toBe('1e3');
    expect(decodedText(where, 'b')).toBe('true');
    expect(decodedText(where, 'c')).toBe('null');
    const list = (where.isbn as { in: unknown[] }).in;
    expect(decodedText(list, 0)).toBe('9780001079199');
  });

  it('records nothing for strings, for JSON inside a value, or for objects it did not build', () => {
    const query = decodeQuery('t=plain&q=%222024%22&list=[1,2]');
    expect(decodedText(query, 't')).toBeUndefined();
    expect(decodedText(query, 'q')).toBeUndefined();
    expect(decodedText(query, 'list')).toBe('[1,2]');
    expect(decodedText(query.list as unknown[], 0)).toBeUndefined();
    expect(decodedText({ t: 1 }, 't')).toBeUndefined();
  });

  it('works for records as Express and Fastify parse them', () => {
    const query = decodeQuery({ where: { isbn: '9780001079199' }, 'where[pages]': '12' });
    expect(decodedText(query.where as object, 'isbn')).toBe('9780001079199');
    expect(decodedText(query.where as object, 'pages')).toBe('12');
  });

  it('property: the recorded text decodes to the value, and a string value records nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        const query = decodeQuery(`v=${encodeURIComponent(text)}`);
        const recorded = decodedText(query, 'v');
        if (typeof query.v === 'string') return recorded === undefined;
        return (
          recorded === text && JSON.stringify(decodeQuery({ v: recorded }).v) === JSON.stringify(query.v)
        );
      }),
    );
  });
});
