// The auth guard's token cache: bounded, lifetime-limited, and never hiding a revoked token or a
// changed role for longer than its TTL. The cache on its own (a narrow unit), then the real app on
// PGlite with a short TTL, changing the user in the database behind its back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallerCache, callerCacheOptionsFromEnv, DEFAULT_CALLER_CACHE } from '../src/auth/caller-cache.js';
import { request, TOKENS } from './support/http.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';

describe('CallerCache', () => {
  it('forgets an entry at its TTL and the least recently used one beyond its size', () => {
    let now = 0;
    const cache = new CallerCache<string>({ ttlMs: 100, maxEntries: 2 }, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual(['A', undefined, 'C']);
    expect(cache.size).toBe(2);
    now = 100;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(1);
  });

  it('remembers nothing with a TTL of 0, and refuses nonsense options', () => {
    const cache = new CallerCache<string>({ ttlMs: 0, maxEntries: 10 });
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
    expect(() => new CallerCache({ ttlMs: -1, maxEntries: 1 })).toThrow(RangeError);
    expect(() => new CallerCache({ ttlMs: 1, maxEntries: 0 })).toThrow(RangeError);
  });

  it('reads AUTH_CACHE_TTL_MS and AUTH_CACHE_MAX_ENTRIES, with documented defaults', () => {
    expect(callerCacheOptionsFromEnv({})).toEqual(DEFAULT_CALLER_CACHE);
    expect(callerCacheOptionsFromEnv({ AUTH_CACHE_TTL_MS: '0', AUTH_CACHE_MAX_ENTRIES: '5' })).toEqual({
      ttlMs: 0,
      maxEntries: 5,
    });
    expect(() => callerCacheOptionsFromEnv({ AUTH_CACHE_TTL_MS: 'soon' })).toThrow(/AUTH_CACHE_TTL_MS/);
  });
});

describe('the auth guard with a 300 ms token cache (PGlite)', () => {
  const TTL = 300;
  let app: RunningLibrary;
  const count = async (role: 'reader' | 'editor') => request<number>(app.api, '/books/count', { role });
  const settle = () => new Promise((resolve) => setTimeout(resolve, TTL + 100));

  beforeAll(async () => {
    app = await startLibrary({ callerCache: { ttlMs: TTL, maxEntries: 100 } });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('a changed role takes effect within the TTL', async () => {
    const prisma = app.database.prisma;
    const asReader = await count('reader');
    const asEditor = await count('editor');
    expect(asReader.status).toBe(200);
    // Editors also see unpublished books: the two counts must differ for this test to mean anything.
    expect(asEditor.body).toBeGreaterThan(asReader.body);
    await prisma.user.update({ where: { token: TOKENS.reader }, data: { role: 'editor' } });
    try {
      await settle();
      expect((await count('reader')).body).toBe(asEditor.body);
    } finally {
      await prisma.user.update({ where: { token: TOKENS.reader }, data: { role: 'reader' } });
    }
    await settle();
    expect((await count('reader')).body).toBe(asReader.body);
  });

  it('a revoked token is refused within the TTL, and unknown tokens are never remembered', async () => {
    const prisma = app.database.prisma;
    expect((await count('reader')).status).toBe(200);
    await prisma.user.update({ where: { token: TOKENS.reader }, data: { token: 'rotated-reader-token' } });
    try {
      await settle();
      expect((await count('reader')).status).toBe(401);
      // Restored in the database: an unknown token was not cached, so it works again at once.
      await prisma.user.update({ where: { token: 'rotated-reader-token' }, data: { token: TOKENS.reader } });
      expect((await count('reader')).status).toBe(200);
    } finally {
      await prisma.user.updateMany({
        where: { token: 'rotated-reader-token' },
        data: { token: TOKENS.reader },
      });
    }
  });
});
