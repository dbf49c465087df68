import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveSite, type RunningSite } from './staticSite';
import { createSiteFixture, rawRequest, type SiteFixture } from './testing/siteFixture';

// The site server's link previews: a fake API (a real socket) answers GET /api/link-preview; the page of a shared
// chatbot gets Open Graph and Twitter tags, for a crawler at once, for a browser from the cache (never waiting).

let fixture: SiteFixture;
let api: Server;
let site: RunningSite;
const asked: string[] = [];
let delayMs = 0;

beforeAll(async () => {
  api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://api');
    if (url.pathname !== '/api/link-preview') return void res.writeHead(404).end();
    const path = url.searchParams.get('path') ?? '';
    asked.push(`${req.headers['x-application-id']} ${path}`);
    const answer = () => {
      if (path === '/chatbot/harbour') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ title: 'Harbour "Guide" <3', description: 'A guide & friend', image: '/api/avatars/h.svg', type: 'profile' }));
      } else res.writeHead(404).end('{}');
    };
    if (delayMs) setTimeout(answer, delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  fixture = createSiteFixture();
  site = await serveSite({ root: fixture.root, port: 0, spaFallback: true, deploymentsDir: fixture.deploymentsDir, apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await site.close();
  await new Promise<void>((resolve) => api.close(() => resolve()));
  fixture.remove();
});

const page = (path: string, userAgent: string) =>
  rawRequest(`http://127.0.0.1:${site.port}`, path, { headers: { host: `localhost:${site.port}`, 'user-agent': userAgent } });
const CRAWLER = 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0';

it('gives a crawler the chatbot’s Open Graph and Twitter tags, escaped, the image on the page’s origin', async () => {
  const answer = await page('/chatbot/harbour', CRAWLER);
  expect(answer.status).toBe(200);
  const html = answer.body.toString();
  expect(html).toContain('<meta property="og:title" content="Harbour &#34;Guide&#34; &#60;3" />');
  expect(html).toContain('<meta property="og:description" content="A guide &#38; friend" />');
  expect(html).toContain(`<meta property="og:image" content="http://localhost:${site.port}/api/avatars/h.svg" />`);
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  expect(html).toContain(`<meta property="og:url" content="http://localhost:${site.port}/chatbot/harbour" />`);
  expect(asked).toContain('fable /chatbot/harbour');
});

it('never makes a browser wait: the first visit gets the page as built, later ones the cached tags', async () => {
  expect((await page('/chatbot/harbour', CRAWLER)).body.toString()).toContain('og:title');
  delayMs = 400;
  try {
    const first = await page('/lorebook/slow', BROWSER);
    expect(first.status).toBe(200);
    expect(first.body.toString()).not.toContain('og:title');
    // The crawler's answer is cached: a browser gets it without the API being asked again.
    // (Counted for that path alone: the slow lorebook's own request reaches the API behind the page, at any moment.)
    const harbourAsks = () => asked.filter((ask) => ask.endsWith(' /chatbot/harbour')).length;
    const before = harbourAsks();
    const cached = await page('/chatbot/harbour', BROWSER);
    expect(cached.body.toString()).toContain('og:title');
    expect(harbourAsks()).toBe(before);
  } finally {
    delayMs = 0;
  }
});

it('adds nothing where there is nothing public to show, or on other pages', async () => {
  expect((await page('/chatbot/secret', CRAWLER)).body.toString()).not.toContain('og:title');
  expect((await page('/chats', CRAWLER)).body.toString()).not.toContain('og:title');
});
