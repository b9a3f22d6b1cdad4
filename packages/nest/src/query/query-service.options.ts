import type {
  DatabaseFaultStatus,
  ForbiddenErrorStatus,
  KnownRequestErrorStatus,
} from '../errors/classify-error.js';
import { type ModelInfo, type ResolvedModel } from '../model/model-info.js';
import type { DtoClass } from '../projection/field-schema.types.js';
import type { ErrorLoggerScope, QueryErrorLogger } from '../read/execute/run-read.js';
import type { IdType } from '../read/plan/id.js';
import { type KeyField } from '../read/plan/key.js';
import type { AccessibleWhere } from '../read/scope/access.types.js';

export type {
  ErrorLoggerScope,
  QueryErrorContext,
  QueryErrorLogEntry,
  QueryErrorLogger,
} from '../read/execute/run-read.js';

export interface QueryServiceOptions<TAbility = unknown, TWhere = unknown> {
  /**
   * The subject passed to `accessibleWhere` (a CASL subject type such as `'Book'`). Must be given
   * together with `accessibleWhere`.
   * @default undefined (no access merging; passing an ability is then a configuration error)
   */
  subject?: string;
  /**
   * Builds the access filter merged into every read that receives an ability (docs/spec-conformance.md#46-access-filter-merge). Must be
   * given together with `subject`. `@facet/nest/casl` has one built on `@casl/prisma`.
   * @default undefined
   */
  accessibleWhere?: AccessibleWhere<TAbility, TWhere>;
  /**
   * Receives errors with full detail before they are replaced by an opaque response; which ones,
   * `errorLoggerScope` says.
   * @default logs 5xx errors through Nest's `Logger` (context `QueryService`) and ignores 4xx.
   * Facet default, not from the spec (which only says "when configured").
   */
  errorLogger?: QueryErrorLogger;
  /**
   * Which errors reach `errorLogger`. `'mapped'`: every error the service maps, the 400s of Prisma
   * validation and request errors included, since their responses hide Prisma's message and the
   * logger is the only place it goes. `'unexpected'`: only those answered with a 5xx, as the
   * specification's error table says ("any other unexpected error"). Either way, HTTP exceptions,
   * refused client input (`FacetQueryError`) and 403s are answers, not faults, and are not logged.
   * Facet default, not from the spec.
   * @default 'mapped'
   */
  errorLoggerScope?: ErrorLoggerScope;
  /**
   * Page size of `query` when the client sends no `perPage`. Facet default, not from the spec.
   * @default 20
   */
  defaultPerPage?: number;
  /**
   * Largest `perPage` a client may ask for; above it `query` answers 400 (it never clamps).
   * Facet default, not from the spec.
   * @default 100
   */
  maxPerPage?: number;
  /**
   * Largest `page` a client may ask for; above it `query` answers 400. A deep page is an offset
   * the database must walk past (`page=1e9` is a skip of billions of rows), so it is a budget.
   * Facet default, not from the spec.
   * @default 10000
   */
  maxPage?: number;
  /**
   * The key `findById` looks a record up by, and every paged read's sort ends with (so the order
   * is total): one field, or a list for a compound key, whose ids are then objects, lists or their
   * JSON text (see `RecordId`). Facet default, not from the spec.
   * @default the model's primary key, read from the schema text of the delegate's Prisma client
   *   (`@id`, or every field of `@@id([…])`); `'id'` for a delegate that does not expose it
   */
  idField?: string | readonly string[];
  /**
   * How `findById` reads an id from a path parameter: `'int'` (canonical 32-bit integers; `'42'`
   * is 42), `'bigint'`, `'string'` (verbatim; `'007'` stays `'007'`), or `'as-given'` (handed to
   * the delegate unchanged). A text that cannot be an id of the type is the 404 of a missing row.
   * `'auto'` reads the field's type from Prisma's runtime data model when the delegate exposes it
   * (a Prisma client delegate does), and otherwise passes the id as given, since any object with
   * the five operations is a delegate. For a compound key, `'auto'` reads each field's own type,
   * and any other value applies to every part. Facet default, not from the spec.
   * @default 'auto'
   */
  idType?: IdType | 'auto';
  /**
   * The secret keyset cursors (`meta.nextCursor`, `after=`) are sealed with (AES-256-GCM, keys
   * derived from it as from `FacetModule`'s `secret`, which resources get here), at least 16 bytes.
   * Facet default, not from the spec: a random key per process, so cursors do not survive a restart
   * and one process refuses another's. Set one shared secret when several processes serve the API.
   * @default a random key per process
   */
  cursorSecret?: string | Uint8Array;
  /**
   * What a cursor is bound to: a cursor signed for one scope is refused by every other.
   * @default the model's name (`Book`), or `subject`, or `'default'`
   */
  cursorScope?: string;
  /**
   * The DTO class of this model, whose declared relations (`@Relation`/`@ApiProperty` with a DTO
   * type) and their `@AccessSubject` describe where related rows live. With it every read scopes
   * relations (see `scopeRelationAccess`): given an ability, to-many includes, relation filters and
   * `_count` see only the related rows `accessibleWhere(ability, <their subject>)` allows; with or
   * without one, to-many includes get a `take` of at most `maxIncludeTake`.
   * @default undefined (relations are neither filtered nor capped; only the root where is merged)
   */
  dto?: DtoClass;
  /**
   * The largest `take` of a to-many include (needs `dto`): a load without `take` gets this one, a
   * larger `take` is a 400. Facet default, not from the spec.
   * @default 100
   */
  maxIncludeTake?: number;
  /**
   * How a lost or refused database connection and a cancelled statement are answered: `'internal'`
   * is the 500 `InternalServerErrorException` that spec 7 (docs/spec-conformance.md#7-errors) gives every unexpected error (its body's
   * `code` still says `database_unavailable` or `database_timeout`); `'specific'` answers 503 and
   * 504 instead (Facet's option, for load balancers and retrying clients). Never a 400 either way.
   * @default 'internal'
   */
  databaseFaultStatus?: DatabaseFaultStatus;
  /**
   * Escapes `\`, `%` and `_` in the caller's `contains`, `startsWith` and `endsWith` texts (at any
   * depth: relation filters, include `where`s, `_count`), so that they match literally: Prisma
   * passes them to LIKE unescaped, where `%` and `_` are wildcards and a trailing `\` is an error
   * that PostgreSQL raises only on meeting a row (an oracle for rows the caller may not read). The
   * access filter is the server's own and is left as built. Facet default, not from the spec.
   * @default true
   */
  literalSearch?: boolean;
  /**
   * How a Prisma request error that carries a code (`P` + 4 digits) is answered. `'by-cause'`
   * answers a 400 when the query caused it (a constraint, a missing related row, a value out of
   * range) and a 5xx when the server did: a lost connection, a busy pool or a timed-out statement
   * (see `databaseFaultStatus`), a missing table or column, a deadlock. A client cannot fix those
   * by changing its query, and a 400 would tell it to stop retrying. `'bad-request'` answers a
   * 400 for every one, as the specification's error table does. Facet's choice, a departure from
   * the spec on purpose.
   * @default 'by-cause'
   */
  knownRequestErrors?: KnownRequestErrorStatus;
  /**
   * How a CASL `ForbiddenError` thrown during a read (by `accessibleWhere`, say) is answered:
   * `'forbidden'` is a 403 whose body does not repeat CASL's message; `'internal'` is the logged
   * 500 the specification gives every error it does not list. Facet's choice, a departure from the
   * spec on purpose.
   * @default 'forbidden'
   */
  forbiddenError?: ForbiddenErrorStatus;
  /**
   * What Facet would read from Prisma's internals about the delegate's model (its field types, the
   * database, whether relations are joined), for a delegate that does not expose them: an
   * extension or a wrapper. Members given replace what is read; see `ModelInfo`.
   * @default everything read from the delegate
   */
  model?: ModelInfo;
}

