import {
  type AutocompleteOptions,
  type AutocompleteState,
  type AutocompleteStore,
  createAutocompleteStore,
} from '../autocomplete/index.js';
import { createTableStore, type TableOptions, type TableState, type TableStore } from '../table/index.js';
import { useStoreBridge } from './useStoreBridge.js';

/** The table store's actions plus its current snapshot as `state`. */
export type UseTableResult<TRow> = TableStore<TRow> & { readonly state: TableState<TRow> };
/** The autocomplete store's actions plus its current snapshot as `state`. */
export type UseAutocompleteResult<TItem> = AutocompleteStore<TItem> & {
  readonly state: AutocompleteState<TItem>;
};

/** A headless table for React: re-renders on every new snapshot. Options may change between renders. */
export function useTable<TRow>(options: TableOptions<TRow>): UseTableResult<TRow> {
  return useStoreBridge<TableState<TRow>, TableOptions<TRow>, TableStore<TRow>>(createTableStore, options);
}

/** A headless autocomplete for React: re-renders on every new snapshot. */
export function useAutocomplete<TItem>(options: AutocompleteOptions<TItem>): UseAutocompleteResult<TItem> {
  return useStoreBridge<AutocompleteState<TItem>, AutocompleteOptions<TItem>, AutocompleteStore<TItem>>(
    createAutocompleteStore,
    options,
  );
}
