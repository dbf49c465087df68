import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { proxyToApi } from './apiProxy';
import { cacheControlFor, NO_CACHE } from './cacheHeaders';
import { COMPRESSIBLE, contentTypeOf } from './contentTypes';
import { deploymentForHost, hostnameOf, loadDeployments } from './deployments';

export interface SiteOptions {
  /** Folder served at the site's root. */
  root: string;
  /** Unknown paths without a file extension answer index.html (the host's client-side routes). */
  spaFallback?: boolean;
  /** Remotes are fetched cross-origin by the host: allow any origin. */
  cors?: boolean;
  /** Host site: serve /deployment.json (by hostname) and /deployments/<id>.json from this folder. */
  deploymentsDir?: string;
  /** Host site: pass /api to the API here. */
  apiUrl?: string;
}

const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

async function gzipped(file: string, mtimeMs: number): Promise<Buffer> {
  const hit = gzipCache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.body;
  const body = gzipSync(await readFile(file), { level: 9 });
  gzipCache.set(file, { mtimeMs, body });
  return body;
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, cors: boolean) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': NO_CACHE,
    ...(cors ? { 'access-control-allow-origin': '*' } : {}),
  });
  res.end(JSON.stringify(body));
}

/** A request handler serving one site: the host's or one remote's. */
export function createSiteHandler(options: SiteOptions): http.RequestListener {
  const root = path.resolve(options.root);
  const apiUrl = options.apiUrl ? new URL(options.apiUrl) : null;
  const cors = options.cors ?? false;

  return async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://site');
      const pathname = decodeURIComponent(url.pathname);
      if (apiUrl && (pathname === '/api' || pathname.startsWith('/api/'))) return proxyToApi(apiUrl, req, res);
      if (req.method === 'OPTIONS' && cors) {
        res.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD' });
        return res.end();
      }
      if (options.deploymentsDir && pathname === '/deployment.json') {
        // Read on every request: pointing a deployment at a new remote version needs no restart.
        const found = deploymentForHost(await loadDeployments(options.deploymentsDir), hostnameOf(req.headers.host));
        return found ? sendJson(res, 200, found, cors) : sendJson(res, 404, { code: 'unknown_domain', message: 'Unknown domain' }, cors);
      }
      if (options.deploymentsDir && /^\/deployments\/[a-z0-9-]+\.json$/.test(pathname)) {
        const id = pathname.slice('/deployments/'.length, -'.json'.length);
        const found = (await loadDeployments(options.deploymentsDir)).find((d) => d.id === id);
        return found ? sendJson(res, 200, found, cors) : sendJson(res, 404, { code: 'unknown_deployment', message: 'Unknown deployment' }, cors);
      }

      let file = path.join(root, pathname);
      if (!file.startsWith(root)) return sendJson(res, 400, { code: 'bad_path', message: 'Bad path' }, cors);
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = path.join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      let urlPath = pathname;
      if (!info && options.spaFallback && !path.extname(pathname)) {
        file = path.join(root, 'index.html');
        urlPath = '/index.html';
        info = await stat(file).catch(() => null);
      }
      if (!info) return sendJson(res, 404, { code: 'not_found', message: 'Not found' }, cors);

      const headers: http.OutgoingHttpHeaders = {
        'content-type': contentTypeOf(file),
        'cache-control': cacheControlFor(urlPath),
        'last-modified': info.mtime.toUTCString(),
        'x-content-type-options': 'nosniff',
        ...(cors ? { 'access-control-allow-origin': '*' } : {}),
      };
      if (COMPRESSIBLE.test(file) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        const body = await gzipped(file, info.mtimeMs);
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip', 'content-length': body.length, vary: 'Accept-Encoding' });
        return res.end(req.method === 'HEAD' ? undefined : body);
      }
      res.writeHead(200, { ...headers, 'content-length': info.size });
      if (req.method === 'HEAD') return res.end();
      createReadStream(file).pipe(res);
    } catch (error) {
      console.error('[static]', error);
      if (!res.headersSent) sendJson(res, 500, { code: 'internal', message: 'Something went wrong!' }, cors);
      else res.destroy();
    }
  };
}

/** Starts one site; resolves once it listens. */
export function serveSite(options: SiteOptions & { port: number; host?: string }): Promise<http.Server> {
  const server = http.createServer(createSiteHandler(options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve(server));
  });
}
