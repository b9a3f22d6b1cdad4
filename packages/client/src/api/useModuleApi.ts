import type { Paginated, QueryInput } from '@facet/core';
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

/** The seven operations of spec 4.2 (docs/spec-conformance.md#42-client-resource-wrapper). Every method takes axios request config last (`signal`...). */
export interface ModuleApi<TItem, TCreate = Partial<TItem>, TUpdate = Partial<TItem>> {
  /** `GET /endpoint`: one page, `{ items, meta }`. */
  query(query?: ModuleQuery, config?: AxiosRequestConfig): Promise<Paginated<TItem>>;
  /** `GET /endpoint/:id` */
  get(id: ResourceId, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<TItem>;
  /** `GET /endpoint/find-by-id/:id` */
  findById(id: ResourceId, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<TItem>;
  /** `GET /endpoint/count`: the body is a number (a numeric string or `{ count }` is accepted too). */
  count(query?: ModuleQuery, config?: AxiosRequestConfig): Promise<number>;
  /** `POST /endpoint` with `data` as the body. */
  create(data: TCreate, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<TItem>;
  /** `PATCH /endpoint/:id` with `data` as the body. */
  update(id: ResourceId, data: TUpdate, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<TItem>;
  /** `DELETE /endpoint/:id` */
  delete(id: ResourceId, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<TItem>;
  /**
   * Every page of `GET /endpoint`, one after the other, by keyset paging: the first page, then
   * `after` each page's `meta.nextCursor` until it is `null`. Not one of the spec's seven; for
   * exports and infinite lists. `query` must not name `page` or `after`.
   *
   * ```ts
   * for await (const page of books.pages({ where, perPage: 100 })) rows.push(...page.items);
   * ```
   */
  pages(query?: ModuleQuery, config?: AxiosRequestConfig): AsyncGenerator<Paginated<TItem>, void, undefined>;
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
export function useModuleApi<TItem, TCreate = Partial<TItem>, TUpdate = Partial<TItem>>(
  api: AxiosInstance,
  endpoint: string,
): ModuleApi<TItem, TCreate, TUpdate> {
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

  return {
    query: (query, config) => send('get', base, query, config),
    get: (id, query, config) => send('get', at(id), query, config),
    findById: (id, query, config) => send('get', `${base}/find-by-id/${encodeId(id)}`, query, config),
    count: async (query, config) => toCount(await send('get', `${base}/count`, query, config), base),
    create: (data, query, config) => send('post', base, query, config, data),
    update: (id, data, query, config) => send('patch', at(id), query, config, data),
    delete: (id, query, config) => send('delete', at(id), query, config),
    async *pages(query = {}, config) {
      if ('page' in query || 'after' in query) {
        throw new TypeError(
          'useModuleApi: pages() walks by cursor; leave `page` and `after` out of its query',
        );
      }
      let after: string | undefined;
      for (;;) {
        const page: Paginated<TItem> = await send(
          'get',
          base,
          after === undefined ? query : { ...query, after },
          config,
        );
        yield page;
        const next = page.meta?.nextCursor;
        if (typeof next !== 'string' || next === '') return;
        after = next;
      }
    },
  };
}
