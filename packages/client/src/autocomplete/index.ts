export type { ModuleQuery, ResourceId } from '../api/index.js';
export type { Scheduler } from '../shared/environment.js';
export { createAutocompleteStore, useAutocomplete } from './autocompleteStore.js';
export type {
  AutocompleteAction,
  AutocompleteOptions,
  AutocompleteResource,
  AutocompleteState,
  AutocompleteStateBase,
  AutocompleteStore,
  AutocompleteValue,
  MultipleAutocompleteOptions,
  TypedAutocompleteOptions,
} from './autocompleteStore.types.js';
export { DEFAULT_AUTOCOMPLETE_OPTIONS } from './autocompleteStore.utils.js';
