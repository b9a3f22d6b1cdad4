export type {
  AggregateField,
  AggregateFieldSelection,
  AggregateOperation,
  AggregateQuery,
  AggregateResult,
  AggregateSelection,
  GroupByQuery,
  GroupDirection,
  GroupOrder,
  GroupPage,
  GroupRow,
  SelectedKeys,
} from './aggregate.js';
export { CONSISTENCY_HEADER, installConsistency } from './consistency.js';
export { type ApiClientOptions, createApiClient, type Getter } from './createApiClient.js';
export {
  FacetHttpError,
  type FacetHttpIssue,
  type FacetHttpRequest,
  installFacetErrors,
  isFacetHttpError,
  toFacetHttpError,
} from './FacetHttpError.js';
export {
  type BulkWhere,
  type BulkWriteCount,
  type ExportDownload,
  type ExportFormat,
  type ExportQuery,
  entityTagOf,
  type ModuleApi,
  type ModuleQuery,
  type ModuleType,
  type ModuleTypes,
  type ResourceId,
  type TypedModuleQuery,
  type TypedQueryInput,
  type TypedWriteQuery,
  useModuleApi,
  type WriteRequestConfig,
} from './useModuleApi.js';
