import type { FacetErrorBody, FacetErrorIssue } from '@facet/core';
import axios, { type AxiosError, type AxiosInstance, isAxiosError, isCancel } from 'axios';

/**
 * One issue of a refused query, as a Facet server sends it (the path is already rendered):
 * `@facet/core`'s `FacetErrorIssue`, with any code a server may send.
 */
export type FacetHttpIssue = FacetErrorIssue<string>;

/** The request that failed, for messages and logs. */
export interface FacetHttpRequest {
  readonly method: string;
  readonly url: string;
}

/** A response body as it arrived: the fields of `FacetErrorBody`, each still to be checked. */
type ErrorBody = { readonly [K in keyof FacetErrorBody]?: unknown };

const asBody = (data: unknown): ErrorBody => (data !== null && typeof data === 'object' ? data : {});

/**
 * An HTTP failure of a Facet API with the server's machine code and issues read out of the body.
 * Opt-in: see `installFacetErrors`. Its `cause` is the original `AxiosError`.
 */
export class FacetHttpError extends Error {
  override readonly name = 'FacetHttpError';
  /** The HTTP status, `undefined` when no response arrived (network error, timeout). */
  readonly status: number | undefined;
  /** The body's stable `code` (`invalid_value`...), else axios's code (`ERR_NETWORK`...). */
  readonly code: string;
  /** The issues of a refused query; empty for other failures. */
  readonly issues: readonly FacetHttpIssue[];
  /** The offending query path, when the server named one. */
  readonly path: string | undefined;
  readonly request: FacetHttpRequest;
  /** The response body, as parsed by axios. */
  readonly data: unknown;
  declare readonly cause: AxiosError;

  constructor(error: AxiosError) {
    const { config, response } = error;
    const body = asBody(response?.data);
    const request: FacetHttpRequest = {
      method: (config?.method ?? 'get').toUpperCase(),
      url: config ? axios.getUri(config) : '',
    };
    const detail = Array.isArray(body.message)
      ? body.message.join('; ')
      : typeof body.message === 'string'
        ? body.message
        : error.message;
    const what = response ? `failed with status ${response.status}` : 'failed';
    super(`${request.method} ${request.url} ${what}: ${detail}`, { cause: error });
    this.status = response?.status;
    this.code = typeof body.code === 'string' ? body.code : (error.code ?? 'ERR_UNKNOWN');
    this.issues = Array.isArray(body.issues) ? body.issues : [];
    this.path = typeof body.path === 'string' ? body.path : undefined;
    this.request = request;
    this.data = response?.data;
  }
}

/** True for a `FacetHttpError`, also across realms and duplicated package copies. */
export function isFacetHttpError(value: unknown): value is FacetHttpError {
  return value instanceof FacetHttpError || (value instanceof Error && value.name === 'FacetHttpError');
}

/** Wraps an `AxiosError` in a `FacetHttpError`. */
export function toFacetHttpError(error: AxiosError): FacetHttpError {
  return new FacetHttpError(error);
}

/**
 * Adds a response interceptor to `api` that rejects with `FacetHttpError` instead of `AxiosError`.
 * Cancellations stay axios's `CanceledError`, so `axios.isCancel` keeps working.
 * @returns a function that removes the interceptor again
 */
export function installFacetErrors(api: AxiosInstance): () => void {
  const id = api.interceptors.response.use(undefined, (error: unknown) =>
    Promise.reject(isAxiosError(error) && !isCancel(error) ? new FacetHttpError(error) : error),
  );
  return () => api.interceptors.response.eject(id);
}
