// Whatever a call throws, as Refine's `HttpError`: the server's sentence, its status, and the
// fields it names as `errors`, which Refine's forms show beside each field.
import type { HttpError, ValidationErrors } from '@refinedev/core';
import { isAxiosError } from 'axios';
import { isFacetHttpError, toFacetHttpError } from '../api/FacetHttpError.js';
import { RefineFilterError } from './filters.js';

/** Refine's `HttpError`, with Facet's stable `code` (`validation_failed`, `forbidden`...). */
export interface FacetRefineError extends HttpError {
  /** Facet's code; `invalid_filter` for a filter refused before any request. */
  readonly code: string;
}

/** `error` as a `FacetRefineError`. */
export function toRefineError(error: unknown): FacetRefineError {
  if (error instanceof RefineFilterError) {
    // Refused on the client, so no request was sent: a 400 like the server's for a bad filter.
    return {
      message: error.message,
      statusCode: 400,
      code: 'invalid_filter',
      errors: { [error.field]: [error.message] },
    };
  }
  const facet = isFacetHttpError(error) ? error : isAxiosError(error) ? toFacetHttpError(error) : undefined;
  if (!facet) {
    return {
      message: error instanceof Error ? error.message : String(error),
      statusCode: 0,
      code: 'client_error',
    };
  }
  const body = (facet.data ?? {}) as { message?: unknown; path?: unknown };
  const message = typeof body.message === 'string' ? body.message : facet.message;
  const errors: ValidationErrors = {};
  for (const issue of facet.issues) if (issue.path) addError(errors, issue.path, issue.message);
  if (Object.keys(errors).length === 0 && typeof facet.path === 'string' && facet.path !== '') {
    addError(errors, facet.path, message);
  }
  return {
    message,
    statusCode: facet.status ?? 0,
    code: facet.code,
    ...(Object.keys(errors).length > 0 && { errors }),
  };
}

function addError(errors: ValidationErrors, path: string, message: string): void {
  const current = errors[path];
  errors[path] = Array.isArray(current) ? [...current, message] : [message];
}
