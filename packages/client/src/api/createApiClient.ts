import { encodeQuery } from '@facet/core';
import axios, { type AxiosInstance, type CreateAxiosDefaults } from 'axios';
import { installConsistency } from './consistency.js';
import { installFacetErrors } from './FacetHttpError.js';

/** A value, or a function that returns it now or later. Called on every request. */
export type Getter<T> = () => T | Promise<T>;

/** Options of `createApiClient`. Every field is optional. */
export interface ApiClientOptions {
  /**
   * Where the API lives: `https://api.example.com`. A function is called on every request, so the
   * origin can come from runtime configuration that loads later.
   * @default the page's origin (`globalThis.location.origin`); required outside a browser.
   */
  origin?: string | Getter<string>;
  /**
   * The API's path under `origin`, for a server not mounted at `/api/<version>`: `'/rest'`, or `''`
   * for the origin's root. When set, the `version` argument is not used. Facet default, not from the
   * spec (which fixes `/api/<version>`).
   * @default `/api/<version>`
   */
  basePath?: string;
  /**
   * Returns the current token, sync or async. `null`, `undefined` or `''` sends no token header.
   * @default no token
   */
  getToken?: Getter<string | null | undefined>;
  /**
   * The header that carries the token. Facet default, not from the spec.
   * @default 'Authorization'
   */
  tokenHeader?: string;
  /**
   * Written before the token (`Bearer <token>`, RFC 6750). `''` or `null` sends the raw token.
   * Facet default, not from the spec.
   * @default 'Bearer'
   */
  tokenScheme?: string | null;
  /**
   * The header that carries the time zone the interceptor resolves (`X-Timezone`, say). Facet
   * default, not from the spec (which leaves the carrier open): none, because a custom header makes
   * every cross-origin request preflighted, and a server that does not allow it refuses them all.
   * @default none: the zone is resolved on every request but sent only when a header is named
   */
  timezoneHeader?: string | null;
  /**
   * Returns the IANA time zone (`Europe/Paris`); called on every request, like `getToken`. A
   * getter that throws fails the request. The result goes in `timezoneHeader` when one is named.
   * @default the runtime's zone, `Intl.DateTimeFormat().resolvedOptions().timeZone`
   */
  getTimezone?: Getter<string | null | undefined>;
  /**
   * Turn every non-cancellation `AxiosError` into a `FacetHttpError` (see `installFacetErrors`).
   * Off by default because the spec wants the ordinary errors of the HTTP client.
   * @default false
   */
  facetErrors?: boolean;
  /**
   * Read-your-writes against a server with read replicas: remember the `Facet-Consistency` token
   * of the latest write response and send it with every later request, so reads wait for a replica
   * that has the write (or read the primary). Cross-origin, the server must list the header in
   * `Access-Control-Expose-Headers`. Facet default, not from the spec.
   * @default false
   */
  consistency?: boolean;
  /**
   * Passed to `axios.create` (timeout, extra headers, adapter...). `baseURL` and
   * `paramsSerializer` here replace Facet's.
   * @default {}
   */
  axiosConfig?: CreateAxiosDefaults;
}

// One entry per option, so a new option cannot be added without being recognised here.
const OPTION_KEYS: { readonly [K in keyof Required<ApiClientOptions>]: 1 } = {
  origin: 1,
  basePath: 1,
  getToken: 1,
  tokenHeader: 1,
  tokenScheme: 1,
  timezoneHeader: 1,
  getTimezone: 1,
  facetErrors: 1,
  consistency: 1,
  axiosConfig: 1,
};

const trimSlashes = (value: string): string => value.replace(/^\/+|\/+$/g, '');

function defaultOrigin(): string {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (typeof origin !== 'string' || origin === 'null') {
    throw new TypeError(
      'createApiClient: pass the `origin` option (e.g. "https://api.example.com"); there is no page origin outside a browser',
    );
  }
  return origin;
}

/** `path` without a trailing slash, with a leading one unless empty. */
const normalPath = (path: string): string => {
  const trimmed = trimSlashes(path);
  return trimmed === '' ? '' : `/${trimmed}`;
};

const baseUrl = (origin: string, path: string): string => `${origin.replace(/\/+$/, '')}${path}`;

/** The runtime's current zone, asked anew each time: the user may change it while a page is open. */
const runtimeTimezone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Creates an ordinary axios instance for a Facet API: base URL `<origin>/api/<version>` (or
 * `<origin><basePath>`), nested query
 * parameters in the Facet wire format, and a request interceptor that resolves the token and the
 * time zone on every request.
 *
 * @param version replaces `v1` in the base URL; unused with `basePath`. Facet default, not from the spec: `'v1'`.
 */
export function createApiClient(options: ApiClientOptions = {}, version = 'v1'): AxiosInstance {
  for (const key of Object.keys(options)) {
    if (!(key in OPTION_KEYS)) throw new TypeError(`createApiClient: unknown option \`${key}\``);
  }
  const segment = typeof version === 'string' ? trimSlashes(version) : '';
  if (segment === '' || segment.includes('/')) {
    throw new TypeError(`createApiClient: \`version\` must be one path segment such as "v1", got ${version}`);
  }
  if (
    options.basePath !== undefined &&
    (typeof options.basePath !== 'string' || /[?#]|:\/\//.test(options.basePath))
  ) {
    throw new TypeError(
      `createApiClient: \`basePath\` must be a path such as "/rest" (no origin, query or fragment), got ${options.basePath}`,
    );
  }
  const path = options.basePath === undefined ? `/api/${segment}` : normalPath(options.basePath);
  const { origin = defaultOrigin(), getToken, getTimezone = runtimeTimezone, timezoneHeader } = options;
  const tokenHeader = options.tokenHeader ?? 'Authorization';
  const scheme = options.tokenScheme === undefined ? 'Bearer' : options.tokenScheme;

  const api = axios.create({
    baseURL: typeof origin === 'string' ? baseUrl(origin, path) : undefined,
    paramsSerializer: { serialize: (params) => encodeQuery(params) },
    ...options.axiosConfig,
  });

  api.interceptors.request.use(async (config) => {
    const [resolvedOrigin, token, zone] = await Promise.all([
      typeof origin === 'function' && config.baseURL === undefined ? origin() : undefined,
      getToken?.(),
      // The spec's interceptor resolves the zone for every request (docs/spec-conformance.md#41-client-construction);
      // where it is sent is Facet's choice, and by default nowhere.
      getTimezone(),
    ]);
    if (resolvedOrigin !== undefined) config.baseURL = baseUrl(resolvedOrigin, path);
    // A header the request sets itself wins over the interceptor.
    if (token && !config.headers.has(tokenHeader)) {
      config.headers.set(tokenHeader, scheme ? `${scheme} ${token}` : token);
    }
    if (timezoneHeader && zone && !config.headers.has(timezoneHeader)) {
      config.headers.set(timezoneHeader, zone);
    }
    return config;
  });

  if (options.consistency) installConsistency(api);
  if (options.facetErrors) installFacetErrors(api);
  return api;
}
