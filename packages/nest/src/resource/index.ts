export { isEnvelopeSelection, META_FIELDS, type MetaField, type PageProjection } from './envelope.js';
export { ResourceQuery } from './resource-query.js';
export type {
  ResourceMapContext,
  ResourcePage,
  ResourceQueryOptions,
  ResourceQueryService,
  ResourceReadOptions,
} from './resource-query.types.js';
