/**
 * Who a bearer token belongs to, remembered for a short time so that a burst of requests with the
 * same token costs one database lookup, not one each. Bounded (least recently used entries go
 * first) and per process: a revoked token or a changed role takes effect in every process within
 * `ttlMs`. Unknown tokens are never cached, so random tokens cannot fill it or outlive a grant.
 */
export interface CallerCacheOptions {
  /** How long a lookup is trusted. 0 turns the cache off. @default 5000 */
  readonly ttlMs: number;
  /** The most tokens remembered at once. @default 10000 */
  readonly maxEntries: number;
}

export const DEFAULT_CALLER_CACHE: CallerCacheOptions = { ttlMs: 5000, maxEntries: 10_000 };

export class CallerCache<TValue> {
  private readonly entries = new Map<string, { value: TValue; expires: number }>();

  constructor(
    private readonly options: CallerCacheOptions = DEFAULT_CALLER_CACHE,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isFinite(options.ttlMs) || options.ttlMs < 0) {
      throw new RangeError(`CallerCache: ttlMs must be 0 or more, got ${options.ttlMs}`);
    }
    if (!Number.isInteger(options.maxEntries) || options.maxEntries < 1) {
      throw new RangeError(`CallerCache: maxEntries must be a positive integer, got ${options.maxEntries}`);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): TValue | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: TValue): void {
    if (this.options.ttlMs === 0) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

/** `AUTH_CACHE_TTL_MS` and `AUTH_CACHE_MAX_ENTRIES`, with the defaults above. */
export function callerCacheOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): CallerCacheOptions {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(`${name} must be a whole number, got "${raw}"`);
    return value;
  };
  return {
    ttlMs: read('AUTH_CACHE_TTL_MS', DEFAULT_CALLER_CACHE.ttlMs),
    maxEntries: read('AUTH_CACHE_MAX_ENTRIES', DEFAULT_CALLER_CACHE.maxEntries),
  };
}
