import type {
  CheckFields,
  CountedPage,
  CountMode,
  Paginated,
  QueryInput,
  SelectFields,
  SelectPage,
} from '@facet/core';
import type { AxiosInstance, AxiosRequestConfig, AxiosResponseTransformer, Method } from 'axios';
import type {
  AggregateField,
  AggregateQuery,
  AggregateResult,
  GroupByQuery,
  GroupPage,
} from './aggregate.js';

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

/** The formats `GET /endpoint/export` writes. */
export type ExportFormat = 'csv' | 'ndjson';

/**
 * The query of an export: a list's `where`, `q`, `orderBy` and `fields` (items only: an export has
 * no envelope, so `fields` is checked like a detail's), and the `format`. Paging keys are not part
 * of it: an export is every matching row.
 */
export type ExportQuery<TItem, TTypes, F extends string> = Pick<
  TypedQueryInput<TItem, TTypes, F, false>,
  'where' | 'orderBy' | 'fields'
> & { readonly q?: string; readonly format: ExportFormat };

/** What `download` resolves to: the body's bytes, and what the response said about them. */
export interface ExportDownload {
  /** The body as it arrived (UTF-8 text for CSV and NDJSON; `new TextDecoder().decode(data)`). */
  readonly data: Uint8Array;
  /** The response's `Content-Type` (`text/csv; charset=utf-8`). */
  readonly contentType: string;
  /**
   * The file name of `Content-Disposition` (cross-origin, only when the server lists it in
   * `Access-Control-Expose-Headers`), else `<last endpoint segment>.<format>`.
   */
  readonly fileName: string;
}

/**
 * The query of a write: `fields`, the projection of the answer (the written row as the caller reads
 * it, as `get` would), checked against `TItem`; route parameters of the application's own allowed.
 */
export type TypedWriteQuery<TItem, F extends string> =
  | { readonly fields?: CheckFields<TItem, F> }
  | ({ readonly fields?: CheckFields<TItem, F> } & { readonly [key: string]: unknown });

/** Request config of an update or a delete: axios's, and the row's entity tag to write against. */
export interface WriteRequestConfig extends AxiosRequestConfig {
  /**
   * Sent as `If-Match`: the write happens only if the row is still as it was read, else the server
   * answers 412 (`precondition_failed`) and writes nothing. Give the `ETag` of the `get` (or
   * `findById`) you read the row with, which `entityTagOf(row)` returns, and the same `fields` as that
   * read (the tag is of the representation). `'*'`: any row the caller may read.
   */
  readonly ifMatch?: string;
}

/** What a bulk write answers: how many rows it created, changed or deleted (all it was asked to, or none). */
export interface BulkWriteCount {
  readonly count: number;
}

/** The `where` of a bulk update or delete, typed by `TTypes['where']`: required (`{}` names every row). */
export type BulkWhere<TTypes> = ModuleType<TTypes, 'where', Record<string, unknown>>;

/**
 * The seven operations of spec 4.2 (docs/spec-conformance.md#42-client-resource-wrapper). Every method takes axios request config last (`signal`...).
 * A literal `fields` narrows the answer (`query({ fields: 'id,author{name}' })` resolves to a page of
 * `{ id; author: { name } }`); without one, or with a non-literal string, it is the whole `TItem`.
 */
