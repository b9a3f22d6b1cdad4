export { decodedText } from './codec/decodedText.js';
export {
  DEFAULT_DECODE_OPTIONS,
  type DecodeQueryOptions,
  type ResolvedDecodeQueryOptions,
  resolveDecodeOptions,
} from './codec/decodeOptions.js';
export {
  type DecodeQueryInput,
  decodeQuery,
  type QueryParamsLike,
  type QueryRecord,
  type QueryRecordValue,
} from './codec/decodeQuery.js';
export { type EncodeQueryOptions, encodeQuery } from './codec/encodeQuery.js';
export { isPlainObject, isPrototypeKey } from './codec/prototypeKeys.js';
export { type FieldSelection, isFieldName, isFieldSelection } from './fields/fieldSelection.js';
export { parseFields } from './fields/parseFields.js';
export {
  DEFAULT_PARSE_FIELDS_OPTIONS,
  type ParseFieldsOptions,
  type ResolvedParseFieldsOptions,
  resolveParseFieldsOptions,
} from './fields/parseFieldsOptions.js';
export type {
  CheckFields,
  CheckPath,
  FieldPath,
  SelectFields,
  SelectPage,
  SelectPaths,
} from './fields/selectFields.js';
export { stringifyFields } from './fields/stringifyFields.js';
export {
  type FacetIssue,
  type FacetIssueCode,
  type FacetIssues,
  FacetQueryError,
  formatIssuePath,
  type IssuePath,
  isFacetQueryError,
} from './issues.js';
export {
  computePageMeta,
  hasNextPage,
  hasPrevPage,
  type PageMetaInput,
  pageCount,
} from './page/pageMeta.js';
export type { PageMeta, Paginated, QueryInput } from './types.js';
