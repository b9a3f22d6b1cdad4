import { describe, expect, it } from 'vitest';
import { readsRelationJoins } from '../../model/prisma-internals.js';
import { hasRelationCountSort, withRelationLoadStrategy } from './relation-load-strategy.js';

const count = { reviews: { _count: 'desc' } };

describe('hasRelationCountSort', () => {
  it('finds a _count sort in any relation load, at any depth and position', () => {
    for (const args of [
      { include: { books: { orderBy: count } } },
      { include: { books: { orderBy: [{ title: 'asc' }, count] } } },
      { select: { id: true, books: { select: { id: true }, orderBy: [count] } } },
      { include: { book: { include: { author: { include: { books: { orderBy: count } } } } } } },
      { include: { books: { include: { reviews: { orderBy: { user: { reviews: { _count: 'asc' } } } } } } } },
      { select: { books: { select: { reviews: { orderBy: count } } } } },
    ]) {
      expect(hasRelationCountSort(args), JSON.stringify(args)).toBe(true);
    }
  });

  it('leaves reads without one alone: the top-level sort, scalar sorts, counts that are not sorts', () => {
    for (const args of [
      {},
      { orderBy: { books: { _count: 'desc' } }, include: { books: true } },
      { include: { books: { orderBy: { title: 'asc' } } } },
      { include: { _count: { select: { books: true } } } },
      { select: { _count: { select: { books: { where: { title: 'x' } } } } } },
    ]) {
      expect(hasRelationCountSort(args), JSON.stringify(args)).toBe(false);
    }
  });
});

describe('withRelationLoadStrategy', () => {
  it('asks for separate queries only from a client that joins', () => {
    const args = { include: { books: { orderBy: count } } };
    expect(withRelationLoadStrategy(args, true)).toEqual({ ...args, relationLoadStrategy: 'query' });
    expect(
      withRelationLoadStrategy({ ...args, relationLoadStrategy: 'join' }, true).relationLoadStrategy,
    ).toBe('query');
    expect(withRelationLoadStrategy(args, false)).toBe(args);
    const plain = { include: { books: true } };
    expect(withRelationLoadStrategy(plain, true)).toBe(plain);
  });

  it('reads the preview from a Prisma 7 delegate, and nothing from anything else', () => {
    expect(readsRelationJoins({ $parent: { _previewFeatures: ['relationJoins'] } })).toBe(true);
    expect(readsRelationJoins({ $parent: { _engineConfig: { previewFeatures: ['relationJoins'] } } })).toBe(
      true,
    );
    expect(readsRelationJoins({ $parent: { _previewFeatures: [] } })).toBe(false);
    for (const delegate of [undefined, null, {}, { $parent: {} }])
      expect(readsRelationJoins(delegate)).toBe(false);
  });
});
