import { FacetQueryError, type FieldSelection, type IssuePath } from '@facet/core';
import { asHttpError } from '../../errors/facet-query.exception.js';
import type { ModelTypes } from '../../model/model-types.js';
import type { DtoClass, FieldContext } from '../../projection/field-schema.types.js';
import { QueryCheck } from './check-load.js';
import { STOP } from './check-state.js';
import { type QueryBudget, resolveQueryBudget } from './query-budget.js';

/**
 * The client-supplied arguments of a read. Each member is checked by its row of the table of
 * arguments (`ARGUMENT_FIELDS`): those that name fields against the DTO, the rest not at all.
 */
export interface QueryPolicyInput {
  readonly where?: unknown;
  readonly orderBy?: unknown;
  readonly include?: unknown;
  readonly select?: unknown;
  readonly omit?: unknown;
  readonly cursor?: unknown;
  readonly distinct?: unknown;
  readonly _count?: unknown;
  readonly _min?: unknown;
  readonly _max?: unknown;
  readonly _avg?: unknown;
  readonly _sum?: unknown;
}

export interface QueryPolicyOptions {
  /** Passed to the DTO's `expose` rules: a field hidden from this caller is not available. @default {} */
  readonly context?: FieldContext;
  /** Size limits; see `QueryBudget` for the defaults. */
  readonly budget?: QueryBudget;
  /**
   * A parsed `fields` selection of the same read, and where it sits in the parameter
   * (`['fields']`, or `['fields', 'items']` in an envelope). The relations it selects count
   * towards `maxIncludes` and `maxIncludeDepth`; its names are checked by the projection itself.
   */
  readonly fields?: { readonly selection: FieldSelection; readonly path: IssuePath };
  /**
   * The field types of the DTO's model (`readModelTypes(prisma.book)`), so each operand is checked
   * against its field's type and a string field keeps the text a client sent (`where.title=2024`).
   * Without it operands are checked as untyped scalars.
   * @default undefined
   */
  readonly model?: ModelTypes;
}

/**
 * The allow-list of client input (docs/SECURITY.md section 2): a `where`, `orderBy`, `include`,
 * `select`, `omit`, `cursor`, `distinct` or aggregate may only name fields and relations that the DTO declares and exposes to this caller, at any
 * depth, and only Prisma's known filter operators, within the budget. The verdict depends on the
 * query, the DTO and the caller's context only, never on the data, so a hidden field gets the same
 * 400 whether or not any row would match. Nothing is ever dropped: a query either passes whole or
 * is refused.
 *
 * Every operand follows the closed grammar of `operands.ts`: a value of the field's type, a list of
 * them, a search text, and the documented object forms only where Prisma's filter API has them
 * (`not`, relation filters). Prisma's internal value forms (`__prismaRawParameters__`, `$type`) are
 * never operands. Operands are normalized in place: a string field gets the text a value was sent
 * as (`where.title=2024` is the title "2024"; see `decodedText` of `@facet/core`), an ISO
 * date-time becomes a `Date`, a BigInt sent as digits a `bigint`.
 *
 * A DTO field is usable in these positions when it maps to the model one-to-one: a scalar whose only
 * `source` is its own name, a relation whose model name is its own name. Computed fields can be
 * projected with `fields` but not filtered or sorted.
 *
 * @throws {FacetQueryError} whose issues name each offending path (`where.internalNote`).
 */
export function checkQueryPolicy(
  query: QueryPolicyInput,
  dto: DtoClass,
  options: QueryPolicyOptions = {},
): undefined {
  const checker = new QueryCheck(options.context ?? {}, resolveQueryBudget(options.budget));
  const model = options.model;
  try {
    checker.arguments(query as Record<string, unknown>, dto, model, [], 1);
    if (options.fields) checker.selectedRelations(options.fields.selection, dto, options.fields.path, 1);
  } catch (error) {
    if (error !== STOP) throw error;
  }
  checker.finish();
  const [first, ...rest] = checker.issues;
  if (first) throw new FacetQueryError([first, ...rest]);
}

/** `checkQueryPolicy` for controllers: a refused query is the 400 `FacetQueryException`. */
export function assertQueryPolicy(
  query: QueryPolicyInput,
  dto: DtoClass,
  options: QueryPolicyOptions = {},
): undefined {
  asHttpError(() => checkQueryPolicy(query, dto, options));
}

export { mapsDirectly, operandField } from './check-state.js';
