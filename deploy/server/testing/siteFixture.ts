// A small built site on disk for the serving tests: hashed script with its .br/.gz, a page, a dotfile, a sibling
// folder with the same name prefix (dist-nofederation), a file outside, and symbolic links in and out.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const SCRIPT = `console.log(${JSON.stringify('fable '.repeat(400))});\n`;
export const SECRET = 'the sibling folder must never be served';
export const OUTSIDE = 'a file outside the root';
/** A chunk name as long as a vendor chunk's can be. */
export const LONG_NAME = `vendors-${'node_modules_package-name_'.repeat(8)}index.0123456789.js`;

export interface SiteFixture {
  dir: string;
  root: string;
  deploymentsDir: string;
  remove(): void;
}

export function createSiteFixture(): SiteFixture {
  const dir = mkdtempSync(path.join(tmpdir(), 'fable-static-'));
  const root = path.join(dir, 'dist');
  mkdirSync(path.join(root, 'brand'), { recursive: true });
  writeFileSync(
    path.join(root, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Fable</title>\n  </head>\n  <body><div id="root"></div><script defer src="/main.0123456789.js"></script></body>\n</html>\n',
  );
  writeFileSync(path.join(root, 'main.0123456789.js'), SCRIPT);
  writeFileSync(path.join(root, 'main.0123456789.js.gz'), gzipSync(SCRIPT));
  writeFileSync(path.join(root, 'main.0123456789.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(root, 'mf-manifest.json'), '{"name":"host"}');
  mkdirSync(path.join(root, 'chunks'));
  writeFileSync(path.join(root, 'chunks', LONG_NAME), SCRIPT);
  writeFileSync(path.join(root, 'brand/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(root, '.build-stamp.json'), '{"key":"private"}');
  mkdirSync(path.join(dir, 'dist-nofederation'));
  writeFileSync(path.join(dir, 'dist-nofederation/secret.js'), SECRET);
  writeFileSync(path.join(dir, 'outside.txt'), OUTSIDE);
  symlinkSync(path.join(dir, 'outside.txt'), path.join(root, 'leak.txt'));
  symlinkSync(path.join(dir, 'dist-nofederation'), path.join(root, 'leakdir'));
  symlinkSync(path.join(root, 'brand/logo.svg'), path.join(root, 'logo-link.svg'));

  const deploymentsDir = path.join(dir, 'deployments');
  mkdirSync(deploymentsDir);
  const remote = (port: number) => ({ entry: `http://localhost:${port}/0.1.0/mf-manifest.json`, enabled: true });
  writeFileSync(
    path.join(deploymentsDir, 'site.json'),
    JSON.stringify({
      id: 'site',
      applicationId: 'fable',
      kind: 'main',
      brand: {
        name: 'Fable',
        logoUrl: '/brand/logo.svg',
        colors: { primary: '#7c5cff', accent: '#ff5c8a' },
        footer: { addresses: [] },
        links: { support: 'mailto:support@fable.example', terms: '/terms', privacy: '/privacy', refund: '/refund' },
      },
      hostnames: ['localhost'],
      partner: { enabled: false },
      remotes: { mf_chat: remote(4901), mf_discovery: remote(4902), mf_billing: { ...remote(4904), enabled: false } },
      embedders: ['https://embedder.example'],
    }),
  );
  return { dir, root, deploymentsDir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with its path sent exactly as written (no client-side normalisation of `..` or `%2f`). */
export function rawRequest(
  baseUrl: string,
  rawPath: string,
  options: { method?: string; headers?: http.OutgoingHttpHeaders; body?: Buffer } = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: rawPath, method: options.method ?? 'GET', headers: { 'accept-encoding': 'identity', ...options.headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
