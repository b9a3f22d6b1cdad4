// Public surface of @facet/nest: what an application uses. Building blocks live in
// `@facet/nest/advanced`; CASL and OpenAPI helpers in `@facet/nest/casl` and `@facet/nest/swagger`,
// so that their optional peers are never loaded from the root.

export {
  CountQueryDTO,
  DetailQueryDTO,
} from './dto/detail-query.dto.js';
export { PageMetaDTO } from './dto/page-meta.dto.js';
export { PaginatedDTO } from './dto/paginated.dto.js';
export { QueryDTO } from './dto/query.dto.js';
export { FacetExceptionFilter, FacetQueryErrorFilter } from './errors/facet-exception.filter.js';
export { FacetQueryException } from './errors/facet-query.exception.js';
export {
  DEFAULT_BODY_LIMIT,
  type FacetFastifyOptions,
  type FacetFastifyReply,
  type FacetHttpOptions,
  facetFastifyOptions,
  useFacetHttp,
} from './http/index.js';
export type { BaseDelegateTypeMap, ModelInfo } from './model/index.js';
export {
  FacetModule,
  type FacetModuleOptions,
  FacetUndeclaredQueryInterceptor,
  InjectResource,
  type MutationRoute,
  ResourceController,
  type ResourceControllerOptions,
  type UndeclaredQueryScope,
} from './module/index.js';
export {
  AllowUndeclaredQuery,
  FacetQuery,
  FacetValidationPipe,
  parseQueryObject,
  QueryParameters,
  QueryTransformPipe,
} from './pipes/index.js';
export { AccessSubject } from './policy/index.js';
export {
  Field,
  type FieldContext,
  Fields,
  prepareFieldsQuery,
  Relation,
} from './projection/index.js';
export {
  type QueryReadOptions,
  QueryService,
  type QueryServiceOptions,
  type RecordId,
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
  type DtoOf,
  defineResource,
  type FieldsQuery,
  type Jsonified,
  type ProjectedItem,
  type ProjectedPage,
  type ReadContext,
  Resource,
  type ResourceDefinition,
  type ResourceItem,
  type ResourceOf,
  type ResourcePage,
  ResourceQuery,
  type ResourceReadQuery,
} from './resource/index.js';
