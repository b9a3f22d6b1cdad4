export { detectIdType, type IdType, parseId } from '../read/plan/id.js';
export { type IdPart, type KeyField, parseKey, type RecordId, resolveKey } from '../read/plan/key.js';
export { type Paging, type PagingLimits, resolvePaging } from '../read/plan/paging.js';
export type { DelegateArgs } from '../read/read-model.js';
export { QueryService } from './query.service.js';
export type {
  CountArgs,
  FindArgs,
  FindByIdArgs,
  FindUniqueArgs,
  KeysetQueryResult,
  PartialQueryResult,
  QueryArgs,
  QueryCallOptions,
  QueryOperation,
  QueryReadOptions,
  QueryResult,
} from './query.types.js';
export {
  DEFAULT_QUERY_SERVICE_OPTIONS,
  type ErrorLoggerScope,
  type QueryErrorContext,
  type QueryErrorLogEntry,
  type QueryErrorLogger,
  type QueryServiceOptions,
  type ResolvedQueryServiceOptions,
  resolveQueryServiceOptions,
} from './query-service.options.js';
