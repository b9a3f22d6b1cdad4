/**
 * The type map through which an application binds its generated Prisma types to a
 * `QueryService` (docs/spec-conformance.md#25-type-map-basedelegatetypemap). Nothing here is imported from Prisma: each member is filled in by
 * the application, for example for a `Book` model:
 *
 * ```ts
 * interface BookTypeMap extends BaseDelegateTypeMap {
 *   select: Prisma.BookSelect;
 *   include: Prisma.BookInclude;
 *   whereInput: Prisma.BookWhereInput;
 *   orderByWithRelationInput: Prisma.BookOrderByWithRelationInput;
 *   whereUniqueInput: Prisma.BookWhereUniqueInput;
 *   scalarFieldEnum: Prisma.BookScalarFieldEnum;
 *   aggregateInputType: Prisma.BookAggregateArgs;
 * }
 * ```
 */
export interface BaseDelegateTypeMap {
  /** Prisma's `<Model>Select`: which scalar fields and relations to load. */
  select: object;
  /** Prisma's `<Model>Include`: relations to load. */
  include: object;
  /** Prisma's `<Model>WhereInput`: the filter. */
  whereInput: object;
  /** Prisma's `<Model>OrderByWithRelationInput`: the sort (one object, or an array of them). */
  orderByWithRelationInput: object;
  /** Prisma's `<Model>WhereUniqueInput`: the filter of `findUnique`. */
  whereUniqueInput: object;
  /** Prisma's `<Model>ScalarFieldEnum`: the union of scalar field names. */
  scalarFieldEnum: string;
  /**
   * Prisma's `<Model>AggregateArgs`: the input of `aggregate` (`where`, `_count`, `_min`, `_max`,
   * `_avg`, `_sum`, ...). The spec's table calls this member the aggregate type; Facet binds it to
   * the aggregate input, and the result type follows from the delegate.
   */
  aggregateInputType: object;
}

/**
 * The operations `QueryService` calls on a delegate (`prisma.book`, say). Prisma's generated
 * delegates are generic methods; method parameters are checked bivariantly, so they satisfy this
 * shape without the service knowing any Prisma type.
 */
export interface QueryDelegate {
  findFirst(args?: object): PromiseLike<unknown>;
  findMany(args?: object): PromiseLike<unknown[]>;
  findUnique(args: object): PromiseLike<unknown>;
  count(args?: object): PromiseLike<unknown>;
  aggregate(args: object): PromiseLike<unknown>;
}

/** A record of the delegate's model, as `findFirst` returns it without `select`/`include`. */
export type DelegateRecord<TDelegate extends QueryDelegate> = NonNullable<
  Awaited<ReturnType<TDelegate['findFirst']>>
>;

/**
 * The where-input of the delegate's `findMany` (`Prisma.BookWhereInput` for `prisma.book`), or
 * `object` for a delegate that does not type it.
 */
export type DelegateWhere<TDelegate extends QueryDelegate> =
  NonNullable<Parameters<TDelegate['findMany']>[0]> extends { where?: infer TWhere }
    ? unknown extends TWhere
      ? object
      : NonNullable<TWhere>
    : object;

/** The result of the delegate's `aggregate`. */
export type DelegateAggregate<TDelegate extends QueryDelegate> = Awaited<ReturnType<TDelegate['aggregate']>>;

// The three helpers below are how `DelegateTypeMap` reads a delegate's types; exported because its
// declaration names them.

/** The argument object of a delegate operation; for Prisma's generic methods, at its constraint. */
export type OperationArgs<TOperation> = TOperation extends (args: infer A) => unknown
  ? NonNullable<A>
  : TOperation extends (args?: infer A) => unknown
    ? NonNullable<A>
    : never;
/** The `TKey` member of an argument object (`where` of `findMany`'s), without `undefined`. */
export type ArgsMember<TArgs, TKey extends string> = TArgs extends { [K in TKey]?: infer V }
  ? NonNullable<V>
  : never;
/** The element type of an array (each member of a union on its own); any other type as it is. */
export type ElementOrSelf<T> = T extends readonly (infer I)[] ? I : T;

/**
 * The type map of a Prisma delegate, read from the argument types of its own operations, so
 * `new QueryService(prisma.book)` is typed without a hand-written map. A `BaseDelegateTypeMap` of
 * your own still works wherever a delegate's types cannot be read (a wrapper typed loosely).
 */
export interface DelegateTypeMap<TDelegate extends QueryDelegate> extends BaseDelegateTypeMap {
  select: ArgsMember<OperationArgs<TDelegate['findMany']>, 'select'>;
  include: ArgsMember<OperationArgs<TDelegate['findMany']>, 'include'>;
  whereInput: ArgsMember<OperationArgs<TDelegate['findMany']>, 'where'>;
  orderByWithRelationInput: Extract<
    ElementOrSelf<ArgsMember<OperationArgs<TDelegate['findMany']>, 'orderBy'>>,
    object
  >;
  whereUniqueInput: ArgsMember<OperationArgs<TDelegate['findUnique']>, 'where'>;
  scalarFieldEnum: Extract<
    ElementOrSelf<ArgsMember<OperationArgs<TDelegate['findMany']>, 'distinct'>>,
    string
  >;
  aggregateInputType: OperationArgs<TDelegate['aggregate']>;
}
