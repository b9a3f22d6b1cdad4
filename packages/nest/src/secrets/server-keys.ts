import { hkdfSync, randomBytes } from 'node:crypto';

/** What Facet keys with the server secret; each purpose gets its own key, derived from the secret. */
export type KeyPurpose = 'cursor-encryption' | 'cursor-nonce' | 'consistency-token';

/** A server secret as an option takes it: text (its UTF-8 bytes) or bytes. */
export type ServerSecret = string | Uint8Array;

/**
 * Used when no secret is configured: random per process, so what one process seals or signs no
 * other process (and no later start of this one) accepts.
 */
const PROCESS_SECRET = randomBytes(32);

const MIN_SECRET_BYTES = 16;

/**
 * The bytes of a configured secret, or the process's random one; a secret shorter than 16 bytes is
 * a configuration error (`option` names it in the message).
 */
export function secretBytes(secret: ServerSecret | undefined, option: string): Uint8Array {
  if (secret === undefined) return PROCESS_SECRET;
  const bytes = typeof secret === 'string' ? Buffer.from(secret) : secret;
  if (bytes.length < MIN_SECRET_BYTES) {
    throw new RangeError(`${option} must be at least ${MIN_SECRET_BYTES} bytes long.`);
  }
  return bytes;
}

/**
 * The 32-byte key of one purpose (HKDF-SHA256). Keys of different purposes are independent: a
 * cursor's tag is no consistency token's MAC, and knowing one key tells nothing of another, so one
 * secret can serve every purpose.
 */
export function deriveKey(secret: Uint8Array, purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'facet', `facet:${purpose}`, 32));
}
