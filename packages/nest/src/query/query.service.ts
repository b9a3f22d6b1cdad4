import { computePageMeta, FacetQueryError } from '@facet/core';
import { hasNestedEmptyOr, hasTopLevelEmptyOr } from '../access/empty-or.js';
import { mergeAccessWhere } from '../access/merge-access-where.js';
import { KeysetPageMetaDTO, PageMetaDTO, PartialPageMetaDTO } from '../dto/page-meta.dto.js';
import { classifyError } from '../errors/classify-error.js';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { notFoundException, toHttpException } from '../errors/prisma-error.mapper.js';
import type {
  BaseDelegateTypeMap,
  DelegateAggregate,
  DelegateRecord,
  DelegateTypeMap,
  QueryDelegate,
} from '../model/delegate.types.js';
import type { ModelTypes } from '../model/model-types.js';
import { scopeRelationAccess } from '../policy/scope-relation-access.js';
import { type Serialized, serializeValue } from '../serialization/serialize-value.js';
import { prepareClientArgs } from './client-args.js';
import { CursorCodec } from './cursor.js';
import { parseKey, type RecordId } from './key.js';
import { keysetWhere, type TotalOrder, totalOrder } from './keyset.js';
import { resolvePaging } from './paging.js';
import type {
  CountArgs,
  FindArgs,
  FindByIdArgs,
  FindUniqueArgs,
  KeysetQueryResult,
  PartialQueryResult,
  QueryArgs,
  QueryCallOptions,
  QueryOperation,
  QueryReadOptions,
  QueryResult,
} from './query.types.js';
import {
  type QueryServiceOptions,
  type ResolvedQueryServiceOptions,
  resolveQueryServiceOptions,
} from './query-service.options.js';
import { withRelationLoadStrategy } from './relation-load-strategy.js';
import { fieldNamesOf, uniqueWhereAsFilter } from './unique-where.js';

/** Arguments as they go to the delegate: any object; the type map typed them at the public edge. */
export type DelegateArgs = { where?: unknown; [key: string]: unknown };

/** Facet's own keys, consumed here or by the HTTP layer; Prisma would refuse them as unknown. */
function withoutFacetKeys(args: object | undefined, keys: readonly string[]): DelegateArgs {
  const out: DelegateArgs = {};
  if (args === undefined) return out;
  for (const [key, value] of Object.entries(args)) {
    if (!keys.includes(key) && value !== undefined) out[key] = value;
  }
  return out;
}

/** Facet's own keys of each helper, consumed here or by the HTTP layer, never sent to Prisma. */
const FACET_KEYS: Readonly<Record<QueryOperation, readonly string[]>> = {
  findOne: ['fields'],
  findMany: ['fields'],
  findById: ['fields'],
  findUnique: ['fields'],
  count: ['fields'],
  aggregate: ['fields'],
  query: ['fields', 'page', 'perPage', 'after'],
};
const READ_ARGS = [
  'where',
  'orderBy',
  'include',
  'select',
  'omit',
  'take',
  'skip',
  'cursor',
  'distinct',
  'relationLoadStrategy',
];
/**
 * The top-level keys each helper accepts: Prisma's arguments of the operation it runs, and Facet's
 * own. Anything else is refused (400) rather than passed on, so a route with no validation in
 * front cannot hand Prisma a `cursor`, a `distinct` or a misspelt key. `query` pages with `page`
 * and `perPage` only: `take`, `skip`, `cursor` and `distinct` would change what a page is.
 */
const KNOWN_KEYS: Readonly<Record<QueryOperation, ReadonlySet<string>>> = {
  findOne: new Set([...READ_ARGS, 'fields']),
  findMany: new Set([...READ_ARGS, 'fields']),
  // A detail read's `orderBy` (the spec's detail request shape carries one) orders nothing on one row.
  findById: new Set(['where', 'orderBy', 'include', 'select', 'omit', 'fields']),
  findUnique: new Set(['where', 'include', 'select', 'omit', 'fields']),
  count: new Set(['where', 'orderBy', 'take', 'skip', 'cursor', 'select', 'fields']),
  aggregate: new Set([
    'where',
    'orderBy',
    'take',
    'skip',
    'cursor',
    '_count',
    '_min',
    '_max',
    '_avg',
    '_sum',
    'fields',
  ]),
  query: new Set([
    'where',
    'orderBy',
    'include',
    'select',
    'omit',
    'relationLoadStrategy',
    'fields',
    'page',
    'perPage',
    'after',
  ]),
};

