import type { MaybeRefOrGetter, ShallowRef } from 'vue';
import {
  type AutocompleteOptions,
  type AutocompleteState,
  type AutocompleteStore,
  createAutocompleteStore,
} from '../autocomplete/index.js';
import { createTableStore, type TableOptions, type TableState, type TableStore } from '../table/index.js';
import { useStoreBridge } from './useStoreBridge.js';

/** The table store's actions plus a read-only ref of its snapshot. */
export type UseTableReturn<TRow> = TableStore<TRow> & {
  readonly state: Readonly<ShallowRef<TableState<TRow>>>;
};
/** The autocomplete store's actions plus a read-only ref of its snapshot. */
export type UseAutocompleteReturn<TItem> = AutocompleteStore<TItem> & {
  readonly state: Readonly<ShallowRef<AutocompleteState<TItem>>>;
};

/** A headless table composable. Pass options as a getter or ref to update them reactively. */
export function useTable<TRow>(options: MaybeRefOrGetter<TableOptions<TRow>>): UseTableReturn<TRow> {
  return useStoreBridge<TableState<TRow>, TableOptions<TRow>, TableStore<TRow>>(createTableStore, options);
}

/** A headless autocomplete composable. Pass options as a getter or ref to update them reactively. */
export function useAutocomplete<TItem>(
  options: MaybeRefOrGetter<AutocompleteOptions<TItem>>,
): UseAutocompleteReturn<TItem> {
  return useStoreBridge<AutocompleteState<TItem>, AutocompleteOptions<TItem>, AutocompleteStore<TItem>>(
    createAutocompleteStore,
    options,
  );
}
