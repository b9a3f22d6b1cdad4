import { COUNT_MODES, FacetQueryError } from '@facet/core';
import { PaginatedDTO } from '../dto/paginated.dto.js';
import { notFoundException } from '../errors/prisma-error.mapper.js';
import { asHttpError, type FieldsQueryInput } from '../projection/prepare-fields-query.js';
import { checkClientArgs } from './check/check-client-args.js';
import { checkDetailFields, checkPageFields } from './check/check-fields.js';
import { checkResourceQuery } from './check/check-resource-query.js';
import { checkSearch, type SearchTarget, type SearchWhere, withSearch } from './check/check-search.js';
import { needsCount } from './check/envelope.js';
import type { QueryOperation } from './check/operation-keys.js';
import { serverWhere } from './check/server-where.js';
import type { CountRows } from './execute/estimate-count.js';
import { type ReadLog, runRead } from './execute/run-read.js';
import { resolvePaging } from './plan/paging.js';
import type { PageCounting } from './plan/plan-page.js';
import { planProjection } from './plan/plan-projection.js';
import type { PageResult } from './present/page-meta.js';
import { presentEnvelope, presentItems } from './present/present-items.js';
import { readList } from './read-list.js';
import type { DelegateArgs, ReadCall, ReadModel, ResourceView } from './read-model.js';
import type { AccessScope } from './scope/access-scope.js';
import { withToOneCheck } from './to-one-check.js';

/** A resource as its reads see it: the model, how rows are shown, and who may read what. */
export interface ResourceTarget<TModel, TDto extends object, TAbility> {
  readonly model: ReadModel;
  readonly view: ResourceView<TModel, TDto, TAbility>;
  /** The access scope of a read (see `readScope`); throws for a read the caller rule refuses. */
  readonly scope: (operation: QueryOperation, read: ReadCall<TAbility>) => AccessScope;
  /** How `count=estimated` counts (`countEstimator`); exact when absent. */
  readonly estimate?: CountRows | undefined;
}

/** What a search of the resource needs: its DTO, model and database (see `checkSearch`). */
export function searchTarget(target: ResourceTarget<never, object, never>): SearchTarget {
  const { model, view } = target;
  return { dto: view.dto, model: model.model.types, provider: model.model.provider, budget: view.budget };
}

type AnyTarget = ResourceTarget<never, object, never>;

/**
 * The stages around one read's delegate calls: the access scope (inside the error mapping, as
 * every read's), the to-one keys selected, the client's arguments checked, then, after the calls,
 * the to-one rows the caller may not read hidden.
 */
async function scopedRead<T>(
  target: AnyTarget,
  operation: QueryOperation,
  prepared: DelegateArgs,
  read: ReadCall<never>,
  rows: (result: T) => readonly unknown[],
  body: (checked: DelegateArgs, scope: AccessScope, log: ReadLog) => Promise<T>,
  search?: SearchWhere,
): Promise<T> {
  const { model, view } = target;
  return runRead(operation, model.errors, model.subject, (log) => {
    const scope = target.scope(operation, read);
    return withToOneCheck(model, view.dto, prepared, scope, rows, (args) => {
      const checked = checkClientArgs(operation, args, 'resource', { ...model, model: model.model.types });
      return body(withSearch(checked, search), scope, log);
    });
  });
}

/**
 * The count mode a list asked for (`count=`); `undefined` for `none`, which counts nothing.
 * @throws {FacetQueryError} `invalid_value` at `count` for anything else.
 */
function pageCounting(count: unknown): PageCounting | undefined {
  if (count === undefined) return { mode: 'exact', shown: false };
  if (count === 'none') return undefined;
  if (count === 'estimated' || count === 'exact') return { mode: count, shown: true };
  throw new FacetQueryError([
    { code: 'invalid_value', path: ['count'], message: `count must be one of ${COUNT_MODES.join(', ')}` },
  ]);
}

/**
 * A page of a resource: `fields` checked and split by the envelope rule, the client's query checked
 * against the DTO, the projection planned, the page read under the caller's scope, and the rows
 * mapped, projected and put in the envelope. No count runs when the projection shows no total.
 * `own` is a where of the server's own, ANDed with the client's (see `readResourceItem`).
 */
