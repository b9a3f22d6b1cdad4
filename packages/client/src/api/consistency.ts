import { CONSISTENCY_HEADER } from '@facet/core';
import type { AxiosInstance } from 'axios';

// The header is @facet/core's, which the server reads it with; the name stays exported here.
export { CONSISTENCY_HEADER };

// A token is a WAL position as the server sends it (`16/B374D848`) and the server's signature
// (`.<MAC>`), which only the server checks. The position, as two zero-padded halves, orders tokens:
// comparing the strings compares the positions, and the latest wins.
function position(token: string): string | undefined {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})(?:\.[A-Za-z0-9_-]{1,64})?$/i.exec(token);
  return match ? `${match[1]?.padStart(8, '0')}${match[2]?.padStart(8, '0')}`.toUpperCase() : undefined;
}

/**
 * Remembers the latest `Facet-Consistency` token any response brought and sends it with every
 * later request, so that this client's reads never see data older than its own writes, whichever
 * process or replica serves them. A request that sets the header itself keeps its own.
 */
export function installConsistency(api: AxiosInstance): void {
  let latest: { token: string; at: string } | undefined;
  api.interceptors.request.use((config) => {
    if (latest !== undefined && !config.headers.has(CONSISTENCY_HEADER)) {
      config.headers.set(CONSISTENCY_HEADER, latest.token);
    }
    return config;
  });
  const remember = (headers: unknown) => {
    const raw = (headers as { get?(name: string): unknown } | undefined)?.get?.(CONSISTENCY_HEADER);
    if (typeof raw !== 'string') return;
    const at = position(raw);
    if (at !== undefined && (latest === undefined || at > latest.at)) latest = { token: raw, at };
  };
  api.interceptors.response.use((response) => {
    remember(response.headers);
    return response;
  });
}
