// Public surface of @facet/nest: what an application uses. Building blocks live in
// `@facet/nest/advanced`; CASL and OpenAPI helpers in `@facet/nest/casl` and `@facet/nest/swagger`,
// so that their optional peers are never loaded from the root. Every type a signature here names is
// exported here too (API Extractor's `ae-forgotten-export` is an error), so an application can write
// its own signatures around these; a type shared with `/advanced` is exported by both.

export type { AccessibleWhere } from './access/index.js';
export {
  CountQueryDTO,
  DetailQueryDTO,
} from './dto/detail-query.dto.js';
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
export { FacetExceptionFilter, type ReplyingAdapter } from './errors/facet-exception.filter.js';
export { FacetQueryException } from './errors/facet-query.exception.js';
export {
  DEFAULT_BODY_LIMIT,
  type FacetFastifyOptions,
  type FacetFastifyReply,
  type FacetHttpOptions,
  facetFastifyOptions,
  useFacetHttp,
} from './http/index.js';
export type {
  ArgsMember,
  BaseDelegateTypeMap,
  DelegateAggregate,
  DelegateRecord,
  DelegateTypeMap,
  ElementOrSelf,
  ModelInfo,
  ModelTypes,
  OperationArgs,
  QueryDelegate,
  ResolvedModel,
  ScalarType,
} from './model/index.js';
export {
  FacetModule,
  type FacetModuleOptions,
  FacetUndeclaredQueryInterceptor,
  InjectResource,
  type MutationRoute,
  ResourceController,
  type ResourceControllerBase,
  type ResourceControllerOptions,
  type UndeclaredQueryScope,
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
export { AccessSubject, type QueryBudget } from './policy/index.js';
export {
  type DtoClass,
  Field,
  type FieldContext,
  type FieldDefinition,
  type FieldExpose,
  type FieldOptions,
  FieldProjection,
  type FieldSchema,
  Fields,
  type FieldsQueryInput,
  type IncludeTree,
  type PreparedFieldsQuery,
  type PreparedQuery,
  type PrepareFieldsQueryOptions,
  prepareFieldsQuery,
  Relation,
  type RelationFieldDefinition,
  type RelationOptions,
  type ResolvedEntry,
  type ResolvedSelection,
  type ScalarFieldDefinition,
} from './projection/index.js';
export {
  type CountArgs,
  type DelegateArgs,
  type ErrorLoggerScope,
  type FindArgs,
  type FindByIdArgs,
  type FindUniqueArgs,
  type IdPart,
  type IdType,
  type KeyField,
  type KeysetQueryResult,
  type PartialQueryResult,
  type QueryArgs,
  type QueryCallOptions,
  type QueryErrorContext,
  type QueryErrorLogEntry,
  type QueryErrorLogger,
  type QueryOperation,
  type QueryReadOptions,
  type QueryResult,
  QueryService,
  type QueryServiceOptions,
  type RecordId,
  type ResolvedQueryServiceOptions,
  serverWhere,
} from './query/index.js';
export {
  CONSISTENCY_HEADER,
  FacetConsistencyInterceptor,
  type ReadRoutingOptions,
  type ReplicaOptions,
  type ReplicaState,
} from './replicas/index.js';
export {
  type AnyResourceDefinition,
  type DtoOf,
  defineResource,
  type FieldsQuery,
  type Jsonified,
  type ProjectedItem,
  type ProjectedPage,
  type ReadContext,
  Resource,
  type ResourceDefinition,
  type ResourceEnvironment,
  type ResourceItem,
  type ResourceMapContext,
  type ResourceOf,
  type ResourcePage,
  ResourceQuery,
  type ResourceQueryOptions,
  type ResourceQueryService,
  type ResourceReadOptions,
  type ResourceReadQuery,
  type ResourceServiceOptions,
} from './resource/index.js';
export type { Serialized } from './serialization/index.js';
