/**
 * A PostgreSQL WAL position (`pg_lsn`, e.g. `0/3000148`) as a number that compares in WAL order.
 * Returns `undefined` for anything else, so a mangled position is refused, never compared.
 */
export function parseLsn(value: unknown): bigint | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(value);
  if (match === null) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

/** A WAL position spelt as PostgreSQL does (`16/B374D848`): one spelling per position. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}
