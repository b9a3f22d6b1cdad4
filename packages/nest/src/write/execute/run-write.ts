import { classifyError, type ErrorClassification } from '../../errors/classify-error.js';
import { toHttpException } from '../../errors/prisma-error.mapper.js';
import { writeFaultException, writeFaultOf } from '../../errors/write-errors.js';
import type { WriteAction, WriteOptions } from '../types/write.types.js';
import type { AnyWriteTarget, WriteBinding } from '../types/write-target.js';

/** On the application's transaction client, or in a transaction of the write's own. */
export function inTransaction<T>(
  target: AnyWriteTarget,
  options: WriteOptions,
  work: (binding: WriteBinding) => Promise<T>,
): Promise<T> {
  if (options.tx !== undefined) return work(target.bind(options.tx));
  return target.transaction((client) => work(target.bind(client)));
}

/**
 * Runs one write and answers whatever it throws: HTTP answers and refused input pass; the database's
 * write faults become their fixed answers (`errors/write-errors.ts`: 409, 404, 400, with no name of
 * a table, column or constraint); anything else as a read's errors are (`classifyError`), logged.
 */
export async function runWrite<T>(
  operation: WriteAction,
  target: AnyWriteTarget,
  body: () => Promise<T>,
): Promise<T> {
  try {
    return await body();
  } catch (error) {
    const fault = writeFaultOf(error, operation);
    const classification: ErrorClassification =
      fault === undefined
        ? classifyError(error, target.errors)
        : {
            kind: 'request_rejected',
            status: fault === 'invalid_reference' ? 400 : fault === 'not_found' ? 404 : 409,
          };
    const isAnswer =
      classification.kind === 'http' ||
      classification.kind === 'facet_query' ||
      classification.kind === 'forbidden';
    const { errors } = target;
    if (!isAnswer && (errors.errorLoggerScope === 'mapped' || classification.status >= 500)) {
      try {
        errors.errorLogger({
          error,
          operation,
          context: { ...classification, subject: target.subject, args: undefined },
        });
      } catch {
        // A failing logger must not change the client's answer.
      }
    }
    if (fault !== undefined) throw writeFaultException(fault, error);
    throw toHttpException(error, classification);
  }
}
