export type { AccessAction, AccessibleWhere } from './access.types.js';
export { AccessSubject, getAccessSubject } from './access-subject.js';
export { mergeAccessWhere } from './merge-access-where.js';
export { type RelationScopeOptions, scopeRelationAccess } from './scope-relations.js';
