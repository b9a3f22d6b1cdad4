import { createApiClient, isFacetHttpError, useModuleApi } from '@facet/client/api';
import { type RoleName, tokenOf } from './roles.js';
import type { Author, Book } from './types.js';

let role: RoleName = 'anonymous';

/** The token follows the role switcher: the client's interceptor asks for it on every request. */
export function setRole(next: RoleName): void {
  role = next;
}

export const api = createApiClient({ getToken: () => tokenOf(role), facetErrors: true, consistency: true });

// Typed by the server's DTOs: a literal `fields` narrows each answer (fields.typecheck.ts).
export const booksApi = useModuleApi<Book>(api, 'books');
export const authorsApi = useModuleApi<Author>(api, 'authors');

/** A sentence for the error banner: the server's message when it sent one. */
export function describeError(error: unknown): string {
  if (isFacetHttpError(error)) {
    const status = error.status ? `${error.status}: ` : '';
    return `${status}${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
