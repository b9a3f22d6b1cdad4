import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FacetQueryError } from '@facet/core';
import { isDecimalLike } from '../serialization/is-decimal-like.js';

/**
 * Used when no `cursorSecret` is configured: random per process, so cursors do not survive a
 * restart and one process refuses another's. Configure a secret when several processes serve the
 * same API (or cursors should outlive a deploy).
 */
const PROCESS_SECRET = randomBytes(32);

/** The longest `after` value worth verifying; anything longer is refused unread. */
const MAX_CURSOR_LENGTH = 2048;

function encodeValue(value: unknown): unknown {
  if (value instanceof Date) return { d: value.toISOString() };
  if (typeof value === 'bigint') return { b: value.toString() };
  if (isDecimalLike(value)) return { n: value.toFixed() };
  return value;
}

function decodeValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  // Dates, BigInts and Decimals travel tagged: { d: ISO } / { b: digits } / { n: digits }.
  const tagged = value as { d?: unknown; b?: unknown; n?: unknown };
  if (typeof tagged.d === 'string') return new Date(tagged.d);
  if (typeof tagged.b === 'string') return BigInt(tagged.b);
  if (typeof tagged.n === 'string') return tagged.n;
  throw new TypeError('not a cursor value');
}

function refuse(message: string): never {
  throw new FacetQueryError([{ code: 'invalid_cursor', path: ['after'], message }]);
}

/**
 * Opaque keyset cursors: `<payload>.<mac>`, both base64url. The payload is the sort's identity and
 * the last row's sort-key values; the MAC (HMAC-SHA256 over the scope and the payload) makes it
 * tamper-evident and binds it to one resource. A cursor is only a position: the read that uses it
 * still applies every filter.
 */
export class CursorCodec {
  private readonly secret: Uint8Array;

  constructor(
    secret: string | Uint8Array | undefined,
    private readonly scope: string,
  ) {
    this.secret =
      secret === undefined ? PROCESS_SECRET : typeof secret === 'string' ? Buffer.from(secret) : secret;
    if (this.secret.length < 16) throw new RangeError('cursorSecret must be at least 16 bytes long.');
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(this.scope).update('\0').update(payload).digest();
  }

  private static sortId(signature: string): string {
    return createHash('sha256').update(signature).digest('base64url').slice(0, 16);
  }

  encode(signature: string, values: readonly unknown[]): string {
    const payload = Buffer.from(
      JSON.stringify({ o: CursorCodec.sortId(signature), v: values.map(encodeValue) }),
    ).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The position a cursor holds, or a 400 (`invalid_cursor`) that says why not. */
  decode(cursor: unknown, signature: string, length: number): unknown[] {
    if (typeof cursor !== 'string' || cursor === '' || cursor.length > MAX_CURSOR_LENGTH) {
      refuse('after must be a cursor from a previous page (meta.nextCursor)');
    }
    const [payload, mac, ...rest] = cursor.split('.');
    const given = Buffer.from(mac ?? '', 'base64url');
    const expected = this.mac(payload ?? '');
    if (
      rest.length > 0 ||
      payload === undefined ||
      given.length !== expected.length ||
      !timingSafeEqual(given, expected)
    ) {
      refuse(
        'The cursor is not valid here: it was altered, or made for another resource or by another server.',
      );
    }
    let parsed: { o?: unknown; v?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { o?: unknown; v?: unknown };
    } catch {
      return refuse('The cursor is not valid here.');
    }
    if (parsed.o !== CursorCodec.sortId(signature)) {
      refuse('The cursor was made for another sort: send the same orderBy as the page it came from.');
    }
    if (!Array.isArray(parsed.v) || parsed.v.length !== length) refuse('The cursor is not valid here.');
    try {
      return parsed.v.map(decodeValue);
    } catch {
      return refuse('The cursor is not valid here.');
    }
  }
}
