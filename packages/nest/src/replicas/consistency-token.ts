import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey, type ServerSecret, secretBytes } from '../secrets/server-keys.js';
import { formatLsn, parseLsn } from './lsn.js';

const MAC_BYTES = 16;
// What a token looks like, signed or not: a WAL position, then optionally `.` and a MAC. A header
// of any other shape cannot have come from a Facet server, and is refused (400).
const TOKEN_SHAPE = /^([0-9A-Fa-f]{1,8}\/[0-9A-Fa-f]{1,8})(?:\.([A-Za-z0-9_-]{1,64}))?$/;

/** What a `Facet-Consistency` header holds: a position this server vouches for, none, or junk. */
export type TokenReading =
  | { readonly kind: 'position'; readonly lsn: bigint }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'malformed' };

/**
 * Consistency tokens only the server can mint: `<WAL position>.<MAC>`, the MAC an HMAC-SHA256
 * (truncated to 128 bits) of the position under a key derived from the server secret for this
 * purpose alone. Without it any caller could name a position the replicas will not reach for a
 * long time, and make each of its reads wait `consistencyWait` and then load the primary.
 */
export class ConsistencyTokens {
  private readonly key: Buffer;

  constructor(secret: ServerSecret | undefined) {
    this.key = deriveKey(secretBytes(secret, 'secret'), 'consistency-token');
  }

  private mac(position: string): Buffer {
    return createHmac('sha256', this.key).update(position).digest().subarray(0, MAC_BYTES);
  }

  /** The token of a WAL position (as PostgreSQL spells it, e.g. `0/16B3748`). */
  sign(lsn: string): string {
    const parsed = parseLsn(lsn);
    if (parsed === undefined) throw new TypeError(`not a WAL position: ${lsn}`);
    const position = formatLsn(parsed);
    return `${position}.${this.mac(position).toString('base64url')}`;
  }

  /**
   * A header's value read: the position of a token this secret signed; `ignored` for a token of
   * the right shape that it did not sign (forged, altered, unsigned, or signed with another secret:
   * one from before a restart or a key change, which a client may well still hold); `malformed`
   * for anything else.
   */
  read(value: unknown): TokenReading {
    const match = typeof value === 'string' ? TOKEN_SHAPE.exec(value) : null;
    if (match === null) return { kind: 'malformed' };
    const lsn = parseLsn(match[1]) as bigint;
    const given = Buffer.from(match[2] ?? '', 'base64url');
    const expected = this.mac(formatLsn(lsn));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { kind: 'ignored' };
    return { kind: 'position', lsn };
  }
}
