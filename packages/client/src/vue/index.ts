import type { SelectPaths } from '@facet/core';
import type { MaybeRefOrGetter, ShallowRef } from 'vue';
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

/** The table store's actions plus a read-only ref of its snapshot. */
export type UseTableReturn<TRow> = TableStore<TRow> & {
  readonly state: Readonly<ShallowRef<TableState<TRow>>>;
};
/** The autocomplete store's actions plus a read-only ref of its snapshot. */
export type UseAutocompleteReturn<TItem, TMultiple extends boolean = false> = AutocompleteStore<
  TItem,
  TMultiple
> & {
  readonly state: Readonly<ShallowRef<AutocompleteState<TItem, TMultiple>>>;
};

// The typed options differ from the stores' own only in what the compiler reads from a literal
// `baseFields` or `fields`; the stores take them as they are.

/**
 * A headless table composable. Pass options as a getter or ref to update them reactively. A
 * literal `baseFields` narrows the rows (see `TableRow`).
 */
export function useTable<TItem, const B extends string = string>(
  options: MaybeRefOrGetter<TypedTableOptions<TItem, B>>,
): UseTableReturn<TableRow<TItem, B>> {
  type Row = TableRow<TItem, B>;
  return useStoreBridge<TableState<Row>, TableOptions<Row>, TableStore<Row>>(
    createTableStore<Row, string>,
    options as MaybeRefOrGetter<TableOptions<Row>>,
  );
}

/**
 * A headless autocomplete composable. Pass options as a getter or ref to update them reactively.
 * A literal `fields` narrows the items.
 */
export function useAutocomplete<TItem, const P extends string = string>(
  options: MaybeRefOrGetter<MultipleAutocompleteOptions<TItem, P>>,
): UseAutocompleteReturn<SelectPaths<TItem, P>, true>;
export function useAutocomplete<TItem, const P extends string = string>(
  options: MaybeRefOrGetter<TypedAutocompleteOptions<TItem, P, false>>,
): UseAutocompleteReturn<SelectPaths<TItem, P>, false>;
export function useAutocomplete<TItem, const P extends string = string>(
  options: MaybeRefOrGetter<TypedAutocompleteOptions<TItem, P, boolean>>,
): UseAutocompleteReturn<SelectPaths<TItem, P>, boolean>;
export function useAutocomplete<TItem>(
  options: MaybeRefOrGetter<AutocompleteOptions<TItem>>,
): UseAutocompleteReturn<TItem, boolean> {
  return useStoreBridge<
    AutocompleteState<TItem, boolean>,
    AutocompleteOptions<TItem>,
    AutocompleteStore<TItem, boolean>
  >(createAutocompleteStore<TItem>, options);
}
