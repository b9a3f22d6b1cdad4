export type { Scheduler, StorageLike } from '../shared/environment.js';
export {
  createUrlStateAdapter,
  type UrlEnvironment,
  type UrlStateAdapterOptions,
} from './createUrlStateAdapter.js';
export { createTableStore, useTable } from './tableStore.js';
export type {
  ColumnFilter,
  FilterKind,
  FilterValue,
  RangeValue,
  SortDirection,
  SortRule,
  TableAction,
  TableOptions,
  TablePersistOptions,
  TableResource,
  TableRow,
  TableState,
  TableStore,
  TableUrlSync,
  TableView,
  TypedTableOptions,
  Updater,
} from './tableStore.types.js';
export { DEFAULT_TABLE_OPTIONS } from './tableStore.utils.js';
