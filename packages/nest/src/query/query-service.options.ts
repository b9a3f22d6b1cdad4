import { Logger } from '@nestjs/common';
import type { AccessibleWhere } from '../access/access.types.js';
import type { DatabaseFaultStatus, ErrorKind } from '../errors/classify-error.js';
import type { DtoClass } from '../projection/field-schema.types.js';
import { detectIdType, type IdType } from './id.js';
import type { QueryOperation } from './query.types.js';

/** What `errorLogger` receives: the original error and everything needed to understand it. */
export interface QueryErrorLogEntry {
  /** The error as thrown (Prisma's, CASL's, the application's): its message may name models and fields. */
  readonly error: unknown;
  readonly operation: QueryOperation;
  readonly context: QueryErrorContext;
}

export interface QueryErrorContext {
  /** How the error was classified, and the status of the response the client gets. */
  readonly kind: ErrorKind;
  readonly status: number;
  readonly subject: string | undefined;
  /**
   * The arguments as they were sent to the delegate, access filter included; `undefined` when the
   * error came before a delegate call. Server-side detail: never put it in a response.
   */
  readonly args: unknown;
}

export type QueryErrorLogger = (entry: QueryErrorLogEntry) => void;

export interface QueryServiceOptions<TAbility = unknown, TWhere = unknown> {
  /**
   * The subject passed to `accessibleWhere` (a CASL subject type such as `'Book'`). Must be given
   * together with `accessibleWhere`.
   * @default undefined (no access merging; passing an ability is then a configuration error)
   */
  subject?: string;
  /**
   * Builds the access filter merged into every read that receives an ability (spec 4.6). Must be
   * given together with `subject`. `@facet/nest/casl` has one built on `@casl/prisma`.
   * @default undefined
   */
  accessibleWhere?: AccessibleWhere<TAbility, TWhere>;
  /**
   * Receives every error that is not already an HTTP answer (Prisma errors, configuration errors,
   * anything unexpected), with full detail, before it is replaced by an opaque response.
   * @default logs 5xx errors through Nest's `Logger` (context `QueryService`) and ignores 4xx.
   * Facet default, not from the spec (which only says "when configured").
   */
  errorLogger?: QueryErrorLogger;
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
   * The primary-key field `findById` filters on.
   * @default 'id'
   */
  idField?: string;
  /**
   * How `findById` reads an id from a path parameter: `'int'` (canonical 32-bit integers; `'42'`
   * is 42), `'bigint'`, `'string'` (verbatim; `'007'` stays `'007'`), or `'as-given'` (handed to
   * the delegate unchanged). A text that cannot be an id of the type is the 404 of a missing row.
   * `'auto'` reads the field's type from Prisma's runtime data model when the delegate exposes it
   * (a Prisma client delegate does), and otherwise passes the id as given, since any object with
   * the five operations is a delegate. Facet default, not from the spec.
   * @default 'auto'
   */
  idType?: IdType | 'auto';
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
   * is the 500 `InternalServerErrorException` that spec 7 gives every unexpected error (its body's
   * `code` still says `database_unavailable` or `database_timeout`); `'specific'` answers 503 and
   * 504 instead (Facet's option, for load balancers and retrying clients). Never a 400 either way.
   * @default 'internal'
   */
  databaseFaultStatus?: DatabaseFaultStatus;
}

/** The options with every default filled in and the id type decided. */
export interface ResolvedQueryServiceOptions<TAbility, TWhere> {
  readonly access:
    | { readonly subject: string; readonly accessibleWhere: AccessibleWhere<TAbility, TWhere> }
    | undefined;
  readonly errorLogger: QueryErrorLogger;
  readonly defaultPerPage: number;
  readonly maxPerPage: number;
  readonly maxPage: number;
  readonly idField: string;
  readonly idType: IdType;
  readonly dto: DtoClass | undefined;
  readonly maxIncludeTake: number;
  readonly databaseFaultStatus: DatabaseFaultStatus;
}

const logger = new Logger('QueryService');

const defaultErrorLogger: QueryErrorLogger = ({ error, operation, context }) => {
  if (context.status < 500) return;
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  logger.error(`${operation} failed (${context.kind}): ${detail}`);
};

export const DEFAULT_QUERY_SERVICE_OPTIONS = {
  errorLogger: defaultErrorLogger,
  defaultPerPage: 20,
  maxPerPage: 100,
  maxPage: 10_000,
  idField: 'id',
  idType: 'auto',
  maxIncludeTake: 100,
  databaseFaultStatus: 'internal',
} as const satisfies QueryServiceOptions;

// A registry over every option key: adding an option fails to compile until it is listed here,
// and an unknown key (a typo such as `maxPageSize`) is refused at construction.
const OPTION_KEYS: { readonly [K in keyof Required<QueryServiceOptions>]: true } = {
  subject: true,
  accessibleWhere: true,
  errorLogger: true,
  defaultPerPage: true,
  maxPerPage: true,
  maxPage: true,
  idField: true,
  idType: true,
  dto: true,
  maxIncludeTake: true,
  databaseFaultStatus: true,
};

const ID_TYPES: readonly (IdType | 'auto')[] = ['int', 'bigint', 'string', 'as-given', 'auto'];

function positiveInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`The \`${name}\` option must be a positive integer, got ${String(value)}.`);
  }
  return value;
}

