import { type FacetIssue, FacetQueryError, isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import { getFieldSchema, isFieldVisible } from '../../projection/field-schema.js';
import type { DtoClass, FieldContext } from '../../projection/field-schema.types.js';
import { unavailableField } from '../../projection/unavailable-field.js';
import { type AggregateUse, aggregateAccepts } from './aggregate-types.js';

/** The aggregate selections of Prisma's `aggregate` and `groupBy`. */
export const AGGREGATE_KEYS: ReadonlySet<string> = new Set(['_count', '_min', '_max', '_avg', '_sum']);

/** What checking an aggregate's fields needs: the DTO, the caller's context, the model's types. */
export interface AggregateCheckTarget {
  readonly dto: DtoClass;
  readonly context: FieldContext;
  readonly model: ModelTypes | undefined;
}

/**
 * Whether the caller may name `name` in an aggregate position: a scalar the DTO declares, maps
 * one-to-one to its column and exposes to this caller. The one test of `by`, the selections and a
 * group's `orderBy`, so a hidden field reads like a misspelt one in all of them.
 */
export function aggregatable(target: AggregateCheckTarget, name: string): boolean {
  const field = getFieldSchema(target.dto).fields.get(name);
  return (
    field?.kind === 'scalar' &&
    isFieldVisible(field, target.context) &&
    field.sources.length === 1 &&
    field.sources[0] === name
  );
}

/**
 * The issue of a field the caller may name but `use` does not take (`_avg` of a text); `undefined`
 * when it does. Asked only after `aggregatable`, so it never tells a hidden field's type.
 */
export function typeIssue(
  target: AggregateCheckTarget,
  path: readonly (string | number)[],
  name: string,
  use: AggregateUse,
): FacetIssue | undefined {
  if (aggregateAccepts(target.model, name, use)) return undefined;
  const what =
    use === '_avg' || use === '_sum'
      ? `${use} takes numeric fields only`
      : use === 'by'
        ? 'cannot group by a field of this type'
        : `${use} does not take a field of this type`;
  return { code: 'invalid_value', path, message: what };
}

/**
 * The fields an aggregate reads are fields like any other: `_min: { internalNote: true }` would
 * reveal the smallest hidden note. Each field named under `_count`, `_min`, `_max`, `_avg` and
 * `_sum` must be one the caller may name (`aggregatable`; else 400 `unknown_key`, "field is not
 * available", as everywhere else) of a type the aggregate takes (`AGGREGATE_TYPES`; else 400
 * `invalid_value`). `_count: true` and `_count: { _all: true }` count rows and name no field.
 *
 * @throws {FacetQueryError} naming each offending path.
 */
export function checkAggregateFields(args: object, target: AggregateCheckTarget): undefined {
  const issues: FacetIssue[] = [];
  for (const [key, value] of Object.entries(args)) {
    if (!AGGREGATE_KEYS.has(key) || value === undefined) continue;
    if (key === '_count' && value === true) continue;
    if (!isPlainObject(value)) {
      issues.push({
        code: 'invalid_type',
        path: [key],
        expected: 'an object of field: true',
        message: 'expected an object of field: true',
      });
      continue;
    }
    for (const [name, selected] of Object.entries(value)) {
      if (key === '_count' && name === '_all') continue;
      if (!aggregatable(target, name)) issues.push(unavailableField([key, name]));
      else if (selected !== true && selected !== false)
        issues.push({
          code: 'invalid_type',
          path: [key, name],
          expected: 'true or false',
          message: 'expected true or false',
        });
      else {
        const issue = typeIssue(target, [key, name], name, key as AggregateUse);
        if (issue) issues.push(issue);
      }
    }
  }
  const [first, ...rest] = issues;
  if (first) throw new FacetQueryError([first, ...rest]);
}

/** The message of an aggregate that selects nothing: what to add. */
export const NOTHING_TO_AGGREGATE =
  'nothing to aggregate: select _count._all=true or a field under _count, _min, _max, _avg or _sum (_max.<field>=true)';

/**
 * Refuses an aggregate that selects no value: no `_count: true` and no `true` under `_count`,
 * `_min`, `_max`, `_avg` or `_sum`. The delegate would refuse it too, but as a failed query of its
 * own; this says what to add. Run after `checkAggregateFields`, so that a field the caller may not
 * name is refused as a misspelt one before its selection is looked at. A group read (`by`) needs no
 * selection: its groups are the answer.
 *
 * @throws {FacetQueryError} `invalid_value` at the query's root.
 */
export function checkAggregateSelection(args: object): undefined {
  for (const [key, value] of Object.entries(args)) {
    if (!AGGREGATE_KEYS.has(key)) continue;
    if (value === true && key === '_count') return;
    if (isPlainObject(value) && Object.values(value).includes(true)) return;
  }
  throw new FacetQueryError([{ code: 'invalid_value', path: [], message: NOTHING_TO_AGGREGATE }]);
}
