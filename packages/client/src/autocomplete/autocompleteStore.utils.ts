import type { QueryInput } from '@facet/core';
import type { ResourceId } from '../api/useModuleApi.js';
import { allOf, compact, listFields, nestPath, readPath, searchCondition } from '../shared/queryParts.js';
import type {
  AutocompleteAction,
  AutocompleteOptions,
  AutocompleteState,
  AutocompleteValue,
} from './autocompleteStore.types.js';

/** Facet defaults of the autocomplete, in one place. None of them comes from the spec. */
export const DEFAULT_AUTOCOMPLETE_OPTIONS = {
  minChars: 1,
  debounceMs: 300,
  perPage: 10,
  projection: 'envelope',
  caseInsensitive: false,
  valueField: 'id',
  multiple: false,
  cacheSize: 20,
} as const;

type Resolved<TItem> = Required<
  Pick<AutocompleteOptions<TItem>, 'minChars' | 'debounceMs' | 'perPage' | 'cacheSize' | 'valueField'>
> &
  AutocompleteOptions<TItem> & {
    readonly getOptionValue: (item: TItem) => ResourceId;
    readonly getOptionLabel: (item: TItem) => string;
  };
export type ResolvedAutocompleteOptions<TItem> = Resolved<TItem>;

const nonNegative = (name: string, value: number, integer: boolean): number => {
  if (!(Number.isFinite(value) && value >= 0 && (!integer || Number.isInteger(value)))) {
    throw new RangeError(
      `createAutocompleteStore: \`${name}\` must be ${integer ? 'an integer ' : ''}0 or more`,
    );
  }
  return value;
};

/** Fills in the defaults and fails early, naming the option. */
export function resolveAutocompleteOptions<TItem>(options: AutocompleteOptions<TItem>): Resolved<TItem> {
  if (typeof options?.resource?.query !== 'function') {
    throw new TypeError(
      'createAutocompleteStore: `resource` must have a `query` method (use `useModuleApi(api, endpoint)`)',
    );
  }
  const [firstField] = options.searchFields ?? [];
  if (typeof firstField !== 'string' || firstField === '') {
    throw new TypeError('createAutocompleteStore: `searchFields` must name at least one field');
  }
  const d = DEFAULT_AUTOCOMPLETE_OPTIONS;
  const valueField = options.valueField ?? d.valueField;
  const perPage = nonNegative('perPage', options.perPage ?? d.perPage, true);
  if (perPage === 0) throw new RangeError('createAutocompleteStore: `perPage` must be at least 1');
  return {
    ...options,
    minChars: nonNegative('minChars', options.minChars ?? d.minChars, true),
    debounceMs: nonNegative('debounceMs', options.debounceMs ?? d.debounceMs, false),
    perPage,
    cacheSize: nonNegative('cacheSize', options.cacheSize ?? d.cacheSize, true),
    valueField,
    getOptionValue: options.getOptionValue ?? ((item) => readPath(item, valueField) as ResourceId),
    getOptionLabel: options.getOptionLabel ?? ((item) => String(readPath(item, firstField) ?? '')),
  };
}

/** The term an input searches for: trimmed, or `null` when shorter than `minChars`. */
export function termOf(input: string, minChars: number): string | null {
  const text = input.trim();
  return text.length >= minChars ? text : null;
}

/** A value option as a list: `null` and `undefined` select nothing. */
export function toValues(
  value: ResourceId | readonly ResourceId[] | null | undefined,
): readonly ResourceId[] {
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? [...new Set(value)] : [value as ResourceId];
}

