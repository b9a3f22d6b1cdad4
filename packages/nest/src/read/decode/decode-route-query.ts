import {
  type DecodeQueryInput,
  type DecodeQueryOptions,
  decodeQuery,
  type FacetIssue,
  FacetQueryError,
} from '@facet/core';
import type { Type } from '@nestjs/common';
import { declaredQueryKeys } from './declared-query-keys.js';
import { checkQueryDto, pathSegment } from './query-dto-check.js';

// The decode stage of a read: the raw query string of a request becomes the decoded query object a
// route's DTO declares, or a FacetQueryError naming what was refused. Nothing here knows Nest's
// request pipeline; the adapters in pipes/ and module/ call it and decide what is thrown.

interface RequestWithUrl {
  readonly originalUrl?: unknown;
  readonly url?: unknown;
  readonly raw?: { readonly url?: unknown };
}

/** The query string of the request as it arrived, before any platform parser saw it. */
export function rawQueryString(request: unknown): string {
  const { originalUrl, url, raw } = (request ?? {}) as RequestWithUrl;
  const candidate = [originalUrl, url, raw?.url].find((value) => typeof value === 'string');
  if (typeof candidate !== 'string') return '';
  const mark = candidate.indexOf('?');
  return mark === -1 ? '' : candidate.slice(mark + 1);
}

const NOT_ACCEPTED = 'This parameter is not accepted here.';

/** The parameters of a decoded query that are not among `declared`. */
function undeclaredIssues(query: Record<string, unknown>, declared: ReadonlySet<string>): FacetIssue[] {
  return Object.keys(query)
    .filter((key) => !declared.has(key))
    .map((key) => ({ code: 'unknown_key', path: [pathSegment(key)], message: NOT_ACCEPTED }));
}

/**
 * Decodes a raw query with `limits` (`decodeQuery`'s) and checks it against `dto`: Facet's own query
 * DTOs whole, in one pass; any other class for the parameters it declares (its values are then
 * class-validator's to judge).
 *
 * @throws {FacetQueryError} for input the decoder refuses, a parameter the DTO does not declare
 *   (`unknown_key`), or a value one of Facet's DTOs does not allow (`invalid_value`).
 */
export function decodeRouteQuery(
  raw: DecodeQueryInput,
  dto: Type<object>,
  limits?: DecodeQueryOptions,
): Record<string, unknown> {
  const query = decodeQuery(raw, limits);
  const [first, ...rest] = checkQueryDto(dto, query) ?? undeclaredIssues(query, declaredQueryKeys(dto));
  if (first !== undefined) throw new FacetQueryError([first, ...rest]);
  return query;
}

/**
 * The issues of a raw query string on a route that declares `names`: each decoded parameter it does
 * not declare. Decoding first gives hostile keys (`__proto__`, floods, over-deep keys, a value
 * without a name) the refusals they get on every other route.
 *
 * @throws {FacetQueryError} for input the decoder refuses.
 */
export function undeclaredQueryIssues(raw: string, names: ReadonlySet<string>): FacetIssue[] {
  return undeclaredIssues(decodeQuery(raw), names);
}
