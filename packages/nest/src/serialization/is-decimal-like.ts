/** The parts of a decimal.js / `Prisma.Decimal` value this package relies on. */
export interface DecimalLike {
  toFixed(): string;
  readonly d: readonly number[] | null;
  readonly e: number | null;
  readonly s: number | null;
}

/**
 * True for a decimal.js value, which is what Prisma returns for `Decimal` columns. Detected by
 * shape (decimal.js keeps digits in `d`, exponent in `e`, sign in `s`) so that no Prisma or
 * decimal.js copy has to be imported, and any copy of the class is recognized.
 */
export function isDecimalLike(value: unknown): value is DecimalLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof DecimalLike, unknown>>;
  return (
    typeof candidate.toFixed === 'function' &&
    'd' in candidate &&
    'e' in candidate &&
    's' in candidate &&
    (candidate.d === null || Array.isArray(candidate.d))
  );
}
