import type { QueryDelegate } from '../../model/delegate.types.js';

/**
 * The compiled reads of one model: each returns the answer of the Prisma call it stands for
 * (`findMany`, `count`), read by one SQL statement, or `undefined` when the compiler does not
 * cover these arguments, and the call then goes to Prisma.
 */
export interface ModelSqlReads {
  findMany(args: object): Promise<unknown[]> | undefined;
  count(args: object): Promise<number> | undefined;
  /** The first row (or `null`): a detail read by key or by a server's where, under the access scope. */
  findFirst?(args: object): Promise<unknown> | undefined;
  /** The row a unique where names (or `null`): a detail read without an access scope. */
  findUnique?(args: object): Promise<unknown> | undefined;
}

/**
 * A second execution stage for reads: the checked, scoped and planned arguments compiled to SQL
 * and run on the application's own pool. `sqlReads` from `@facet/nest/sql` makes one; resources
 * choose it with `engine: 'sql'`.
 */
export interface SqlReadEngine {
  /** The compiled reads of the model a Prisma delegate reads; `undefined` when none can be (another database, no schema). */
  forModel(delegate: object): ModelSqlReads | undefined;
  /**
   * Compiled reads that see a snapshot another transaction exported (`pg_export_snapshot()`), on
   * one connection of their own held until `close()`: an export's batches read compiled in the
   * same snapshot as its Prisma transaction. Optional: without it, an export in a snapshot reads
   * through Prisma.
   */
  inSnapshot?(snapshot: string): Promise<SqlReadSession>;
}

/** Compiled reads in one transaction of their own (`SqlReadEngine#inSnapshot`). */
export interface SqlReadSession {
  forModel(delegate: object): ModelSqlReads | undefined;
  /** Ends the transaction and gives the connection back; safe to call twice. */
  close(): Promise<void>;
}

/** Which execution stage a resource's reads use: Prisma's delegate calls, or compiled SQL. */
export type ReadEngineName = 'sql' | 'prisma';

/**
 * The delegate with `findMany`, `count`, `findFirst` and `findUnique` compiled where the compiler
 * covers their arguments.
 * Everything else (and every property, the delegate's own included) is the delegate's: the object
 * inherits from it, so what reads Prisma's internals of it still sees them.
 */
export function withSqlReads(delegate: QueryDelegate, reads: ModelSqlReads): QueryDelegate {
  const findMany = (args: object = {}) => reads.findMany(args) ?? delegate.findMany(args);
  const count = (args: object = {}) => reads.count(args) ?? delegate.count(args);
  const findFirst = (args: object = {}) => reads.findFirst?.(args) ?? delegate.findFirst(args);
  const findUnique = (args: object) => reads.findUnique?.(args) ?? delegate.findUnique(args);
  return Object.create(delegate, {
    findMany: { value: findMany, enumerable: true },
    count: { value: count, enumerable: true },
    findFirst: { value: findFirst, enumerable: true },
    findUnique: { value: findUnique, enumerable: true },
  }) as QueryDelegate;
}
