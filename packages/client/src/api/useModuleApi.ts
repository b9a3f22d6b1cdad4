import type { CheckFields, Paginated, QueryInput, SelectFields, SelectPage } from '@facet/core';
import type { AxiosInstance, AxiosRequestConfig, Method } from 'axios';

/** A resource identifier; sent URL-encoded in the path. */
export type ResourceId = string | number;

/**
 * Query-string parameters of one call: Facet's query input, or that plus any parameter the route
 * accepts (`{ page: 2, q: 'ada' }`).
 */
export type ModuleQuery =
  | QueryInput
  | (Partial<Pick<QueryInput, keyof QueryInput>> & { readonly [key: string]: unknown });

/**
 * The application's own types for one resource, all optional: `where`, `orderBy` and `include` check
 * the query parts (Prisma's `BookWhereInput`..., imported with `import type` so no server code reaches
 * the bundle), `create` and `update` the request bodies. A part left out keeps the loose default.
 */
export interface ModuleTypes {
  where?: unknown;
  orderBy?: unknown;
  include?: unknown;
  create?: unknown;
  update?: unknown;
}

/** The type a `ModuleTypes` map gives `Key`, or `Default` when the map leaves it out. */
export type ModuleType<TTypes, Key extends keyof ModuleTypes, Default> = Key extends keyof TTypes
  ? Exclude<TTypes[Key], undefined>
  : Default;

/**
 * The query of one call, typed by the resource: `where`, `orderBy` and `include` per `TTypes`, and
 * `fields` checked against `TItem` (a name that is not a field fails to compile). Route parameters
 * beyond Facet's (`{ q: 'ada' }`) stay allowed.
 */
export type TypedModuleQuery<TItem, TTypes, F extends string, Page extends boolean = false> =
  | TypedQueryInput<TItem, TTypes, F, Page>
  | (TypedQueryInput<TItem, TTypes, F, Page> & { readonly [key: string]: unknown });

/** `TypedModuleQuery` without route parameters of the application's own: Facet's keys only. */
export type TypedQueryInput<TItem, TTypes, F extends string, Page extends boolean> = Omit<
  QueryInput<
    ModuleType<TTypes, 'where', Record<string, unknown>>,
    ModuleType<TTypes, 'orderBy', Record<string, unknown>>,
    ModuleType<TTypes, 'include', Record<string, unknown>>
  >,
  'fields'
> & { fields?: CheckFields<TItem, F, Page> };

/**
 * The seven operations of spec 4.2 (docs/spec-conformance.md#42-client-resource-wrapper). Every method takes axios request config last (`signal`...).
 * A literal `fields` narrows the answer (`query({ fields: 'id,author{name}' })` resolves to a page of
 * `{ id; author: { name } }`); without one, or with a non-literal string, it is the whole `TItem`.
 */
export interface ModuleApi<TItem, TTypes extends ModuleTypes = {}> {
  /** `GET /endpoint`: one page, `{ items, meta }`; an envelope `fields` narrows items and meta. */
  query<const F extends string = string>(
    query?: TypedModuleQuery<TItem, TTypes, F, true>,
    config?: AxiosRequestConfig,
  ): Promise<SelectPage<TItem, F>>;
  /** `GET /endpoint/:id` */
  get<const F extends string = string>(
    id: ResourceId,
    query?: TypedModuleQuery<TItem, TTypes, F>,
    config?: AxiosRequestConfig,
  ): Promise<SelectFields<TItem, F>>;
  /** `GET /endpoint/find-by-id/:id` */
  findById<const F extends string = string>(
    id: ResourceId,
    query?: TypedModuleQuery<TItem, TTypes, F>,
    config?: AxiosRequestConfig,
  ): Promise<SelectFields<TItem, F>>;
  /** `GET /endpoint/count`: the body is a number (a numeric string or `{ count }` is accepted too). */
  count(query?: TypedModuleQuery<TItem, TTypes, string>, config?: AxiosRequestConfig): Promise<number>;
  /** `POST /endpoint` with `data` as the body. */
  create(
    data: ModuleType<TTypes, 'create', Partial<TItem>>,
    query?: ModuleQuery,
    config?: AxiosRequestConfig,
  ): Promise<TItem>;
  /** `PATCH /endpoint/:id` with `data` as the body. */
  update(
    id: ResourceId,
    data: ModuleType<TTypes, 'update', Partial<TItem>>,
    query?: ModuleQuery,
    config?: AxiosRequestConfig,
  ): Promise<TItem>;
  /** `DELETE /endpoint/:id` */
  delete(id: ResourceId, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<TItem>;
  /**
   * Every page of `GET /endpoint`, one after the other, by keyset paging: the first page (or the
   * one `after` a cursor the query names), then `after` each page's `meta.nextCursor` until it is
   * `null`. With `before: cursor` it walks the other way: the page before the cursor, then `before`
   * each page's `meta.prevCursor` until it is `null` (each page's items still in list order). Every
   * sort the server accepts has cursors, so a walk ends at the last (or first) row. Not one of the
   * spec's seven; for exports and infinite lists. `query` must not name `page`, nor both cursors.
   *
   * ```ts
   * for await (const page of books.pages({ where, perPage: 100 })) rows.push(...page.items);
   * ```
   */
  pages<const F extends string = string>(
    query?: TypedModuleQuery<TItem, TTypes, F>,
    config?: AxiosRequestConfig,
  ): AsyncGenerator<Paginated<SelectFields<TItem, F>>, void, undefined>;
}

function encodeId(id: ResourceId): string {
  const text = String(id);
  // An empty id would turn `DELETE /books/:id` into a request on the collection.
  if ((typeof id !== 'string' && typeof id !== 'number') || text === '') {
    throw new TypeError(
      `useModuleApi: an id must be a non-empty string or a number, got ${JSON.stringify(id)}`,
    );
  }
  return encodeURIComponent(text);
}

function toCount(body: unknown, url: string): number {
  const value =
    body !== null && typeof body === 'object' && 'count' in body
      ? body.count
      : typeof body === 'string' && body.trim() !== ''
        ? Number(body)
        : body;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`useModuleApi: GET ${url} did not return a number`);
  }
  return value;
}

