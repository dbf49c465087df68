import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { serveSite, type RunningSite } from '../server/staticSite';
import { createSiteFixture, LONG_NAME, rawRequest, SECRET, type RawAnswer, type SiteFixture } from '../server/testing/siteFixture';

// The remote image serves its files with nginx and deploy/nginx/remote.conf; the site server serves them in npm start
// and e2e. The same requests must get the same answers from both: this runs nginx (Debian's, as CI installs it) on
// the serving tests' site and compares.
const nginx = spawnSync('nginx', ['-v']).error ? null : 'nginx';
if (!nginx) console.log('[remoteConf.test] nginx is not installed here (apt-get install nginx): the remote image\'s config is not checked');
const maybe = nginx ? describe : describe.skip;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startNginx(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'fable-nginx-'));
  const port = await freePort();
  const remote = readFileSync(path.join(__dirname, 'remote.conf'), 'utf8').replace('listen 8080;', `listen 127.0.0.1:${port};`).replace('root /usr/share/nginx/html;', `root ${root};`);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${dir}/${name};`).join('\n  ');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;\nmaster_process off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n  access_log off;\n  ${temp}\n${remote}\n}\n`,
  );
  const child: ChildProcess = spawn(nginx!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await rawRequest(url, '/mf-manifest.json');
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

maybe('the remote image\'s nginx', () => {
  let fixture: SiteFixture;
  let node: RunningSite;
  let server: { url: string; stop(): Promise<void> };

  beforeAll(async () => {
    fixture = createSiteFixture();
    node = await serveSite({ root: fixture.root, port: 0, cors: true });
    server = await startNginx(fixture.root);
  });
  afterAll(async () => {
    await node?.close();
    await server?.stop();
    fixture?.remove();
  });

  const HEADERS = ['access-control-allow-origin', 'cache-control', 'x-content-type-options', 'referrer-policy', 'cross-origin-resource-policy', 'strict-transport-security', 'content-security-policy', 'content-encoding'];
  const body = (answer: RawAnswer) => (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString('utf8');
  const mediaType = (answer: RawAnswer) => String(answer.headers['content-type'] ?? '').split(';')[0];

  it.each(['/main.0123456789.js', '/mf-manifest.json', `/chunks/${LONG_NAME}`, '/brand/logo.svg', '/index.html'])('answers %s as the site server does', async (file) => {
    for (const encoding of ['gzip, deflate', 'identity']) {
      const [fromNode, fromNginx] = await Promise.all([node.url, server.url].map((base) => rawRequest(base.replace('localhost', '127.0.0.1'), file, { headers: { 'accept-encoding': encoding } })));
      expect(fromNginx.status).toBe(200);
      expect(fromNode.status).toBe(200);
      for (const header of HEADERS) expect([header, fromNginx.headers[header]]).toEqual([header, fromNode.headers[header]]);
      expect(mediaType(fromNginx)).toBe(mediaType(fromNode));
      expect(body(fromNginx)).toBe(body(fromNode));
    }
  });

  it('lets any origin ask first (OPTIONS), and refuses other methods', async () => {
    const preflight = await rawRequest(server.url, '/main.0123456789.js', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const post = await rawRequest(server.url, '/main.0123456789.js', { method: 'POST', body: Buffer.from('x') });
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect(post.status).toBeLessThan(500);
  });

  it.each(['/.build-stamp.json', '/missing.js', '/..%2fdist-nofederation/secret.js', '/%2e%2e/dist-nofederation/secret.js', '/leak.txt'])('does not serve %s', async (file) => {
    const answer = await rawRequest(server.url, file);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.toString()).not.toContain(SECRET);
    expect(answer.body.toString()).not.toContain('a file outside the root');
  });
});
