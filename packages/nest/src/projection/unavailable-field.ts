import type { IssuePath, UnknownKeyIssue } from '@facet/core';

/**
 * The one refusal of a field the caller may not name, in every position that names fields
 * (`fields`, `where`, `orderBy`, `include`, `select`, `omit`, `_count`, the aggregates): a field
 * the DTO does not declare and one its `expose` rule hides from this caller read alike, so the
 * answer tells nothing about which it was, and a client handles one code and one message.
 */
export function unavailableField(path: IssuePath, position?: number): UnknownKeyIssue {
  return {
    code: 'unknown_key',
    path,
    ...(position === undefined ? {} : { position }),
    message: 'field is not available',
  };
}
