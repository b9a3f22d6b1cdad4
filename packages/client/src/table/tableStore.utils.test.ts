import { describe, expect, it } from 'vitest';
import type { TableState } from './tableStore.types.js';
import {
  cleanFilterValue,
  deriveTableQuery,
  diffView,
  filterCondition,
  getDefaultView,
  getInitialState,
  reduceTableState,
  sanitizeView,
  toggleSorting,
} from './tableStore.utils.js';

const initial = (): TableState<{ id: number }> => getInitialState(getDefaultView({}));

describe('reduceTableState', () => {
  it('returns the same state when an action changes nothing', () => {
    const state = initial();
    expect(reduceTableState(state, { type: 'setPage', page: 1 })).toBe(state);
    expect(reduceTableState(state, { type: 'setFilter', column: 'a', value: '' })).toBe(state);
    expect(reduceTableState(state, { type: 'setSorting', sorting: [] })).toBe(state);
    expect(reduceTableState(state, { type: 'cancel' })).toBe(state);
  });

  it('goes back to page 1 on filter, sort, search and page-size changes, not on column changes', () => {
    const onPage3 = reduceTableState(initial(), { type: 'setPage', page: 3 });
    expect(reduceTableState(onPage3, { type: 'setFilter', column: 'a', value: 1 }).page).toBe(1);
    expect(
      reduceTableState(onPage3, { type: 'setSorting', sorting: [{ field: 'a', direction: 'asc' }] }).page,
    ).toBe(1);
    expect(reduceTableState(onPage3, { type: 'setPerPage', perPage: 50 }).page).toBe(1);
    const typed = reduceTableState(onPage3, { type: 'setSearchInput', text: ' ada ' });
    expect(typed.page).toBe(3);
    expect(reduceTableState(typed, { type: 'applySearch' })).toMatchObject({ page: 1, search: 'ada' });
    expect(reduceTableState(onPage3, { type: 'setVisibleColumns', columns: ['a'] }).page).toBe(3);
  });

  it('appends rows after the last loaded one and puts rows before the first in front, each with its cursor', () => {
    const loaded = reduceTableState(initial(), {
      type: 'success',
      items: [{ id: 5 }],
      total: 9,
      pageCount: 9,
      totalKind: 'exact',
      nextCursor: 'n1',
      prevCursor: 'p1',
    });
    const more = reduceTableState(reduceTableState(loaded, { type: 'fetch' }), {
      type: 'append',
      items: [{ id: 6 }],
      nextCursor: null,
    });
    expect(more).toMatchObject({ items: [{ id: 5 }, { id: 6 }], nextCursor: null, prevCursor: 'p1' });
    const earlier = reduceTableState(more, { type: 'prepend', items: [{ id: 4 }], prevCursor: 'p0' });
    expect(earlier).toMatchObject({
      items: [{ id: 4 }, { id: 5 }, { id: 6 }],
      nextCursor: null,
      prevCursor: 'p0',
      fetchStatus: 'idle',
    });
  });

  it('keeps the last rows while fetching and on error', () => {
    const loaded = reduceTableState(initial(), {
      type: 'success',
      items: [{ id: 1 }],
      total: 1,
      pageCount: 1,
      totalKind: 'exact',
      nextCursor: null,
      prevCursor: null,
    });
    const fetching = reduceTableState(loaded, { type: 'fetch' });
    expect(fetching).toMatchObject({ fetchStatus: 'fetching', loading: true, items: [{ id: 1 }] });
    const failed = reduceTableState(fetching, { type: 'error', error: 'x' });
    expect(failed).toMatchObject({ status: 'error', error: 'x', fetchStatus: 'idle', items: [{ id: 1 }] });
  });
});

