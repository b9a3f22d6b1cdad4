import { describe, expect, it } from 'vitest';
import {
  type AnyAutocompleteState,
  getInitialAutocompleteState,
  hydrationQuery,
  reduceAutocompleteState,
  resolveAutocompleteOptions,
  termOf,
  toValues,
} from './autocompleteStore.utils.js';

interface Item {
  id: number;
  name: string;
}
const getValue = (item: Item) => item.id;
/** The reducer in multiple mode unless told otherwise. */
const reduce = (
  state: AnyAutocompleteState<Item>,
  action: Parameters<typeof reduceAutocompleteState<Item>>[1],
  multiple = true,
) => reduceAutocompleteState(state, action, getValue, multiple);
const items = (...ids: number[]) => ids.map((id) => ({ id, name: `n${id}` }));

describe('autocomplete reducer', () => {
  it('lists selected items first and removes duplicates', () => {
    let state = getInitialAutocompleteState<Item>([2], true);
    state = reduce(state, { type: 'hydrated', items: items(2) });
    state = reduce(state, { type: 'applyTerm', term: 'n' });
    state = reduce(state, {
      type: 'success',
      items: items(1, 2, 3),
      page: 1,
      total: 3,
      hasMore: false,
      append: false,
    });
    expect(state.options.map(getValue)).toEqual([2, 1, 3]);
    state = reduce(state, {
      type: 'success',
      items: items(3, 4),
      page: 2,
      total: 4,
      hasMore: false,
      append: true,
    });
    expect(state.results.map(getValue)).toEqual([1, 2, 3, 4]);
  });

  it('wraps the highlight both ways and ignores moves on an empty list', () => {
    let state = reduce(getInitialAutocompleteState<Item>([], true), { type: 'moveHighlight', delta: 1 });
    expect(state.highlightedIndex).toBe(-1);
    state = reduce(state, {
      type: 'success',
      items: items(1, 2, 3),
      page: 1,
      total: 3,
      hasMore: false,
      append: false,
    });
    expect(reduce(state, { type: 'moveHighlight', delta: -1 }).highlightedIndex).toBe(2);
    expect(reduce(state, { type: 'moveHighlight', delta: 1 }).highlightedIndex).toBe(0);
    expect(reduce(state, { type: 'setHighlight', index: 9 }).highlightedIndex).toBe(-1);
  });

  it('selects one or many, and returns the same state for no-op actions', () => {
    let state = reduce(getInitialAutocompleteState<Item>([], true), {
      type: 'success',
      items: items(1, 2),
      page: 1,
      total: 2,
      hasMore: false,
      append: false,
    });
    const single = reduce(
      reduce(state, { type: 'select', item: items(1)[0]!, multiple: false }, false),
      { type: 'select', item: items(2)[0]!, multiple: false },
      false,
    );
    // Single mode: one value, not a list; `values` lists it in both modes.
    expect(single.value).toBe(2);
    expect(single.values).toEqual([2]);
    expect(reduce(single, { type: 'deselect', value: 2 }, false).value).toBeNull();
    expect(reduce(single, { type: 'clear' }, false).value).toBeNull();
    state = reduce(state, { type: 'select', item: items(1)[0]!, multiple: true });
    state = reduce(state, { type: 'select', item: items(2)[0]!, multiple: true });
    expect(state.selected.map(getValue)).toEqual([1, 2]);
    expect(state.value).toEqual([1, 2]);
    expect(reduce(state, { type: 'deselect', value: 9 })).toBe(state);
    expect(reduce(state, { type: 'setInput', input: '' })).toBe(state);
    const cleared = reduce(state, { type: 'clear' });
    expect(reduce(cleared, { type: 'clear' })).toBe(cleared);
  });
});

describe('autocomplete helpers', () => {
  it('applies the minimum length after trimming', () => {
    expect(termOf('  a ', 1)).toBe('a');
    expect(termOf(' a ', 2)).toBeNull();
    expect(termOf('', 0)).toBe('');
  });

  it('normalizes values and hydrates by the value field only', () => {
    expect(toValues(null)).toEqual([]);
    expect(toValues([1, 1, 2])).toEqual([1, 2]);
    const options = resolveAutocompleteOptions<Item>({
      resource: {
        query: async () => ({
          items: [],
          meta: { page: 1, perPage: 1, itemCount: 0, pageCount: 0, hasPrevPage: false, hasNextPage: false },
        }),
      },
      searchFields: ['name'],
      valueField: 'ref.code',
      where: { archived: false },
    });
    expect(hydrationQuery(['a', 'b'], options)).toEqual({
      page: 1,
      perPage: 2,
      where: { ref: { code: { in: ['a', 'b'] } } },
    });
    expect(options.getOptionLabel({ id: 1, name: 'Ada' })).toBe('Ada');
  });
});
