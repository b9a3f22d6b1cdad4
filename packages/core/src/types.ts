/** Page information of a paged read. `pageCount` is 0 when there are no items. */
/**
 * How a list counts its matching rows (`count=`): `exact` (the default), `estimated` (exact up to
 * a threshold, the database planner's estimate above it) or `none` (no count runs; the meta has no
 * `itemCount` or `pageCount`).
 */
export type CountMode = 'exact' | 'estimated' | 'none';

/** What `meta.countMode` says a page's `itemCount` is: a count, or the planner's estimate. */
export type CountKind = Exclude<CountMode, 'none'>;

export interface PageMeta {
  readonly page: number;
  readonly perPage: number;
  readonly itemCount: number;
  readonly pageCount: number;
  readonly hasPrevPage: boolean;
  readonly hasNextPage: boolean;
  /**
   * Whether `itemCount` (and `pageCount`) is a count or the database's estimate. Present when the
   * request asked for a count mode (`count=exact` or `count=estimated`) and a count ran; absent
   * otherwise, so the default page meta keeps the specification's shape.
   */
  readonly countMode?: CountKind;
  /**
   * The position after this page's last row, for `after=` (keyset paging): a non-empty opaque
   * string when more rows follow, `null` on the last page. Every list answer of `@facet/nest` has it.
   */
  readonly nextCursor?: string | null;
  /**
   * The position before this page's first row, for `before=` (keyset paging): a non-empty opaque
   * string when rows precede, `null` on the first page. Every list answer of `@facet/nest` has it.
   */
  readonly prevCursor?: string | null;
}

/** The paged envelope on the wire: what a list endpoint returns and the client receives. */
export interface Paginated<TItem> {
  readonly items: TItem[];
  readonly meta: PageMeta;
}

/**
 * The query input of a read, as the client sends it and the server receives it after decoding.
 * Each part is typed by the application (Prisma's generated inputs on the server).
 */
export interface QueryInput<
  TWhere = Record<string, unknown>,
  TOrderBy = Record<string, unknown>,
  TInclude = Record<string, unknown>,
> {
  page?: number;
  perPage?: number;
  /** `meta.nextCursor` of an earlier page: the rows after it (keyset paging; not with `page`). */
  after?: string;
  /**
   * `meta.prevCursor` of a page: the rows before it, in the same order (keyset paging; not with
   * `page` or `after`).
   */
  before?: string;
  where?: TWhere;
  orderBy?: TOrderBy | TOrderBy[];
  include?: TInclude;
  select?: Record<string, unknown>;
  /** Projection expression: `id,title,author{name}`. */
  fields?: string;
  /**
   * A search text: the rows where a field the resource marks searchable, and the caller may see,
   * contains it, literally and case-insensitively where the database can (list, count, aggregate
   * and export reads).
   */
  q?: string;
  /** How a list counts its matches; see `CountMode`. Lists only. */
  count?: CountMode;
}
