import { describe, expect, it } from 'vitest';
import {
  allOf,
  formatFieldPaths,
  listFields,
  nestPath,
  readPageMeta,
  searchCondition,
} from './queryParts.js';

describe('query parts', () => {
  it('nests dotted paths', () => {
    expect(nestPath('author.name', { contains: 'x' })).toEqual({ author: { name: { contains: 'x' } } });
    expect(nestPath('title', 'asc')).toEqual({ title: 'asc' });
  });

  it('formats field paths in the fields grammar, a whole relation staying whole', () => {
    expect(formatFieldPaths(['id', 'author.name', 'author.country.code', 'title'])).toBe(
      'id,author{name,country{code}},title',
    );
    expect(formatFieldPaths(['author', 'author.name'])).toBe('author');
    expect(listFields(['id', 'id'], 'items')).toBe('id');
    expect(listFields(null, 'envelope')).toBeUndefined();
  });

  it('joins conditions with AND and searches with OR only when needed', () => {
    expect(allOf([undefined, {}, { a: 1 }])).toEqual({ a: 1 });
    expect(allOf([{ a: 1 }, { b: 2 }])).toEqual({ AND: [{ a: 1 }, { b: 2 }] });
    expect(allOf([])).toBeUndefined();
    expect(searchCondition(['title'], 'x', false)).toEqual({ title: { contains: 'x' } });
    expect(searchCondition(['a', 'b.c'], 'x', true)).toEqual({
      OR: [
        { a: { contains: 'x', mode: 'insensitive' } },
        { b: { c: { contains: 'x', mode: 'insensitive' } } },
      ],
    });
  });

  it('reads total and page count, computing them when the meta lacks them', () => {
    expect(readPageMeta({ itemCount: 45, pageCount: 3 }, 20, 20)).toEqual({ total: 45, pageCount: 3 });
    expect(readPageMeta(undefined, 7, 5)).toEqual({ total: 7, pageCount: 2 });
  });
});