function refuseUnknownKeys(operation: QueryOperation, args: object | undefined): void {
  if (args === undefined || args === null) return;
  const known = KNOWN_KEYS[operation];
  // A key present with `undefined` (an optional DTO property left out) says nothing.
  const unknown = Object.entries(args)
    .filter(([key, value]) => value !== undefined && !known.has(key))
    .map(([key]) => key);
  const [first, ...rest] = unknown.map((key) => ({
    code: 'unknown_key' as const,
    path: [key],
    message: `${operation} does not take this argument`,
  }));
  if (first) throw new FacetQueryError([first, ...rest]);
}

const DELEGATE_OPERATIONS = ['findFirst', 'findMany', 'findUnique', 'count', 'aggregate'] as const;

/**
 * Any object with the five operations is a delegate (a Prisma model delegate, an extension, a
 * wrapper); one that lacks some is refused at construction rather than with a 500 on first use.
 */
function assertQueryDelegate(delegate: unknown): asserts delegate is QueryDelegate {
  if ((typeof delegate !== 'object' && typeof delegate !== 'function') || delegate === null) {
    throw new TypeError('QueryService needs a delegate: an object with the five read operations.');
  }
  const missing = DELEGATE_OPERATIONS.filter(
    (name) => typeof (delegate as Record<string, unknown>)[name] !== 'function',
  );
  if (missing.length > 0) {
    throw new TypeError(
      `The QueryService delegate has no ${missing.join(', ')}: it needs ${DELEGATE_OPERATIONS.join(', ')}.`,
    );
  }
}

/**
 * Paginated, access-filtered reads over one model delegate (docs/spec-conformance.md#1-what-the-service-does, #43-server-query-methods-queryservice): a Prisma client's
 * (`prisma.book`) or any object with the five operations.
 *
 * It never imports Prisma: the application passes its delegate and binds its
 * generated types through a `BaseDelegateTypeMap`, so `where`, `orderBy` and `include` are typed
 * (and autocompleted) from the application's own schema. Every helper maps errors per spec 7 (docs/spec-conformance.md#7-errors) and
 * throws NestJS `HttpException`s only.
 *
 * With `subject` and `accessibleWhere`, every helper needs the caller's ability, or
 * `{ trusted: true }` in its options for a read of the server's own: a read that names neither is a
 * configuration error (docs/spec-conformance.md#46-access-filter-merge), not a read of every row.
 *
 * @typeParam TDelegate the model delegate, e.g. `PrismaClient['book']`
 * @typeParam TTypeMap the model's generated input types; read from the delegate by default
 * @typeParam TAbility the request-scoped ability type passed to the read helpers
 */
export class QueryService<
  TDelegate extends QueryDelegate,
  TTypeMap extends BaseDelegateTypeMap = DelegateTypeMap<TDelegate>,
  TAbility = unknown,
