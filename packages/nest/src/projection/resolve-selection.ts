import { type FacetIssue, FacetQueryError, type FieldSelection } from '@facet/core';
import { getFieldSchema, isFieldVisible } from './field-schema.js';
import type {
  FieldContext,
  FieldDefinition,
  FieldSchema,
  RelationFieldDefinition,
} from './field-schema.types.js';
import { locateField } from './locate-field.js';
import { unavailableField } from './unavailable-field.js';

/** A selection checked against a DTO schema: every entry is a declared field the caller may see. */
export interface ResolvedSelection {
  readonly schema: FieldSchema;
  readonly entries: readonly ResolvedEntry[];
}

export type ResolvedEntry =
  | { readonly field: FieldDefinition; readonly child?: undefined }
  /** A relation with braces: only the fields inside them. */
  | { readonly field: RelationFieldDefinition; readonly child: ResolvedSelection };

export interface ResolveContext {
  /** The whole `fields` expression, to report positions. */
  readonly text: string;
  /** Where the selection sits inside the expression: `[]`, or `['items']` in an envelope. */
  readonly prefix: readonly string[];
  readonly context: FieldContext;
}

/**
 * Checks a parsed selection against the DTO's field schema.
 * @throws {FacetQueryError} with an `unknown_key` issue for a name the DTO does not declare or hides
 *   from this caller (one answer for both, so errors reveal nothing), and `invalid_value` for braces
 *   after a scalar field; each issue carries the path and the position in the expression.
 */
export function resolveSelection(
  selection: FieldSelection,
  schema: FieldSchema,
  resolve: ResolveContext,
): ResolvedSelection {
  const issues: FacetIssue[] = [];
  const resolved = walk(selection, schema, [], resolve, issues);
  if (issues.length > 0) throw new FacetQueryError(issues as [FacetIssue, ...FacetIssue[]]);
  return resolved;
}

function walk(
  selection: FieldSelection,
  schema: FieldSchema,
  at: readonly string[],
  resolve: ResolveContext,
  issues: FacetIssue[],
): ResolvedSelection {
  const entries: ResolvedEntry[] = [];
  for (const name of Object.keys(selection)) {
    const value = selection[name];
    const fieldPath = [...at, name];
    const inExpression = [...resolve.prefix, ...fieldPath];
    const path = ['fields', ...inExpression];
    // Locating a name scans the expression: only done for a name that is refused.
    const position = () => {
      const located = locateField(resolve.text, inExpression);
      return located === undefined ? {} : { position: located };
    };
    const field = schema.fields.get(name);
    if (field === undefined || !isFieldVisible(field, resolve.context)) {
      issues.push(unavailableField(path, position().position));
      continue;
    }
    if (value === true || value === undefined) {
      entries.push({ field });
    } else if (field.kind === 'relation') {
      entries.push({ field, child: walk(value, getFieldSchema(field.target), fieldPath, resolve, issues) });
    } else {
      issues.push({
        code: 'invalid_value',
        path,
        ...position(),
        message: `'${name}' is not a relation; it cannot have a nested selection.`,
      });
    }
  }
  return { schema, entries };
}
