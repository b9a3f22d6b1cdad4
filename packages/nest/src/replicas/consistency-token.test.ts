import { describe, expect, it } from 'vitest';
import { ConsistencyTokens } from './consistency-token.js';

// Real HMACs; the HTTP view on a real primary + replica is in test/read-replicas.test.ts.
describe('ConsistencyTokens', () => {
  const tokens = new ConsistencyTokens('a server secret of 32 characters');

  it('reads back the position of a token it signed, whatever the spelling PostgreSQL gave it', () => {
    const token = tokens.sign('16/b374d848');
    expect(token).toMatch(/^16\/B374D848\.[A-Za-z0-9_-]{22}$/);
    expect(tokens.read(token)).toEqual({ kind: 'position', lsn: (0x16n << 32n) | 0xb374d848n });
    expect(tokens.sign('16/B374D848')).toBe(token);
  });

  it('ignores a token of the right shape that it did not sign; refuses any other shape', () => {
    const token = tokens.sign('0/16B3748');
    const [position, mac] = token.split('.') as [string, string];
    const ignored = [
      'FFFFFFFF/FFFFFFFF',
      position,
      `FFFFFFFF/FFFFFFFF.${mac}`,
      `0/16B3749.${mac}`,
      `${position}.${mac.slice(0, -1)}`,
      `${position}.${mac}A`,
      `${position}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`,
      new ConsistencyTokens('another secret of 32 characters!').sign('0/16B3748'),
    ];
    for (const value of ignored) expect({ value, ...tokens.read(value) }).toEqual({ value, kind: 'ignored' });
    for (const value of [
      '',
      'nope',
      `${token}.x`,
      `${token} `,
      '0/16B3748.',
      '100000000/0',
      [token],
      undefined,
    ]) {
      expect(tokens.read(value)).toEqual({ kind: 'malformed' });
    }
  });

  it('refuses a secret shorter than 16 bytes', () => {
    expect(() => new ConsistencyTokens('short')).toThrow(RangeError);
  });
});