/** The options with every default filled in and the id type decided. */
export interface ResolvedQueryServiceOptions<TAbility, TWhere> {
  readonly access:
    | { readonly subject: string; readonly accessibleWhere: AccessibleWhere<TAbility, TWhere> }
    | undefined;
  readonly errorLogger: QueryErrorLogger;
  readonly errorLoggerScope: ErrorLoggerScope;
  readonly defaultPerPage: number;
  readonly maxPerPage: number;
  readonly maxPage: number;
  /** The key's fields in order, each with how its part of an id is read (see `resolveKey`). */
  readonly key: readonly KeyField[];
  readonly dto: DtoClass | undefined;
  readonly maxIncludeTake: number;
  readonly databaseFaultStatus: DatabaseFaultStatus;
  readonly literalSearch: boolean;
  readonly knownRequestErrors: KnownRequestErrorStatus;
  readonly forbiddenError: ForbiddenErrorStatus;
  readonly cursorSecret: string | Uint8Array | undefined;
  readonly cursorScope: string | undefined;
  /** The model as read from the delegate, with the `model` option's members in place. */
  readonly model: ResolvedModel;
}

export {
  DEFAULT_QUERY_SERVICE_OPTIONS,
  resolveQueryServiceOptions,
} from './resolve-query-service-options.js';
