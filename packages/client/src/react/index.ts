import type { SelectPaths } from '@facet/core';
import {
  type AutocompleteOptions,
  type AutocompleteState,
  type AutocompleteStore,
  createAutocompleteStore,
  type MultipleAutocompleteOptions,
  type TypedAutocompleteOptions,
} from '../autocomplete/index.js';
import {
  createTableStore,
  type TableOptions,
  type TableRow,
  type TableState,
  type TableStore,
  type TypedTableOptions,
} from '../table/index.js';
import { useStoreBridge } from './useStoreBridge.js';

// Every type of the stores these wrap, so that one import serves an app that uses this adapter.
export type {
  AutocompleteAction,
  AutocompleteOptions,
  AutocompleteResource,
  AutocompleteState,
  AutocompleteStateBase,
  AutocompleteStore,
  AutocompleteValue,
  MultipleAutocompleteOptions,
  ResourceId,
  TypedAutocompleteOptions,
} from '../autocomplete/index.js';
export type {
  ColumnFilter,
  FilterKind,
  FilterValue,
  ModuleQuery,
  RangeValue,
  Scheduler,
  SortDirection,
  SortRule,
  StorageLike,
  TableAction,
  TableInitialPage,
  TableOptions,
  TablePersistOptions,
  TableResource,
  TableRow,
  TableState,
  TableStateBase,
  TableStore,
  TableUrlSync,
  TableView,
  TypedTableOptions,
  Updater,
  UrlEnvironment,
  UrlStateAdapterOptions,
} from '../table/index.js';

/** The table store's actions plus its current snapshot as `state`. */
export type UseTableResult<TRow> = TableStore<TRow> & { readonly state: TableState<TRow> };
/** The autocomplete store's actions plus its current snapshot as `state`. */
export type UseAutocompleteResult<TItem, TMultiple extends boolean = false> = AutocompleteStore<
  TItem,
  TMultiple
> & {
  readonly state: AutocompleteState<TItem, TMultiple>;
};

// The typed options differ from the stores' own only in what the compiler reads from a literal
// `baseFields` or `fields`; the stores take them as they are.

/**
 * A headless table for React: re-renders on every new snapshot. Options may change between renders.
 * A literal `baseFields` narrows the rows (see `TableRow`).
 */
export function useTable<TItem, const B extends string = string>(
  options: TypedTableOptions<TItem, B>,
): UseTableResult<TableRow<TItem, B>> {
  type Row = TableRow<TItem, B>;
  return useStoreBridge<TableState<Row>, TableOptions<Row>, TableStore<Row>>(
    createTableStore<Row, string>,
    options as TableOptions<Row>,
  );
}

/** A headless autocomplete for React: re-renders on every new snapshot. A literal `fields` narrows the items. */
export function useAutocomplete<TItem, const P extends string = string>(
  options: MultipleAutocompleteOptions<TItem, P>,
): UseAutocompleteResult<SelectPaths<TItem, P>, true>;
export function useAutocomplete<TItem, const P extends string = string>(
  options: TypedAutocompleteOptions<TItem, P, false>,
): UseAutocompleteResult<SelectPaths<TItem, P>, false>;
export function useAutocomplete<TItem, const P extends string = string>(
  options: TypedAutocompleteOptions<TItem, P, boolean>,
): UseAutocompleteResult<SelectPaths<TItem, P>, boolean>;
export function useAutocomplete<TItem>(
  options: AutocompleteOptions<TItem>,
): UseAutocompleteResult<TItem, boolean> {
  return useStoreBridge<
    AutocompleteState<TItem, boolean>,
    AutocompleteOptions<TItem>,
    AutocompleteStore<TItem, boolean>
  >(createAutocompleteStore<TItem>, options);
}
