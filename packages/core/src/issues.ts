/**
 * Failures of client-supplied query input, shared by both halves of Facet.
 *
 * An issue says what was wrong and where (the query path as the client sent it), never what the
 * raw input or the server's access filter was: bodies built from issues are safe to return.
 */

export type IssuePath = readonly (string | number)[];

/** What every issue has: where (`path`) and what (`message`); `code` tells the kinds apart. */
export interface FacetIssueBase {
  /** The query path as the client sent it, e.g. `['where', 'author', 'name', 'contains']`. */
  readonly path: IssuePath;
  readonly message: string;
}

export interface InvalidTypeIssue extends FacetIssueBase {
  readonly code: 'invalid_type';
  /** What was expected, in words: `'a positive integer'`, `'an object'`. */
  readonly expected: string;
}
export interface UnknownKeyIssue extends FacetIssueBase {
  readonly code: 'unknown_key';
  /** Character offset in a `fields` expression, when the key came from one. */
  readonly position?: number;
}
export interface ForbiddenFieldIssue extends FacetIssueBase {
  readonly code: 'forbidden_field';
  readonly position?: number;
}
export interface TooDeepIssue extends FacetIssueBase {
  readonly code: 'too_deep';
  readonly limit: number;
  readonly position?: number;
}
export interface TooManyIssue extends FacetIssueBase {
  readonly code: 'too_many';
  readonly limit: number;
}
/** A filter whose relation filters cost more than the server's budget (`maxRelationFilterCost`). */
export interface TooCostlyIssue extends FacetIssueBase {
  readonly code: 'too_costly';
  readonly limit: number;
}
export interface InvalidValueIssue extends FacetIssueBase {
  readonly code: 'invalid_value';
  /** Character offset for syntax errors in a `fields` expression. */
  readonly position?: number;
  readonly limit?: number;
}
export interface PrototypeKeyIssue extends FacetIssueBase {
  readonly code: 'prototype_key';
}
/** A keyset cursor (`after`) that is not a position of this list: altered, of another sort or resource. */
export interface InvalidCursorIssue extends FacetIssueBase {
  readonly code: 'invalid_cursor';
}

export type FacetIssue =
  | InvalidTypeIssue
  | UnknownKeyIssue
  | ForbiddenFieldIssue
  | TooDeepIssue
  | TooManyIssue
  | TooCostlyIssue
  | InvalidValueIssue
  | PrototypeKeyIssue
  | InvalidCursorIssue;

export type FacetIssueCode = FacetIssue['code'];

/** A non-empty list: an error always has at least one issue. */
export type FacetIssues = readonly [FacetIssue, ...FacetIssue[]];

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Renders a path so that it cannot be misread: identifiers are joined with dots, numbers become
 * `[0]`, and any other key is JSON-quoted in brackets, so a key that contains a dot never passes
 * for nesting (`where["a.b"]` is one key, `where.a.b` is two).
 */
export function formatIssuePath(path: IssuePath): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Thrown by the codec and the fields parser, and mapped to a 400 by `@facet/nest`. */
export class FacetQueryError extends Error {
  override readonly name = 'FacetQueryError';
  readonly issues: FacetIssues;

  constructor(issues: FacetIssues, options?: { cause?: unknown }) {
    super(FacetQueryError.summarize(issues), options);
    this.issues = issues;
  }

  /** The first issue's code: a stable machine-readable code for the whole error. */
  get code(): FacetIssueCode {
    return this.issues[0].code;
  }

  /** The first issue's path, rendered with `formatIssuePath`. */
  get path(): string {
    return formatIssuePath(this.issues[0].path);
  }

  private static summarize(issues: FacetIssues): string {
    const [first] = issues;
    const where = first.path.length > 0 ? ` at ${formatIssuePath(first.path)}` : '';
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
    // Messages may end a sentence ("Unknown field 'x'."); the location follows it, not a full stop.
    const message = where === '' ? first.message : first.message.replace(/\.$/, '');
    return `${message}${where}${more}`;
  }
}

/** True for a `FacetQueryError`, also across realms and duplicated package copies. */
export function isFacetQueryError(value: unknown): value is FacetQueryError {
  return value instanceof FacetQueryError || (value instanceof Error && value.name === 'FacetQueryError');
}
