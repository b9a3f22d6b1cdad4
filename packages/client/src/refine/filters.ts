// Refine's filters (`CrudFilter`) as Facet's where grammar (Prisma's where-input, checked by the
// server). Every operator either maps to a where-input whose rows are the ones Refine's operator
// names, or throws `RefineFilterError`: a filter is never dropped or loosened.
import type { ConditionalFilter, CrudFilter, CrudOperators, LogicalFilter } from '@refinedev/core';

/**
 * The database behind the Facet server, which decides how text is compared: PostgreSQL compares
 * case-sensitively and has Prisma's `mode: 'insensitive'`; MySQL/MariaDB compare by the column's
 * collation (case-insensitive by default) and have no `mode`.
 */
export type FacetDatabase = 'postgresql' | 'mysql';

/** A where-input: one object of Facet's where grammar. */
export type FacetWhere = { readonly [key: string]: unknown };

/** A Refine filter Facet cannot express, or a malformed one; the message names it. */
export class RefineFilterError extends Error {
  override readonly name = 'RefineFilterError';
  constructor(
    message: string,
    /** The filter's field, or the operator for `or`/`and`. */
    readonly field: string,
    readonly operator: CrudOperators,
  ) {
    super(message);
  }
}

type TextOperator = 'equals' | 'contains' | 'startsWith' | 'endsWith';

/** Text operators: Refine's name → Prisma's operator, case-sensitivity, negation. */
const TEXT: Partial<Record<CrudOperators, readonly [TextOperator, 'sensitive' | 'insensitive', boolean]>> = {
  eqs: ['equals', 'sensitive', false],
  nes: ['equals', 'sensitive', true],
  contains: ['contains', 'insensitive', false],
  ncontains: ['contains', 'insensitive', true],
  containss: ['contains', 'sensitive', false],
  ncontainss: ['contains', 'sensitive', true],
  startswith: ['startsWith', 'insensitive', false],
  nstartswith: ['startsWith', 'insensitive', true],
  startswiths: ['startsWith', 'sensitive', false],
  nstartswiths: ['startsWith', 'sensitive', true],
  endswith: ['endsWith', 'insensitive', false],
  nendswith: ['endsWith', 'insensitive', true],
  endswiths: ['endsWith', 'sensitive', false],
  nendswiths: ['endsWith', 'sensitive', true],
};

const COMPARE: Partial<Record<CrudOperators, string>> = { lt: 'lt', gt: 'gt', lte: 'lte', gte: 'gte' };

/**
 * `filters` as one where-input (an AND of them), or `undefined` for none. Throws
 * `RefineFilterError` for an operator this database cannot honour or a malformed value.
 */
export function whereOfFilters(
  filters: readonly CrudFilter[] | undefined,
  database: FacetDatabase,
): FacetWhere | undefined {
  const parts = (filters ?? []).map((filter) => whereOfFilter(filter, database));
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { AND: parts };
}

function whereOfFilter(filter: CrudFilter, database: FacetDatabase): FacetWhere {
  // `value: any` keeps TypeScript from narrowing the union by `operator`.
  if (filter.operator === 'or' || filter.operator === 'and')
    return logical(filter as ConditionalFilter, database);
  return condition(filter as LogicalFilter, database);
}

function logical(filter: ConditionalFilter, database: FacetDatabase): FacetWhere {
  const label = filter.key ?? filter.operator;
  if (!Array.isArray(filter.value)) {
    throw new RefineFilterError(`"${filter.operator}" takes a list of filters`, label, filter.operator);
  }
  // An empty AND is every row, unambiguously; an empty OR is no row, which a cleared filter group
  // would show by surprise: refused rather than guessed either way.
  if (filter.value.length === 0 && filter.operator === 'or') {
    throw new RefineFilterError('an empty "or" matches no row; leave the group out instead', label, 'or');
  }
  const parts = filter.value.map((inner) => whereOfFilter(inner, database));
  return filter.operator === 'or' ? { OR: parts } : { AND: parts };
}

function condition(filter: LogicalFilter, database: FacetDatabase): FacetWhere {
  const { field, operator, value } = filter;
  const fail = (why: string): never => {
    throw new RefineFilterError(`filter "${operator}" on "${field}": ${why}`, field, operator);
  };
  if (typeof field !== 'string' || field === '') fail('no field');
  const text = TEXT[operator];
  let cell: FacetWhere;
  let negate = false;
  if (operator === 'null' || operator === 'nnull') {
    cell = operator === 'null' ? { equals: null } : { not: null };
  } else if (value === undefined) {
    return fail('no value');
  } else if (operator === 'eq' || operator === 'ne') {
    cell = { equals: value };
    negate = operator === 'ne';
  } else if (COMPARE[operator]) {
    cell = { [COMPARE[operator]]: value };
  } else if (operator === 'in' || operator === 'nin') {
    if (!Array.isArray(value)) fail('the value must be a list');
    cell = { in: value };
    negate = operator === 'nin';
  } else if (operator === 'between' || operator === 'nbetween') {
    if (!Array.isArray(value) || value.length !== 2) fail('the value must be a list of two bounds');
    cell = { gte: value[0], lte: value[1] };
    negate = operator === 'nbetween';
  } else if (text) {
    const [name, sensitivity, negated] = text;
    if (typeof value !== 'string') fail('the value must be a text');
    cell = textCell(name, sensitivity, value as string, database, fail);
    negate = negated;
  } else {
    // `ina`/`nina` (array columns) and anything Refine adds later: never passed on unread.
    return fail('Facet has no such operator');
  }
  const where = atPath(field, cell);
  return negate ? { NOT: where } : where;
}

function textCell(
  name: TextOperator,
  sensitivity: 'sensitive' | 'insensitive',
  value: string,
  database: FacetDatabase,
  fail: (why: string) => never,
): FacetWhere {
  if (database === 'postgresql') {
    return sensitivity === 'insensitive' ? { [name]: value, mode: 'insensitive' } : { [name]: value };
  }
  // MySQL/MariaDB: the collation decides, and the default ones ignore case; a case-sensitive
  // match would silently match other cases.
  if (sensitivity === 'sensitive') {
    fail('a case-sensitive match is not available on MySQL/MariaDB (its collations ignore case)');
  }
  return { [name]: value };
}

/** `author.name` → `{ author: { is: { name: cell } } }`: a dotted path goes through to-one relations. */
function atPath(field: string, cell: FacetWhere): FacetWhere {
  const names = field.split('.');
  let where: FacetWhere = { [names[names.length - 1] as string]: cell };
  for (let i = names.length - 2; i >= 0; i -= 1) where = { [names[i] as string]: { is: where } };
  return where;
}
