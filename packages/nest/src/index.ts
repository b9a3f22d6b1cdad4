// Public surface of @facet/nest, one export block per module (kept sorted by Biome).
// CASL and OpenAPI helpers live in the `@facet/nest/casl` and `@facet/nest/swagger` sub-paths
// so that their optional peers are never loaded from the root.
export {
  type AccessibleWhere,
  mergeAccessWhere,
} from './access/index.js';
export { AggregateQueryDTO } from './dto/aggregate-query.dto.js';
export { CountQueryDTO, DetailQueryDTO } from './dto/detail-query.dto.js';
export { PageMetaDTO, type PartialPageMeta, PartialPageMetaDTO } from './dto/page-meta.dto.js';
export { PaginatedDTO } from './dto/paginated.dto.js';
export { QueryDTO } from './dto/query.dto.js';
export * from './errors/index.js';
export {
  FACET_MODULE_OPTIONS,
  FacetModule,
  type FacetModuleOptions,
  getResourceToken,
  InjectResource,
  type MutationRoute,
  ResourceController,
  type ResourceControllerBase,
  type ResourceControllerOptions,
} from './module/index.js';
export {
  FACET_VALIDATION_DEFAULTS,
  FacetQuery,
  FacetValidationPipe,
  parseQueryObject,
  QUERY_TRANSFORM_OPTIONS,
  type QueryTransformOptions,
  QueryTransformPipe,
  RefusePrototypeKeysPipe,
  validationErrorsToException,
} from './pipes/index.js';
// allow-lists, budgets and relation access (issue 7)
export {
  AccessSubject,
  assertQueryPolicy,
  checkQueryPolicy,
  DEFAULT_QUERY_BUDGET,
  getAccessSubject,
  type QueryBudget,
  type QueryPolicyInput,
  type QueryPolicyOptions,
  type RelationScopeOptions,
  type ResolvedQueryBudget,
  resolveQueryBudget,
  SCALAR_FILTER_OPERATORS,
  scopeRelationAccess,
} from './policy/index.js';
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
  getFieldSchema,
  type IncludeTree,
  isFieldVisible,
  type PreparedFieldsQuery,
  type PreparedQuery,
  type PrepareFieldsQueryOptions,
  prepareFieldsQuery,
  Relation,
  type RelationFieldDefinition,
  type RelationOptions,
  type ScalarFieldDefinition,
} from './projection/index.js';
export {
  type BaseDelegateTypeMap,
  type CountArgs,
  DEFAULT_QUERY_SERVICE_OPTIONS,
  type DelegateAggregate,
  type DelegateRecord,
  type DelegateTypeMap,
  detectIdType,
  type ErrorLoggerScope,
  type FindArgs,
  type FindByIdArgs,
  type FindUniqueArgs,
  type IdType,
  type ModelTypes,
  type Paging,
  type PagingLimits,
  type PartialQueryResult,
  parseId,
  type QueryArgs,
  type QueryCallOptions,
  type QueryDelegate,
  type QueryErrorContext,
  type QueryErrorLogEntry,
  type QueryErrorLogger,
  type QueryOperation,
  type QueryResult,
  QueryService,
  type QueryServiceOptions,
  type ResolvedQueryServiceOptions,
  readModelTypes,
  resolvePaging,
  resolveQueryServiceOptions,
  type ScalarType,
} from './query/index.js';
export {
  type AnyResourceDefinition,
  defineResource,
  isEnvelopeSelection,
  META_FIELDS,
  type MetaField,
  type PageProjection,
  type ReadContext,
  Resource,
  type ResourceDefinition,
  type ResourceMapContext,
  type ResourceOf,
  type ResourcePage,
  ResourceQuery,
  type ResourceQueryOptions,
  type ResourceQueryService,
  type ResourceReadOptions,
  type ResourceServiceOptions,
} from './resource/index.js';
export {
  type DecimalLike,
  isDecimalLike,
  type Serialized,
  serializeValue,
} from './serialization/index.js';
