export interface JsonResponse<TBody = unknown> {
  status: number;
  body: TBody;
  text: string;
}

export const TOKENS = { admin: 'admin-token', editor: 'editor-token', reader: 'reader-token' } as const;
export type Role = keyof typeof TOKENS | 'anonymous';

/**
 * fetch with an optional role's bearer token and a JSON body (`body`, serialized here, or `rawBody`,
 * sent as written); the raw query string is sent as written.
 */
export async function request<TBody = unknown>(
  base: string,
  path: string,
  init: {
    role?: Role;
    method?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<JsonResponse<TBody>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.role && init.role !== 'anonymous') headers.authorization = `Bearer ${TOKENS[init.role]}`;
  if (init.body !== undefined || init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body: body as TBody, text };
}
