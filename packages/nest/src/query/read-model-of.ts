import type { QueryDelegate } from '../model/delegate.types.js';
import { CursorCodec } from '../read/plan/cursor.js';
import type { ReadModel } from '../read/read-model.js';
import type { ResolvedQueryServiceOptions } from './query-service.options.js';

const DELEGATE_OPERATIONS = ['findFirst', 'findMany', 'findUnique', 'count', 'aggregate'] as const;

/**
 * Any object with the five operations is a delegate (a Prisma model delegate, an extension, a
 * wrapper); one that lacks some is refused at construction rather than with a 500 on first use.
 */
export function assertQueryDelegate(delegate: unknown): asserts delegate is QueryDelegate {
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

/** The read pipeline's view of a model, from a service's (or a resource's) resolved options. */
export function readModelOf(
  delegate: QueryDelegate,
  options: ResolvedQueryServiceOptions<never, unknown>,
  delegateFor: (model: string) => QueryDelegate | undefined,
): ReadModel {
  const types = options.model.types;
  return {
    delegate,
    dto: options.dto,
    subject: options.access?.subject,
    model: options.model,
    key: options.key,
    cursors: new CursorCodec(
      options.cursorSecret,
      options.cursorScope ?? types?.name ?? options.access?.subject ?? 'default',
    ),
    paging: options,
    maxIncludeTake: options.maxIncludeTake,
    literalSearch: options.literalSearch,
    errors: options,
    delegateFor,
  };
}