describe('table helpers', () => {
  it('cycles sorting asc, desc, off; multi keeps the other columns', () => {
    const asc = toggleSorting([], 'a', false);
    expect(asc).toEqual([{ field: 'a', direction: 'asc' }]);
    expect(toggleSorting(asc, 'a', false)).toEqual([{ field: 'a', direction: 'desc' }]);
    expect(toggleSorting([{ field: 'a', direction: 'desc' }], 'a', false)).toEqual([]);
    expect(toggleSorting(asc, 'b', false)).toEqual([{ field: 'b', direction: 'asc' }]);
    expect(toggleSorting(asc, 'b', true)).toEqual([
      { field: 'a', direction: 'asc' },
      { field: 'b', direction: 'asc' },
    ]);
  });

  it('builds each filter kind, and refuses values that do not fit', () => {
    expect(filterCondition('t', 'x', { kind: 'contains' }, false)).toEqual({ t: { contains: 'x' } });
    expect(filterCondition('t', 'x', { kind: 'contains', caseInsensitive: true }, false)).toEqual({
      t: { contains: 'x', mode: 'insensitive' },
    });
    expect(filterCondition('g', ['a'], { kind: 'in' }, false)).toEqual({ g: { in: ['a'] } });
    expect(filterCondition('p', { min: 1 }, { kind: 'range' }, false)).toEqual({ p: { gte: 1 } });
    expect(filterCondition('b', false, { kind: 'boolean' }, false)).toEqual({ b: { equals: false } });
    expect(filterCondition('x', 3, undefined, false)).toEqual({ x: { equals: 3 } });
    expect(filterCondition('n', 'Ada', { field: 'author.name' }, false)).toEqual({
      author: { name: { equals: 'Ada' } },
    });
    expect(
      filterCondition('r', 'x', { toWhere: (v) => ({ reviews: { some: { body: v } } }) }, false),
    ).toEqual({
      reviews: { some: { body: 'x' } },
    });
    expect(() => filterCondition('b', 'yes', { kind: 'boolean' }, false)).toThrow(/`b`/);
    expect(() => filterCondition('x', [1], undefined, false)).toThrow(TypeError);
  });

  it('treats empty filter values as no filter', () => {
    for (const empty of ['', null, undefined, [], {}, { min: '' }])
      expect(cleanFilterValue(empty)).toBeUndefined();
    expect(cleanFilterValue(0)).toBe(0);
    expect(cleanFilterValue(false)).toBe(false);
  });

  it('derives the query: static where AND filters AND search, sorting, include and fields', () => {
    const view = {
      ...getDefaultView({ perPage: 10 }),
      filters: { genre: 'science' },
      search: 'ada',
      sorting: [{ field: 'title', direction: 'desc' as const }],
      visibleColumns: ['title'],
    };
    expect(
      deriveTableQuery(view, {
        where: { published: true },
        searchFields: ['title'],
        include: { author: true },
      }),
    ).toEqual({
      page: 1,
      perPage: 10,
      where: { AND: [{ published: true }, { genre: { equals: 'science' } }, { title: { contains: 'ada' } }] },
      orderBy: [{ title: 'desc' }],
      include: { author: true },
      fields: 'items{title},meta{page,perPage,itemCount,pageCount,nextCursor,prevCursor}',
    });
    expect(deriveTableQuery(getDefaultView({}), {})).toEqual({ page: 1, perPage: 20 });
  });

  it('keeps only the well-formed parts of a stored or URL view', () => {
    expect(
      sanitizeView({
        page: 2,
        perPage: -1,
        sorting: [{ field: 'a', direction: 'up' }],
        filters: { a: 'x', b: '' },
        search: 3,
        visibleColumns: ['a'],
        extra: 1,
      }),
    ).toEqual({ page: 2, filters: { a: 'x' }, visibleColumns: ['a'] });
    expect(sanitizeView('nope')).toEqual({});
    expect(sanitizeView({ filters: { a: { min: 1, evil: 2 } } })).toEqual({});
  });

  it('diffs a view against the defaults', () => {
    const defaults = getDefaultView({});
    expect(diffView({ ...defaults, page: 2, search: 'x' }, defaults)).toEqual({ page: 2, search: 'x' });
    expect(diffView(defaults, defaults)).toEqual({});
  });
});
