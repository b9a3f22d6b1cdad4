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
// The parts the public `fields` types below are built from, importable so that every type they
// name is; they may change in any minor version (see fieldsGrammar.ts).
export type * as FieldsGrammar from './fields/fieldsGrammar.js';
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
  CountedPage,
  FieldPath,
  SelectFields,
  SelectPage,
  SelectPaths,
} from './fields/selectFields.js';
export { stringifyFields } from './fields/stringifyFields.js';
export {
  type FacetIssue,
  type FacetIssueBase,
  type FacetIssueCode,
  type FacetIssues,
  FacetQueryError,
  type ForbiddenFieldIssue,
  formatIssuePath,
  type InvalidCursorIssue,
  type InvalidTypeIssue,
  type InvalidValueIssue,
  type IssuePath,
  isFacetQueryError,
  type PrototypeKeyIssue,
  type TooCostlyIssue,
  type TooDeepIssue,
  type TooManyIssue,
  type UnknownKeyIssue,
} from './issues.js';
export {
  computePageMeta,
  hasNextPage,
  hasPrevPage,
  type PageMetaInput,
  pageCount,
} from './page/pageMeta.js';
export type { CountKind, CountMode, PageMeta, Paginated, QueryInput } from './types.js';
export {
  CONSISTENCY_HEADER,
  COUNT_MODES,
  type FacetErrorBody,
  type FacetErrorIssue,
  PAGE_META_FIELDS,
  type PageMetaField,
} from './wire.js';
