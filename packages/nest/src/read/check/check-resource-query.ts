import type { FieldSelection } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import { checkQueryPolicy, type QueryPolicyInput } from './check-query.js';
import type { ReadCall, ResourceView } from './read-call.js';

/**
 * The client's own where/orderBy/include/select against the DTO as this caller may see it, before
 * server includes join them; the relations `fields` selects count towards the same budget.
 */
export function checkResourceQuery(
  query: object,
  view: ResourceView<never, object, never>,
  selection: FieldSelection | undefined,
  prefix: readonly string[],
  read: ReadCall<unknown>,
  model: ModelTypes | undefined,
): void {
  const { budget } = view;
  checkQueryPolicy(query as QueryPolicyInput, view.dto, {
    context: read.context ?? {},
    ...(model === undefined ? {} : { model }),
    ...(budget === undefined ? {} : { budget }),
    ...(selection === undefined ? {} : { fields: { selection, path: ['fields', ...prefix] } }),
  });
}
