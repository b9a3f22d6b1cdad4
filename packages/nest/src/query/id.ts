import { readRuntimeFields } from './runtime-model.js';

/** How `findById` reads an id: as a 32-bit Int, a BigInt, or verbatim as a String. */
export type IdType = 'int' | 'bigint' | 'string';

const PRISMA_ID_TYPES: Readonly<Record<string, IdType>> = { Int: 'int', BigInt: 'bigint', String: 'string' };

/** Reads the id field's type from Prisma's runtime data model (see `readRuntimeFields`). */
export function detectIdType(delegate: unknown, idField: string): IdType {
  const field = readRuntimeFields(delegate)?.find((f) => f.name === idField);
  if (field === undefined) {
    throw new TypeError(
      `The \`idType\` option is 'auto', but the delegate does not expose Prisma's data model for field ` +
        `\`${idField}\`; pass \`idType: 'int' | 'bigint' | 'string'\` (or fix \`idField\`).`,
    );
  }
  const idType = PRISMA_ID_TYPES[field.type];
  if (idType === undefined) {
    throw new TypeError(
      `The \`idType\` option is 'auto', but field \`${idField}\` has Prisma type ${field.type}; ` +
        `findById supports Int, BigInt and String ids.`,
    );
  }
  return idType;
}

const INT_32_MAX = 2_147_483_647;
const INT_64_MIN = -(2n ** 63n);
const INT_64_MAX = 2n ** 63n - 1n;
// Canonical decimal integers only: '042', '+42', '4e1', ' 42' are not ids of an Int column.
const CANONICAL_INTEGER = /^(0|-?[1-9]\d*)$/;

/**
 * Turns a path parameter into the id value Prisma expects, or `undefined` when no row can have it
 * (`'abc'` for an Int id). The caller answers that with the same 404 as a missing row: a value
 * that cannot be an id names no record, and a distinct 400 would only tell the client the key type.
 */
export function parseId(raw: unknown, idType: IdType): number | bigint | string | undefined {
  switch (idType) {
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