export interface ModuleApi<TItem, TTypes extends ModuleTypes = {}> {
  /**
   * `GET /endpoint`: one page, `{ items, meta }`; an envelope `fields` narrows items and meta, and
   * `count: 'none'` leaves `itemCount` and `pageCount` out of `meta`'s type as out of the answer.
   */
  query<const F extends string = string, const C extends CountMode | undefined = undefined>(
    query?: TypedModuleQuery<TItem, TTypes, F, true> & { readonly count?: C },
    config?: AxiosRequestConfig,
  ): Promise<CountedPage<SelectPage<TItem, F>, C>>;
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
  /**
   * `GET /endpoint/aggregate`: `_count`, `_min`, `_max`, `_avg`, `_sum` over the items matching
   * `where` and `q` that the caller may read; the answer is typed by the selections.
   */
  aggregate<const S extends AggregateQuery<TItem, TTypes>>(
    query: S,
    config?: AxiosRequestConfig,
  ): Promise<AggregateResult<TItem, S>>;
  /**
   * `GET /endpoint/aggregate` with `by`: the same per group, `{ items }` in the order of the `by`
   * fields unless `orderBy` says otherwise. More groups than the server allows is a 400.
   */
  groupBy<const B extends AggregateField<TItem>, const S extends GroupByQuery<TItem, TTypes, B>>(
    query: S & { readonly by: B | readonly B[] },
    config?: AxiosRequestConfig,
  ): Promise<GroupPage<TItem, B, S>>;
  /** `GET /endpoint/count`: the body is a number (a numeric string or `{ count }` is accepted too). */
  count(query?: TypedModuleQuery<TItem, TTypes, string>, config?: AxiosRequestConfig): Promise<number>;
  /**
   * `POST /endpoint` with `data` as the body (typed by `TTypes['create']`). Resolves to the written
   * row as the caller reads it, projected by `fields`, or `null` when the server answers 204 (the
   * caller may not read the row it wrote). A refusal rejects (a `FacetHttpError` with the server's
   * body when the client was made with `facetErrors: true`): 400 naming the field, 403, 409.
   */
  create<const F extends string = string>(
    data: ModuleType<TTypes, 'create', Partial<TItem>>,
    query?: TypedWriteQuery<TItem, F>,
    config?: AxiosRequestConfig,
  ): Promise<SelectFields<TItem, F> | null>;
  /**
   * `PATCH /endpoint/:id` with `data` as the body (typed by `TTypes['update']`): the row as the
   * caller now reads it, or `null` on a 204 (it may no longer read it). `config.ifMatch` makes it
   * conditional (412 when the row changed since it was read).
   */
  update<const F extends string = string>(
    id: ResourceId,
    data: ModuleType<TTypes, 'update', Partial<TItem>>,
    query?: TypedWriteQuery<TItem, F>,
    config?: WriteRequestConfig,
  ): Promise<SelectFields<TItem, F> | null>;
  /** `DELETE /endpoint/:id`: the row as it was; `config.ifMatch` makes it conditional. */
  delete<const F extends string = string>(
    id: ResourceId,
    query?: TypedWriteQuery<TItem, F>,
    config?: WriteRequestConfig,
  ): Promise<SelectFields<TItem, F>>;
  /**
   * `POST /endpoint/bulk` with `rows` (each typed by `TTypes['create']`) as a JSON array, for a
   * resource that serves bulk writes: every row is created, or none (a refused row rejects with the
   * 400 of `create`, its index in the path: `[2].rating`). Resolves to `{ count }`.
   */
  createMany(
    rows: readonly ModuleType<TTypes, 'create', Partial<TItem>>[],
    config?: AxiosRequestConfig,
  ): Promise<BulkWriteCount>;
  /**
   * `PATCH /endpoint?where=…` with `data` (typed by `TTypes['update']`): the body written to every
   * row `where` matches that the caller may read, or to none (403 when one is outside its rules).
   */
  updateMany(
    where: BulkWhere<TTypes>,
    data: ModuleType<TTypes, 'update', Partial<TItem>>,
    config?: AxiosRequestConfig,
  ): Promise<BulkWriteCount>;
  /** `DELETE /endpoint?where=…`: every row `where` matches that the caller may read, or none. */
  deleteMany(where: BulkWhere<TTypes>, config?: AxiosRequestConfig): Promise<BulkWriteCount>;
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
  /**
   * The absolute URL of `GET /endpoint/export` for `query`, encoded like every other call (base URL
   * and version of the client). For a link: it carries no token, so a link works where the server
   * reads the caller from a cookie or the rows are public; `download` sends the token. Not one of
   * the spec's seven. Throws a `TypeError` when the client's `origin` is a function (resolved per
   * request, so there is no URL before one is sent).
   */
  exportUrl<const F extends string = string>(query: ExportQuery<TItem, TTypes, F>): string;
  /**
   * Fetches the export through the client (token header, interceptors), whole, as bytes
   * (`responseType: 'arraybuffer'`, which axios supports in browsers and in Node alike). A refusal
   * rejects like every other call (an `AxiosError`, or a `FacetHttpError` with `facetErrors`) whose
   * `response.data` is the parsed error body. For exports larger than memory, stream `exportUrl`
   * with `fetch` instead.
   */
  download<const F extends string = string>(
    query: ExportQuery<TItem, TTypes, F>,
    config?: AxiosRequestConfig,
  ): Promise<ExportDownload>;
}

