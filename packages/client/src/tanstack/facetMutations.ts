import type { SelectFields } from '@facet/core';
import type {
  BulkWhere,
  BulkWriteCount,
  ModuleApi,
  ModuleType,
  ModuleTypes,
  ResourceId,
  TypedWriteQuery,
} from '../api/useModuleApi.js';

/**
 * What a mutation's callbacks read of TanStack's context: the client the mutation runs in (TanStack
 * Query 5.80 and later pass it). Written out, like `FacetQueryContext`, so the options fit whichever
 * copy of query-core the framework binding brings.
 */
export interface FacetMutationContext {
  readonly client: FacetInvalidator;
}

/** The part of a `QueryClient` the mutations use. */
export interface FacetInvalidator {
  invalidateQueries(filters: { readonly queryKey: readonly unknown[] }): Promise<unknown>;
}

/** The variables of an update: the row, the body, and optionally the entity tag it was read with. */
export interface FacetUpdateVariables<TBody> {
  readonly id: ResourceId;
  readonly data: TBody;
  /** Sent as `If-Match` (`entityTagOf(row)`): 412 and nothing written if the row changed since. */
  readonly ifMatch?: string;
}

/** The variables of a delete. */
export interface FacetDeleteVariables {
  readonly id: ResourceId;
  readonly ifMatch?: string;
}

/** The variables of a bulk update: the rows' `where` and the body written to each. */
export interface FacetUpdateManyVariables<TWhere, TBody> {
  readonly where: TWhere;
  readonly data: TBody;
}

/** The variables of a bulk delete: the rows' `where`. */
export interface FacetDeleteManyVariables<TWhere> {
  readonly where: TWhere;
}

/** The writes a mutation key names. */
export type FacetWriteName = 'create' | 'update' | 'delete' | 'createMany' | 'updateMany' | 'deleteMany';

/** The shape of TanStack Query's `mutationOptions` for one write. */
export interface FacetMutationOptions<TData, TVariables> {
  /** `[name, write]` (`['reviews', 'create']`), for `useIsMutating` and mutation defaults. */
  readonly mutationKey: readonly [string, FacetWriteName];
  readonly mutationFn: (variables: TVariables) => Promise<TData>;
  /** Invalidates every query of the resource (`[name]`: lists, details, counts), and waits for it. */
  readonly onSuccess: (
    data: TData,
    variables: TVariables,
    onMutateResult: unknown,
    context?: FacetMutationContext,
  ) => Promise<unknown>;
}

/** The write factories `facetMutations` returns; a literal `fields` narrows the answer as in `useModuleApi`. */
export interface FacetMutations<TItem, TTypes extends ModuleTypes = {}> {
  /** `POST /endpoint`: the body is the variables; `null` when the server answers 204. */
  create<const F extends string = string>(
    query?: TypedWriteQuery<TItem, F>,
  ): FacetMutationOptions<SelectFields<TItem, F> | null, ModuleType<TTypes, 'create', Partial<TItem>>>;
  /** `PATCH /endpoint/:id`: `{ id, data, ifMatch? }`; `null` when the server answers 204. */
  update<const F extends string = string>(
    query?: TypedWriteQuery<TItem, F>,
  ): FacetMutationOptions<
    SelectFields<TItem, F> | null,
    FacetUpdateVariables<ModuleType<TTypes, 'update', Partial<TItem>>>
  >;
  /** `DELETE /endpoint/:id`: `{ id, ifMatch? }`; the row as it was. */
  delete<const F extends string = string>(
    query?: TypedWriteQuery<TItem, F>,
  ): FacetMutationOptions<SelectFields<TItem, F>, FacetDeleteVariables>;
  /** `POST /endpoint/bulk`: the rows are the variables; `{ count }`. */
  createMany(): FacetMutationOptions<BulkWriteCount, readonly ModuleType<TTypes, 'create', Partial<TItem>>[]>;
  /** `PATCH /endpoint?where=…`: `{ where, data }`; `{ count }`. */
  updateMany(): FacetMutationOptions<
    BulkWriteCount,
    FacetUpdateManyVariables<BulkWhere<TTypes>, ModuleType<TTypes, 'update', Partial<TItem>>>
  >;
  /** `DELETE /endpoint?where=…`: `{ where }`; `{ count }`. */
  deleteMany(): FacetMutationOptions<BulkWriteCount, FacetDeleteManyVariables<BulkWhere<TTypes>>>;
}

