import { type FacetIssue, FacetQueryError, isPlainObject } from '@facet/core';
import { getFieldSchema, isFieldVisible } from '../../projection/field-schema.js';
import type { DtoClass, FieldContext } from '../../projection/field-schema.types.js';
import { unavailableField } from '../../projection/unavailable-field.js';

/** The aggregate selections of Prisma's `aggregate`. */
export const AGGREGATE_KEYS: ReadonlySet<string> = new Set(['_count', '_min', '_max', '_avg', '_sum']);

/**
 * The fields an aggregate reads are fields like any other: `_min: { internalNote: true }` would
 * reveal the smallest hidden note. Each field named under `_count`, `_min`, `_max`, `_avg` and
 * `_sum` must be a scalar the DTO declares, maps one-to-one and exposes to `context`; the same
 * answer as everywhere else when it is not (400 `unknown_key`, "field is not available").
 * `_count: true` and `_count: { _all: true }` count rows and name no field.
 *
 * @throws {FacetQueryError} naming each offending path.
 */
export function checkAggregateFields(args: object, dto: DtoClass, context: FieldContext): undefined {
  const fields = getFieldSchema(dto).fields;
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
      const field = fields.get(name);
      const usable =
        field?.kind === 'scalar' &&
        isFieldVisible(field, context) &&
        field.sources.length === 1 &&
        field.sources[0] === name;
      if (!usable) issues.push(unavailableField([key, name]));
      else if (selected !== true && selected !== false)
        issues.push({
          code: 'invalid_type',
          path: [key, name],
          expected: 'true or false',
          message: 'expected true or false',
        });
    }
  }
  const [first, ...rest] = issues;
  if (first) throw new FacetQueryError([first, ...rest]);
}
