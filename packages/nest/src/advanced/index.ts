// `@facet/nest/advanced`: the building blocks under the resource layer, for applications that
// assemble their own (policy checks, relation scoping, error classification, serialization, the
// model's field types). The package root holds what an application uses; see docs/ARCHITECTURE.md.

export {
  type AccessibleWhere,
  mergeAccessWhere,
} from '../access/index.js';
export { AggregateQueryDTO } from '../dto/aggregate-query.dto.js';
export { CountQueryDTO, DetailQueryDTO } from '../dto/detail-query.dto.js';
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
export {
  FACET_ERROR_CODES,
  notFoundException,
  toHttpException,
} from '../errors/prisma-error.mapper.js';
export {
  type ArgsMember,
  type BaseDelegateTypeMap,
  type DelegateAggregate,
  type DelegateRecord,
  type DelegateTypeMap,
  type ElementOrSelf,
  type ModelInfo,
  type ModelTypes,
  type OperationArgs,
  type QueryDelegate,
  type ResolvedModel,
  readModelTypes,
  type ScalarType,
} from '../model/index.js';
export {
  FACET_MODULE_OPTIONS,
  getResourceToken,
  type ResourceControllerBase,
} from '../module/index.js';
export {
  declaredQueryKeys,
  FACET_VALIDATION_DEFAULTS,
  QUERY_TRANSFORM_OPTIONS,
  type QueryTransformOptions,
  RefusePrototypeKeysPipe,
  validationErrorsToException,
} from '../pipes/index.js';
export {
  assertQueryPolicy,
  checkQueryPolicy,
  DEFAULT_QUERY_BUDGET,
  type FilterKind,
  getAccessSubject,
  type Mode,
  OPERATORS,
  type OperandShape,
  type OperandType,
  type OperatorRow,
  type OperatorRule,
  type QueryBudget,
  type QueryPolicyInput,
  type QueryPolicyOptions,
  type RelationScopeOptions,
  type ResolvedQueryBudget,
  resolveQueryBudget,
  SCALAR_FILTER_OPERATORS,
  type SqlClass,
  scopeRelationAccess,
} from '../policy/index.js';
export {
  type DtoClass,
  type FieldContext,
  type FieldDefinition,
  type FieldExpose,
  type FieldOptions,
  FieldProjection,
  type FieldSchema,
  type FieldsQueryInput,
  getFieldSchema,
  type IncludeTree,
  isFieldVisible,
  type PreparedFieldsQuery,
  type PreparedQuery,
  type PrepareFieldsQueryOptions,
  type RelationFieldDefinition,
  type RelationOptions,
  type ResolvedEntry,
  type ResolvedSelection,
  type ScalarFieldDefinition,
} from '../projection/index.js';
export {
  type CountArgs,
  DEFAULT_QUERY_SERVICE_OPTIONS,
  detectIdType,
  type ErrorLoggerScope,
  type FindArgs,
  type FindByIdArgs,
  type FindUniqueArgs,
  type IdPart,
  type IdType,
  type KeyField,
  type Paging,
  type PagingLimits,
  type PartialQueryResult,
  parseId,
  parseKey,
  type QueryArgs,
  type QueryCallOptions,
  type QueryErrorContext,
  type QueryErrorLogEntry,
  type QueryErrorLogger,
  type QueryOperation,
  type QueryReadOptions,
  type QueryResult,
  type QueryServiceOptions,
  type ResolvedQueryServiceOptions,
  resolveKey,
  resolvePaging,
  resolveQueryServiceOptions,
} from '../query/index.js';
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
  type FieldsQuery,
  isEnvelopeSelection,
  META_FIELDS,
  type MetaField,
  type PageProjection,
  type ProjectedItem,
  type ProjectedPage,
  type ReadContext,
  Resource,
  type ResourceDefinition,
  type ResourceEnvironment,
  type ResourceMapContext,
  type ResourcePage,
  type ResourceQueryOptions,
  type ResourceQueryService,
  type ResourceReadOptions,
  type ResourceReadQuery,
  type ResourceServiceOptions,
} from '../resource/index.js';
export {
  type DecimalLike,
  isDecimalLike,
  type Serialized,
  serializeValue,
} from '../serialization/index.js';
