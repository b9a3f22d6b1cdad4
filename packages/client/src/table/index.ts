export type { ModuleQuery } from '../api/index.js';
export type { Scheduler, StorageLike } from '../shared/environment.js';
export {
  createUrlStateAdapter,
  readUrlView,
  type UrlEnvironment,
  type UrlStateAdapterOptions,
} from './createUrlStateAdapter.js';
export { prefetchTable } from './prefetchTable.js';
export { createTableStore, useTable } from './tableStore.js';
export type {
  ColumnFilter,
  FilterKind,
  FilterValue,
  RangeValue,
  SortDirection,
  SortRule,
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
} from './tableStore.types.js';
export { DEFAULT_TABLE_OPTIONS, type TableExportQuery, tableExportQuery } from './tableStore.utils.js';