const EXPORT_FORMATS: ReadonlySet<unknown> = new Set<ExportFormat>(['csv', 'ndjson']);

function checkExportQuery(query: unknown): asserts query is { format: ExportFormat } {
  if (query === null || typeof query !== 'object') {
    throw new TypeError('useModuleApi: an export takes a query object with a `format`');
  }
  const { format } = query as { format?: unknown };
  if (!EXPORT_FORMATS.has(format)) {
    throw new TypeError(
      `useModuleApi: an export's format is 'csv' or 'ndjson', got ${JSON.stringify(format)}`,
    );
  }
  for (const key of ['page', 'perPage', 'after', 'include', 'select']) {
    if (key in query)
      throw new TypeError(`useModuleApi: an export takes no \`${key}\` (it is every matching row)`);
  }
}

const asBytes = (data: unknown): Uint8Array =>
  data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array();

/**
 * Reads an error answer's bytes as the JSON body it is, so a refused export rejects with the same
 * `response.data` (and `FacetHttpError` fields) as any other call; a success stays bytes.
 */
const parseErrorBody: AxiosResponseTransformer = function (this: unknown, data: unknown, _headers, status) {
  if (status === undefined || status < 400) return data;
  const text = new TextDecoder().decode(asBytes(data));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** `attachment; filename="books.csv"` → `books.csv`; the plain `filename` form only, as Facet sends. */
function fileNameOf(disposition: unknown): string | undefined {
  if (typeof disposition !== 'string') return undefined;
  const match = /filename="([^"]+)"|filename=([^;\s]+)/i.exec(disposition);
  return match?.[1] ?? match?.[2];
}

// The entity tag of each row object a read answered, for `entityTagOf`: weak, so a row the page no
// longer holds takes its tag with it.
const entityTags = new WeakMap<object, string>();

/**
 * The `ETag` of the response a row came from: an object `get` or `findById` resolved to (a Facet
 * server tags every read). Pass it as `ifMatch` to `update` or `delete`. `undefined` for anything
 * else, such as a copy of the row (TanStack Query's structural sharing may hand out one: read the
 * tag from the query function's result, or turn `structuralSharing` off for that query).
 */
