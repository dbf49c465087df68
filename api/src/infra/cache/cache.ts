/**
 * Short-lived shared state: caches and rate-limit counters. In-process by default; Redis (REDIS_URL) when
 * several API processes must agree. Values are strings; callers serialise.
 */
export interface CounterHit {
  /** The count after this hit, within the current window. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

export interface Cache {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  /** Stores `value`, expiring after `ttlSeconds` when given. */
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /**
   * Fixed-window counter for rate limits: adds one to `key` and returns the new count; the first hit of a
   * window starts a `windowSeconds` expiry.
   */
  hit(key: string, windowSeconds: number): Promise<CounterHit>;
  close(): Promise<void>;
}

/** Reads a cached JSON value, or computes, stores and returns it. */
export async function cachedJson<T>(
  cache: Cache,
  key: string,
  ttlSeconds: number,
  load: () => Promise<T>,
): Promise<T> {
  const hit = await cache.get(key);
  if (hit !== null) return JSON.parse(hit) as T;
  const value = await load();
  if (value !== undefined) await cache.set(key, JSON.stringify(value), ttlSeconds);
  return value;
}
