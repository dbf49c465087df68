/**
 * Fires `requests` GETs at `url` (or at each of `url` in turn when it is a list) with `concurrency` in flight;
 * returns latency percentiles and throughput. `timedLoad` is the same loop for any request (`send(i)`).
 */
export interface LoadResult {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Runs `send(0)` … `send(requests - 1)` with `concurrency` in flight, timing each. */
export async function timedLoad(requests: number, concurrency: number, send: (i: number) => Promise<unknown>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next;
        next += 1;
        const t0 = performance.now();
        await send(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { requests, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), perSecond: requests / seconds };
}

export async function httpLoad(url: string | readonly string[], { requests = 2000, concurrency = 16, headers = {} as Record<string, string> } = {}): Promise<LoadResult> {
  const urls = typeof url === 'string' ? [url] : url;
  return timedLoad(requests, concurrency, async (i) => {
    const target = urls[i % urls.length]!;
    const response = await fetch(target, { headers });
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 300)}`);
  });
}
