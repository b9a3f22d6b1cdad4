import { createCipheriv, createDecipheriv, createHmac, hash } from 'node:crypto';
import { FacetQueryError } from '@facet/core';
import { deriveKey, type ServerSecret, secretBytes } from '../../secrets/server-keys.js';
import { isDecimalLike } from '../../serialization/is-decimal-like.js';

/** The longest `after` value worth opening; anything longer is refused unread. */
const MAX_CURSOR_LENGTH = 2048;

// Layout of a cursor's bytes: version, nonce, ciphertext, tag (AES-256-GCM).
const VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
// Plaintexts are padded to a multiple of this, so a cursor's length tells little about the length
// of the values it holds (a staff note's, a title's).
const PAD_TO = 32;
/** How many sorts' ids `CursorCodec` keeps hashed. */
const SORT_IDS_KEPT = 256;

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

/** The query parameter a cursor came in. */
export type CursorParameter = 'after' | 'before';

function refuse(parameter: CursorParameter, message: string): never {
  throw new FacetQueryError([{ code: 'invalid_cursor', path: [parameter], message }]);
}

/**
 * A place between two rows of a sorted list, as a cursor holds it. `key`: beside the row whose
 * sort-key values these are, on its `edge` (`after` it for a page's `nextCursor`, `before` it for
 * its `prevCursor`), so `after=` and `before=` of either cursor read the rows on their side.
 * `offset`: before the row at this index; the position of a sort that cannot be compared by
 * value (a to-many `_count`), and of a page that has no row to stand beside.
 */
export type Position =
  | { readonly kind: 'key'; readonly values: readonly unknown[]; readonly edge: 'after' | 'before' }
  | { readonly kind: 'offset'; readonly offset: number };

const NOT_HERE =
  'The cursor is not valid here: it was altered, or made for another resource or by another server.';

/**
 * Sealed keyset cursors: one base64url string, the sort's identity and a position (a row's sort-key
 * values and the side of it, or an offset) encrypted and authenticated with AES-256-GCM, with the scope (the resource) as associated
 * data. Nothing of the position can be read from the URL: a cursor of an admin's page sorted by a
 * staff-only field, or ending on an unpublished row, shows neither (docs/SECURITY.md). A cursor is
 * only a position: the read that uses it still applies every filter.
 *
 * The seal is deterministic: the nonce is an HMAC of the scope and the plaintext under a key of
 * its own (SIV-style), so the same page gives the same cursor text, and a response's ETag can
 * depend on it. A GCM nonce must never repeat for different content under one key; derived this
 * way, it repeats only for the same scope and plaintext, whose ciphertext is then the same too: an
 * observer learns that two cursors are equal, nothing else.
 */
export class CursorCodec {
  private readonly encryptionKey: Buffer;
  private readonly nonceKey: Buffer;
  private readonly associated: Buffer;

  /** `secret`: the server secret, from which the encryption and nonce keys are derived. */
  constructor(secret: ServerSecret | undefined, scope: string) {
    const bytes = secretBytes(secret, 'cursorSecret');
    this.encryptionKey = deriveKey(bytes, 'cursor-encryption');
    this.nonceKey = deriveKey(bytes, 'cursor-nonce');
    this.associated = Buffer.concat([Buffer.of(VERSION), Buffer.from(scope)]);
  }

  // A page seals two cursors of one sort, and a list is read in few sorts: each sort's id is hashed
  // once. Bounded, since the sorts are the clients' to choose.
  private static readonly sortIds = new Map<string, string>();

  private static sortId(signature: string): string {
    const known = CursorCodec.sortIds.get(signature);
    if (known !== undefined) return known;
    const id = hash('sha256', signature, 'base64url').slice(0, 16);
    if (CursorCodec.sortIds.size >= SORT_IDS_KEPT) CursorCodec.sortIds.clear();
    CursorCodec.sortIds.set(signature, id);
    return id;
  }

  /** The sealed text of `position` in the sort whose identity is `signature`. */
  encode(signature: string, position: Position): string {
    const body =
      position.kind === 'offset'
        ? { o: CursorCodec.sortId(signature), n: position.offset }
        : {
            o: CursorCodec.sortId(signature),
            v: position.values.map(encodeValue),
            ...(position.edge === 'before' ? { e: 'b' } : {}),
          };
    const json = Buffer.from(JSON.stringify(body));
    // Spaces after the JSON text: JSON.parse skips them.
    const plaintext = Buffer.alloc(Math.ceil(json.length / PAD_TO) * PAD_TO, ' ');
    json.copy(plaintext);
    // The scope is length-prefixed so that no (scope, plaintext) pair can pass for another.
    const length = Buffer.alloc(4);
    length.writeUInt32BE(this.associated.length);
    const nonce = createHmac('sha256', this.nonceKey)
      .update(length)
      .update(this.associated)
      .update(plaintext)
      .digest()
      .subarray(0, NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, nonce);
    cipher.setAAD(this.associated);
    const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([Buffer.of(VERSION), nonce, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  /**
   * The position a cursor holds, or a 400 (`invalid_cursor`, naming `parameter`) that says why
   * not. `length` is the number of sort keys a key position must have.
   */
  decode(cursor: unknown, signature: string, length: number, parameter: CursorParameter = 'after'): Position {
    const no = (message: string): never => refuse(parameter, message);
    if (typeof cursor !== 'string' || cursor === '' || cursor.length > MAX_CURSOR_LENGTH) {
      no(`${parameter} must be a cursor from a previous page (meta.nextCursor or meta.prevCursor)`);
    }
    const text = cursor as string;
    const bytes = Buffer.from(text, 'base64url');
    // Node's base64url decoder skips characters outside the alphabet and ignores trailing bits:
    // only the one spelling the encoder writes is taken.
    if (bytes.toString('base64url') !== text || bytes.length < 1 + NONCE_BYTES + PAD_TO + TAG_BYTES) {
      no(NOT_HERE);
    }
    if (bytes[0] !== VERSION) no(NOT_HERE);
    let plaintext: string;
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        this.encryptionKey,
        bytes.subarray(1, 1 + NONCE_BYTES),
      );
      decipher.setAAD(this.associated);
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      plaintext = Buffer.concat([
        decipher.update(bytes.subarray(1 + NONCE_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return no(NOT_HERE);
    }
    let parsed: { o?: unknown; v?: unknown; n?: unknown; e?: unknown };
    try {
      parsed = JSON.parse(plaintext) as typeof parsed;
    } catch {
      return no('The cursor is not valid here.');
    }
    if (parsed.o !== CursorCodec.sortId(signature)) {
      no('The cursor was made for another sort: send the same orderBy as the page it came from.');
    }
    if (parsed.v === undefined) {
      const offset = parsed.n;
      if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
        no('The cursor is not valid here.');
      }
      return { kind: 'offset', offset: offset as number };
    }
    if (!Array.isArray(parsed.v) || parsed.v.length !== length) no('The cursor is not valid here.');
    try {
      const values = (parsed.v as unknown[]).map(decodeValue);
      return { kind: 'key', values, edge: parsed.e === 'b' ? 'before' : 'after' };
    } catch {
      return no('The cursor is not valid here.');
    }
  }
}