export async function readResourceList<TModel, TDto extends object, TAbility>(
  target: ResourceTarget<TModel, TDto, TAbility>,
  query: FieldsQueryInput & {
    readonly page?: unknown;
    readonly perPage?: unknown;
    readonly after?: unknown;
    readonly q?: unknown;
    readonly count?: unknown;
    readonly before?: unknown;
  },
  read: ReadCall<TAbility>,
  own?: object,
): Promise<{ items?: Partial<TDto>[]; meta?: Record<string, unknown> }> {
  const { model, view } = target as unknown as AnyTarget;
  const { page, prepared, search, counting } = asHttpError(() => {
    const page = checkPageFields(query.fields, view);
    const prefix = page.envelope ? ['items'] : [];
    checkResourceQuery(query, view, page.items, prefix, read, model.model.types);
    const search = checkSearch(query, searchTarget(target as unknown as AnyTarget), read.context ?? {});
    const counting = pageCounting(query.count);
    return { page, prepared: planProjection(query, view, page.items, prefix, read), search, counting };
  });
  // A cursor page (`after`, `before`) counts only when the envelope asks for totals; an offset
  // page also when there is no envelope, as the spec's meta has them. `count=none` never counts.
  const cursor = query.after !== undefined || query.before !== undefined;
  const counted = counting !== undefined && (cursor ? page.envelope && needsCount(page) : needsCount(page));
  const result = await scopedRead<PageResult>(
    target as unknown as AnyTarget,
    'query',
    own === undefined ? (prepared.query as DelegateArgs) : narrowed(prepared.query as DelegateArgs, own),
    read as ReadCall<never>,
    (found) => found.items,
    (checked, scope, log) => {
      const args = prepared.query as DelegateArgs;
      const paging = resolvePaging(args as { page?: unknown; perPage?: unknown }, model.paging);
      const list = {
        paging,
        page: args.page,
        after: args.after,
        before: args.before,
        counted,
        counting,
        estimate: target.estimate,
      };
      return readList(model, checked, list, scope, log);
    },
    search,
  );
  const items = presentItems(result.items as TModel[], prepared.projection, target.view, query, read);
  return presentEnvelope(page, items, result.pageMeta, (all, meta) => new PaginatedDTO(all, meta));
}

/**
 * One item of a resource, by a where of the server's own (`{ id }` of `/books/:id`, `{ isbn }` of
 * `/books/isbn/:isbn`), narrowed by the client's `where`; a 404 when the caller may read none.
 */
export async function readResourceItem<TModel, TDto extends object, TAbility>(
  target: ResourceTarget<TModel, TDto, TAbility>,
  operation: 'findById' | 'findOne',
  lookup: (checked: DelegateArgs, scope: AccessScope, log: ReadLog) => Promise<unknown>,
  query: FieldsQueryInput & object,
  read: ReadCall<TAbility>,
  own?: object,
): Promise<Partial<TDto>> {
  const { model, view } = target as unknown as AnyTarget;
  const prepared = asHttpError(() => {
    const selection = checkDetailFields(query.fields, view);
    checkResourceQuery(query, view, selection, [], read, model.model.types);
    return planProjection(query, view, selection, [], read);
  });
  const row = await scopedRead(
    target as unknown as AnyTarget,
    operation,
    own === undefined ? (prepared.query as DelegateArgs) : narrowed(prepared.query as DelegateArgs, own),
    read as ReadCall<never>,
    (found) => (found === null || found === undefined ? [] : [found]),
    lookup,
  );
  if (row === null || row === undefined) throw notFoundException();
  const [item] = presentItems([row as TModel], prepared.projection, target.view, query, read);
  return item as Partial<TDto>;
}

/**
 * The client's arguments with a where of the server's own: it is passed as written (not made
 * literal) but still meets the check every text does (no NUL: a path parameter may carry one).
 */
function narrowed(args: DelegateArgs, own: object): DelegateArgs {
  const where = serverWhere(own);
  return { ...args, where: args.where === undefined ? where : { AND: [where, args.where] } };
}
