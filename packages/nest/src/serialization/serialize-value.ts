import { isPlainObject } from '@facet/core';
import { isDecimalLike } from './is-decimal-like.js';

/** What `serializeValue` turns a value into: Decimals and BigInts become strings. */
export type Serialized<T> = T extends bigint
  ? string
  : T extends Date
    ? Date
    : T extends { toFixed(): string; d: unknown; e: unknown; s: unknown }
      ? string
      : T extends readonly (infer U)[]
        ? Serialized<U>[]
        : T extends object
          ? { [K in keyof T]: Serialized<T[K]> }
          : T;

/**
 * Makes a Prisma result safe for JSON without losing precision:
 * - Decimal-like values become exact strings (`toFixed()` with no argument never switches to
 *   exponent notation, unlike `toString()` for very large or small values);
 * - BigInt becomes its decimal string (JSON.stringify would throw on it);
 * - Dates stay Dates, so JSON (or a DTO) turns them into ISO strings later;
 * - plain objects and arrays are copied with their members serialized; other objects (Buffers,
 *   class instances) are returned as they are.
 * The input is never mutated.
 */
export function serializeValue<T>(value: T): Serialized<T> {
  return serializeUnknown(value) as Serialized<T>;
}

function serializeUnknown(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (isDecimalLike(value)) return value.toFixed();
  if (Array.isArray(value)) return value.map(serializeUnknown);
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a `__proto__` key stays data and never sets a prototype.
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, serializeUnknown(member)]));
}
