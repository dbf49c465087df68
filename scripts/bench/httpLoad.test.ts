import { percentile } from './httpLoad';

it('reads percentiles off sorted latencies', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(percentile(sorted, 50)).toBe(50);
  expect(percentile(sorted, 95)).toBe(95);
  expect(percentile(sorted, 100)).toBe(100);
  expect(percentile([], 50)).toBeNaN();
});
