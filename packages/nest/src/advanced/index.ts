// `@facet/nest/advanced`: the building blocks the root's resource layer is made of (policy checks,
// relation scoping, error classification, model types, serialization, paging, replicas), for code
// that assembles its own read path, libraries built on Facet, and tests. An application that serves
// resources needs nothing from here. Every type these signatures name is exported here too, the
// root's among them. Stability, stated once in packages/nest/README.md ("@facet/nest/advanced"):
// semver like the root, except that a minor release may add a required parameter, option or member.

export { AggregateQueryDTO, ResourceAggregateQueryDTO } from '../dto/aggregate-query.dto.js';
export { BulkWriteQueryDTO } from '../dto/bulk-write-query.dto.js';
export { CountQueryDTO, DetailQueryDTO, FilterQueryDTO, WriteQueryDTO } from '../dto/detail-query.dto.js';
export { ExportQueryDTO } from '../dto/export-query.dto.js';
export {
  type KeysetPageMeta,
  KeysetPageMetaDTO,
  PageMetaDTO,
  type PartialPageMeta,
  PartialPageMetaDTO,
} from '../dto/page-meta.dto.js';
export { QueryDTO } from '../dto/query.dto.js';
export {
  type ClassifyErrorOptions,
  classifyError,
  type DatabaseFaultStatus,
  type ErrorClassification,
  type ErrorKind,
  type ForbiddenErrorStatus,
  isHttpExceptionLike,
  type KnownRequestErrorStatus,
} from '../errors/classify-error.js';
export { FacetConfigurationError } from '../errors/facet-configuration.error.js';
export { toFacetErrorBody } from '../errors/facet-exception.filter.js';
export {
  type FacetErrorBody,
  FacetQueryException,
  type PublicIssue,
} from '../errors/facet-query.exception.js';
export { FACET_ERROR_CODES, notFoundException, toHttpException } from '../errors/prisma-error.mapper.js';
export { ResourceExport } from '../export/index.js';
export type * from '../model/delegate.types.js';
export {
  type ForeignKey,
  type ModelInfo,
  type ModelTypes,
  type ResolvedModel,
  readModelTypes,
  type ScalarType,
} from '../model/index.js';
export {
  FACET_MODULE_OPTIONS,
  getResourceToken,
  type ResourceControllerBase,
  type ResourceWriteRoutes,
} from '../module/index.js';
export {
  declaredQueryKeys,
  FACET_VALIDATION_DEFAULTS,
  QUERY_TRANSFORM_OPTIONS,
  type QueryTransformOptions,
  RefusePrototypeKeysPipe,
  validationErrorsToException,
} from '../pipes/index.js';
export type * from '../projection/field-schema.types.js';
export {
  FieldProjection,
  type FieldsQueryInput,
  getFieldSchema,
  type IncludeTree,
  isFieldVisible,
  type PreparedFieldsQuery,
  type PreparedQuery,
  type PrepareFieldsQueryOptions,
  type ResolvedEntry,
  type ResolvedSelection,
} from '../projection/index.js';
export {
  DEFAULT_QUERY_SERVICE_OPTIONS,
  detectIdType,
  type ErrorLoggerScope,
  type IdPart,
  type IdType,
  type KeyField,
  type Paging,
  type PagingLimits,
  parseId,
  parseKey,
  type QueryErrorContext,
  type QueryErrorLogEntry,
  type QueryErrorLogger,
  type QueryServiceOptions,
  type RecordId,
  type ResolvedQueryServiceOptions,
  resolveKey,
  resolvePaging,
  resolveQueryServiceOptions,
} from '../query/index.js';
export type * from '../query/query.types.js';
export type { ExportFormat } from '../read/check/check-export.js';
export {
  AGGREGATE_TYPES,
  type AggregateUse,
  assertQueryPolicy,
  checkQueryPolicy,
  DEFAULT_QUERY_BUDGET,
  type FilterKind,
  type Mode,
  OPERATORS,
  type OperandShape,
  type OperandType,
  type OperatorRow,
  type OperatorRule,
  type QueryBudget,
  type QueryPolicyInput,
  type QueryPolicyOptions,
  type ResolvedQueryBudget,
  resolveQueryBudget,
  SCALAR_FILTER_OPERATORS,
  type SqlClass,
} from '../read/check/index.js';
export type {
  ModelSqlReads,
  ReadEngineName,
  SqlReadEngine,
  SqlReadRouting,
  SqlReadSession,
} from '../read/execute/sql-reads.js';
export type { ExportSummary } from '../read/read-export.js';
export {
  type AccessAction,
  type AccessibleWhere,
  getAccessSubject,
  mergeAccessWhere,
  type RelationScopeOptions,
  scopeRelationAccess,
} from '../read/scope/index.js';
export {
  type ConsistencyContext,
  DEFAULT_READ_ROUTING,
  FACET_REPLICA_OPTIONS,
  type RawQueryClient,
  ReadRouter,
  type ReadRoutingOptions,
  type ReplicaOptions,
  type ReplicaState,
  readRouterFor,
  routeReads,
  withConsistency,
} from '../replicas/index.js';
export {
  type AnyResourceDefinition,
  isEnvelopeSelection,
  META_FIELDS,
  type MetaField,
  type PageProjection,
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
  type ResourceServiceOptions,
  ResourceWriter,
} from '../resource/index.js';
export type * from '../resource/resource-query.types.js';
export type * from '../resource/resource-types.js';
export { type DecimalLike, isDecimalLike, type Serialized, serializeValue } from '../serialization/index.js';
export type * from '../write/index.js';
