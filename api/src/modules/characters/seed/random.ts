/**
 * Deterministic randomness for the seed generator: a small, fast PRNG (sfc32) seeded from a seed number and a
 * stream key, so any character (or creator, or lorebook) can be generated on its own, in any order, with the
 * same result.
 */

/** 32-bit string/number hash (cyrb53's mixing, truncated): turns a key into PRNG state. */
function hash32(key: string, salt: number): number {
  let h1 = 0xdeadbeef ^ salt;
  let h2 = 0x41c6ce57 ^ salt;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** A generator for `key` (e.g. "character:42") under the seed number `seed`. */
  constructor(seed: number, key: string) {
    this.a = hash32(key, seed);
    this.b = hash32(key, seed ^ 0x9e3779b9);
    this.c = hash32(key, seed ^ 0x85ebca6b);
    this.d = hash32(key, seed ^ 0xc2b2ae35);
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    let t = (this.a + this.b) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.d = (this.d + 1) | 0;
    t = (t + this.d) | 0;
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items (fewer when the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < count && pool.length > 0) {
      const i = Math.floor(this.next() * pool.length);
      out.push(pool[i] as T);
      pool[i] = pool[pool.length - 1] as T;
      pool.pop();
    }
    return out;
  }

  /** A key of `weights` chosen with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as Array<[K, number]>;
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    return (entries[entries.length - 1] as [K, number])[0];
  }

  /** Standard normal (Box-Muller). */
  gaussian(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** An RFC 4122 version-4 shaped UUID from this generator's stream. */
  uuid(): string {
    const hex: string[] = [];
    for (let i = 0; i < 4; i++) hex.push(Math.floor(this.next() * 4294967296).toString(16).padStart(8, '0'));
    const s = hex.join('');
    const variant = ((parseInt(s[16] as string, 16) & 0x3) | 0x8).toString(16);
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`;
  }
}

/** A stable 32-bit hash of a string (avatars, ids). */
export function stableHash(text: string, salt = 0): number {
  return hash32(text, salt);
}
