import type {
  BaseDelegateTypeMap,
  DelegateAggregate,
  DelegateRecord,
  DelegateTypeMap,
  QueryDelegate,
} from '../model/delegate.types.js';
import type { ModelTypes } from '../model/model-types.js';
import { readSiblingDelegate } from '../model/prisma-internals.js';
import { checkClientArgs } from '../read/check/check-client-args.js';
import { type ReadLog, runRead } from '../read/execute/run-read.js';
import type { RecordId } from '../read/plan/key.js';
import { resolvePaging } from '../read/plan/paging.js';
import type { PageResult } from '../read/present/page-meta.js';
import { readById, readFirst, readMany, readUnique } from '../read/read-detail.js';
import { readList } from '../read/read-list.js';
import type { DelegateArgs, ReadModel } from '../read/read-model.js';
import { readAggregate, readCount } from '../read/read-totals.js';
import { type AccessScope, readScope } from '../read/scope/access-scope.js';
import { rowsOf, withToOneCheck } from '../read/to-one-check.js';
import { type Serialized, serializeValue } from '../serialization/serialize-value.js';
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
import { assertQueryDelegate, readModelOf } from './read-model-of.js';

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
  /** What the read pipeline needs of this model, resolved once. */
  private readonly read: ReadModel;

  constructor(
    protected readonly delegate: TDelegate,
    options?: QueryServiceOptions<TAbility, TTypeMap['whereInput']>,
  ) {
    assertQueryDelegate(delegate);
    this.options = resolveQueryServiceOptions(options, delegate);
    this.modelTypes = this.options.model.types;
    this.read = readModelOf(
      delegate,
      this.options,
      (model) => readSiblingDelegate(delegate, model) as QueryDelegate | undefined,
    );
  }

  /** The first matching record, or `null`. */
  findOne(
    args: FindArgs<TTypeMap> = {},
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<DelegateRecord<TDelegate> | null> {
    return this.run('findOne', ability, options, (scope, log) =>
      this.toOne(this.checked('findOne', args), scope, rowsOf, (checked) =>
        readFirst(this.read, checked, scope, log),
      ),
    ) as Promise<DelegateRecord<TDelegate> | null>;
  }

  /** Every matching record (bounded only by the caller's `take`). */
  findMany(
    args: FindArgs<TTypeMap> = {},
    ability?: TAbility,
    options?: QueryReadOptions,
  ): Promise<DelegateRecord<TDelegate>[]> {
    return this.run('findMany', ability, options, (scope, log) =>
      this.toOne(this.checked('findMany', args), scope, rowsOf, (checked) =>
        readMany(this.read, checked, scope, log),
      ),
    ) as Promise<DelegateRecord<TDelegate>[]>;
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
    return this.run('findById', ability, options, (scope, log) =>
      this.toOne(this.checked('findById', args), scope, rowsOf, (checked) =>
        readById(this.read, id, checked, scope, log),
      ),
    ) as Promise<DelegateRecord<TDelegate>>;
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
    return this.run('findUnique', ability, options, (scope, log) =>
      this.toOne(this.checked('findUnique', args), scope, rowsOf, (checked) =>
        readUnique(this.read, checked, scope, log),
      ),
    ) as Promise<DelegateRecord<TDelegate> | null>;
  }

  /** The number of matching records. */
  count(args: CountArgs<TTypeMap> = {}, ability?: TAbility, options?: QueryReadOptions): Promise<number> {
    return this.run('count', ability, options, (scope, log) =>
      readCount(this.read, this.checked('count', args), scope, log),
    );
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
    return this.run('aggregate', ability, options, async (scope, log) =>
      serializeValue(
        (await readAggregate(
          this.read,
          this.checked('aggregate', args),
          scope,
          log,
        )) as DelegateAggregate<TDelegate>,
      ),
    );
  }

  /**
   * One page of records and its page meta (docs/spec-conformance.md#22-server-side-paginated-result). `page` defaults to 1 and `perPage` to
   * `defaultPerPage`; bad values are a 400. The sort always ends with the key's fields, so the order is
   * total. The count and the page read run concurrently. With `{ count: false }` no count runs: one
   * extra row is read to know `hasNextPage`, and the page meta has no totals.
   *
   * Keyset paging: `meta.nextCursor` is the position after the page's last row (`null` on the last
   * page), and `after: <cursor>` (instead of `page`) reads the rows after it, in the same order;
   * `meta.prevCursor` and `before: <cursor>` read the rows before a page. A cursor is sealed
   * (`cursorSecret`: encrypted and authenticated) and bound to this service's model
   * (`cursorScope`) and to the sort it was made for; any other is a 400 `invalid_cursor`. Every
   * sort is walked: by the sort keys' values (the model's fields and its to-one relations'), or, for
   * a sort that cannot be compared by value (a to-many `_count`), by an offset the cursor carries.
   */
  query(
    args: QueryArgs<TTypeMap> & ({ after: string } | { before: string }),
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
    return this.run('query', ability, options, (scope, log) => {
      const paging = resolvePaging(args, this.options);
      const checked = this.checked('query', args);
      const read = {
        paging,
        page: args.page,
        after: args.after,
        before: args.before,
        counted: options.count !== false,
      };
      return this.toOne(
        checked,
        scope,
        (page: PageResult) => page.items,
        (args) => readList(this.read, args, read, scope, log),
      );
    }) as unknown as Promise<QueryResult<DelegateRecord<TDelegate>>>;
  }

  /** A read with its to-one relations checked (see `withToOneCheck`): with a `dto`, under access. */
  private toOne<T>(
    checked: DelegateArgs,
    scope: AccessScope,
    rows: (result: T) => readonly unknown[],
    read: (args: DelegateArgs) => Promise<T>,
  ): Promise<T> {
    return withToOneCheck(this.read, this.options.dto, checked, scope, rows, read);
  }

  /** The check stage for a caller of this service: the operation's keys, reserved keys, literal operands. */
  private checked(operation: QueryOperation, args: object | undefined): DelegateArgs {
    return checkClientArgs(operation, args, 'service', {
      literalSearch: this.options.literalSearch,
      model: this.modelTypes,
    });
  }

  /**
   * Runs one helper after the caller rule: a read of a service with an access configuration names
   * its caller (an ability) or says it is the server's own (`trusted`), never both, so a forgotten
   * ability cannot widen a read to every row (docs/spec-conformance.md#46-access-filter-merge). An
   * ability without an access configuration is refused too: it would filter nothing. Errors are
   * mapped per spec 7 (docs/spec-conformance.md#7-errors).
   */
  private run<T>(
    operation: QueryOperation,
    ability: TAbility | undefined,
    options: QueryReadOptions | undefined,
    body: (scope: AccessScope, log: ReadLog) => Promise<T>,
  ): Promise<T> {
    return runRead(operation, this.options, this.options.access?.subject, (log) =>
      body(readScope(operation, this.options.access, ability, options?.trusted === true), log),
    );
  }
}
