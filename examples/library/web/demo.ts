// The page holds no token of its own. In demo mode the server writes the fixture's roles and
// tokens into the HTML it serves (src/demo.ts); without that block the page is not a demo and
// every request goes out without an Authorization header.

/** Must match DEMO_ELEMENT_ID in src/demo.ts. */
const DEMO_ELEMENT_ID = 'facet-demo';

/** The token of each role the server offers, or `undefined` when the page is not in demo mode. */
export function readDemoTokens(): ReadonlyMap<string, string> | undefined {
  const text = globalThis.document?.getElementById(DEMO_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const { roles } = JSON.parse(text) as { roles?: unknown };
    if (!Array.isArray(roles)) return undefined;
    const tokens = new Map<string, string>();
    for (const entry of roles as { role?: unknown; token?: unknown }[]) {
      if (typeof entry?.role === 'string' && typeof entry.token === 'string')
        tokens.set(entry.role, entry.token);
    }
    return tokens;
  } catch {
    // A broken block means no demo: anonymous reads still work.
    return undefined;
  }
}
