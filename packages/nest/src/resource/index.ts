export {
  isEnvelopeSelection,
  META_FIELDS,
  type MetaField,
  type PageProjection,
} from '../read/check/envelope.js';
export {
  type AnyResourceDefinition,
  defineResource,
  type ResourceDefinition,
  type ResourceServiceOptions,
} from './define-resource.js';
export type { ResourceExportOptions } from './export-options.js';
export {
  type ReadContext,
  Resource,
  type ResourceEnvironment,
  type ResourceNarrowing,
  type ResourceOf,
} from './resource.js';
export type {
  ResourceAggregateArgs,
  ResourceGroup,
  ResourceGroupByArgs,
  ResourceGroups,
} from './resource-aggregate.js';
export { ResourceQuery } from './resource-query.js';
export type {
  ResourceMapContext,
  ResourcePage,
  ResourceQueryOptions,
  ResourceQueryService,
  ResourceReadOptions,
} from './resource-query.types.js';
export type {
  DtoOf,
  FieldsQuery,
  Jsonified,
  ProjectedItem,
  ProjectedPage,
  ResourceCreateBody,
  ResourceExportQuery,
  ResourceItem,
  ResourceReadQuery,
  ResourceUpdateBody,
  SentItem,
  UpdateBodyOf,
} from './resource-types.js';
export { ResourceWriter } from './resource-writer.js';
