import type { ModelTypes } from '../../model/model-types.js';
import { prismaArgs, type QueryOperation, type ReadCaller, refuseUnknownKeys } from './operation-keys.js';
import { prepareClientArgs } from './prepare-client-args.js';

/**
 * The caller's arguments as the delegate gets them: unknown top-level keys refused (the operation
 * table), Facet's keys removed, Prisma's reserved keys refused, every operand literal by the
 * operator table (see `prepareClientArgs`). Only the caller's arguments pass here: access filters
 * and relation scoping are added after, and where-inputs marked with `serverWhere` are not entered.
 */
export function checkClientArgs(
  operation: QueryOperation,
  args: object | undefined,
  caller: ReadCaller,
  options: { readonly literalSearch: boolean; readonly model: ModelTypes | undefined },
): { where?: unknown; [key: string]: unknown } {
  refuseUnknownKeys(operation, args, caller);
  return prepareClientArgs(prismaArgs(operation, args), options);
}
