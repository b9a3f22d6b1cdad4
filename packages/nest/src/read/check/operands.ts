import { decodedText, isPlainObject } from '@facet/core';
import { isDecimalLike } from '../../serialization/is-decimal-like.js';
import type { FilterField, OperandType } from './operators.js';

/**
 * The closed operand grammar (docs/SECURITY.md section 2a): how a value of each field type is read. A client's operand
 * is data, never an instruction to Prisma: Prisma's serializer gives meaning to some object shapes
 * (`{ __prismaRawParameters__, values }` passes a raw value list on unchecked, `{ $type: 'FieldRef' }`
 * names another column), so an operand is accepted only in the shapes of the operator table
 * (`operators.ts`) read with the rules here, and every other shape is a 400 naming its path.
 *
 * `Untyped` is the field type when the delegate does not expose Prisma's data model: operands are
 * then JSON scalars (and lists of them), whatever the column.
 */

/** What the policy knows of the field an operand is compared with. */
export interface OperandField extends FilterField {
  /** `false` when the schema says the field is required; `undefined` when unknown. */
  readonly nullable?: boolean | undefined;
  /** The enum's values, when known. */
  readonly enumValues?: readonly string[] | undefined;
}

export const UNTYPED: OperandField = { type: 'Untyped' };

/** What a value of the field is called in a refusal (`where.genre: expected one of A, B`). */
export function expectedOf(field: OperandField): string {
  if (field.type === 'Enum' && field.enumValues !== undefined) return `one of ${field.enumValues.join(', ')}`;
  return EXPECTED[field.type];
}

/** What a value of each type is called in a refusal (`where.pages.gt: expected an integer`). */
export const EXPECTED: Readonly<Record<OperandType, string>> = {
  String: 'a string',
  Enum: 'a string (one of the enum values)',
  Int: 'an integer (32-bit)',
  BigInt: 'an integer (64-bit), as a number or a string of digits',
  Float: 'a number',
  Decimal: 'a decimal number, as a number or a string such as "19.99"',
  Boolean: 'true or false',
  DateTime: 'a date-time in ISO 8601 (2024-01-31 or 2024-01-31T12:00:00Z)',
  Bytes: 'bytes (not available in a query string)',
  Json: 'a JSON value',
  Untyped: 'a string, a number, true, false or null',
};

/** A value that fits no rule. */
export const INVALID: unique symbol = Symbol('invalid operand');

const INT_32 = 2 ** 31;
const INT_64_MIN = -(2n ** 63n);
const INT_64_MAX = 2n ** 63n - 1n;
const CANONICAL_INTEGER = /^-?(0|[1-9]\d*)$/;
// Plain decimal notation, at most 65 digits (MySQL's DECIMAL limit; PostgreSQL's is larger): an
// exponent such as 1e100000 would overflow the column type in the database, not here.
const DECIMAL_TEXT = /^-?\d{1,65}(\.\d{1,65})?$/;
// A date or a date-time with an optional offset: what Prisma and the databases read unambiguously.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const MAX_JSON_DEPTH = 32;

/**
 * The text a value was sent as, when the query-string decoder read JSON out of it (`2024`,
 * `true`, `1e3`): a string field gets the text back, so curl and HTML forms need no JSON quotes.
 */
function sentText(container: object, key: string | number): string | undefined {
  // An object is never a text: it is a filter object, or a probe of Prisma's value forms.
  const value = (container as Record<string | number, unknown>)[key];
  return isPlainObject(value) ? undefined : decodedText(container, key);
}

/** Postgres refuses NUL in text (a 500 from the driver); no column can hold it, so it is a 400. */
export function isCleanText(value: string): boolean {
  return !value.includes('\u0000');
}

/**
 * Reads `container[key]` as one value of the field. Returns the value Prisma should get (a text for
 * a string field that was decoded as JSON, a `Date` for an ISO date-time, a `bigint` for a BigInt
 * sent as digits, the exact text of a decimal) or `INVALID`. `nullAllowed` says whether the operator
 * gives null a meaning (equality); a required string field then reads the text `null` as text.
 */
