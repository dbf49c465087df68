// Measures, in a real browser against the production build served as in production, the JS and CSS
// each route group loads before it is usable (gzip bytes on the wire), and what the Module Federation
// runtime costs (the shell alone, with and without federation).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startComposedSite } from '../../deploy/server/composedSite';
import { PUBLISHED_DIR, SOURCE_DEPLOYMENTS_DIR } from '../../deploy/server/localSites';
import { writeLocalDeployments } from '../../deploy/scripts/localDeployments';
import { chromiumLaunchOptions } from '../lib/chromium';
import { ROOT } from '../lib/apps';

export const ROUTE_GROUPS = [
  { group: 'home (mf-discovery)', path: '/' },
  // A guest's first visit opens the "I'm interested in..." picker over home (its flag is on), which loads the dialog;
  // every later visit does not.
  { group: 'home, returning', path: '/', returning: true },
  { group: 'chat (mf-chat)', path: '/chats' },
  { group: 'creator (mf-creator)', path: '/my-chatbots' },
  { group: 'billing (mf-billing)', path: '/plan-comparison' },
  { group: 'account (mf-account)', path: '/terms' },
  { group: 'shell only (404)', path: '/budget-shell-only' },
] as const;

/** The goal for initial JS on the home route, shell included (issue 2). Not met yet: see README "Budgets". */
export const HOME_TARGET_BYTES = 170 * 1000;
/**
 * What the build enforces today: the measured figure plus a little room, so that the home route can only
 * get lighter. Lower it as the shell slims down; never raise it without a reason in the README.
 */
export const HOME_CEILING_BYTES = 269_500; // raised by docs/adr/0019 (the Modal's dialog on first open: a returning home 256.5 KB, a first visit's picker +2.5 KB); lowered from 280.0 KB when the dropdowns' Radix menu came to load on the first open (home 266.5 KB); raised by docs/adr/0018 (remote rollouts); lowered from 280.9 KB to 278.9 KB when the deployment came inline with the page (issue 30); raised before: docs/adr/0016, 0015, 0014, 0011, 0007, 0005

export interface RouteWeight {
  group: string;
  path: string;
  js: number;
  css: number;
  requests: number;
}

async function weigh(browser: Browser, url: string, returning = false): Promise<Omit<RouteWeight, 'group' | 'path'>> {
  // gzip, as the figures and the ceiling have always been: the server would send its brotli copies otherwise.
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  if (returning) await context.addInitScript("localStorage.setItem('fable.interestPickerDone', 'true')");
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  let js = 0;
  let css = 0;
  let requests = 0;
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    requests += 1;
    pending.push(
      request.sizes().then((sizes) => {
        if (type === 'script') js += sizes.responseBodySize;
        else css += sizes.responseBodySize;
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return { js, css, requests };
}

export interface BudgetReport {
  routes: RouteWeight[];
  shellWithFederation: number;
  shellWithoutFederation: number;
  federationOverhead: number;
  homeJs: number;
  homeTarget: number;
  homeCeiling: number;
  withinBudget: boolean;
}

export async function measureBudget(portBase = 4600): Promise<BudgetReport> {
  const deploymentsDir = mkdtempSync(path.join(tmpdir(), 'fable-budget-'));
  await writeLocalDeployments(SOURCE_DEPLOYMENTS_DIR, deploymentsDir, portBase, PUBLISHED_DIR);
  const site = await startComposedSite({ portBase, deploymentsDir });
  const plain = await startComposedSite({ portBase: portBase + 50, hostPort: portBase + 50, hostDir: path.join(ROOT, 'host/dist-nofederation'), deploymentsDir });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const routes: RouteWeight[] = [];
    for (const entry of ROUTE_GROUPS) {
      const returning = 'returning' in entry && entry.returning;
      routes.push({ group: entry.group, path: entry.path, ...(await weigh(browser, site.url + entry.path, returning)) });
    }
    const shellWithFederation = routes.at(-1)!.js;
    const shellWithoutFederation = (await weigh(browser, `${plain.url}/budget-shell-only`)).js;
    const homeJs = routes[0]!.js;
    return {
      routes,
      shellWithFederation,
      shellWithoutFederation,
      federationOverhead: shellWithFederation - shellWithoutFederation,
      homeJs,
      homeTarget: HOME_TARGET_BYTES,
      homeCeiling: HOME_CEILING_BYTES,
      withinBudget: homeJs <= HOME_CEILING_BYTES,
    };
  } finally {
    await browser.close();
    await site.close();
    await plain.close();
    rmSync(deploymentsDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

export function formatBudget(report: BudgetReport): string {
  const lines = [
    'Initial load per route group (gzip bytes on the wire, shell included):',
    `  ${'route group'.padEnd(24)} ${'path'.padEnd(18)} ${'JS'.padStart(10)} ${'CSS'.padStart(9)} ${'files'.padStart(6)}`,
    ...report.routes.map((r) => `  ${r.group.padEnd(24)} ${r.path.padEnd(18)} ${kb(r.js).padStart(10)} ${kb(r.css).padStart(9)} ${String(r.requests).padStart(6)}`),
    `Module Federation runtime overhead: shell ${kb(report.shellWithFederation)} with federation, ${kb(report.shellWithoutFederation)} without → ${kb(report.federationOverhead)}`,
    `Home route: ${kb(report.homeJs)}; enforced ceiling ${kb(report.homeCeiling)} ${report.withinBudget ? 'OK' : 'EXCEEDED'}; target ${kb(report.homeTarget)} ${report.homeJs <= report.homeTarget ? 'met' : `not met (${kb(report.homeJs - report.homeTarget)} over)`}`,
  ];
  return lines.join('\n');
}
