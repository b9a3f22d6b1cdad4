export { constrainRelations, type ModelName } from './relationAccess.js';
export { assertVisibleFields, type FieldNamingQuery } from './visibleFields.js';