/**
 * Wraps one resource endpoint of `api` (an instance from `createApiClient`) into the seven typed
 * operations of spec 4.2 (docs/spec-conformance.md#42-client-resource-wrapper). Leading and trailing slashes of `endpoint` are ignored.
 */
export function useModuleApi<TItem, TTypes extends ModuleTypes = {}>(
  api: AxiosInstance,
  endpoint: string,
): ModuleApi<TItem, TTypes> {
  const trimmed = typeof endpoint === 'string' ? endpoint.replace(/^\/+|\/+$/g, '') : '';
  if (trimmed === '')
    throw new TypeError('useModuleApi: `endpoint` must be a non-empty path such as "books"');
  const base = `/${trimmed}`;
  const at = (id: ResourceId) => `${base}/${encodeId(id)}`;

  async function send<T>(
    method: Method,
    url: string,
    query: ModuleQuery | undefined,
    config: AxiosRequestConfig | undefined,
    data?: unknown,
  ): Promise<T> {
    const params = query ? { ...config?.params, ...query } : config?.params;
    const response = await api.request<T>({ ...config, method, url, params, data });
    return response.data;
  }

  // The narrowed return types are the compiler's reading of `fields`; at run time every method hands
  // back what the server projected, so the implementation is written against the loose shape.
  const loose: LooseModuleApi = {
    query: (query, config) => send('get', base, query, config),
    get: (id, query, config) => send('get', at(id), query, config),
    findById: (id, query, config) => send('get', `${base}/find-by-id/${encodeId(id)}`, query, config),
    count: async (query, config) => toCount(await send('get', `${base}/count`, query, config), base),
    create: (data, query, config) => send('post', base, query, config, data),
    update: (id, data, query, config) => send('patch', at(id), query, config, data),
    delete: (id, query, config) => send('delete', at(id), query, config),
    async *pages(query = {}, config) {
      const { after: from, before, ...rest } = query as ModuleQuery & { after?: unknown; before?: unknown };
      if ('page' in query || (from !== undefined && before !== undefined)) {
        throw new TypeError('useModuleApi: pages() takes no page, and at most one of after and before');
      }
      // Backwards from `before`, else forwards from `after` (or the first page).
      const direction = before !== undefined ? 'before' : 'after';
      let cursor = before ?? from;
      for (;;) {
        const page: Paginated<unknown> = await send(
          'get',
          base,
          cursor === undefined ? rest : { ...rest, [direction]: cursor },
          config,
        );
        yield page;
        const next = direction === 'after' ? page.meta?.nextCursor : page.meta?.prevCursor;
        if (typeof next !== 'string' || next === '') return;
        cursor = next;
      }
    },
  };
  return loose as unknown as ModuleApi<TItem, TTypes>;
}

interface LooseModuleApi {
  query(query?: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  get(id: ResourceId, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  findById(id: ResourceId, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  count(query?: ModuleQuery, config?: AxiosRequestConfig): Promise<number>;
  create(data: unknown, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  update(id: ResourceId, data: unknown, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  delete(id: ResourceId, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  pages(
    query?: ModuleQuery,
    config?: AxiosRequestConfig,
  ): AsyncGenerator<Paginated<unknown>, void, undefined>;
}
