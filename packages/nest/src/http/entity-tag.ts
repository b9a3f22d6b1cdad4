import { hash } from 'node:crypto';

/**
 * The entity tag of a representation: a weak tag (`W/"…"`) over the JSON a read route answers, the
 * same text on every request and in every process for the same JSON, and a different one for any
 * other JSON. Pass the value as the caller reads it (what `resource.findById(id, query, read)`
 * resolves to for that caller): two callers who see different fields of a row get different tags.
 * Weak: the tag names the representation's content, not its bytes on the wire (compression or
 * whitespace may differ), which is what conditional reads and `If-Match` on that content need.
 */
export function representationTag(representation: unknown): string {
  // JSON.stringify is how Express's `res.json` and Fastify's default serializer write the body.
  const json = JSON.stringify(representation) ?? '';
  // 132 bits of SHA-256 (22 base64url characters): no two representations of a resource meet.
  // The one-shot `hash`: no Hash object per answer (several times faster on a page's JSON).
  return `W/"${hash('sha256', json, 'base64url').slice(0, 22)}"`;
}

/** The tags of an `If-None-Match` or `If-Match` header: `'*'`, or each tag's opaque part and weakness. */
export type EntityTagCondition = '*' | readonly { readonly opaque: string; readonly weak: boolean }[];

// etagc (RFC 9110 section 8.8.3): any visible character but DQUOTE, and obs-text.
const isTagCharacter = (code: number) => code === 0x21 || (code >= 0x23 && code <= 0x7e) || code >= 0x80;
const isOws = (char: string | undefined) => char === ' ' || char === '\t';

/**
 * Reads `If-None-Match` / `If-Match` (RFC 9110 sections 13.1.1-2): `*` or a comma-separated list of
 * entity tags, empty elements ignored, several header lines read as one list. Anything else is
 * `undefined`: a malformed condition, which matches nothing.
 */
export function parseEntityTagCondition(
  header: string | readonly string[] | undefined,
): EntityTagCondition | undefined {
  if (header === undefined) return undefined;
  const text = typeof header === 'string' ? header : header.join(',');
  if (text.trim() === '*') return '*';
  const tags: { opaque: string; weak: boolean }[] = [];
  let at = 0;
  for (;;) {
    while (isOws(text[at]) || text[at] === ',') at++;
    if (at >= text.length) break;
    const weak = text.startsWith('W/', at);
    if (weak) at += 2;
    if (text[at] !== '"') return undefined;
    const end = text.indexOf('"', at + 1);
    if (end === -1) return undefined;
    for (let i = at + 1; i < end; i++) if (!isTagCharacter(text.charCodeAt(i))) return undefined;
    tags.push({ opaque: text.slice(at + 1, end), weak });
    at = end + 1;
    while (isOws(text[at])) at++;
    if (at < text.length && text[at] !== ',') return undefined;
  }
  return tags.length === 0 ? undefined : tags;
}

/**
 * Whether `If-None-Match` holds a tag that weakly matches `tag` (or is `*`, with a representation
 * to answer): the condition of a 304 on GET and HEAD (RFC 9110 section 13.1.2). A malformed header
 * is no match.
 */
export function ifNoneMatchHolds(header: string | readonly string[] | undefined, tag: string): boolean {
  const condition = parseEntityTagCondition(header);
  if (condition === undefined) return false;
  if (condition === '*') return true;
  const ours = parseEntityTagCondition(tag);
  const opaque = ours !== undefined && ours !== '*' && ours.length === 1 ? ours[0]?.opaque : undefined;
  if (opaque === undefined) return false;
  // Weak comparison: the opaque parts are equal, whether either tag is weak or not.
  return condition.some((candidate) => candidate.opaque === opaque);
}
