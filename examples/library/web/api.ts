import { createApiClient, isFacetHttpError, useModuleApi } from '@facet/client/api';
import { type RoleName, tokenOf } from './roles.js';
import type { Author, Book, Review, ReviewTypes } from './types.js';

let role: RoleName = 'anonymous';

/** The token follows the role switcher: the client's interceptor asks for it on every request. */
export function setRole(next: RoleName): void {
  role = next;
}

export const api = createApiClient({ getToken: () => tokenOf(role), facetErrors: true, consistency: true });

// Typed by the server's DTOs: a literal `fields` narrows each answer (fields.typecheck.ts).
export const booksApi = useModuleApi<Book>(api, 'books');
export const authorsApi = useModuleApi<Author>(api, 'authors');
// Bodies typed by the server's input DTOs (CreateReviewDto, UpdateReviewDto), through `import type`.
export const reviewsApi = useModuleApi<Review, ReviewTypes>(api, 'reviews');

/** A sentence for the error banner: the server's message when it sent one. */
export function describeError(error: unknown): string {
  if (isFacetHttpError(error)) {
    const status = error.status ? `${error.status}: ` : '';
    // The server's own sentence (and the field it names), not axios's summary of the request.
    const body = error.data as { message?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : error.message;
    return `${status}${message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
