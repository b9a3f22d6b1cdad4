import { describe, expect, it } from 'vitest';
import { uniqueWhereAsFilter } from './unique-where.js';

const BOOK_FIELDS = new Set(['id', 'isbn', 'title', 'authorId', 'author', 'reviews']);

describe('uniqueWhereAsFilter', () => {
  it('leaves a where without compound keys as it is (same object)', () => {
    const where = { isbn: 'x', title: { contains: 'a' }, author: { name: 'Ada' } };
    expect(uniqueWhereAsFilter(where, BOOK_FIELDS)).toBe(where);
    expect(uniqueWhereAsFilter(where, undefined)).toBe(where);
  });

  it('turns a compound key into its fields, ANDed with the rest', () => {
    expect(
      uniqueWhereAsFilter({ authorId_title: { authorId: 1, title: 'Alpha' }, published: true }, BOOK_FIELDS),
    ).toEqual({ AND: [{ published: true }, { authorId: 1, title: 'Alpha' }] });
  });

  it('recognises a custom compound name through the model fields only', () => {
    const where = { byAuthor: { authorId: 1, title: 'Alpha' } };
    expect(uniqueWhereAsFilter(where, BOOK_FIELDS)).toEqual({ AND: [{}, { authorId: 1, title: 'Alpha' }] });
    // Without the data model a name that is not the fields joined by `_` could be a relation filter.
    expect(uniqueWhereAsFilter(where, undefined)).toBe(where);
    expect(uniqueWhereAsFilter({ authorId_title: { authorId: 1, title: 'A' } }, undefined)).toEqual({
      AND: [{}, { authorId: 1, title: 'A' }],
    });
  });

  it('never treats AND/OR/NOT or non-objects as compound keys', () => {
    const where = { AND: [{ id: 1 }], NOT: { title: 'x' }, weird: 3 };
    expect(uniqueWhereAsFilter(where, BOOK_FIELDS)).toBe(where);
  });
});
