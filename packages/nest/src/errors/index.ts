export {
  type ClassifyErrorOptions,
  classifyError,
  type DatabaseFaultStatus,
  type ErrorClassification,
  type ErrorKind,
  type ForbiddenErrorStatus,
  isHttpExceptionLike,
  type KnownRequestErrorStatus,
} from './classify-error.js';
export { FacetConfigurationError } from './facet-configuration.error.js';
export { FacetExceptionFilter, FacetQueryErrorFilter, toFacetErrorBody } from './facet-exception.filter.js';
export { type FacetErrorBody, FacetQueryException, type PublicIssue } from './facet-query.exception.js';
export { FACET_ERROR_CODES, notFoundException, toHttpException } from './prisma-error.mapper.js';
