import type { IntervalHistogram } from 'node:perf_hooks';

/** p50/p95/p99 of an event-loop delay histogram in ms, its sampling interval (1 ms) taken off: how late the loop was. */
export function loopDelayPercentiles(h: IntervalHistogram, resolutionMs = 1): [number, number, number] {
  return [50, 95, 99].map((p) => Math.max(0, h.percentile(p) / 1e6 - resolutionMs)) as [number, number, number];
}
