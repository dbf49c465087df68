import type { Cache, CounterHit } from './cache';

interface Entry {
  value: string;
  /** Epoch ms, or null for no expiry. */
  expiresAt: number | null;
}

export interface MemoryCacheOptions {
  /** Clock in epoch ms (tests move it). */
  now?: () => number;
  /** How often expired entries are swept out (ms); 0 disables the sweep. */
  sweepIntervalMs?: number;
}

/** The single-process cache: a Map with expiry. Same semantics as the Redis one. */
export function createMemoryCache(options: MemoryCacheOptions = {}): Cache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sweepMs = options.sweepIntervalMs ?? 60_000;
  const sweeper =
    sweepMs > 0
      ? setInterval(() => {
          const t = now();
          for (const [key, entry] of entries) if (entry.expiresAt !== null && entry.expiresAt <= t) entries.delete(key);
        }, sweepMs)
      : undefined;
  sweeper?.unref();

  return {
    kind: 'memory',
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: ttlSeconds === undefined ? null : now() + ttlSeconds * 1000 });
    },
    async delete(key) {
      entries.delete(key);
    },
    async hit(key, windowSeconds): Promise<CounterHit> {
      const entry = live(key);
      if (!entry) {
        const windowMs = windowSeconds * 1000;
        entries.set(key, { value: '1', expiresAt: now() + windowMs });
        return { count: 1, resetInMs: windowMs };
      }
      const count = Number(entry.value) + 1;
      if (!Number.isSafeInteger(count)) throw new Error(`Cache value at "${key}" is not a counter`);
      entry.value = String(count);
      if (entry.expiresAt === null) entry.expiresAt = now() + windowSeconds * 1000;
      return { count, resetInMs: entry.expiresAt - now() };
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      entries.clear();
    },
  };
}