> {
  protected readonly options: ResolvedQueryServiceOptions<TAbility, TTypeMap['whereInput']>;
  /**
   * The field types of the delegate's model, from Prisma's runtime data model; `undefined` for a
   * delegate that does not expose it. `ResourceQuery` checks operands against them.
   */
  readonly modelTypes: ModelTypes | undefined;
  private readonly cursors: CursorCodec;
  /** The key's field names in order: `findById` reads by them, and every paged sort ends with them. */
  private readonly keyFields: readonly string[];
  /** A field every row has a value of: "no row" is asked as this field in `[]`. */
  private readonly firstKeyField: string;

  constructor(
    protected readonly delegate: TDelegate,
    options?: QueryServiceOptions<TAbility, TTypeMap['whereInput']>,
  ) {
    assertQueryDelegate(delegate);
    this.options = resolveQueryServiceOptions(options, delegate);
    this.keyFields = this.options.key.map((field) => field.name);
    this.firstKeyField = this.keyFields[0] as string;
    this.modelTypes = this.options.model.types;
    this.cursors = new CursorCodec(
      this.options.cursorSecret,
      this.options.cursorScope ?? this.modelTypes?.name ?? this.options.access?.subject ?? 'default',
    );
  }

  /**
   * The caller's arguments as the delegate gets them: unknown top-level keys refused, Facet's keys
   * removed, Prisma's reserved keys refused, every operand literal by the operator table (see
   * `prepareClientArgs`). Only the caller's arguments pass here: access filters and relation scoping
   * are added after, and where-inputs marked with `serverWhere` are not entered.
   */
  private clientArgs(operation: QueryOperation, args: object | undefined): DelegateArgs {
    refuseUnknownKeys(operation, args);
    return prepareClientArgs(withoutFacetKeys(args, FACET_KEYS[operation]), {
      literalSearch: this.options.literalSearch,
      model: this.modelTypes,
    });
  }

  /** The first matching record, or `null`. */
  findOne(
    args: FindArgs<TTypeMap> = {},
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<DelegateRecord<TDelegate> | null> {
    return this.run('findOne', { ability, options }, async (log) => {
      const { args: delegateArgs, empty } = this.withAccess(
        'findOne',
        this.clientArgs('findOne', args),
        ability,
      );
      log.args = delegateArgs;
      if (empty) return null;
      return (await this.delegate.findFirst(delegateArgs)) as DelegateRecord<TDelegate> | null;
    });
  }

  /** Every matching record (bounded only by the caller's `take`). */
  findMany(
    args: FindArgs<TTypeMap> = {},
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<DelegateRecord<TDelegate>[]> {
    return this.run('findMany', { ability, options }, async (log) => {
      const { args: delegateArgs, empty } = this.withAccess(
        'findMany',
        this.clientArgs('findMany', args),
        ability,
      );
      log.args = delegateArgs;
      if (empty) return [];
      return (await this.delegate.findMany(delegateArgs)) as DelegateRecord<TDelegate>[];
    });
  }

  /**
   * The record whose key (`idField`, by default the model's primary key) is `id`, parsed per
   * `idType` (`'42'` is 42 for an Int key and stays `'007'` for a String key). A compound key takes
   * an object of its fields, a list in key order, or the JSON text of either (see `RecordId`).
   * Throws `NotFoundException` when there is no such record, when the access filter hides it (the
   * same 404: no oracle), and when `id` cannot be a key of that type (`'abc'` for an Int key).
   */
  findById(
    id: RecordId,
    args: FindByIdArgs<TTypeMap> = {},
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<DelegateRecord<TDelegate>> {
    return this.run('findById', { ability, options }, async (log) => {
      const byId = parseKey(id, this.options.key);
      if (byId === undefined) throw notFoundException();
      const { where, ...rest } = this.clientArgs('findById', args);
      let record: unknown;
      // A compound key's unique input is named after its fields (`isbn_printing`) or by the schema:
      // a find-first on the key's fields reads the same row without knowing that name.
      if (ability === undefined && where === undefined && this.options.key.length === 1) {
        // The sort is checked like every read's (scopeRelations), then dropped: it orders one row.
        const { orderBy: _ordersOneRow, ...scoped } = this.scopeRelations(rest, undefined);
        const lookup = { ...scoped, where: byId };
        log.args = lookup;
        record = await this.delegate.findUnique(lookup);
      } else {
        // A client where narrows the lookup; it can only be combined with the key in a find-first.
        const narrowed = where === undefined ? byId : { AND: [byId, where] };
        const { args: scoped, empty } = this.withAccess('findById', { ...rest, where: narrowed }, ability);
        const { orderBy: _ordersOneRow, ...lookup } = scoped;
        log.args = lookup;
        record = empty ? null : await this.delegate.findFirst(lookup);
      }
      if (record === null || record === undefined) throw notFoundException();
      return record as DelegateRecord<TDelegate>;
    });
  }

  /**
   * The record matching a unique where, or `null`. With an ability it runs a find-first, so that
   * the access filter can be merged into the where (a unique where cannot take `AND`).
   */
  findUnique(
    args: FindUniqueArgs<TTypeMap>,
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<DelegateRecord<TDelegate> | null> {
    return this.run('findUnique', { ability, options }, async (log) => {
      const delegateArgs = this.clientArgs('findUnique', args);
      if (ability === undefined) {
        const lookup = this.scopeRelations(delegateArgs, undefined);
        log.args = lookup;
        return (await this.delegate.findUnique(lookup)) as DelegateRecord<TDelegate> | null;
      }
      // findFirst's where has no compound unique keys (`authorId_title`): spell them as their fields.
      const filterArgs = {
        ...delegateArgs,
        where: uniqueWhereAsFilter(delegateArgs.where, fieldNamesOf(this.modelTypes)),
      };
      const { args: firstArgs, empty } = this.withAccess('findUnique', filterArgs, ability);
      log.args = firstArgs;
      if (empty) return null;
      return (await this.delegate.findFirst(firstArgs)) as DelegateRecord<TDelegate> | null;
    });
  }

  /** The number of matching records. */
  count(args: CountArgs<TTypeMap> = {}, ability?: TAbility, options?: QueryReadOptions): Promise<number> {
    return this.run('count', { ability, options }, async (log) => {
      const { args: delegateArgs, empty } = this.withAccess('count', this.clientArgs('count', args), ability);
      log.args = delegateArgs;
      if (empty) return 0;
      return (await this.delegate.count(delegateArgs)) as number;
    });
  }

  /**
   * The delegate's aggregate (`_count`, `_min`, `_max`, `_avg`, `_sum`, ...), with Decimals and
   * BigInts turned into exact strings. Given an ability, the access filter is merged as in every
   * other read; the spec's `aggregate` takes none (docs/spec-conformance.md#46-access-filter-merge).
   * A filter of the server's own inside `args.where` is marked with `serverWhere()`: like every
   * argument here, the where is prepared as a client's, and an unmarked server filter would be too.
   */
  aggregate(
    args: TTypeMap['aggregateInputType'],
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<Serialized<DelegateAggregate<TDelegate>>> {
    return this.run('aggregate', { ability, options }, async (log) => {
      const { args: scoped, empty } = this.withAccess(
        'aggregate',
        this.clientArgs('aggregate', args),
        ability,
      );
      // An aggregate has no empty answer of its own to give: "no rows" is asked as a key in `[]`.
      const delegateArgs = empty ? { ...scoped, where: { [this.firstKeyField]: { in: [] } } } : scoped;
      log.args = delegateArgs;
      return serializeValue((await this.delegate.aggregate(delegateArgs)) as DelegateAggregate<TDelegate>);
    });
  }

  /**
   * One page of records and its page meta (docs/spec-conformance.md#22-server-side-paginated-result). `page` defaults to 1 and `perPage` to
   * `defaultPerPage`; bad values are a 400. The sort always ends with the key's fields, so the order is
   * total. The count and the page read run concurrently. With `{ count: false }` no count runs: one
   * extra row is read to know `hasNextPage`, and the page meta has no totals.
   *
   * Keyset paging: `meta.nextCursor` is the position after the page's last row (`null` on the last
   * page), and `after: <cursor>` (instead of `page`) reads the rows after it, in the same order.
   * A cursor is sealed (`cursorSecret`: encrypted and authenticated) and bound to this service's
   * model (`cursorScope`) and to the sort it was made for; any other is a 400 `invalid_cursor`.
   * Keyset paging needs a sort by the model's own fields (not a relation's, not `_count`).
   */
  query(
    args: QueryArgs<TTypeMap> & { after: string },
    ability?: TAbility,
    options?: QueryCallOptions,
  ): Promise<KeysetQueryResult<DelegateRecord<TDelegate>>>;
  query(
    args?: QueryArgs<TTypeMap>,
    ability?: TAbility,
    options?: QueryReadOptions & { count?: true },
  ): Promise<QueryResult<DelegateRecord<TDelegate>>>;
  query(
    args: QueryArgs<TTypeMap> | undefined,
    ability: TAbility | undefined,
    options: QueryReadOptions & { count: false },
  ): Promise<PartialQueryResult<DelegateRecord<TDelegate>>>;
  query(
    args?: QueryArgs<TTypeMap>,
    ability?: TAbility,
    options?: QueryCallOptions,
  ): Promise<
    | QueryResult<DelegateRecord<TDelegate>>
    | PartialQueryResult<DelegateRecord<TDelegate>>
    | KeysetQueryResult<DelegateRecord<TDelegate>>
  >;
  query(
    args: QueryArgs<TTypeMap> = {},
    ability?: TAbility,
    options: QueryCallOptions = {},
  ): Promise<
    | QueryResult<DelegateRecord<TDelegate>>
    | PartialQueryResult<DelegateRecord<TDelegate>>
    | KeysetQueryResult<DelegateRecord<TDelegate>>
  > {
    return this.run('query', { ability, options }, async (log) => {
      const { page, perPage } = resolvePaging(args, this.options);
      const client = this.clientArgs('query', args);
      const order = totalOrder(client.orderBy, this.keyFields, this.modelTypes, this.options.model.provider);
      const position = args.after === undefined ? undefined : this.position(args, order);
      // The client's own sort is checked (refusals name its paths), then the total one replaces it.
      const { args: scoped, empty } = this.withAccess('query', client, ability);
      const { args: base, added } = this.withSortKeys({ ...scoped, orderBy: order.orderBy }, order);
      const rows = (records: unknown[]) => this.stripped(records, added);
      const cursorAfter = (records: readonly unknown[]) => this.cursorAfter(records, order);

      if (position !== undefined && order.keys !== undefined) {
        const after = keysetWhere(order.keys, position, this.firstKeyField);
        const where = base.where === undefined ? after : { AND: [base.where, after] };
        const pageArgs = { ...base, where, take: perPage + 1 };
        const countArgs = base.where === undefined ? {} : { where: base.where };
        const counted = options.count !== false;
        log.args = counted ? { findMany: pageArgs, count: countArgs } : pageArgs;
        const [records, itemCount] = empty
          ? [[], counted ? 0 : undefined]
          : await Promise.all([
              this.delegate.findMany(pageArgs) as PromiseLike<unknown[]>,
              counted ? (this.delegate.count(countArgs) as PromiseLike<number>) : undefined,
            ]);
        const hasNextPage = records.length > perPage;
        const shown = hasNextPage ? records.slice(0, perPage) : records;
        const nextCursor = hasNextPage ? cursorAfter(shown) : null;
        return {
          items: rows(shown) as DelegateRecord<TDelegate>[],
          pageMeta: new KeysetPageMetaDTO({
            perPage,
            hasNextPage,
            nextCursor,
            ...(itemCount === undefined ? {} : { itemCount }),
          }),
        };
      }

      const skip = (page - 1) * perPage;
      if (options.count === false) {
        const pageArgs = { ...base, skip, take: perPage + 1 };
        log.args = pageArgs;
        const records = empty ? [] : ((await this.delegate.findMany(pageArgs)) as unknown[]);
        const hasNextPage = records.length > perPage;
        const shown = hasNextPage ? records.slice(0, perPage) : records;
        const nextCursor = hasNextPage ? cursorAfter(shown) : null;
        return {
          items: rows(shown) as DelegateRecord<TDelegate>[],
          pageMeta: new PartialPageMetaDTO({ page, perPage, hasPrevPage: page > 1, hasNextPage, nextCursor }),
        };
      }
      const pageArgs = { ...base, skip, take: perPage };
      const countArgs = base.where === undefined ? {} : { where: base.where };
      log.args = { findMany: pageArgs, count: countArgs };
      if (empty)
        return {
          items: [],
          pageMeta: new PageMetaDTO({
            ...computePageMeta({ page, perPage, itemCount: 0 }),
            nextCursor: null,
          }),
        };
      const [records, itemCount] = await Promise.all([
        this.delegate.findMany(pageArgs) as PromiseLike<unknown[]>,
        this.delegate.count(countArgs) as PromiseLike<number>,
      ]);
      const meta = computePageMeta({ page, perPage, itemCount });
      const nextCursor = meta.hasNextPage && records.length > 0 ? cursorAfter(records) : null;
      return {
        items: rows(records) as DelegateRecord<TDelegate>[],
        pageMeta: new PageMetaDTO({ ...meta, nextCursor }),
      };
    });
  }

  /** The position an `after` cursor holds; a 400 when it cannot be one for this read. */
  private position(args: QueryArgs<TTypeMap>, order: TotalOrder): unknown[] {
    const refuse = (message: string): never => {
      throw new FacetQueryError([{ code: 'invalid_cursor', path: ['after'], message }]);
    };
    if (args.page !== undefined)
      refuse('after and page cannot be combined: a cursor is a position of its own');
    if (order.keys === undefined) {
      refuse("Keyset paging (after) needs a sort by the model's own fields, not a relation's or a _count.");
    }
    return this.cursors.decode(args.after, order.signature, order.keys?.length ?? 0);
  }

  /** The cursor after the last of `records`, or `null` when the sort cannot be a keyset. */
  private cursorAfter(records: readonly unknown[], order: TotalOrder): string | null {
    const last = records[records.length - 1] as Record<string, unknown> | undefined;
    if (last === undefined || order.keys === undefined) return null;
    return this.cursors.encode(
      order.signature,
      order.keys.map((key) => last[key.field] ?? null),
    );
  }

  /**
   * A `select` that leaves out a sort key gets it added, so the next cursor can be built; `added`
   * names what the caller did not ask for, and is removed from the rows again.
   */
  private withSortKeys(
    args: DelegateArgs,
    order: TotalOrder,
  ): { args: DelegateArgs; added: readonly string[] } {
    const select = args.select;
    if (order.keys === undefined || typeof select !== 'object' || select === null) return { args, added: [] };
    const chosen = select as Record<string, unknown>;
    const added = order.keys.map((key) => key.field).filter((field) => chosen[field] !== true);
    if (added.length === 0) return { args, added };
    const widened: Record<string, unknown> = { ...chosen };
    for (const field of added) widened[field] = true;
    return { args: { ...args, select: widened }, added };
  }

  private stripped(records: unknown[], added: readonly string[]): unknown[] {
    if (added.length === 0) return records;
    for (const record of records) {
      if (typeof record !== 'object' || record === null) continue;
      for (const field of added) delete (record as Record<string, unknown>)[field];
    }
    return records;
  }

  /**
   * Merges the access filter when an ability is given. Fail-closed: an ability without a
   * configured `accessibleWhere`/`subject`, or an access filter that is not an object, is a
   * configuration error, never an unfiltered read. `empty` is true when the merged where provably
   * matches nothing (an empty top-level `OR`, see access/empty-or.ts): the caller then answers
   * without asking Prisma, which would evaluate that `OR` as true under the merge's `AND`.
   */
  protected withAccess(
    operation: QueryOperation,
    args: DelegateArgs,
    ability: TAbility | undefined,
  ): { args: DelegateArgs; empty: boolean } {
    if (ability === undefined) return { args: this.scopeRelations(args, undefined), empty: false };
    const { access } = this.options;
    if (access === undefined) {
      throw new FacetConfigurationError(
        `QueryService.${operation} received an ability, but the service has no \`accessibleWhere\`/\`subject\`; ` +
          'configure them, or do not pass an ability.',
      );
    }
    const accessWhere = this.accessWhere(ability, access.subject);
    // The client's arguments are scoped first, so the root filter stays exactly as built.
    const scoped = this.scopeRelations(args, ability);
    return {
      args: { ...scoped, where: mergeAccessWhere<unknown>(accessWhere, scoped.where) },
      empty: hasTopLevelEmptyOr(accessWhere) || hasTopLevelEmptyOr(args.where),
    };
  }

  /** The access filter of `subject` for `ability`, refused unless it is a usable where-input. */
  private accessWhere(ability: TAbility, subject: string): object {
    const { access } = this.options;
    if (access === undefined) throw new FacetConfigurationError('QueryService has no `accessibleWhere`.');
    const accessWhere: unknown = access.accessibleWhere(ability, subject);
    if (typeof accessWhere !== 'object' || accessWhere === null || Array.isArray(accessWhere)) {
      throw new FacetConfigurationError(
        `accessibleWhere returned ${accessWhere === null ? 'null' : typeof accessWhere} for subject ${subject}; it must return a where-input object.`,
      );
    }
    if (hasNestedEmptyOr(accessWhere)) {
      throw new FacetConfigurationError(
        `accessibleWhere returned a filter with a nested empty \`OR\` for subject ${subject}; Prisma ` +
          'evaluates it as true inside the merged AND, so the read is refused.',
      );
    }
    return accessWhere;
  }

  /**
   * With a `dto`, carries access into relations and caps to-many includes (see
   * `scopeRelationAccess`); related subjects get their own `accessibleWhere` filter.
   */
  protected scopeRelations(args: DelegateArgs, ability: TAbility | undefined): DelegateArgs {
    const { dto, maxIncludeTake, access } = this.options;
    // A relation load sorted by a `_count` is loaded by separate queries (see relation-load-strategy.ts).
    if (dto === undefined) return withRelationLoadStrategy(args, this.options.model.relationJoins);
    const accessFor =
      ability === undefined || access === undefined
        ? undefined
        : (subject: string) => this.accessWhere(ability, subject);
    const scoped = scopeRelationAccess(args, dto, {
      maxIncludeTake,
      model: this.modelTypes,
      ...(accessFor ? { accessFor } : {}),
    });
    return withRelationLoadStrategy(scoped, this.options.model.relationJoins);
  }

  /**
   * A read of a service with an access configuration names its caller (an ability) or says it is
   * the server's own (`trusted`), never both: a forgotten ability must not widen a read to every
   * row (docs/spec-conformance.md#46-access-filter-merge).
   */
  private assertCaller(
    operation: QueryOperation,
    read: { readonly ability: TAbility | undefined; readonly options: QueryReadOptions | undefined },
  ): void {
    if (read.options?.trusted === true) {
      if (read.ability !== undefined) {
        throw new FacetConfigurationError(
          `QueryService.${operation}: a read is either trusted or made with an ability, not both.`,
        );
      }
      return;
    }
    if (read.ability === undefined && this.options.access !== undefined) {
      throw new FacetConfigurationError(
        `QueryService.${operation} of subject ${this.options.access.subject} received no ability: pass the ` +
          "caller's ability, or { trusted: true } as the options for a read of the server's own.",
      );
    }
  }

  /**
   * Runs one helper, after the caller rule (`assertCaller`), and maps whatever it throws per spec 7
   * (docs/spec-conformance.md#7-errors), logging what is not an HTTP answer.
   */
  protected async run<T>(
    operation: QueryOperation,
    read: { readonly ability: TAbility | undefined; readonly options: QueryReadOptions | undefined },
    body: (log: { args: unknown }) => Promise<T>,
  ): Promise<T> {
    const log: { args: unknown } = { args: undefined };
    try {
      this.assertCaller(operation, read);
      return await body(log);
    } catch (error) {
      // Every helper here reads: errors the database raised while running a statement are 500s.
      const classification = classifyError(error, { ...this.options, reading: true });
      const isAnswer =
        classification.kind === 'http' ||
        classification.kind === 'facet_query' ||
        classification.kind === 'forbidden';
      const inScope = this.options.errorLoggerScope === 'mapped' || classification.status >= 500;
      if (!isAnswer && inScope) {
        try {
          this.options.errorLogger({
            error,
            operation,
            context: { ...classification, subject: this.options.access?.subject, args: log.args },
          });
        } catch {
          // A failing logger must not change the client's answer (a 400 would become a 500).
        }
      }
      throw toHttpException(error, classification);
    }
  }
}
