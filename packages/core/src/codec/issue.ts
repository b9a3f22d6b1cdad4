import { type FacetIssue, FacetQueryError, type IssuePath } from '../issues.js';

/** Throws a `FacetQueryError` with one issue. The codec stops at the first problem it finds. */
export function fail(issue: FacetIssue): never {
  throw new FacetQueryError([issue]);
}

/** A snapshot of a path being built, so later pushes do not change an issue already thrown. */
export function pathOf(path: readonly (string | number)[]): IssuePath {
  return path.slice();
}
