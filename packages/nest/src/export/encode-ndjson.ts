import { isDecimalLike } from '../serialization/is-decimal-like.js';

/**
 * JSON as the list answers it, with what `JSON.stringify` cannot or would say loosely made exact:
 * a BigInt as its decimal string, a Decimal by `toFixed()` (never exponent notation).
 */
function exact(this: unknown, key: string, value: unknown): unknown {
  const raw = (this as Record<string, unknown>)[key];
  if (isDecimalLike(raw)) return raw.toFixed();
  return typeof value === 'bigint' ? value.toString() : value;
}

/** Items as NDJSON: one JSON text per item, each ended by `\n`. */
export function ndjsonRows(items: readonly unknown[]): string {
  let text = '';
  for (const item of items) text += `${JSON.stringify(item, exact)}\n`;
  return text;
}