/** Items without repeated values, first occurrence kept. */
export function uniqueBy<TItem>(items: readonly TItem[], getValue: (item: TItem) => ResourceId): TItem[] {
  const seen = new Set<ResourceId>();
  return items.filter((item) => {
    const value = getValue(item);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

/** The query of one search page. */
export function deriveSearchQuery<TItem>(term: string, page: number, options: Resolved<TItem>): QueryInput {
  return compact({
    page,
    perPage: options.perPage,
    where: allOf([
      options.where,
      term === ''
        ? undefined
        : searchCondition(
            options.searchFields,
            term,
            options.caseInsensitive ?? DEFAULT_AUTOCOMPLETE_OPTIONS.caseInsensitive,
          ),
    ]),
    orderBy: options.orderBy && options.orderBy.length > 0 ? [...options.orderBy] : undefined,
    include: options.include,
    fields: listFields(options.fields ?? null, options.projection ?? DEFAULT_AUTOCOMPLETE_OPTIONS.projection),
  });
}

/** The query that loads selected values by id, independent of the search and its static where. */
export function hydrationQuery<TItem>(values: readonly ResourceId[], options: Resolved<TItem>): QueryInput {
  return compact({
    page: 1,
    perPage: values.length,
    where: nestPath(options.valueField, { in: [...values] }),
    include: options.include,
    fields: listFields(options.fields ?? null, options.projection ?? DEFAULT_AUTOCOMPLETE_OPTIONS.projection),
  });
}

/** What the reducer works on: `value` as either mode shows it. */
export type AnyAutocompleteState<TItem> = AutocompleteState<TItem, boolean>;

/** `state.value` of a selection: the list with `multiple`, else its first value or `null`. */
const selectionValue = (values: readonly ResourceId[], multiple: boolean): AutocompleteValue<boolean> =>
  multiple ? values : (values[0] ?? null);

export function getInitialAutocompleteState<TItem>(
  values: readonly ResourceId[],
  multiple: boolean,
): AnyAutocompleteState<TItem> {
  return {
    input: '',
    term: null,
    results: [],
    options: [],
    selected: [],
    value: selectionValue(values, multiple),
    values,
    highlightedIndex: -1,
    page: 0,
    total: 0,
    hasMore: false,
    status: 'idle',
    error: null,
    fetchStatus: 'idle',
    loading: false,
    hydrating: false,
  };
}

/** Recomputes `options` (selected first, no duplicates) and keeps the highlight inside it. */
function withOptions<TItem>(
  state: AnyAutocompleteState<TItem>,
  getValue: (item: TItem) => ResourceId,
): AnyAutocompleteState<TItem> {
  const options = uniqueBy([...state.selected, ...state.results], getValue);
  const highlightedIndex = state.highlightedIndex < options.length ? state.highlightedIndex : -1;
  return { ...state, options, highlightedIndex };
}

/** Selected items in `value` order, from the items already known. */
function pickSelected<TItem>(
  value: readonly ResourceId[],
  known: readonly TItem[],
  getValue: (item: TItem) => ResourceId,
): TItem[] {
  const byValue = new Map(known.map((item) => [getValue(item), item] as const));
  return value.flatMap((entry) => {
    const item = byValue.get(entry);
    return item === undefined ? [] : [item];
  });
}

/**
 * The one reducer of the autocomplete. Pure; returns `state` itself when nothing changed.
 * `multiple` says how `value` shows `values`.
 */
export function reduceAutocompleteState<TItem>(
  state: AnyAutocompleteState<TItem>,
  action: AutocompleteAction<TItem>,
  getValue: (item: TItem) => ResourceId,
  multiple: boolean,
): AnyAutocompleteState<TItem> {
  const selection = (values: readonly ResourceId[]) => ({ values, value: selectionValue(values, multiple) });
  switch (action.type) {
    case 'setInput':
      return state.input === action.input ? state : { ...state, input: action.input };
    case 'applyTerm':
      if (state.term === action.term) return state;
      return withOptions(
        { ...state, term: action.term, results: [], page: 0, total: 0, hasMore: false, highlightedIndex: -1 },
        getValue,
      );
    case 'fetch':
      return state.fetchStatus === 'fetching' ? state : { ...state, fetchStatus: 'fetching', loading: true };
    case 'cancel':
      return state.fetchStatus === 'idle' ? state : { ...state, fetchStatus: 'idle', loading: false };
    case 'success': {
      const results = action.append ? uniqueBy([...state.results, ...action.items], getValue) : action.items;
      return withOptions(
        {
          ...state,
          results,
          page: action.page,
          total: action.total,
          hasMore: action.hasMore,
          highlightedIndex: action.append ? state.highlightedIndex : -1,
          status: 'success',
          error: null,
          fetchStatus: 'idle',
          loading: false,
        },
        getValue,
      );
    }
    case 'error':
      return { ...state, status: 'error', error: action.error, fetchStatus: 'idle', loading: false };
    case 'moveHighlight': {
      const count = state.options.length;
      if (count === 0) return state.highlightedIndex === -1 ? state : { ...state, highlightedIndex: -1 };
      const from = state.highlightedIndex === -1 && action.delta < 0 ? 0 : state.highlightedIndex;
      const highlightedIndex = (((from + action.delta) % count) + count) % count;
      return highlightedIndex === state.highlightedIndex ? state : { ...state, highlightedIndex };
    }
    case 'setHighlight': {
      const index = Number.isInteger(action.index) && action.index < state.options.length ? action.index : -1;
      const highlightedIndex = Math.max(-1, index);
      return highlightedIndex === state.highlightedIndex ? state : { ...state, highlightedIndex };
    }
    case 'select': {
      const picked = getValue(action.item);
      const values = action.multiple
        ? [...state.values.filter((entry) => entry !== picked), picked]
        : [picked];
      const selected = pickSelected(values, [...state.selected, action.item], getValue);
      return withOptions(
        {
          ...state,
          ...selection(values),
          selected,
          input: '',
          term: null,
          results: [],
          page: 0,
          total: 0,
          hasMore: false,
          highlightedIndex: -1,
        },
        getValue,
      );
    }
    case 'deselect': {
      if (!state.values.includes(action.value)) return state;
      const values = state.values.filter((entry) => entry !== action.value);
      return withOptions(
        { ...state, ...selection(values), selected: pickSelected(values, state.selected, getValue) },
        getValue,
      );
    }
    case 'setValue': {
      if (JSON.stringify(action.value) === JSON.stringify(state.values)) return state;
      const known = [...state.selected, ...state.results];
      return withOptions(
        { ...state, ...selection(action.value), selected: pickSelected(action.value, known, getValue) },
        getValue,
      );
    }
    case 'hydrating':
      return state.hydrating === action.hydrating ? state : { ...state, hydrating: action.hydrating };
    case 'hydrated':
      return withOptions(
        {
          ...state,
          hydrating: false,
          selected: pickSelected(state.values, [...state.selected, ...action.items], getValue),
        },
        getValue,
      );
    case 'clear':
      if (
        state.input === '' &&
        state.term === null &&
        state.values.length === 0 &&
        state.results.length === 0
      ) {
        return state;
      }
      return withOptions(
        {
          ...state,
          input: '',
          term: null,
          results: [],
          selected: [],
          ...selection([]),
          page: 0,
          total: 0,
          hasMore: false,
          highlightedIndex: -1,
        },
        getValue,
      );
  }
}

/** The values in `values` whose items are not loaded yet. */
export function missingValues<TItem>(
  state: AnyAutocompleteState<TItem>,
  getValue: (item: TItem) => ResourceId,
): ResourceId[] {
  const loaded = new Set(state.selected.map(getValue));
  return state.values.filter((entry) => !loaded.has(entry));
}