export function readValue(
  field: OperandField,
  container: object,
  key: string | number,
  nullAllowed: boolean,
): unknown {
  const value = (container as Record<string | number, unknown>)[key];
  const { type } = field;
  if (value === null) {
    if (nullAllowed && field.nullable !== false) return null;
    const text = type === 'String' || type === 'Enum' ? sentText(container, key) : undefined;
    return text === undefined ? INVALID : readValue(field, { value: text }, 'value', false);
  }
  switch (type) {
    case 'String': {
      const text = typeof value === 'string' ? value : sentText(container, key);
      return text !== undefined && isCleanText(text) ? text : INVALID;
    }
    case 'Enum': {
      const text = typeof value === 'string' ? value : sentText(container, key);
      if (text === undefined) return INVALID;
      return field.enumValues === undefined
        ? isCleanText(text)
          ? text
          : INVALID
        : field.enumValues.includes(text)
          ? text
          : INVALID;
    }
    case 'Int':
      return typeof value === 'number' && Number.isInteger(value) && value >= -INT_32 && value < INT_32
        ? value
        : INVALID;
    case 'BigInt': {
      if (typeof value === 'bigint') return value >= INT_64_MIN && value <= INT_64_MAX ? value : INVALID;
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      const text = typeof value === 'string' ? value : sentText(container, key);
      if (text === undefined || !CANONICAL_INTEGER.test(text)) return INVALID;
      const big = BigInt(text);
      return big >= INT_64_MIN && big <= INT_64_MAX ? big : INVALID;
    }
    case 'Float':
      return typeof value === 'number' && Number.isFinite(value) ? value : INVALID;
    case 'Decimal': {
      if (isDecimalLike(value)) return value;
      // The text as sent keeps every digit that a double would round away.
      const text = typeof value === 'string' ? value : sentText(container, key);
      if (text !== undefined) return DECIMAL_TEXT.test(text) ? text : INVALID;
      return typeof value === 'number' && Number.isFinite(value) ? value : INVALID;
    }
    case 'Boolean':
      return typeof value === 'boolean' ? value : INVALID;
    case 'DateTime':
      return readDateTime(value);
    case 'Bytes':
      return value instanceof Uint8Array ? value : INVALID;
    case 'Json':
      return isSafeJson(value, 0) ? value : INVALID;
    case 'Untyped':
      return isUntypedScalar(value) ? value : INVALID;
  }
}

function readDateTime(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? INVALID : value;
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value)) return INVALID;
  const date = new Date(value);
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? INVALID : date;
}

/** Scalars only: a string, a finite number, a boolean, or a value built in code (Date, bigint, Decimal). */
function isUntypedScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return isCleanText(value);
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
    case 'bigint':
      return true;
    default:
      return value instanceof Date || isDecimalLike(value);
  }
}

/**
 * Plain JSON with no key that Prisma or its serializer treats as its own (`$type`,
 * `__prismaRawParameters__`): keys starting with `$` or `__` are refused at any depth.
 */
export function isSafeJson(value: unknown, depth: number): boolean {
  if (value === null || typeof value === 'boolean') return true;
  if (typeof value === 'string') return isCleanText(value);
  if (typeof value === 'number') return Number.isFinite(value);
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(value)) return value.every((item) => isSafeJson(item, depth + 1));
  if (!isPlainObject(value)) return false;
  return Object.entries(value).every(([key, item]) => !isReservedKey(key) && isSafeJson(item, depth + 1));
}

/**
 * A MySQL JSON path in the plain form (`$`, `.key`, `."any key"`, `[3]`): MySQL raises an error for
 * a malformed path only when it meets a row, so a path is accepted only in this form.
 */
const MYSQL_JSON_PATH = /^\$(\.[A-Za-z_][A-Za-z0-9_]*|\."[^"\\]*"|\[\d{1,9}\])*$/;

/** Json's `path`: a list of keys (PostgreSQL), or a MySQL JSON path in its plain form. */
export function isSafeJsonPath(value: unknown): boolean {
  if (typeof value === 'string') return isCleanText(value) && MYSQL_JSON_PATH.test(value);
  return Array.isArray(value) && value.every((item) => typeof item === 'string' && isCleanText(item));
}

/** Keys Prisma reserves for its own value forms; no model field can start with `$` or `__`. */
export function isReservedKey(key: string): boolean {
  return key.startsWith('$') || key.startsWith('__');
}
