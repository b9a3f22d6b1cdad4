import { type FacetIssue, FacetQueryError, type IssuePath, isPlainObject } from '@facet/core';
import type { ScalarType } from '../../model/model-types.js';
import type { WritableField } from './write-fields.js';

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const BIGINT_MIN = -(2n ** 63n);
const BIGINT_MAX = 2n ** 63n - 1n;
/** A decimal number as text: what Facet answers Decimals with, and what it takes back. */
const DECIMAL_TEXT = /^-?\d{1,65}(\.\d{1,65})?$/;
const INTEGER_TEXT = /^-?\d{1,20}$/;
/** RFC 3339 date-time (what Facet answers DateTimes with), or a plain date. */
const DATE_TIME_TEXT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** The longest text a body value may be: far beyond any column a form writes, far below a body limit. */
const MAX_TEXT = 1_000_000;

const invalid = (path: IssuePath, expected: string): FacetIssue => ({
  code: 'invalid_type',
  path,
  expected,
  message: `Expected ${expected}.`,
});

/** The value Prisma receives for one scalar of `type`, or the issue that refuses it. */
function scalar(type: ScalarType | undefined, field: WritableField, value: unknown, path: IssuePath) {
  switch (type) {
    case 'String':
      if (typeof value !== 'string') return invalid(path, 'a string');
      if (value.length > MAX_TEXT) return invalid(path, `a string of at most ${MAX_TEXT} characters`);
      // PostgreSQL cannot store NUL in text; the read side refuses it in every text too.
      if (value.includes('\u0000')) return invalid(path, 'a string without NUL characters');
      return { value };
    case 'Int':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < INT_MIN || value > INT_MAX) {
        return invalid(path, 'a 32-bit integer');
      }
      return { value };
    case 'BigInt': {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
      if (typeof text !== 'string' || !INTEGER_TEXT.test(text)) return invalid(path, 'a 64-bit integer');
      const big = BigInt(text);
      if (big < BIGINT_MIN || big > BIGINT_MAX) return invalid(path, 'a 64-bit integer');
      return { value: big };
    }
    case 'Float':
      if (typeof value !== 'number' || !Number.isFinite(value)) return invalid(path, 'a finite number');
      return { value };
    case 'Decimal':
      if (typeof value === 'number' && Number.isFinite(value)) return { value: String(value) };
      if (typeof value !== 'string' || !DECIMAL_TEXT.test(value)) return invalid(path, 'a decimal number');
      return { value };
    case 'Boolean':
      if (typeof value !== 'boolean') return invalid(path, 'a boolean');
      return { value };
    case 'DateTime': {
      if (typeof value !== 'string' || !DATE_TIME_TEXT.test(value)) {
        return invalid(path, 'a date-time (RFC 3339)');
      }
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return invalid(path, 'a date-time (RFC 3339)');
      return { value: date };
    }
    case 'Enum': {
      const values = field.enumValues;
      if (typeof value !== 'string' || (values !== undefined && !values.includes(value))) {
        return invalid(
          path,
          values === undefined ? 'one of the values of the enum' : `one of ${values.join(', ')}`,
        );
      }
      return { value };
    }
    default:
      // Json, or a column of unknown type: any JSON value but an object that could be read as an
      // operation (the structural check has refused prototype keys already).
      if (type === undefined && isPlainObject(value)) return invalid(path, 'a scalar value');
      return { value };
  }
}

/**
 * One body value checked against its column: the type of the model's field (`model-types.ts`),
 * `null` only where the column is optional, a list only for a list column. An object is never an
 * operation (`{ set }`, `{ increment }`, `{ connect }`): it is refused unless the column is Json.
 * @throws {FacetQueryError} `invalid_type` naming the field.
 */
export function checkValue(field: WritableField, value: unknown, path: IssuePath): unknown {
  if (value === null) {
    // A Json column's null would need Prisma's JsonNull or DbNull: not one JSON can say.
    if (field.nullable === false || field.list === true || field.type === 'Json') {
      throw new FacetQueryError([invalid(path, 'a value (this field cannot be null)')]);
    }
    return null;
  }
  if (field.list === true) {
    if (!Array.isArray(value)) throw new FacetQueryError([invalid(path, 'a list')]);
    return value.map((item, index) => unwrap(scalar(field.type, field, item, [...path, index])));
  }
  return unwrap(scalar(field.type, field, value, path));
}

function unwrap(result: { value: unknown } | FacetIssue): unknown {
  if ('code' in result) throw new FacetQueryError([result]);
  return result.value;
}
