export { AGGREGATE_TYPES, type AggregateUse } from './aggregate-types.js';
export {
  assertQueryPolicy,
  checkQueryPolicy,
  type QueryPolicyInput,
  type QueryPolicyOptions,
} from './check-query.js';
export {
  type FilterKind,
  LIST_OPERATORS,
  type Mode,
  OPERATORS,
  type OperandShape,
  type OperandType,
  type OperatorRow,
  type OperatorRule,
  SCALAR_FILTER_OPERATORS,
  type SqlClass,
} from './operators.js';
export { COUNT_KEY, LOGICAL_OPERATORS, TO_MANY_FILTERS, TO_ONE_FILTERS } from './prisma-operators.js';
export {
  DEFAULT_QUERY_BUDGET,
  type QueryBudget,
  type ResolvedQueryBudget,
  resolveQueryBudget,
} from './query-budget.js';
export { serverWhere } from './server-where.js';
