import type { FieldContext } from '../../projection/field-schema.types.js';
import type { RecordId } from '../../read/plan/key.js';

/** The three writes of a resource. */
export type WriteAction = 'create' | 'update' | 'delete';

/** What a write's `set` receives: who writes, and (for an update) which row. */
export interface WriteSetContext<TAbility = unknown> {
  /** The caller, as the write received it (its `ReadContext`). */
  readonly read: {
    readonly ability?: TAbility;
    readonly context?: FieldContext;
    readonly trusted?: boolean;
  };
  readonly action: 'create' | 'update';
  /** The id of the row an update writes. */
  readonly id?: RecordId;
}

/** Data the server writes itself (`{ userId: caller.id }`): column values, passed to Prisma as they are. */
export type ServerData = Readonly<Record<string, unknown>>;

/** One body write (create or update): the input DTO and the fields the server sets. */
export interface BodyWrite<TBody extends object = object, TAbility = unknown> {
  /**
   * The input DTO class: the fields a body may carry (each a scalar column of the model), declared
   * with `@Field`, `@ApiProperty` or a class-validator rule, validated by its class-validator rules.
   * A field's `@Field({ expose })` says who may write it; a caller it hides gets the 400 of an
   * unknown field. For `update`, only the fields a body carries are validated, so the create DTO
   * can serve both. @default for `update`, the body of `create`
   */
  readonly body?: abstract new (
    ...args: never[]
  ) => TBody;
  /**
   * The fields the server writes (the owner from the caller, a timestamp): merged over the body's,
   * and refused in a body (400, like an unknown field). Called once per write.
   */
  readonly set?: (context: WriteSetContext<TAbility>) => ServerData | Promise<ServerData>;
}

/**
 * The writes a resource serves. Each one checks the body (`body`), merges the ability's condition
 * of its action the way reads merge `read` (docs/SECURITY.md, "Writes"), runs in a transaction, and
 * answers the written row as the caller reads it.
 */
export interface ResourceWrites<
  TCreate extends object = object,
  TUpdate extends object = object,
  TAbility = unknown,
> {
  readonly create?: BodyWrite<TCreate, TAbility> & {
    readonly body: abstract new (...args: never[]) => TCreate;
  };
  readonly update?: BodyWrite<TUpdate, TAbility>;
  /** `true` to serve deletes. */
  readonly delete?: boolean;
  /**
   * Bulk writes, off unless named: `createMany` (a list of `create` bodies), `updateMany` and
   * `deleteMany` (the rows a client's `where` matches). Each is the single write it batches, with
   * every one of its checks, for every row, in one transaction. `true`: every single write declared.
   * @default none
   */
  readonly bulk?: boolean | BulkWrites;
}

/** Which bulk writes a resource serves, and how many rows one may touch. */
export interface BulkWrites {
  /** `createMany`: needs `create`. */
  readonly create?: boolean;
  /** `updateMany`: needs `update`. */
  readonly update?: boolean;
  /** `deleteMany`: needs `delete`. */
  readonly delete?: boolean;
  /**
   * The most rows one bulk write may touch: more bodies in a `createMany`, or more rows the caller
   * may read matching an `updateMany`/`deleteMany`'s `where`, are a 400 (`too_many`, with the
   * limit) before any row is written. @default 100
   */
  readonly maxRows?: number;
}

/** What a bulk write answers: how many rows it wrote. */
export interface BulkWriteResult {
  /** The rows created, changed or deleted (all the rows asked for: a bulk write is all or none). */
  readonly count: number;
}

/** Options of one bulk write call: the application's transaction (`WriteOptions.tx`). */
export interface BulkWriteOptions {
  /** The application's interactive transaction client; see `WriteOptions.tx`. */
  readonly tx?: object;
}

/** Options of one write call. */
export interface WriteOptions {
  /**
   * The application's interactive transaction client (`prisma.$transaction(async (tx) => …)`): the
   * write, its checks and its read-back run on it, with the application's other writes, instead of
   * in a transaction of its own. An error rolls the write back only when the application lets it
   * end its transaction. @default a transaction of the write's own on the module's client
   */
  readonly tx?: object;
  /**
   * The request's `If-Match` header (update and delete): the write happens only when the row's
   * current representation, as this caller reads it with the same `fields` (the `ETag` of
   * `GET /:id`), matches; else 412 and nothing is written. `*` matches any row the caller may read.
   * A malformed header is a 400.
   */
  readonly ifMatch?: string | readonly string[];
}
