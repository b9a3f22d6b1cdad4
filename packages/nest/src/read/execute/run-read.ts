import { type ClassifyErrorOptions, classifyError, type ErrorKind } from '../../errors/classify-error.js';
import { toHttpException } from '../../errors/prisma-error.mapper.js';
import type { QueryOperation } from '../check/operation-keys.js';

/** What `errorLogger` receives: the original error and everything needed to understand it. */
export interface QueryErrorLogEntry {
  /** The error as thrown (Prisma's, CASL's, the application's): its message may name models and fields. */
  readonly error: unknown;
  /** The read, or the write (`create`, `update`, `delete`) of a resource, that threw it. */
  readonly operation: QueryOperation | 'create' | 'update' | 'delete';
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

/** See `QueryServiceOptions.errorLoggerScope`. */
export type ErrorLoggerScope = 'mapped' | 'unexpected';

/** How a read's errors are answered and logged (a service's or a resource's options). */
export interface ReadErrorOptions extends ClassifyErrorOptions {
  readonly errorLogger: QueryErrorLogger;
  readonly errorLoggerScope: ErrorLoggerScope;
}

/** Where a read records the arguments it sends, for the log of an error. */
export interface ReadLog {
  args: unknown;
}

/**
 * Runs the delegate calls of one read and maps whatever they throw per spec 7
 * (docs/spec-conformance.md#7-errors), logging what is not an HTTP answer.
 */
export async function runRead<T>(
  operation: QueryOperation,
  errors: ReadErrorOptions,
  subject: string | undefined,
  body: (log: ReadLog) => Promise<T>,
): Promise<T> {
  const log: ReadLog = { args: undefined };
  try {
    return await body(log);
  } catch (error) {
    // Every call here reads: errors the database raised while running a statement are 500s.
    const classification = classifyError(error, { ...errors, reading: true });
    const isAnswer =
      classification.kind === 'http' ||
      classification.kind === 'facet_query' ||
      classification.kind === 'forbidden';
    const inScope = errors.errorLoggerScope === 'mapped' || classification.status >= 500;
    if (!isAnswer && inScope) {
      try {
        errors.errorLogger({ error, operation, context: { ...classification, subject, args: log.args } });
      } catch {
        // A failing logger must not change the client's answer (a 400 would become a 500).
      }
    }
    throw toHttpException(error, classification);
  }
}