export function entityTagOf(row: unknown): string | undefined {
  return typeof row === 'object' && row !== null ? entityTags.get(row) : undefined;
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

/** A bulk write's `where`: an object (a forgotten one would otherwise name nothing, or everything). */
function bulkWhere(where: unknown): { where: Record<string, unknown> } {
  if (where === null || typeof where !== 'object' || Array.isArray(where)) {
    throw new TypeError('useModuleApi: a bulk update or delete takes a `where` object ({} for every row)');
  }
  return { where: where as Record<string, unknown> };
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
    const { ifMatch, ...rest } = (config ?? {}) as WriteRequestConfig;
    const params = query ? { ...rest.params, ...query } : rest.params;
    const headers = ifMatch === undefined ? rest.headers : { ...rest.headers, 'If-Match': ifMatch };
    if (ifMatch !== undefined && (typeof ifMatch !== 'string' || ifMatch === '')) {
      throw new TypeError('useModuleApi: `ifMatch` must be an entity tag (or "*")');
    }
    const response = await api.request<T>({
      ...rest,
      ...(headers ? { headers } : {}),
      method,
      url,
      params,
      data,
    });
    // A write the caller may not read back answers 204 with no body: `null`, whatever the adapter made of it.
    if (response.status === 204) return null as T;
    const tag: unknown = response.headers?.etag;
    if (typeof tag === 'string' && typeof response.data === 'object' && response.data !== null) {
      entityTags.set(response.data, tag);
    }
    return response.data;
  }

  // The narrowed return types are the compiler's reading of `fields`; at run time every method hands
  // back what the server projected, so the implementation is written against the loose shape.
  const exportPath = `${base}/export`;
  const defaultFileName = (format: ExportFormat) => `${trimmed.split('/').at(-1)}.${format}`;

  const loose: LooseModuleApi = {
    exportUrl(query) {
      checkExportQuery(query);
      if (typeof api.defaults.baseURL !== 'string') {
        throw new TypeError(
          'useModuleApi: exportUrl needs a client whose `origin` is a string (a function origin is resolved per request)',
        );
      }
      return api.getUri({ url: exportPath, params: query });
    },
    async download(query, config) {
      checkExportQuery(query);
      const response = await api.request<ArrayBuffer | Uint8Array>({
        ...config,
        method: 'get',
        url: exportPath,
        params: { ...config?.params, ...query },
        responseType: 'arraybuffer',
        transformResponse: parseErrorBody,
      });
      const contentType = response.headers['content-type'];
      return {
        data: asBytes(response.data),
        contentType: typeof contentType === 'string' ? contentType : '',
        fileName: fileNameOf(response.headers['content-disposition']) ?? defaultFileName(query.format),
      };
    },
    query: (query, config) => send('get', base, query, config),
    get: (id, query, config) => send('get', at(id), query, config),
    findById: (id, query, config) => send('get', `${base}/find-by-id/${encodeId(id)}`, query, config),
    count: async (query, config) => toCount(await send('get', `${base}/count`, query, config), base),
    aggregate: (query, config) => send('get', `${base}/aggregate`, query, config),
    groupBy(query, config) {
      if (query?.by === undefined) throw new TypeError('useModuleApi: groupBy() needs `by`');
      return send('get', `${base}/aggregate`, query, config);
    },
    create: (data, query, config) => send('post', base, query, config, data),
    update: (id, data, query, config) => send('patch', at(id), query, config, data),
    delete: (id, query, config) => send('delete', at(id), query, config),
    createMany: (rows, config) => {
      if (!Array.isArray(rows)) throw new TypeError('useModuleApi: createMany takes an array of rows');
      return send('post', `${base}/bulk`, undefined, config, rows);
    },
    updateMany: (where, data, config) => send('patch', base, bulkWhere(where), config, data),
    deleteMany: (where, config) => send('delete', base, bulkWhere(where), config),
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
  aggregate(query: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  groupBy(query: ModuleQuery & { readonly by?: unknown }, config?: AxiosRequestConfig): Promise<unknown>;
  create(data: unknown, query?: ModuleQuery, config?: AxiosRequestConfig): Promise<unknown>;
  update(id: ResourceId, data: unknown, query?: ModuleQuery, config?: WriteRequestConfig): Promise<unknown>;
  delete(id: ResourceId, query?: ModuleQuery, config?: WriteRequestConfig): Promise<unknown>;
  createMany(rows: readonly unknown[], config?: AxiosRequestConfig): Promise<BulkWriteCount>;
  updateMany(where: unknown, data: unknown, config?: AxiosRequestConfig): Promise<BulkWriteCount>;
  deleteMany(where: unknown, config?: AxiosRequestConfig): Promise<BulkWriteCount>;
  pages(
    query?: ModuleQuery,
    config?: AxiosRequestConfig,
  ): AsyncGenerator<Paginated<unknown>, void, undefined>;
  exportUrl(query: ExportQueryLoose): string;
  download(query: ExportQueryLoose, config?: AxiosRequestConfig): Promise<ExportDownload>;
}

type ExportQueryLoose = ModuleQuery & { readonly format: ExportFormat };
