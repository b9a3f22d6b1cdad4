import { type ModelTypes, readModelTypes } from '../../model/model-types.js';
import { isCleanText } from '../check/operands.js';

/**
 * How `findById` reads an id: as a 32-bit Int, a BigInt, verbatim as a String, or `'as-given'`:
 * handed to the delegate exactly as the caller passed it (the delegate judges it).
 */
export type IdType = 'int' | 'bigint' | 'string' | 'as-given';

const PRISMA_ID_TYPES: Readonly<Record<string, IdType>> = { Int: 'int', BigInt: 'bigint', String: 'string' };

/**
 * The id type from Prisma's runtime data model (see `readModelTypes`) when the delegate exposes
 * it, `'as-given'` when it does not (any object with the five operations is a delegate) or when
 * the id column has a type Facet does not parse.
 *
 * @throws {TypeError} when the data model is there but has no field `idField`: every `findById`
 *   would fail, so the typo is reported at construction.
 */
export function detectIdType(delegate: unknown, idField: string): IdType {
  return idTypeOf(readModelTypes(delegate), idField);
}

/** `detectIdType` from the model's types (`undefined`: not known, so `'as-given'`). */
export function idTypeOf(model: ModelTypes | undefined, idField: string): IdType {
  if (model === undefined) return 'as-given';
  const type = model.scalar(idField);
  if (type === undefined && model.relation(idField) === undefined) {
    throw new TypeError(
      `The \`idField\` option names \`${idField}\`, which the model's Prisma data model does not have.`,
    );
  }
  return (type === undefined ? undefined : PRISMA_ID_TYPES[type]) ?? 'as-given';
}

const INT_32_MAX = 2_147_483_647;
const INT_64_MIN = -(2n ** 63n);
const INT_64_MAX = 2n ** 63n - 1n;
// Canonical decimal integers only: '042', '+42', '4e1', ' 42' are not ids of an Int column.
const CANONICAL_INTEGER = /^(0|-?[1-9]\d*)$/;

/**
 * Turns a path parameter into the id value Prisma expects, or `undefined` when no row can have it
 * (`'abc'` for an Int id, a text with NUL, which no column holds and PostgreSQL refuses with an
 * error). The caller answers that with the same 404 as a missing row: a value that cannot be an id
 * names no record, and a distinct 400 would only tell the client the key type.
 */
export function parseId(raw: unknown, idType: IdType): number | bigint | string | undefined {
  if (typeof raw === 'string' && !isCleanText(raw)) return undefined;
  switch (idType) {
    case 'as-given':
      return typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'bigint' ? raw : undefined;
    case 'string':
      return typeof raw === 'string'
        ? raw
        : typeof raw === 'number' || typeof raw === 'bigint'
          ? String(raw)
          : undefined;
    case 'int': {
      const value =
        typeof raw === 'number'
          ? raw
          : typeof raw === 'string' && CANONICAL_INTEGER.test(raw)
            ? Number(raw)
            : Number.NaN;
      return Number.isInteger(value) && Math.abs(value) <= INT_32_MAX ? value : undefined;
    }
    case 'bigint':
      if (typeof raw === 'bigint') return raw;
      if (typeof raw === 'number') return Number.isSafeInteger(raw) ? BigInt(raw) : undefined;
      if (typeof raw !== 'string' || !CANONICAL_INTEGER.test(raw)) return undefined;
      return BigInt(raw) >= INT_64_MIN && BigInt(raw) <= INT_64_MAX ? BigInt(raw) : undefined;
  }
}
