// A Refine data provider over a Facet API: every call goes through `useModuleApi` (or, for
// `custom`, the same axios instance and query codec), so the token, the consistency header and the
// wire format are the client's own.
import type {
  BaseKey,
  BaseRecord,
  CreateManyParams,
  DataProvider,
  DeleteManyParams,
  GetListParams,
  GetListResponse,
  UpdateManyParams,
} from '@refinedev/core';
import type { AxiosInstance } from 'axios';
import { type ModuleApi, type ModuleQuery, useModuleApi } from '../api/useModuleApi.js';
import { toRefineError } from './errors.js';
import { type FacetDatabase, RefineFilterError } from './filters.js';
import { listQuery } from './list-query.js';

export interface FacetDataProviderOptions {
  /** Refine resource name → the API's endpoint; a resource not named uses its own name. */
  readonly endpoints?: Readonly<Record<string, string>>;
  /** The server's database, which decides the case-sensitive text operators (default `postgresql`). */
  readonly database?: FacetDatabase;
  /** The filter field read as the search text `q` (default `'q'`); `null`: none. */
  readonly searchField?: string | null;
  /**
   * The most rows `pagination.mode` `'off'` or `'client'` reads (every matching row, page by page);
   * more is an error rather than a cut list. Default 10,000.
   */
  readonly maxRows?: number;
  /** Rows per request when reading every row (default 100; at most the server's `maxPerPage`). */
  readonly batchSize?: number;
  /**
   * The Refine resources whose server resource serves bulk writes (`writes.bulk`): `true` for all,
   * a list of names, or per name `true` or the writes it batches (`{ books: ['create'] }`). Their
   * `createMany`, `updateMany`, `deleteMany` are one request each (`POST /bulk`, `PATCH` and
   * `DELETE` with `where: { id: { in: ids } }`); any other resource's are one call per row, as
   * Refine makes them. Default `false`: the provider has no bulk methods, so Refine calls the
   * single ones, and no bulk route is ever asked of a server that may not serve it.
   */
  readonly bulk?: FacetBulkResources;
}

/** A write the server may batch (`writes.bulk`'s `create`, `update`, `delete`). */
export type FacetBulkWrite = 'create' | 'update' | 'delete';

/** Which Refine resources the server serves bulk routes for (`FacetDataProviderOptions.bulk`). */
export type FacetBulkResources =
  | boolean
  | readonly string[]
  | Readonly<Record<string, boolean | readonly FacetBulkWrite[]>>;

/** Whether `resource` serves `write` in bulk, by the `bulk` option. */
function bulkRule(bulk: FacetBulkResources): (resource: string, write: FacetBulkWrite) => boolean {
  if (typeof bulk === 'boolean') return () => bulk;
  if (Array.isArray(bulk)) {
    const names = new Set<string>(bulk as readonly string[]);
    return (resource) => names.has(resource);
  }
  const table = bulk as Readonly<Record<string, boolean | readonly FacetBulkWrite[]>>;
  return (resource, write) => {
    const entry = Object.hasOwn(table, resource) ? table[resource] : undefined;
    return Array.isArray(entry) ? entry.includes(write) : entry === true;
  };
}

/**
 * Refine's `DataProvider` for the Facet API `api` (a `createApiClient` instance): lists with every
 * Refine filter operator, sorters (through to-one relations: `author.name`), server paging by page
 * or by cursor (`useInfiniteList`), `meta.fields` as the projection, the search text `q`; single
 * reads and writes; bulk writes for the resources `options.bulk` names; `custom` for any other
 * route (`books/aggregate`). Errors are Refine's `HttpError` with the server's message and field
 * errors.
 */
