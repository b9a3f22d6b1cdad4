// `@facet/nest/swagger`: OpenAPI decorators. This sub-path imports @nestjs/swagger (an optional
// peer); the package root never does.

export type {
  DatabaseFaultStatus,
  ErrorKind,
  ForbiddenErrorStatus,
  KnownRequestErrorStatus,
} from '../errors/index.js';
export type {
  DelegateRecord,
  ForeignKey,
  ModelInfo,
  ModelTypes,
  QueryDelegate,
  ScalarType,
} from '../model/index.js';
export type { DtoClass, FieldContext, IncludeTree } from '../projection/index.js';
export type {
  ErrorLoggerScope,
  IdPart,
  IdType,
  QueryErrorContext,
  QueryErrorLogEntry,
  QueryErrorLogger,
  QueryOperation,
  QueryServiceOptions,
  RecordId,
} from '../query/index.js';
export type { ExportFormat } from '../read/check/check-export.js';
export type { QueryBudget } from '../read/check/index.js';
export type { ReadEngineName } from '../read/execute/sql-reads.js';
export type { ExportSummary } from '../read/read-export.js';
export type { AccessAction, AccessibleWhere } from '../read/scope/index.js';
export type {
  AnyResourceDefinition,
  ResourceDefinition,
  ResourceExportOptions,
  ResourceMapContext,
  ResourceServiceOptions,
} from '../resource/index.js';
export type * from '../write/index.js';
export {
  ApiFacetErrors,
  type ApiFacetErrorsOptions,
  type FacetErrorStatus,
} from './api-facet-errors.decorator.js';
export { ApiFacetQuery, type ApiFacetQueryOptions } from './api-facet-query.decorator.js';
export {
  ApiPaginatedResponse,
  type ApiPaginatedResponseOptions,
} from './api-paginated-response.decorator.js';
export { ApiResourceRoutes, type DocumentedResource } from './api-resource-routes.decorator.js';
export {
  type DescribeResourceQueriesOptions,
  describeResourceQueries,
} from './describe-resource-queries.js';
export type { ReferenceObject, SchemaObject } from './openapi-types.js';
export { type ResourceDocumentsOptions, resourceDocuments } from './resource-documents.js';
export { FACET_ERROR_BODY_SCHEMA, PAGE_META_SCHEMA } from './schemas.js';
