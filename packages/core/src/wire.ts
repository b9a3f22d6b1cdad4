// What travels between a Facet server and its clients besides the query itself: the error body,
// the read-your-writes header, and the page-meta field names. Both halves import these, so a name
// changed on one side is a compile error on the other.
import type { FacetIssueCode } from './issues.js';
import type { CountMode, PageMeta } from './types.js';

/**
 * The header a Facet server answers a write with (a token of the primary's position) and reads
 * back from the client's next requests, so that they never see data older than the write.
 */
export const CONSISTENCY_HEADER = 'Facet-Consistency';

/**
 * An issue of a refused query as it is sent: its code, the path rendered with `formatIssuePath`,
 * the message, and its position or limit where it has one. `TCode` is `string` for a reader of
 * bodies from any server (a newer one may send a code this version does not know).
 */
export interface FacetErrorIssue<TCode extends string = FacetIssueCode> {
  readonly code: TCode;
  readonly path: string;
  readonly message: string;
  readonly position?: number;
  readonly limit?: number;
}

/**
 * The body of every error response a Facet server builds. `code` is stable and machine-readable.
 * An application's own exceptions keep the body they were given (a `ValidationPipe`'s `message`
 * list stays a list), with a `code` added where they had none.
 */
export interface FacetErrorBody<TCode extends string = FacetIssueCode> {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly code: string;
  /** The offending query path, rendered with `formatIssuePath`, where one applies. */
  readonly path?: string;
  /** Every issue found, without raw input. Present for refused queries only. */
  readonly issues?: readonly FacetErrorIssue<TCode>[];
}

/**
 * The fields of a page's `meta`, in the order a server writes them: what a `meta{…}` projection
 * may name (docs/spec-conformance.md#23-page-meta-fields, plus the two flags and the keyset cursor).
 */
export const PAGE_META_FIELDS = [
  'page',
  'perPage',
  'itemCount',
  'pageCount',
  'countMode',
  'hasPrevPage',
  'hasNextPage',
  'nextCursor',
  'prevCursor',
] as const satisfies readonly (keyof PageMeta)[];

/** One of `PAGE_META_FIELDS`. */
export type PageMetaField = (typeof PAGE_META_FIELDS)[number];

/** The values of a list's `count` parameter, the default first (see `CountMode`). */
export const COUNT_MODES = ['exact', 'estimated', 'none'] as const satisfies readonly CountMode[];
