export { detectIdType, type IdType, parseId } from './id.js';
export { type IdPart, type KeyField, parseKey, type RecordId, resolveKey } from './key.js';
export { type Paging, type PagingLimits, resolvePaging } from './paging.js';
export { type DelegateArgs, QueryService } from './query.service.js';
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
export { serverWhere } from './server-where.js';
