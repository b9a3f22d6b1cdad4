export { type DecimalLike, isDecimalLike } from './is-decimal-like.js';
export { type Serialized, serializeValue } from './serialize-value.js';