export interface FacetMutationsOptions {
  /**
   * The client whose queries a successful write invalidates. TanStack Query 5.80 and later hand the
   * mutation's own to `onSuccess`; give it for earlier versions. @default the mutation's client
   */
  readonly queryClient?: FacetInvalidator;
}

/**
 * TanStack Query options for the writes of one resource: `useMutation(reviews.create())`,
 * `mutate({ id, data, ifMatch })`. `module` comes from `useModuleApi`; `name` must be the one its
 * `facetQueries` uses, since a successful write invalidates every query under `[name]`. Errors
 * reject the mutation as the module's client rejects them (`FacetHttpError` with `facetErrors: true`).
 */
export function facetMutations<TItem, TTypes extends ModuleTypes = {}>(
  module: ModuleApi<TItem, TTypes>,
  name: string,
  options: FacetMutationsOptions = {},
): FacetMutations<TItem, TTypes> {
  if (typeof module?.create !== 'function' || typeof module.update !== 'function') {
    throw new TypeError('facetMutations: `module` must come from useModuleApi(api, endpoint)');
  }
  if (typeof name !== 'string' || name === '') {
    throw new TypeError('facetMutations: `name` must be a non-empty string such as "books"');
  }
  const api = module as unknown as ModuleApi<unknown>;
  const invalidate = (context: FacetMutationContext | undefined) => {
    const client = options.queryClient ?? context?.client;
    if (client === undefined) {
      throw new TypeError(
        'facetMutations: no QueryClient to invalidate; TanStack Query before 5.80 needs facetMutations(module, name, { queryClient })',
      );
    }
    return client.invalidateQueries({ queryKey: [name] });
  };
  const onSuccess = (_data: unknown, _variables: unknown, _result: unknown, context?: FacetMutationContext) =>
    invalidate(context);
  const loose = {
    create: (query?: TypedWriteQuery<unknown, string>) => ({
      mutationKey: [name, 'create'],
      mutationFn: (data: unknown) => api.create(data as never, query),
      onSuccess,
    }),
    update: (query?: TypedWriteQuery<unknown, string>) => ({
      mutationKey: [name, 'update'],
      mutationFn: ({ id, data, ifMatch }: FacetUpdateVariables<unknown>) =>
        api.update(id, data as never, query, ifMatch === undefined ? undefined : { ifMatch }),
      onSuccess,
    }),
    delete: (query?: TypedWriteQuery<unknown, string>) => ({
      mutationKey: [name, 'delete'],
      mutationFn: ({ id, ifMatch }: FacetDeleteVariables) =>
        api.delete(id, query, ifMatch === undefined ? undefined : { ifMatch }),
      onSuccess,
    }),
    createMany: () => ({
      mutationKey: [name, 'createMany'],
      mutationFn: (rows: readonly unknown[]) => api.createMany(rows as never),
      onSuccess,
    }),
    updateMany: () => ({
      mutationKey: [name, 'updateMany'],
      mutationFn: ({ where, data }: FacetUpdateManyVariables<unknown, unknown>) =>
        api.updateMany(where as never, data as never),
      onSuccess,
    }),
    deleteMany: () => ({
      mutationKey: [name, 'deleteMany'],
      mutationFn: ({ where }: FacetDeleteManyVariables<unknown>) => api.deleteMany(where as never),
      onSuccess,
    }),
  };
  return loose as unknown as FacetMutations<TItem, TTypes>;
}
