import type { CountedPage, CountMode, Paginated, SelectFields, SelectPage } from '@facet/core';
// Types only: the sub-path never loads TanStack Query, so an app without it pays nothing and one
// with it keeps a single copy (its own).
import type { DataTag, InfiniteData } from '@tanstack/query-core';
import type {
  AggregateField,
  AggregateQuery,
  AggregateResult,
  GroupByQuery,
  GroupPage,
} from '../api/aggregate.js';
import type {
  ModuleApi,
  ModuleQuery,
  ModuleTypes,
  ResourceId,
  TypedModuleQuery,
} from '../api/useModuleApi.js';

/**
 * The page parameter of an infinite query: `null` for the first page, then `meta.nextCursor` (a
 * string, sent as `after`) for the next ones, or `{ before: meta.prevCursor }` for a page before
 * the first one loaded (after TanStack's `maxPages` dropped it, say).
 */
export type FacetPageParam = string | { readonly before: string } | null;

/**
 * What a query function reads of TanStack's context. Written out instead of `QueryFunctionContext`
 * so the options fit whichever copy of query-core the framework binding brings (vue-query may ship
 * its own): that type names TanStack's `QueryClient`, whose private fields make two copies clash.
 */
export interface FacetQueryContext {
  readonly signal: AbortSignal;
}

/** The context of an infinite query's function: the cursor to continue after. */
export interface FacetPageContext extends FacetQueryContext {
  readonly pageParam: FacetPageParam;
}

/**
 * What `list`, `get`, `findById` and `count` return: the shape of TanStack Query's `queryOptions`,
 * with the key tagged by the data type so `queryClient.getQueryData(options.queryKey)` is typed.
 */
export interface FacetQueryOptions<TData, TKey extends readonly unknown[]> {
  /** Plain JSON (name, kind, query), tagged with the data type for `getQueryData`. */
  readonly queryKey: DataTag<TKey, TData, Error>;
  /** Sends the request with TanStack's `signal`, so cancelling the query aborts it. */
  readonly queryFn: (context: FacetQueryContext) => Promise<TData>;
}

/** What `infinite` returns: the shape of TanStack Query's `infiniteQueryOptions`, paged by cursor. */
export interface FacetInfiniteQueryOptions<TPage, TKey extends readonly unknown[]> {
  /** The list's key with `'infinite'` after it, so list invalidations reach it too. */
  readonly queryKey: DataTag<TKey, InfiniteData<TPage, FacetPageParam>, Error>;
  /** Sends the page parameter as `after` (or `before`; none for the first page) and TanStack's `signal`. */
  readonly queryFn: (context: FacetPageContext) => Promise<TPage>;
  /** `null`: the first page is asked for without a cursor. */
  readonly initialPageParam: FacetPageParam;
  /** `meta.nextCursor`; `null` on the last page, which tells TanStack there is no next one. */
  readonly getNextPageParam: (lastPage: TPage) => FacetPageParam;
  /** `{ before: meta.prevCursor }`; `null` on the first page, which tells TanStack there is no previous one. */
  readonly getPreviousPageParam: (firstPage: TPage) => FacetPageParam;
}

/** Query keys of one resource, each a prefix of the ones below it, for `invalidateQueries`. */
export interface FacetQueryKeys {
  /** `[name]`: every query of the resource. */
  readonly all: readonly [string];
  /** `[name, 'list']`: every list and infinite list, whatever the query. */
  lists(): readonly [string, 'list'];
  /** `[name, 'list', query]`: one list; its infinite list sits under it (`[..., 'infinite']`). */
  list(query?: ModuleQuery): readonly [string, 'list', ModuleQuery];
  /** `[name, 'detail', id]`: `get` and `findById` of one row, whatever the query. */
  detail(id: ResourceId): readonly [string, 'detail', ResourceId];
  /** `[name, 'count', query]` */
  count(query?: ModuleQuery): readonly [string, 'count', ModuleQuery];
}

/** The query key of `list`: `[name, 'list', query]`. */
export type FacetListKey = readonly [string, 'list', ModuleQuery];
/** The query key of `infinite`: under its list's key. */
export type FacetInfiniteKey = readonly [string, 'list', ModuleQuery, 'infinite'];
/** The query key of `get` and `findById`: under `keys.detail(id)`. */
export type FacetDetailKey = readonly [string, 'detail', ResourceId, ModuleQuery, 'get' | 'findById'];
/** The query key of `count`. */
export type FacetCountKey = readonly [string, 'count', ModuleQuery];

