export { declaredQueryKeys } from '../read/decode/declared-query-keys.js';
export { FacetQuery } from './facet-query.decorator.js';
export {
  FACET_VALIDATION_DEFAULTS,
  FacetValidationPipe,
  validationErrorsToException,
} from './facet-validation.pipe.js';
export { parseQueryObject } from './parse-query-object.js';
export { AllowUndeclaredQuery, QueryParameters } from './query-parameters.js';
export { QUERY_TRANSFORM_OPTIONS, type QueryTransformOptions } from './query-transform.options.js';
export { QueryTransformPipe } from './query-transform.pipe.js';
export { RefusePrototypeKeysPipe } from './refuse-prototype-keys.pipe.js';