export function facetDataProvider(api: AxiosInstance, options: FacetDataProviderOptions = {}): DataProvider {
  const database = options.database ?? 'postgresql';
  const modules = new Map<string, ModuleApi<BaseRecord>>();
  const moduleOf = (resource: string): ModuleApi<BaseRecord> => {
    const endpoint = options.endpoints?.[resource] ?? resource;
    let module = modules.get(endpoint);
    if (!module) {
      module = useModuleApi<BaseRecord>(api, endpoint);
      modules.set(endpoint, module);
    }
    return module;
  };
  const fieldsQuery = (meta: { fields?: unknown } | undefined): ModuleQuery =>
    listQuery({ meta: meta as GetListParams['meta'] }, database, null).fieldsOnly;
  const batchSize = options.batchSize ?? 100;
  /** The rows of `ids` the caller may read, `meta.fields` of each, in the server's order (by key). */
  const rowsOf = (
    module: ModuleApi<BaseRecord>,
    ids: readonly BaseKey[],
    meta: { fields?: unknown } | undefined,
  ) => readAll(module, { ...fieldsQuery(meta), where: { id: { in: ids } } }, ids.length, batchSize);

  const provider: DataProvider = {
    getApiUrl: () => api.defaults.baseURL ?? '',

    getList: <TData extends BaseRecord>(params: GetListParams) =>
      refined(async (): Promise<GetListResponse<TData>> => {
        const module = moduleOf(params.resource);
        const { query, mode, cursor } = listQuery(params, database, options.searchField ?? 'q');
        if (mode === 'server') {
          // A page read by cursor has no totals unless its envelope asks for them, and `fields`
          // may name the items only: the total is counted beside it.
          const byCursor = cursor.page === undefined;
          const [page, counted] = await Promise.all([
            module.query({ ...query, ...cursor }),
            byCursor ? module.count({ where: query.where, q: query.q }) : undefined,
          ]);
          const { meta } = page;
          return {
            data: page.items as TData[],
            total: counted ?? ('itemCount' in meta ? meta.itemCount : page.items.length),
            // Prefixed so that a `cursor.prev` Refine hands back as the page reads backwards.
            cursor: {
              next: meta.nextCursor ? `after:${meta.nextCursor}` : undefined,
              prev: meta.prevCursor ? `before:${meta.prevCursor}` : undefined,
            },
          };
        }
        const rows = await readAll(module, query, options.maxRows ?? 10_000, batchSize);
        return { data: rows as TData[], total: rows.length };
      }),

    getMany: <TData extends BaseRecord>({
      resource,
      ids,
      meta,
    }: {
      resource: string;
      ids: BaseKey[];
      meta?: GetListParams['meta'];
    }) =>
      refined(async () => {
        if (ids.length === 0) return { data: [] as TData[] };
        const page = await moduleOf(resource).query({
          ...fieldsQuery(meta),
          where: { id: { in: ids } },
          perPage: ids.length,
        });
        return { data: page.items as TData[] };
      }),

    getOne: <TData extends BaseRecord>({
      resource,
      id,
      meta,
    }: {
      resource: string;
      id: BaseKey;
      meta?: GetListParams['meta'];
    }) => refined(async () => ({ data: (await moduleOf(resource).get(id, fieldsQuery(meta))) as TData })),

    create: <TData extends BaseRecord, TVariables>({
      resource,
      variables,
      meta,
    }: {
      resource: string;
      variables: TVariables;
      meta?: GetListParams['meta'];
    }) =>
      refined(async () => ({
        data: (await moduleOf(resource).create(variables as Partial<BaseRecord>, fieldsQuery(meta))) as TData,
      })),

    update: <TData extends BaseRecord, TVariables>({
      resource,
      id,
      variables,
      meta,
    }: {
      resource: string;
      id: BaseKey;
      variables: TVariables;
      meta?: GetListParams['meta'];
    }) =>
      refined(async () => {
        const ifMatch = typeof meta?.ifMatch === 'string' ? meta.ifMatch : undefined;
        const row = await moduleOf(resource).update(id, variables as Partial<BaseRecord>, fieldsQuery(meta), {
          ifMatch,
        });
        return { data: row as TData };
      }),

    deleteOne: <TData extends BaseRecord>({
      resource,
      id,
      meta,
    }: {
      resource: string;
      id: BaseKey;
      meta?: GetListParams['meta'];
    }) =>
      refined(async () => {
        const ifMatch = typeof meta?.ifMatch === 'string' ? meta.ifMatch : undefined;
        return { data: (await moduleOf(resource).delete(id, fieldsQuery(meta), { ifMatch })) as TData };
      }),

    custom: <TData extends BaseRecord>({
      url,
      method,
      filters,
      sorters,
      payload,
      query,
      headers,
    }: Parameters<NonNullable<DataProvider['custom']>>[0]) =>
      refined(async () => {
        // The query goes through the client's serializer (Facet's codec), like every other call.
        const { where, orderBy } = listQuery({ filters, sorters }, database, null).query;
        const params = {
          ...(query as ModuleQuery | undefined),
          ...(where && { where }),
          ...(orderBy && { orderBy }),
        };
        const response = await api.request({ url, method, data: payload, headers, params });
        return { data: response.data as TData };
      }),
  };
  if (options.bulk === undefined || options.bulk === false) return provider;
  // Refine calls a data provider's bulk method for every resource as soon as it has one: a
  // resource the server batches nothing for gets one call per row here, as Refine would make them.
  const bulk = bulkRule(options.bulk);
  const eachRow = async <TData>(calls: Promise<{ data: TData }>[]) => ({
    data: (await Promise.all(calls)).map((answer) => answer.data),
  });
  return {
    ...provider,

    createMany: <TData extends BaseRecord, TVariables>({
      resource,
      variables,
      meta,
    }: CreateManyParams<TVariables>) => {
      if (!bulk(resource, 'create')) {
        return eachRow(
          variables.map((row) => provider.create<TData, TVariables>({ resource, variables: row, meta })),
        );
      }
      return refined(async () => {
        if (variables.length > 0) await moduleOf(resource).createMany(variables as Partial<BaseRecord>[]);
        // The server answers how many rows it wrote (all of them, or it refuses): the rows are
        // those sent, without the keys the server gave them.
        return { data: variables as unknown as TData[] };
      });
    },

    updateMany: <TData extends BaseRecord, TVariables>({
      resource,
      ids,
      variables,
      meta,
    }: UpdateManyParams<TVariables>) => {
      if (!bulk(resource, 'update')) {
        return eachRow(
          ids.map((id) => provider.update<TData, TVariables>({ resource, id, variables, meta })),
        );
      }
      return refined(async () => {
        if (ids.length === 0) return { data: [] as TData[] };
        const module = moduleOf(resource);
        await module.updateMany({ id: { in: ids } }, variables as Partial<BaseRecord>);
        // The answer is a count: the rows are read back as the caller now reads them.
        return { data: (await rowsOf(module, ids, meta)) as TData[] };
      });
    },

    deleteMany: <TData extends BaseRecord, TVariables>({
      resource,
      ids,
      variables,
      meta,
    }: DeleteManyParams<TVariables>) => {
      if (!bulk(resource, 'delete')) {
        return eachRow(
          ids.map((id) => provider.deleteOne<TData, TVariables>({ resource, id, variables, meta })),
        );
      }
      return refined(async () => {
        if (ids.length === 0) return { data: [] as TData[] };
        const module = moduleOf(resource);
        // Read first, as `deleteOne` answers the row as it was; the delete then takes the same
        // rows (those the caller may read), or none.
        const rows = await rowsOf(module, ids, meta);
        await module.deleteMany({ id: { in: ids } });
        return { data: rows as TData[] };
      });
    },
  };
}

/** Every matching row, by cursor; more than `maxRows` is an error, never a silently cut list. */
async function readAll(
  module: ModuleApi<BaseRecord>,
  query: ModuleQuery,
  maxRows: number,
  batchSize: number,
) {
  const rows: BaseRecord[] = [];
  for await (const page of module.pages({ ...query, perPage: batchSize })) {
    rows.push(...page.items);
    if (rows.length > maxRows) {
      throw new RefineFilterError(
        `more than ${maxRows} rows match; page on the server instead (pagination.mode "server")`,
        'pagination',
        'eq',
      );
    }
  }
  return rows;
}

/** Runs `work`, giving Refine an `HttpError` for whatever it throws. */
async function refined<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toRefineError(error);
  }
}
