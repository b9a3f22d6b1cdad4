import { type FacetIssue, FacetQueryError } from '@facet/core';

export interface Paging {
  readonly page: number;
  readonly perPage: number;
}

export interface PagingLimits {
  readonly defaultPerPage: number;
  readonly maxPerPage: number;
  /** Largest `page`; `undefined`: no limit. */
  readonly maxPage?: number;
}

const CANONICAL_POSITIVE_INTEGER = /^[1-9]\d*$/;

// Numbers arrive decoded from the wire codec; a canonical decimal string ('2') is accepted too, for
// callers that pass an undecoded query string. '1.5', '02', '1e3', ' 2', arrays and NaN are not.
function toPositiveInteger(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && CANONICAL_POSITIVE_INTEGER.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

/**
 * Reads `page` and `perPage` of a `query` call. `page` defaults to 1 and `perPage` to the
 * service's default; a value that is not a positive integer, or a `perPage` above the maximum, is
 * refused (a 400 through `FacetQueryError`), never clamped and never read as "all".
 */
export function resolvePaging(input: { page?: unknown; perPage?: unknown }, limits: PagingLimits): Paging {
  const issues: FacetIssue[] = [];
  let page = 1;
  let perPage = limits.defaultPerPage;
  if (input.page !== undefined) {
    const value = toPositiveInteger(input.page);
    if (value === undefined) {
      issues.push({
        code: 'invalid_type',
        path: ['page'],
        expected: 'a positive integer',
        message: 'page must be a positive integer',
      });
    } else if (limits.maxPage !== undefined && value > limits.maxPage) {
      issues.push({
        code: 'invalid_value',
        path: ['page'],
        limit: limits.maxPage,
        message: `page must not be greater than ${limits.maxPage}`,
      });
    } else page = value;
  }
  if (input.perPage !== undefined) {
    const value = toPositiveInteger(input.perPage);
    if (value === undefined) {
      issues.push({
        code: 'invalid_type',
        path: ['perPage'],
        expected: 'a positive integer',
        message: 'perPage must be a positive integer',
      });
    } else if (value > limits.maxPerPage) {
      issues.push({
        code: 'invalid_value',
        path: ['perPage'],
        limit: limits.maxPerPage,
        message: `perPage must not be greater than ${limits.maxPerPage}`,
      });
    } else perPage = value;
  }
  const [first, ...rest] = issues;
  if (first !== undefined) throw new FacetQueryError([first, ...rest]);
  return { page, perPage };
}
