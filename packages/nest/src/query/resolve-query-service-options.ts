import { Logger } from '@nestjs/common';
import { resolveModel } from '../model/model-info.js';
import type { QueryErrorLogger } from '../read/execute/run-read.js';
import type { IdType } from '../read/plan/id.js';
import { keyOf } from '../read/plan/key.js';
import type { QueryServiceOptions, ResolvedQueryServiceOptions } from './query-service.options.js';

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
  idType: 'auto',
  maxIncludeTake: 100,
  databaseFaultStatus: 'internal',
  literalSearch: true,
  errorLoggerScope: 'mapped',
  knownRequestErrors: 'by-cause',
  forbiddenError: 'forbidden',
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
  literalSearch: true,
  errorLoggerScope: true,
  knownRequestErrors: true,
  forbiddenError: true,
  cursorSecret: true,
  cursorScope: true,
  model: true,
};

const ID_TYPES: readonly (IdType | 'auto')[] = ['int', 'bigint', 'string', 'as-given', 'auto'];

function oneOf<const T extends string>(name: string, value: unknown, allowed: readonly T[]): T {
  if (!(allowed as readonly unknown[]).includes(value)) {
    throw new TypeError(
      `The \`${name}\` option must be ${allowed.map((item) => `'${item}'`).join(' or ')}, got ${String(value)}.`,
    );
  }
  return value as T;
}

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
 * @param delegate whose model is read (see `ModelInfo`): its primary key and, with `idType` `'auto'`, its types.
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
  const literalSearch = options.literalSearch ?? DEFAULT_QUERY_SERVICE_OPTIONS.literalSearch;
  if (typeof literalSearch !== 'boolean')
    throw new TypeError('The `literalSearch` option must be a boolean.');
  const errorLoggerScope = oneOf(
    'errorLoggerScope',
    options.errorLoggerScope ?? DEFAULT_QUERY_SERVICE_OPTIONS.errorLoggerScope,
    ['mapped', 'unexpected'],
  );
  const knownRequestErrors = oneOf(
    'knownRequestErrors',
    options.knownRequestErrors ?? DEFAULT_QUERY_SERVICE_OPTIONS.knownRequestErrors,
    ['by-cause', 'bad-request'],
  );
  const forbiddenError = oneOf(
    'forbiddenError',
    options.forbiddenError ?? DEFAULT_QUERY_SERVICE_OPTIONS.forbiddenError,
    ['forbidden', 'internal'],
  );
  const model = resolveModel(delegate, options.model);
  const key = keyOf(model.types, options.idField, requestedIdType);

  return {
    access: subject !== undefined && accessibleWhere !== undefined ? { subject, accessibleWhere } : undefined,
    errorLogger,
    defaultPerPage,
    maxPerPage,
    maxPage,
    key,
    dto: options.dto,
    maxIncludeTake,
    databaseFaultStatus,
    literalSearch,
    errorLoggerScope,
    knownRequestErrors,
    forbiddenError,
    cursorSecret: options.cursorSecret,
    cursorScope: options.cursorScope,
    model,
  };
}