/**
 * Validates the options and fills in the defaults, once, when a service is constructed. Throws a
 * `TypeError` or `RangeError` whose message names the offending option.
 *
 * @param delegate consulted only when `idType` is `'auto'`.
 */
export function resolveQueryServiceOptions<TAbility, TWhere>(
  options: QueryServiceOptions<TAbility, TWhere> = {},
  delegate?: object,
): ResolvedQueryServiceOptions<TAbility, TWhere> {
  if (typeof options !== 'object' || options === null) {
    throw new TypeError('QueryService options must be an object.');
  }
  for (const key of Object.keys(options)) {
    if (!Object.hasOwn(OPTION_KEYS, key)) throw new TypeError(`Unknown QueryService option \`${key}\`.`);
  }
  const { subject, accessibleWhere } = options;
  if (subject !== undefined && (typeof subject !== 'string' || subject === '')) {
    throw new TypeError('The `subject` option must be a non-empty string.');
  }
  if (accessibleWhere !== undefined && typeof accessibleWhere !== 'function') {
    throw new TypeError('The `accessibleWhere` option must be a function.');
  }
  if ((subject === undefined) !== (accessibleWhere === undefined)) {
    throw new TypeError('The `subject` and `accessibleWhere` options must be given together.');
  }
  const errorLogger = options.errorLogger ?? DEFAULT_QUERY_SERVICE_OPTIONS.errorLogger;
  if (typeof errorLogger !== 'function') throw new TypeError('The `errorLogger` option must be a function.');

  const defaultPerPage = positiveInteger(
    'defaultPerPage',
    options.defaultPerPage ?? DEFAULT_QUERY_SERVICE_OPTIONS.defaultPerPage,
  );
  const maxPerPage = positiveInteger(
    'maxPerPage',
    options.maxPerPage ?? DEFAULT_QUERY_SERVICE_OPTIONS.maxPerPage,
  );
  const maxPage = positiveInteger('maxPage', options.maxPage ?? DEFAULT_QUERY_SERVICE_OPTIONS.maxPage);
  if (defaultPerPage > maxPerPage) {
    throw new RangeError(
      `The \`defaultPerPage\` option (${defaultPerPage}) cannot be greater than \`maxPerPage\` (${maxPerPage}).`,
    );
  }

  const idField = options.idField ?? DEFAULT_QUERY_SERVICE_OPTIONS.idField;
  if (typeof idField !== 'string' || idField === '') {
    throw new TypeError('The `idField` option must be a non-empty string.');
  }
  const requestedIdType = options.idType ?? DEFAULT_QUERY_SERVICE_OPTIONS.idType;
  if (!ID_TYPES.includes(requestedIdType)) {
    throw new TypeError(
      `The \`idType\` option must be one of ${ID_TYPES.join(', ')}, got ${String(requestedIdType)}.`,
    );
  }
  if (options.dto !== undefined && typeof options.dto !== 'function') {
    throw new TypeError('The `dto` option must be a class.');
  }
  const maxIncludeTake = positiveInteger(
    'maxIncludeTake',
    options.maxIncludeTake ?? DEFAULT_QUERY_SERVICE_OPTIONS.maxIncludeTake,
  );
  const databaseFaultStatus =
    options.databaseFaultStatus ?? DEFAULT_QUERY_SERVICE_OPTIONS.databaseFaultStatus;
  if (databaseFaultStatus !== 'internal' && databaseFaultStatus !== 'specific') {
    throw new TypeError(
      `The \`databaseFaultStatus\` option must be 'internal' or 'specific', got ${String(databaseFaultStatus)}.`,
    );
  }
  const idType = requestedIdType === 'auto' ? detectIdType(delegate, idField) : requestedIdType;

  return {
    access: subject !== undefined && accessibleWhere !== undefined ? { subject, accessibleWhere } : undefined,
    errorLogger,
    defaultPerPage,
    maxPerPage,
    maxPage,
    idField,
    idType,
    dto: options.dto,
    maxIncludeTake,
    databaseFaultStatus,
  };
}
