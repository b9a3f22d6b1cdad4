import type { CheckPath, CountedPage, Paginated, SelectPaths } from '@facet/core';
import type { AxiosRequestConfig } from 'axios';
import type { ModuleQuery, ResourceId } from '../api/useModuleApi.js';
import type { Scheduler } from '../shared/environment.js';

/**
 * The part of a `useModuleApi` wrapper the store needs; any wrapper, typed or not, fits. The store
 * sends `fields` as a plain string, so the wrapper's own narrowing does not apply; instead
 * a literal `fields` list narrows the store's items (`TypedAutocompleteOptions`).
 */
export interface AutocompleteResource<TItem> {
  /** A page with its totals, or without them (`count: 'none'`). */
  query(
    query?: ModuleQuery,
    config?: AxiosRequestConfig,
  ): Promise<Paginated<TItem> | CountedPage<Paginated<TItem>, 'none'>>;
}

/**
 * The selection as `state.value` shows it: one value or `null` in single mode (the default), the
 * list of values with `multiple: true`. `state.values` is the list in both modes.
 */
export type AutocompleteValue<TMultiple extends boolean> = TMultiple extends true
  ? readonly ResourceId[]
  : ResourceId | null;

/**
 * Options of `createAutocompleteStore`. `resource` and `searchFields` are required. `TMultiple` is
 * what `multiple` says (`false` when left out), and types `state.value`.
 */
export interface AutocompleteOptions<TItem, TMultiple extends boolean = boolean> {
  /** Where options come from: `useModuleApi<Author>(api, 'authors')`. */
  readonly resource: AutocompleteResource<TItem>;
  /** Fields the term is looked for in (an OR of `contains`); dotted paths reach relations. */
  readonly searchFields: readonly string[];
  /** Shorter terms (after trimming) send no request and show no results. `0` lists on an empty input. @default 1 */
  readonly minChars?: number;
  /** Delay between the last keystroke and the query. Facet default. @default 300 */
  readonly debounceMs?: number;
  /** Results per page (the limit), and per `loadMore()`. Facet default. @default 10 */
  readonly perPage?: number;
  /** Item fields to load (dotted paths); `null` loads the server's default selection. @default null */
  readonly fields?: readonly string[] | null;
  /** How `fields` are sent; see the table's option of the same name. @default 'envelope' */
  readonly projection?: 'envelope' | 'items';
  /** A condition every search carries. Not applied when hydrating selected values. @default none */
  readonly where?: Readonly<Record<string, unknown>>;
  /** Relations to load with every query. @default none */
  readonly include?: Readonly<Record<string, unknown>>;
  /** Sort of the results, e.g. `[{ name: 'asc' }]`. @default the server's order */
  readonly orderBy?: readonly Readonly<Record<string, unknown>>[];
  /** Add `mode: 'insensitive'` to the search (PostgreSQL, MongoDB only; MySQL needs no mode). @default false */
  readonly caseInsensitive?: boolean;
  /** The identifying field: selected values are hydrated with `where: { [valueField]: { in: [...] } }`. @default 'id' */
  readonly valueField?: string;
  /** @default the value of `valueField` */
  readonly getOptionValue?: (item: TItem) => ResourceId;
  /** @default the first search field's value, as a string */
  readonly getOptionLabel?: (item: TItem) => string;
  /** Allow several selected items: `state.value` is then a list, else one value or `null`. @default false */
  readonly multiple?: TMultiple;
  /** Values selected at the start; their items are loaded by id when the first subscriber arrives. @default none */
  readonly initialValue?: ResourceId | readonly ResourceId[] | null;
  /**
   * Items already known to be selected at the start (fetched on the server, say): shown at once
   * and not loaded again. Their values are the initial value unless `initialValue` names one.
   * @default none
   */
  readonly initialSelected?: readonly TItem[];
  /** Recent terms whose results are kept and shown again without a request; `0` turns the cache off. @default 20 */
  readonly cacheSize?: number;
  /** Timers for the debounce; inject fakes in tests. @default globalThis.setTimeout/clearTimeout */
  readonly scheduler?: Scheduler;
}

/**
 * Options whose literal `fields` narrows the store's items: `fields: ['id', 'name']` over a
 * `useModuleApi<Author>` resource gives a store of `{ id; name }`, and a path that is not a field
 * of `Author` fails to compile. Without `fields` (or with a non-literal list) items are `TItem`.
 */
export type TypedAutocompleteOptions<TItem, P extends string, TMultiple extends boolean = boolean> = Omit<
  AutocompleteOptions<SelectPaths<TItem, P>>,
  'resource' | 'fields' | 'multiple'
> & {
  readonly resource: AutocompleteResource<TItem>;
  readonly fields?: readonly CheckPath<TItem, P>[] | null;
  /** Allow several selected items: `state.value` is then a list, else one value or `null`. @default false */
  readonly multiple?: TMultiple;
};