/** The factories `facetQueries` returns; a literal `fields` narrows the data as in `useModuleApi`. */
export interface FacetQueries<TItem, TTypes extends ModuleTypes = {}> {
  readonly keys: FacetQueryKeys;
  /** One page of `GET /endpoint`, for `useQuery`. */
  list<const F extends string = string, const C extends CountMode | undefined = undefined>(
    query?: TypedModuleQuery<TItem, TTypes, F, true> & { readonly count?: C },
  ): FacetQueryOptions<CountedPage<SelectPage<TItem, F>, C>, FacetListKey>;
  /**
   * Every page of `GET /endpoint` by cursor, for `useInfiniteQuery`, both ways (`fetchNextPage`,
   * `fetchPreviousPage`); `query` names no `page`, `after` or `before`.
   */
  infinite<const F extends string = string>(
    query?: TypedModuleQuery<TItem, TTypes, F>,
  ): FacetInfiniteQueryOptions<Paginated<SelectFields<TItem, F>>, FacetInfiniteKey>;
  /** `GET /endpoint/:id` */
  get<const F extends string = string>(
    id: ResourceId,
    query?: TypedModuleQuery<TItem, TTypes, F>,
  ): FacetQueryOptions<SelectFields<TItem, F>, FacetDetailKey>;
  /** `GET /endpoint/find-by-id/:id` */
  findById<const F extends string = string>(
    id: ResourceId,
    query?: TypedModuleQuery<TItem, TTypes, F>,
  ): FacetQueryOptions<SelectFields<TItem, F>, FacetDetailKey>;
  /** `GET /endpoint/count` */
  count(query?: TypedModuleQuery<TItem, TTypes, string>): FacetQueryOptions<number, FacetCountKey>;
  /** `GET /endpoint/aggregate`: key `[name, 'aggregate', query]` (under `keys.all`, so writes refresh it). */
  aggregate<const S extends AggregateQuery<TItem, TTypes>>(
    query: S,
  ): FacetQueryOptions<AggregateResult<TItem, S>, FacetAggregateKey>;
  /** `GET /endpoint/aggregate` with `by`: key `[name, 'aggregate', query]`. */
  groupBy<const B extends AggregateField<TItem>, const S extends GroupByQuery<TItem, TTypes, B>>(
    query: S & { readonly by: B | readonly B[] },
  ): FacetQueryOptions<GroupPage<TItem, B, S>, FacetAggregateKey>;
}

/** The query key of `aggregate` and `groupBy`. */
export type FacetAggregateKey = readonly [string, 'aggregate', ModuleQuery];

/**
 * TanStack Query options for the reads of one resource: `useQuery(books.list({ perPage: 20 }))`,
 * `useInfiniteQuery(books.infinite({ orderBy }))`. `module` comes from `useModuleApi`; `name` heads
 * every query key (usually the endpoint) and must differ between resources sharing a QueryClient.
 * TanStack's `signal` goes to axios, so a cancelled or superseded query aborts its request.
 */
export function facetQueries<TItem, TTypes extends ModuleTypes = {}>(
  module: ModuleApi<TItem, TTypes>,
  name: string,
): FacetQueries<TItem, TTypes> {
  if (typeof module?.query !== 'function' || typeof module.count !== 'function') {
    throw new TypeError('facetQueries: `module` must come from useModuleApi(api, endpoint)');
  }
  if (typeof name !== 'string' || name === '') {
    throw new TypeError('facetQueries: `name` must be a non-empty string such as "books"');
  }
  // The narrowed types are the compiler's reading of `fields`; at run time the data is whatever the
  // server projected, so the factories are written against the loose shape and cast once.
  const api = module as unknown as ModuleApi<unknown>;
  // An absent query and `{}` ask for the same thing, so they share one cache entry.
  const q = (query: ModuleQuery | undefined): ModuleQuery => query ?? {};
  const keys: FacetQueryKeys = {
    all: [name],
    lists: () => [name, 'list'],
    list: (query) => [name, 'list', q(query)],
    detail: (id) => [name, 'detail', id],
    count: (query) => [name, 'count', q(query)],
  };
  const detail = (kind: 'get' | 'findById') => (id: ResourceId, query?: ModuleQuery) => ({
    queryKey: [name, 'detail', id, q(query), kind],
    queryFn: ({ signal }: FacetQueryContext) => api[kind](id, query, { signal }),
  });
  const loose = {
    keys,
    list: (query?: ModuleQuery) => ({
      queryKey: keys.list(query),
      queryFn: ({ signal }: FacetQueryContext) => api.query(query, { signal }),
    }),
    infinite(query?: ModuleQuery) {
      if (query && ('page' in query || 'after' in query || 'before' in query)) {
        throw new TypeError('facetQueries: infinite() takes no page, after or before');
      }
      const cursorOf = (param: FacetPageParam) =>
        param === null ? {} : typeof param === 'string' ? { after: param } : { before: param.before };
      return {
        queryKey: [...keys.list(query), 'infinite'],
        queryFn: ({ signal, pageParam }: FacetPageContext) =>
          api.query(pageParam === null ? query : { ...query, ...cursorOf(pageParam) }, { signal }),
        initialPageParam: null,
        getNextPageParam: (page: Paginated<unknown>) => page.meta?.nextCursor || null,
        getPreviousPageParam: (page: Paginated<unknown>) => {
          const before = page.meta?.prevCursor;
          return typeof before === 'string' && before !== '' ? { before } : null;
        },
      };
    },
    get: detail('get'),
    findById: detail('findById'),
    count: (query?: ModuleQuery) => ({
      queryKey: keys.count(query),
      queryFn: ({ signal }: FacetQueryContext) => api.count(query, { signal }),
    }),
    aggregate: (query: ModuleQuery) => ({
      queryKey: [name, 'aggregate', q(query)],
      queryFn: ({ signal }: FacetQueryContext) => api.aggregate(query as never, { signal }),
    }),
    groupBy: (query: ModuleQuery) => ({
      queryKey: [name, 'aggregate', q(query)],
      queryFn: ({ signal }: FacetQueryContext) => api.groupBy(query as never, { signal }),
    }),
  };
  return loose as unknown as FacetQueries<TItem, TTypes>;
}
