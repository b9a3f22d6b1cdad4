/**
 * A PostgreSQL WAL position (`pg_lsn`, e.g. `0/3000148`) as a number that compares in WAL order.
 * Returns `undefined` for anything else, so a forged or mangled token is refused, never compared.
 */
export function parseLsn(value: unknown): bigint | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(value);
  if (match === null) return undefined;
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}