/**
 * Options with `multiple: true`: the overload of `createAutocompleteStore` (and of the adapters'
 * `useAutocomplete`) whose `state.value` is a list. Overloads rather than an inferred parameter,
 * so that `createAutocompleteStore<Book>({ …, multiple: true })` types its value without naming it.
 */
export type MultipleAutocompleteOptions<TItem, P extends string> = TypedAutocompleteOptions<
  TItem,
  P,
  true
> & {
  readonly multiple: true;
};

/** What every `AutocompleteState` has, whatever its `status`. `TMultiple` types `value`. */
export interface AutocompleteStateBase<TItem, TMultiple extends boolean = false> {
  /** What the user typed. */
  readonly input: string;
  /** The term the results belong to; `null` when no search is active (input shorter than `minChars`). */
  readonly term: string | null;
  /** Search results of every loaded page, without duplicates. */
  readonly results: readonly TItem[];
  /** What a listbox shows: the selected items first, then the results that are not selected. */
  readonly options: readonly TItem[];
  /** The selected items that are loaded, in `value` order. */
  readonly selected: readonly TItem[];
  /**
   * The selection, loaded or not: the selected value or `null` in single mode, the list of values
   * with `multiple: true` (see `AutocompleteValue`).
   */
  readonly value: AutocompleteValue<TMultiple>;
  /** The selected values as a list in both modes, in selection order. */
  readonly values: readonly ResourceId[];
  /** Index into `options`; `-1` when nothing is highlighted. */
  readonly highlightedIndex: number;
  /** The last loaded page of the current term. */
  readonly page: number;
  readonly total: number;
  readonly hasMore: boolean;
  readonly fetchStatus: 'fetching' | 'idle';
  /** `fetchStatus === 'fetching'`. */
  readonly loading: boolean;
  /** True while selected values are being loaded by id. */
  readonly hydrating: boolean;
}

/** The store's snapshot: frozen, and replaced only when something changed. Narrow on `status`. */
export type AutocompleteState<TItem, TMultiple extends boolean = false> =
  | (AutocompleteStateBase<TItem, TMultiple> & { readonly status: 'idle' | 'success'; readonly error: null })
  | (AutocompleteStateBase<TItem, TMultiple> & { readonly status: 'error'; readonly error: unknown });

export type AutocompleteAction<TItem> =
  | { readonly type: 'setInput'; readonly input: string }
  | { readonly type: 'applyTerm'; readonly term: string | null }
  | { readonly type: 'fetch' }
  | { readonly type: 'cancel' }
  | {
      readonly type: 'success';
      readonly items: readonly TItem[];
      readonly page: number;
      readonly total: number;
      readonly hasMore: boolean;
      readonly append: boolean;
    }
  | { readonly type: 'error'; readonly error: unknown }
  | { readonly type: 'moveHighlight'; readonly delta: number }
  | { readonly type: 'setHighlight'; readonly index: number }
  | { readonly type: 'select'; readonly item: TItem; readonly multiple: boolean }
  | { readonly type: 'deselect'; readonly value: ResourceId }
  | { readonly type: 'setValue'; readonly value: readonly ResourceId[] }
  | { readonly type: 'hydrating'; readonly hydrating: boolean }
  | { readonly type: 'hydrated'; readonly items: readonly TItem[] }
  | { readonly type: 'clear' };

/** The framework-agnostic autocomplete: a snapshot, a subscription and actions. */
export interface AutocompleteStore<TItem, TMultiple extends boolean = false> {
  getState(): AutocompleteState<TItem, TMultiple>;
  /** The first subscriber starts the work (search, hydration); the last one leaving pauses it. */
  subscribe(listener: () => void): () => void;
  /** Replaces the options; searches again only if the derived query changed. */
  setOptions(options: AutocompleteOptions<TItem, TMultiple>): void;
  /** Aborts in-flight work and stops for good. */
  destroy(): void;
  /** Sets the input; the search follows after `debounceMs`. */
  setInput(text: string): void;
  /** Moves the highlight by `delta` (`1` down, `-1` up), wrapping around. */
  moveHighlight(delta: number): void;
  setHighlight(index: number): void;
  /** Selects `item` (replacing the selection unless `multiple`) and clears the input. */
  select(item: TItem): void;
  /** Selects the highlighted option, if any. */
  selectHighlighted(): void;
  deselect(value: ResourceId): void;
  /**
   * Sets the selection (a value, a list, or `null` for none; single mode keeps the first); items not
   * loaded yet are loaded by id.
   */
  setValue(value: ResourceId | readonly ResourceId[] | null): void;
  /**
   * Loads the next results of the current term and appends them: the rows after the last
   * response's `meta.nextCursor` (keyset paging) when the server sent one, else the next page.
   */
  loadMore(): void;
  /** Clears input, results and selection. */
  clear(): void;
  getOptionLabel(item: TItem): string;
  getOptionValue(item: TItem): ResourceId;
}
