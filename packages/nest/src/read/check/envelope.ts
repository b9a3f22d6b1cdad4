import {
  type FacetIssue,
  FacetQueryError,
  type FieldSelection,
  PAGE_META_FIELDS,
  type PageMetaField,
} from '@facet/core';
import { locateField } from '../../projection/locate-field.js';

/** The page-meta fields a `meta{…}` projection may name: `@facet/core`'s `PAGE_META_FIELDS`. */
export const META_FIELDS = PAGE_META_FIELDS;
/** One of `META_FIELDS`: `@facet/core`'s `PageMetaField`. */
export type MetaField = PageMetaField;

const META_FIELD_SET: ReadonlySet<string> = new Set(META_FIELDS);

/**
 * A `fields` expression of a paged read, split per the envelope rule:
 *
 * > A `fields` expression whose top level consists only of `items{…}` and/or `meta{…}`, each with
 * > braces, projects the envelope. Anything else projects each item.
 *
 * So `title,author{name}` projects items, `items{title},meta{itemCount}` projects the envelope, and
 * a resource field that is itself called `items` or `meta` is projected from inside the envelope:
 * `items{items{name}}`. A bare `items` or `meta` (no braces) is always an item field.
 */
export type PageProjection =
  | { readonly envelope: false; readonly items: FieldSelection | undefined }
  | {
      readonly envelope: true;
      /** `undefined`: the envelope leaves `items` out. */
      readonly items: FieldSelection | undefined;
      /** `undefined`: the envelope leaves `meta` out. */
      readonly meta: readonly MetaField[] | undefined;
    };

export function isEnvelopeSelection(selection: FieldSelection): boolean {
  const keys = Object.keys(selection);
  return (
    keys.length > 0 && keys.every((key) => (key === 'items' || key === 'meta') && selection[key] !== true)
  );
}

/**
 * Splits a parsed `fields` of a paged read into item and meta parts.
 * @throws {FacetQueryError} `unknown_key` (with path and position) for a meta field that does not
 *   exist, and `invalid_value` for braces after one.
 */
export function splitPageSelection(selection: FieldSelection | undefined, text: string): PageProjection {
  if (selection === undefined || !isEnvelopeSelection(selection))
    return { envelope: false, items: selection };
  const items = selection.items as FieldSelection | undefined;
  const metaSelection = selection.meta as FieldSelection | undefined;
  if (metaSelection === undefined) return { envelope: true, items, meta: undefined };
  const issues: FacetIssue[] = [];
  const meta: MetaField[] = [];
  for (const name of Object.keys(metaSelection)) {
    const located = locateField(text, ['meta', name]);
    const position = located === undefined ? {} : { position: located };
    const path = ['fields', 'meta', name];
    if (!META_FIELD_SET.has(name)) {
      issues.push({ code: 'unknown_key', path, ...position, message: `Unknown page meta field '${name}'.` });
    } else if (metaSelection[name] !== true) {
      issues.push({
        code: 'invalid_value',
        path,
        ...position,
        message: `'${name}' cannot have a nested selection.`,
      });
    } else {
      meta.push(name as MetaField);
    }
  }
  if (issues.length > 0) throw new FacetQueryError(issues as [FacetIssue, ...FacetIssue[]]);
  return { envelope: true, items, meta };
}

/** Whether the response shows a total, so the count query must run. */
export function needsCount(projection: PageProjection): boolean {
  if (!projection.envelope) return true;
  return projection.meta?.some((f) => f === 'itemCount' || f === 'pageCount') === true;
}
