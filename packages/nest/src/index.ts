// Public surface of @facet/nest: what an application uses. Building blocks live in
// `@facet/nest/advanced`; CASL and OpenAPI helpers in `@facet/nest/casl` and `@facet/nest/swagger`,
// so that their optional peers are never loaded from the root. Every type a signature here names is
// exported here too (API Extractor's `ae-forgotten-export` is an error), so an application can write
// its own signatures around these; a type shared with `/advanced` is exported by both. The modules
// of types only (`*.types.ts`) are public whole, so they are re-exported with `export type *`.

export {
  AggregateQueryDTO,
  ResourceAggregateQueryDTO,
} from './dto/aggregate-query.dto.js';
export { BulkWriteQueryDTO } from './dto/bulk-write-query.dto.js';
export { CountQueryDTO, DetailQueryDTO, FilterQueryDTO, WriteQueryDTO } from './dto/detail-query.dto.js';
export { ExportQueryDTO } from './dto/export-query.dto.js';
export {
  type KeysetPageMeta,
  KeysetPageMetaDTO,
  PageMetaDTO,
  type PartialPageMeta,
  PartialPageMetaDTO,
} from './dto/page-meta.dto.js';
export { PaginatedDTO } from './dto/paginated.dto.js';
export { QueryDTO } from './dto/query.dto.js';
export type {
  DatabaseFaultStatus,
  ErrorKind,
  ForbiddenErrorStatus,
  KnownRequestErrorStatus,
} from './errors/classify-error.js';
export {
  FacetExceptionFilter,
  FacetQueryErrorFilter,
  type ReplyingAdapter,
} from './errors/facet-exception.filter.js';
export { FacetQueryException } from './errors/facet-query.exception.js';
export { EXPORT_CONTENT_TYPES, ResourceExport } from './export/index.js';
export {
  DEFAULT_BODY_LIMIT,
  type FacetFastifyOptions,
  type FacetFastifyReply,
  type FacetHttpOptions,
  facetFastifyOptions,
  useFacetHttp,
} from './http/index.js';
export type * from './model/delegate.types.js';
export type { ForeignKey, ModelInfo, ModelTypes, ResolvedModel, ScalarType } from './model/index.js';
export {
  FacetModule,
  type FacetModuleOptions,
  FacetRead,
  FacetUndeclaredQueryInterceptor,
  InjectResource,
  READ_ROUTES,
  type ReadRoute,
  type ReadRoutes,
  ResourceController,
  type ResourceControllerBase,
  type ResourceControllerOptions,
  type ResourceWriteRoutes,
  type UndeclaredQueryScope,
  type WriteRoute,
  type WriteRoutes,
} from './module/index.js';
export {
  AllowUndeclaredQuery,
  FacetQuery,
  FacetValidationPipe,
  parseQueryObject,
  QueryParameters,
  type QueryTransformOptions,
  QueryTransformPipe,
} from './pipes/index.js';
export type * from './projection/field-schema.types.js';
export {
  Field,
  FieldProjection,
  Fields,
  type FieldsQueryInput,
  type IncludeTree,
  type PreparedFieldsQuery,
  type PreparedQuery,
  type PrepareFieldsQueryOptions,
  prepareFieldsQuery,
  Relation,
  type ResolvedEntry,
  type ResolvedSelection,
} from './projection/index.js';
export {
  type DelegateArgs,
  type ErrorLoggerScope,
  type IdPart,
  type IdType,
  type KeyField,
  type QueryErrorContext,
  type QueryErrorLogEntry,
  type QueryErrorLogger,
  QueryService,
  type QueryServiceOptions,
  type RecordId,
  type ResolvedQueryServiceOptions,
} from './query/index.js';
export type * from './query/query.types.js';
export type { ExportFormat } from './read/check/check-export.js';
export { type QueryBudget, serverWhere } from './read/check/index.js';
export type {
  ModelSqlReads,
  ReadEngineName,
  SqlReadEngine,
  SqlReadRouting,
  SqlReadSession,
} from './read/execute/sql-reads.js';
export type { ExportSummary } from './read/read-export.js';
export type { AccessAction, AccessibleWhere } from './read/scope/index.js';
export { AccessSubject } from './read/scope/index.js';
export {
  CONSISTENCY_HEADER,
  FacetConsistencyInterceptor,
  type ReadRoutingOptions,
  type ReplicaOptions,
  type ReplicaState,
} from './replicas/index.js';
export {
  type AnyResourceDefinition,
  defineResource,
  type ReadContext,
  Resource,
  type ResourceAggregateArgs,
  type ResourceDefinition,
  type ResourceEnvironment,
  type ResourceExportOptions,
  type ResourceGroup,
  type ResourceGroupByArgs,
  type ResourceGroups,
  type ResourceNarrowing,
  type ResourceOf,
  ResourceQuery,
  type ResourceServiceOptions,
  ResourceWriter,
} from './resource/index.js';
export type * from './resource/resource-query.types.js';
export type * from './resource/resource-types.js';
export type { Serialized } from './serialization/index.js';
export type * from './write/index.js';
