export type {
  ArgsMember,
  BaseDelegateTypeMap,
  DelegateAggregate,
  DelegateRecord,
  DelegateTypeMap,
  ElementOrSelf,
  OperationArgs,
  QueryDelegate,
} from './delegate.types.js';
export { type ModelInfo, type ResolvedModel, resolveModel } from './model-info.js';
export { type ForeignKey, type ModelTypes, readModelTypes, type ScalarType } from './model-types.js';
