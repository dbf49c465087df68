import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../db/database';
import { createMetrics } from './metrics';

// The Grafana dashboard in deploy/ reads the API's metrics by name: a metric renamed or dropped here must not leave a
// panel showing nothing.
const DASHBOARD = path.resolve(__dirname, '../../../../deploy/grafana/fable-api.json');

interface Dashboard {
  uid: string;
  panels: { title: string; targets: { expr: string }[] }[];
}

/** Process metrics from prom-client's collectDefaultMetrics (main.ts registers them with the server). */
const DEFAULT_METRICS = new Set(['nodejs_eventloop_lag_p99_seconds']);

describe('the Grafana dashboard', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as Dashboard;
  const registry = createMetrics({} as Database).registry;
  const names = new Set(registry.getMetricsAsArray().map((metric) => metric.name));
  /** A histogram's series (_bucket, _sum, _count) and counters (_total) by their metric's name. */
  const metricOf = (series: string) => (names.has(series) ? series : series.replace(/_(bucket|sum|count)$/, ''));

  it('has a panel for every metric the API exports', () => {
    const read = new Set(dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => target.expr.match(/\bfable_[a-z_]+/g) ?? [])).map(metricOf));
    expect([...names].filter((name) => !read.has(name))).toEqual([]);
  });

  it('reads only metrics that exist', () => {
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        for (const series of target.expr.match(/\b(fable|nodejs)_[a-z0-9_]+/g) ?? []) {
          expect({ panel: panel.title, series, known: names.has(metricOf(series)) || DEFAULT_METRICS.has(series) }).toEqual({ panel: panel.title, series, known: true });
        }
      }
    }
  });
});
