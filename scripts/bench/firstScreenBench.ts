// The first screen as a guest meets it (issue 30 §1): the composed production build (run `npm run build` first) on
// the site server with its /api proxy, an API process of its own on embedded PGlite with a seeded catalog, Debian's Chromium in a cold
// context each time, median of 5, at 1x and 4x CPU. Per page: requests, bytes on the wire by type, sequential round
// trips before the content (an upper bound from timing: a request counts one more than the deepest request that had
// finished before it started) and the time to the content (home's first card, the profile's Chat Now, the chat's
// first message), read by the page's own clock on the first animation frame that has it. Targets: ready ≤ 400 ms at 1x and ≤ 1.2 s at 4x, ≤ 3 round trips, ≤ 30 requests.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { IN_MEMORY } from '../../api/src/config';
import { startComposedSite } from '../../deploy/server/composedSite';
import { PUBLISHED_DIR, SOURCE_DEPLOYMENTS_DIR } from '../../deploy/server/localSites';
import { writeLocalDeployments } from '../../deploy/scripts/localDeployments';
import { chromiumLaunchOptions } from '../lib/chromium';
import { ROOT } from '../lib/apps';
import { startApiProcess } from './queueBench';

const RUNS = Number(process.env.FIRST_SCREEN_RUNS ?? 5);
const LATENCY_MS = Number(process.env.FIRST_SCREEN_LATENCY_MS ?? 0);
const PORT_BASE = 4700;
const API_PORT = 4790;

interface Visit {
  readyMs: number;
  requests: number;
  roundTrips: number;
  bytes: Record<string, number>;
}

/** The page's document, typed for this DOM-less file (the predicate runs in the page). */
type InPage = { document: { querySelector(selector: string): unknown } };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One cold visit: a new context, CPU throttled `cpu` times, until `ready` is in the page. */
async function visit(browser: Browser, url: string, ready: string, cpu: number): Promise<Visit> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip, br' } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  // FIRST_SCREEN_LATENCY_MS=n: each request waits n ms more (a network's round trip; localhost has none).
  if (LATENCY_MS > 0) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
  // FIRST_SCREEN_PROFILE=prefix: the page's CPU profile until the content, one file per page and CPU rate (the last visit's).
  const profile = process.env.FIRST_SCREEN_PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const started = new Map<string, number>();
  const requests: { start: number; end: number; type: string; bytes: number; url: string }[] = [];
  const urls = new Map<string, string>();
  const types = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (e) => {
    started.set(e.requestId, e.timestamp);
    urls.set(e.requestId, e.request.url);
    types.set(e.requestId, e.type ?? 'Other');
  });
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type ?? types.get(e.requestId) ?? 'Other'));
  cdp.on('Network.loadingFinished', (e) => {
    const start = started.get(e.requestId);
    if (start !== undefined) requests.push({ start, end: e.timestamp, type: types.get(e.requestId) ?? 'Other', bytes: e.encodedDataLength, url: urls.get(e.requestId) ?? '' });
  });
  await page.goto(url);
  // When the content is in the page, by the page's own clock: checked on every animation frame, so within a frame.
  const seenAt = await page
    .waitForFunction((selector) => ((globalThis as unknown as InPage).document.querySelector(selector) ? performance.now() : false), ready, { polling: 'raf', timeout: 30_000 })
    .catch(async (error: Error) => {
      if (process.env.FIRST_SCREEN_DEBUG) await page.screenshot({ path: '/tmp/first-screen.png' });
      throw error;
    });
  const readyMs = (await seenAt.jsonValue()) as number;
  if (profile) {
    const { profile: taken } = await cdp.send('Profiler.stop');
    writeFileSync(`${profile}-${new URL(url).pathname.split('/')[1] || 'home'}-${cpu}x.cpuprofile`, JSON.stringify(taken));
  }
  // The requests that had finished by then, in the CDP clock (seconds); the document's start is the first one's.
  const first = Math.min(...requests.map((r) => r.start));
  const readyAt = first + readyMs / 1000;
  const before = requests.filter((r) => r.end <= readyAt + 0.001).sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  before.forEach((r, i) => {
    let deepest = 0;
    for (let j = 0; j < i; j += 1) if (before[j]!.end <= r.start) deepest = Math.max(deepest, depth[j]!);
    depth.push(deepest + 1);
  });
  // FIRST_SCREEN_TRACE=1: each request before the content, from the document's start (ms), with its depth.
  if (process.env.FIRST_SCREEN_TRACE)
    before.forEach((r, i) => console.log(`    ${((r.start - first) * 1000).toFixed(0).padStart(5)}–${((r.end - first) * 1000).toFixed(0).padStart(5)} ms  ${depth[i]}  ${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`));
  const bytes: Record<string, number> = {};
  for (const r of before) bytes[r.type] = (bytes[r.type] ?? 0) + r.bytes;
  await context.close();
  return { readyMs, requests: before.length, roundTrips: Math.max(0, ...depth), bytes };
}

