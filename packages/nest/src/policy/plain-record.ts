/** A client-supplied object: plain data from the decoder, no class instances. */
export type PlainRecord = Record<string, unknown>;

/**
 * True for plain objects only. Dates, Decimals and other class instances are values, not filter
 * trees, and arrays are lists.
 */
export function isPlainRecord(value: unknown): value is PlainRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
