import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BEACON_REPORTS_PER_MINUTE } from './remoteBeacon';
import { createSiteMetrics, serveSiteMetrics, type SiteMetrics } from './siteMetrics';
import { serveSite, type RunningSite } from './staticSite';
import { createSiteFixture, rawRequest, type SiteFixture } from './testing/siteFixture';

let fixture: SiteFixture;
let site: RunningSite;
let metrics: SiteMetrics;
let metricsServer: { url: string; close(): Promise<void> };
const file = () => path.join(fixture.deploymentsDir, 'site.json');

/** The deployment of the fixture with mf_chat 0.2.0 rolled out to 30 % (on an origin of its own), or without. */
function rollout(on: boolean) {
  const deployment = JSON.parse(readFileSync(file(), 'utf8'));
  if (on) deployment.remotes.mf_chat.canary = { entry: 'http://localhost:4905/0.2.0/mf-manifest.json', share: 30 };
  else delete deployment.remotes.mf_chat.canary;
  writeFileSync(file(), JSON.stringify(deployment));
}

beforeAll(async () => {
  fixture = createSiteFixture();
  rollout(true);
  metrics = createSiteMetrics();
  site = await serveSite({ root: fixture.root, port: 0, spaFallback: true, deploymentsDir: fixture.deploymentsDir, metrics });
  metricsServer = await serveSiteMetrics(metrics, 0, '127.0.0.1');
});

afterAll(async () => {
  await site.close();
  await metricsServer.close();
  fixture.remove();
});

const beacon = (body: string, contentType = 'text/plain;charset=UTF-8', host = `localhost:${site.port}`) =>
  rawRequest(`http://127.0.0.1:${site.port}`, '/remote-beacon', { method: 'POST', headers: { host, 'content-type': contentType }, body: Buffer.from(body) });

const scrape = async () => (await fetch(metricsServer.url)).text();
const count = (text: string, version: string, event: string) =>
  Number(new RegExp(`^fable_remote_events_total\\{deployment="site",remote="mf_chat",version="${version.replace(/\./g, '\\.')}",event="${event}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);

it('counts what pages report of the deployment\'s version and of the one rolled out, served on the metrics port', async () => {
  const before = await scrape();
  for (const [version, event] of [['0.1.0', 'loaded'], ['0.2.0', 'load_failed'], ['0.2.0', 'load_failed'], ['0.2.0', 'render_failed']]) {
    expect((await beacon(JSON.stringify({ remote: 'mf_chat', version, event }))).status).toBe(204);
  }
  // sendBeacon sends text/plain; a JSON post counts the same.
  expect((await beacon(JSON.stringify({ remote: 'mf_chat', version: '0.1.0', event: 'loaded' }), 'application/json')).status).toBe(204);
  const text = await scrape();
  expect(count(text, '0.1.0', 'loaded') - count(before, '0.1.0', 'loaded')).toBe(2);
  expect(count(text, '0.2.0', 'load_failed') - count(before, '0.2.0', 'load_failed')).toBe(2);
  expect(count(text, '0.2.0', 'render_failed') - count(before, '0.2.0', 'render_failed')).toBe(1);
});

it('lets the pages load a rolled-out version\'s code: its origin is in the page\'s CSP', async () => {
  const page = await rawRequest(`http://127.0.0.1:${site.port}`, '/', { headers: { host: `localhost:${site.port}` } });
  expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' http://localhost:4901 http://localhost:4905 http://localhost:4902");
});

it('refuses a report that is not one (400), of a version the deployment never served (422), of an unknown domain (404), and counts none of them', async () => {
  const before = await scrape();
  const refused = [
    [await beacon('{"remote":"mf_chat",'), 400],
    [await beacon(JSON.stringify({ remote: 'mf_chat', version: '0.1.0', event: 'exploded' })), 400],
    [await beacon(JSON.stringify({ remote: 'mf_chat', version: '0.1.0\u0000', event: 'loaded' })), 400],
    [await beacon(JSON.stringify({ remote: 'mf_chat', version: 'x'.repeat(2000), event: 'loaded' })), 413],
    [await beacon(JSON.stringify({ remote: 'mf_chat', version: '9.9.9', event: 'loaded' })), 422],
    [await beacon(JSON.stringify({ remote: 'mf_unknown', version: '0.1.0', event: 'loaded' })), 422],
    [await beacon(JSON.stringify({ remote: 'mf_chat', version: '0.1.0', event: 'loaded' }), undefined, 'unknown.example'), 404],
  ] as const;
  for (const [answer, status] of refused) {
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.body.toString())).toEqual({ code: expect.any(String), message: expect.any(String) });
  }
  expect(JSON.parse(refused[4][0].body.toString()).message).toBe('site does not serve mf_chat 9.9.9.');
  expect(await scrape()).toBe(before);
});

it('still counts a version rolled back since (a page left open on it reports late)', async () => {
  const report = JSON.stringify({ remote: 'mf_chat', version: '0.2.0', event: 'render_failed' });
  expect((await beacon(report)).status).toBe(204);
  const before = count(await scrape(), '0.2.0', 'render_failed');
  rollout(false);
  try {
    expect((await beacon(report)).status).toBe(204);
    expect(count(await scrape(), '0.2.0', 'render_failed')).toBe(before + 1);
  } finally {
    rollout(true);
  }
});

it('answers a client past its reports for the minute 429, in the site\'s error shape, and counts none of those', async () => {
  // a server of its own: the flood spends this address's reports for the minute there only
  const flooded = await serveSite({ root: fixture.root, port: 0, spaFallback: true, deploymentsDir: fixture.deploymentsDir, metrics });
  try {
    const report = Buffer.from(JSON.stringify({ remote: 'mf_chat', version: '0.1.0', event: 'loaded' }));
    const send = () => rawRequest(`http://127.0.0.1:${flooded.port}`, '/remote-beacon', { method: 'POST', headers: { host: `localhost:${flooded.port}`, 'content-type': 'text/plain' }, body: report });
    const before = count(await scrape(), '0.1.0', 'loaded');
    const statuses: number[] = [];
    for (let i = 0; i < BEACON_REPORTS_PER_MINUTE + 5; i++) statuses.push((await send()).status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(BEACON_REPORTS_PER_MINUTE);
    expect(statuses.slice(BEACON_REPORTS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
    expect(count(await scrape(), '0.1.0', 'loaded') - before).toBe(BEACON_REPORTS_PER_MINUTE);
    const answer = await send();
    expect([answer.status, JSON.parse(answer.body.toString()).code]).toEqual([429, 'too_many_requests']);
  } finally {
    await flooded.close();
  }
});
