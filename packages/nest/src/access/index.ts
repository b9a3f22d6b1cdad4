export type { AccessibleWhere } from './access.types.js';
export { mergeAccessWhere } from './merge-access-where.js';
