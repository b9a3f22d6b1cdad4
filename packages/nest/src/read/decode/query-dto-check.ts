import { COUNT_MODES, type FacetIssue, isPlainObject } from '@facet/core';
import { CountQueryDTO, DetailQueryDTO } from '../../dto/detail-query.dto.js';
import { QueryDTO } from '../../dto/query.dto.js';
import { isSearchTextValue } from '../../dto/query-validators.js';

// Facet's own query DTOs, checked in one pass without class-transformer's copy and
// class-validator's metadata walk, which cost about as much as the rest of Facet's own work on a
// list request (bench profile). The rules are the DTOs' decorators restated; a property test
// (`test/query-dto-check.test.ts`) holds the two to the same issues, in the same order, for any input.
// A subclass of these DTOs, or any other class, is validated by class-validator as before.

type Check = (value: unknown) => boolean;

/** A key as an issue path segment: array indexes as numbers, as class-validator's errors give them. */
export function pathSegment(property: string): string | number {
  return /^(0|[1-9]\d{0,8})$/.test(property) ? Number(property) : property;
}

// class-validator's `@IsObject()`, which `where`, `include` and `select` are declared with.
const isObjectOrFunction: Check = (value) =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && !Array.isArray(value);
const isPositiveInteger: Check = (value) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;

interface Rule {
  readonly key: string;
  readonly valid: Check;
  readonly message: string;
}

const WHERE: Rule = { key: 'where', valid: isObjectOrFunction, message: 'where must be an object' };
const DETAIL: readonly Rule[] = [
  {
    key: 'orderBy',
    valid: (value) =>
      isPlainObject(value) || (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)),
    message: 'orderBy must be an object or a non-empty array of objects',
  },
  { key: 'include', valid: isObjectOrFunction, message: 'include must be an object' },
  { key: 'select', valid: isObjectOrFunction, message: 'select must be an object' },
  {
    key: 'fields',
    valid: (value) => typeof value === 'string' || value instanceof String,
    message: 'fields must be a string',
  },
];
const SEARCH: Rule = { key: 'q', valid: isSearchTextValue, message: 'q must be a text' };
const COUNT: Rule = {
  key: 'count',
  valid: (value) => (COUNT_MODES as readonly unknown[]).includes(value),
  message: `count must be one of ${COUNT_MODES.join(', ')}`,
};
const PAGING: readonly Rule[] = [
  { key: 'page', valid: isPositiveInteger, message: 'page must be a positive integer' },
  { key: 'perPage', valid: isPositiveInteger, message: 'perPage must be a positive integer' },
  {
    key: 'after',
    valid: (value) => (typeof value === 'string' || value instanceof String) && value.length >= 1,
    message: 'after must be a cursor (meta.nextCursor of an earlier page)',
  },
  {
    key: 'before',
    valid: (value) => (typeof value === 'string' || value instanceof String) && value.length >= 1,
    message: 'before must be a cursor (meta.prevCursor of a page)',
  },
];

// In class-validator's order: a class's own properties first, then those it inherits in the order
// they were declared (FilterQueryDTO's `where` before DetailQueryDTO's).
const RULES = new Map<unknown, readonly Rule[]>([
  [CountQueryDTO, [SEARCH, WHERE]],
  [DetailQueryDTO, [...DETAIL, WHERE]],
  [QueryDTO, [...PAGING, SEARCH, COUNT, WHERE, ...DETAIL]],
]);

/** The parameters one of Facet's query DTOs (exactly that class) declares, or `undefined` for another class. */
export function facetDtoKeys(type: unknown): ReadonlySet<string> | undefined {
  const rules = RULES.get(type);
  return rules === undefined ? undefined : new Set(rules.map((rule) => rule.key));
}

/**
 * The issues of a decoded query against one of Facet's query DTOs (exactly that class), or
 * `undefined` when this check does not cover the class or the value.
 */
export function checkQueryDto(type: unknown, value: unknown): FacetIssue[] | undefined {
  const rules = RULES.get(type);
  if (rules === undefined || !isPlainObject(value)) return undefined;
  const issues: FacetIssue[] = [];
  for (const key of Object.keys(value)) {
    if (!rules.some((rule) => rule.key === key)) {
      issues.push({
        code: 'unknown_key',
        path: [pathSegment(key)],
        message: 'This parameter is not accepted here.',
      });
    }
  }
  for (const rule of rules) {
    const item = value[rule.key];
    if (item !== undefined && item !== null && !rule.valid(item)) {
      issues.push({ code: 'invalid_value', path: [rule.key], message: rule.message });
    }
  }
  return issues;
}
