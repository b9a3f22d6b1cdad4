import type { FieldSelection } from '@facet/core';
import {
  type FieldsQueryInput,
  type PreparedFieldsQuery,
  type PrepareFieldsQueryOptions,
  prepareWithSelection,
} from '../../projection/prepare-fields-query.js';
import type { ReadCall, ResourceView } from '../check/read-call.js';

/**
 * The `select`/`include` a read needs for its projection: server includes, the client's, and (with
 * push-down, on by default here) only the columns and relations `fields` shows.
 */
export function planProjection<TQuery extends FieldsQueryInput>(
  query: TQuery,
  view: ResourceView<never, object, never>,
  selection: FieldSelection | undefined,
  prefix: readonly string[],
  read: ReadCall<unknown>,
): PreparedFieldsQuery<TQuery> {
  const { baseInclude, pushDown, alwaysSelect, fieldsOptions } = view;
  const options: PrepareFieldsQueryOptions = {
    ...(baseInclude === undefined ? {} : { baseInclude }),
    // The resource layer's mappers copy what is present, so it reads only the projected columns
    // unless told otherwise; plain `prepareFieldsQuery` keeps the spec's include shape.
    pushDown: pushDown ?? true,
    ...(alwaysSelect === undefined ? {} : { alwaysSelect }),
    ...(fieldsOptions === undefined ? {} : { fieldsOptions }),
    context: read.context ?? {},
  };
  return prepareWithSelection(query, view.dto, selection, prefix, options);
}