function report(label: string, visits: Visit[]) {
  const types = [...new Set(visits.flatMap((v) => Object.keys(v.bytes)))].sort();
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const byType = types.map((t) => `${t} ${kb(median(visits.map((v) => v.bytes[t] ?? 0)))}`).join(', ');
  console.log(
    `  ${label.padEnd(30)} ready ${median(visits.map((v) => v.readyMs)).toFixed(0).padStart(5)} ms   round trips ${median(visits.map((v) => v.roundTrips))}   requests ${median(
      visits.map((v) => v.requests),
    )}   ${byType}`,
  );
}

export async function benchFirstScreen(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'host/dist/index.html'))) {
    console.log('First screen: skipped (run npm run build first)');
    return;
  }
  // The API in a process of its own, as in production (its first start seeds 300 characters into PGlite in memory).
  const api = await startApiProcess({ DATA_DIR: IN_MEMORY, NODE_ENV: 'development', LOG_LEVEL: 'silent' }, API_PORT);
  const apiUrl = `http://127.0.0.1:${API_PORT}`;
  const deploymentsDir = mkdtempSync(path.join(tmpdir(), 'fable-first-screen-'));
  await writeLocalDeployments(SOURCE_DEPLOYMENTS_DIR, deploymentsDir, PORT_BASE, PUBLISHED_DIR);
  const site = await startComposedSite({ portBase: PORT_BASE, deploymentsDir, apiUrl });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    // The chatbot of home's first card: one a guest may open and chat with.
    const home = await browser.newPage();
    const problems: string[] = [];
    home.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    home.on('pageerror', (error) => problems.push(error.message));
    await home.goto(`${site.url}/`);
    const firstCard = home.locator('a[href^="/chatbot/"]').first();
    await firstCard.waitFor({ timeout: 30_000 }).catch(async (error: Error) => {
      await home.screenshot({ path: '/tmp/first-screen.png' });
      throw new Error(`home shows no card (its screen: /tmp/first-screen.png; its errors: ${problems.join(' | ') || 'none'}): ${error.message}`);
    });
    const characterId = decodeURIComponent((await firstCard.getAttribute('href'))!.split('/')[2]!);
    await home.close();
    const pages = [
      { name: 'home', url: '/', ready: 'a[href^="/chatbot/"]' },
      { name: 'chatbot profile', url: `/chatbot/${characterId}`, ready: 'main a[href^="/chat/"]' },
      { name: 'chat', url: `/chat/${characterId}`, ready: '[aria-label="Messages"] li' },
    ];
    const network = LATENCY_MS > 0 ? `, ${LATENCY_MS} ms added to each request` : '';
    console.log(`First screen, a guest in a cold context${network} (median of ${RUNS}; targets: ready ≤ 400 ms at 1x, ≤ 1.2 s at 4x; ≤ 3 round trips; ≤ 30 requests):`);
    for (const cpu of [1, 4]) {
      for (const p of pages) {
        await visit(browser, site.url + p.url, p.ready, cpu); // warm the servers, not the browser (each visit is cold)
        const visits: Visit[] = [];
        for (let i = 0; i < RUNS; i += 1) visits.push(await visit(browser, site.url + p.url, p.ready, cpu));
        report(`${p.name}, ${cpu}x CPU`, visits);
      }
    }
  } finally {
    // The API first: a browser or site that fails to close must not leave it running.
    api.kill();
    await browser.close().catch(() => undefined);
    await site.close();
    rmSync(deploymentsDir, { recursive: true, force: true });
  }
}
