import {
  type FacetErrorBody,
  type FacetErrorIssue,
  type FacetIssue,
  type FacetQueryError,
  formatIssuePath,
  isFacetQueryError,
} from '@facet/core';
import { BadRequestException } from '@nestjs/common';

// The wire shapes are @facet/core's, which the client reads them with; these names stay exported.
export type { FacetErrorBody };
/** An issue as it is sent to the client: `@facet/core`'s `FacetErrorIssue`. */
export type PublicIssue = FacetErrorIssue;

function toPublicIssue(issue: FacetIssue): PublicIssue {
  const out: { -readonly [K in keyof PublicIssue]: PublicIssue[K] } = {
    code: issue.code,
    path: formatIssuePath(issue.path),
    message: issue.message,
  };
  if ('position' in issue && issue.position !== undefined) out.position = issue.position;
  if ('limit' in issue && issue.limit !== undefined) out.limit = issue.limit;
  return out;
}

/**
 * A 400 for client query input that Facet refused (codec, fields grammar, allow-lists, budgets).
 * The message and issues name the path and the rule, never the raw input or the access filter.
 */
export class FacetQueryException extends BadRequestException {
  readonly issues: readonly FacetIssue[];

  constructor(error: FacetQueryError) {
    const [first] = error.issues;
    const body: FacetErrorBody = {
      statusCode: 400,
      error: 'Bad Request',
      message: error.message,
      code: first.code,
      path: formatIssuePath(first.path),
      issues: error.issues.map(toPublicIssue),
    };
    super(body, { cause: error });
    this.issues = error.issues;
  }
}

/**
 * Runs `body`, throwing a `FacetQueryError` it throws as the 400 `FacetQueryException`. Only for the
 * helpers whose contract is an HTTP exception (the specification's `prepareFieldsQuery` and
 * `ResourceQuery`, and `assertQueryPolicy`): they answer a 400 in an app that registers none of
 * Facet's filters. Every other stage throws the `FacetQueryError` itself, and the filters answer it.
 * @internal
 */
export function asHttpError<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (isFacetQueryError(error)) throw new FacetQueryException(error);
    throw error;
  }
}
