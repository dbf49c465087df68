import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTE_EVENTS } from '@fable/contracts';
import { createSiteMetrics } from '../server/siteMetrics';

// The site's dashboard reads the site server's metrics by name and labels: a metric or label renamed there must not
// leave a panel showing nothing (the API's dashboard has its own test, api/src/infra/metrics/dashboard.test.ts).
const dashboard = JSON.parse(readFileSync(path.join(__dirname, 'fable-site.json'), 'utf8')) as {
  uid: string;
  panels: { title: string; targets: { expr: string }[] }[];
};
const registry = createSiteMetrics().registry;
const metrics = new Map(registry.getMetricsAsArray().map((metric) => [metric.name, metric]));
/** Every label a site metric has (prom-client keeps them on the metric). */
const labels = new Set([...metrics.values()].flatMap((metric) => (metric as unknown as { labelNames: string[] }).labelNames));

it('reads every metric of the site, and only those, with labels they have', () => {
  const read = new Set<string>();
  for (const panel of dashboard.panels) {
    for (const { expr } of panel.targets) {
      for (const name of expr.match(/\bfable_[a-z_]+/g) ?? []) {
        expect({ panel: panel.title, name, known: metrics.has(name) }).toEqual({ panel: panel.title, name, known: true });
        read.add(name);
      }
      for (const [, used] of expr.matchAll(/(?:by \(|\{|,\s*)([a-z_]+)(?=\s*(?:=~|!=|=|[,)]))/g)) {
        expect({ panel: panel.title, label: used, known: labels.has(used!) }).toEqual({ panel: panel.title, label: used, known: true });
      }
    }
  }
  expect([...metrics.keys()].filter((name) => !read.has(name))).toEqual([]);
});

it('filters the events by values the host reports', () => {
  for (const panel of dashboard.panels) {
    for (const { expr } of panel.targets) {
      for (const [, event] of expr.matchAll(/event!?="([a-z_]+)"/g)) expect(REMOTE_EVENTS).toContain(event);
    }
  }
});
