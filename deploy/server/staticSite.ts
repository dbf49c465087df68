import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { INLINE_DEPLOYMENT_ELEMENT_ID, type Deployment } from '@fable/contracts';
import { registerApiProxy } from './apiProxy';
import { createApiUpstream } from './apiUpstream';
import { cacheControlFor, NO_CACHE } from './cacheHeaders';
import { createNonce, hostPagePolicy, STATIC_PAGE_POLICY } from './contentSecurityPolicy';
import { registerCspReports } from './cspReports';
import { registerRemoteBeacon } from './remoteBeacon';
import { builtAgainstOf, createRemotePreloads } from './remotePreloads';
import { createSiteMetrics, type SiteMetrics } from './siteMetrics';
import { deploymentForHost, hostnameOf, loadDeployments } from './deployments';
import { atHeadEnd, withInlineDeployment, withNonce } from './htmlPage';
import { createLinkPreviews, previewTags, withPreviewTags } from './linkPreview';
import type { PaymentSources } from './paymentSources';
import { badPathReason, insideRoot, withoutEncodingSuffix } from './pathGuard';
import { hostPagePermissions, registerSecurityHeaders } from './securityHeaders';
import { siteLogging, type SiteLogOptions } from './siteLog';
import { problem } from './problem';

export interface SiteOptions {
  /** Folder served at the site's root. */
  root: string;
  /** The host: index.html is its pages (with a fresh CSP nonce each), and unknown paths without a file extension answer it. */
  spaFallback?: boolean;
  /** Remotes are fetched cross-origin by the host: allow any origin. */
  cors?: boolean;
  /** Host site: serve /deployment.json (by hostname) and /deployments/<id>.json from this folder; its pages' CSP follows them. */
  deploymentsDir?: string;
  /** Host site: the deployment baked into its build (DEPLOYMENT=<id>), for the CSP of a hostname no deployment lists. */
  bakedDeployment?: string;
  /** Host site: pass /api to the API here (several, comma-separated: balanced, apiProxy.ts). */
  apiUrl?: string;
  /** Host site: what its pages may load for payments besides their own (the provider's card fields, 3-D Secure, script). */
  payments?: PaymentSources;
  /** The access log (siteLog.ts). */
  log?: SiteLogOptions;
  /** Host site: where the remote versions' reports are counted (served on METRICS_PORT by main.ts); a registry of its own if absent. */
  metrics?: SiteMetrics;
}

export interface RunningSite {
  url: string;
  /** The port it listens on (the one asked for, or the one given for port 0). */
  port: number;
  close(): Promise<void>;
}


/** A site's server: the host's (pages, deployments, /api) or one remote's (its published files, CORS). */
export async function createSite(options: SiteOptions): Promise<FastifyInstance> {
  const root = path.resolve(options.root);
  const cors = options.cors ?? false;
  const app = Fastify({
    ...siteLogging(options.log),
    // close() also ends keep-alive connections and open streams (a remote stopped by an e2e spec goes at once).
    forceCloseConnections: true,
    // A path that does not decode (a cut UTF-8 sequence, %ZZ) is the client's mistake.
    frameworkErrors: (error, request, res) => {
      // Answered before any hook runs: the headers every response carries go on here.
      const reply = res as unknown as FastifyReply;
      setSecurityHeaders(request, reply);
      if (cors) reply.header('access-control-allow-origin', '*');
      if (error.code === 'FST_ERR_BAD_URL') return reply.code(400).send(problem('bad_path', 'The address is not valid.'));
      return reply.code(error.statusCode ?? 400).send(problem('bad_request', error.message));
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const reason = badPathReason(request.url);
    if (reason) return reply.code(400).send(problem('bad_path', reason));
  });
  const setSecurityHeaders = await registerSecurityHeaders(app, { cors });
  app.addHook('onSend', async (_request, reply) => {
    if (cors) reply.header('access-control-allow-origin', '*');
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 404) return reply.code(404).send(problem('not_found', 'Not found'));
    if (status < 500) return reply.code(status).send(problem(status === 413 ? 'payload_too_large' : status === 429 ? 'too_many_requests' : 'bad_request', error.message));
    request.log.error({ err: error }, 'answering failed');
    return reply.code(500).send(problem('internal', 'Something went wrong!'));
  });

  if (options.deploymentsDir) {
    const dir = options.deploymentsDir;
    // Looked at on every request (read again when a file changed): pointing a deployment at a new remote version needs no restart.
    app.get('/deployment.json', async (request, reply) => {
      const found = deploymentForHost(await loadDeployments(dir), hostnameOf(request.headers.host));
      reply.header('cache-control', NO_CACHE);
      return found ?? reply.code(404).send(problem('unknown_domain', 'Unknown domain'));
    });
    app.get<{ Params: { file: string } }>('/deployments/:file', async (request, reply) => {
      reply.header('cache-control', NO_CACHE);
      const id = /^([a-z0-9-]+)\.json$/.exec(request.params.file)?.[1];
      const found = id ? (await loadDeployments(dir)).find((d) => d.id === id) : undefined;
      return found ?? reply.code(404).send(problem('unknown_deployment', 'Unknown deployment'));
    });
    registerCspReports(app);
    registerRemoteBeacon(app, options.metrics ?? createSiteMetrics(), async (request) => (await pageDeployment(request)).deployment);
  }

  // The API's connections, for the /api proxy and the link previews alike.
  const api = options.apiUrl ? createApiUpstream(options.apiUrl) : null;
  if (api) {
    app.addHook('onClose', () => api.close());
    registerApiProxy(app, api);
  }

  /** The page's deployment, and whether its hostname named it (the one the host would ask /deployment.json for). */
  async function pageDeployment(request: FastifyRequest): Promise<{ deployment: Deployment | null; byHost: boolean }> {
    if (!options.deploymentsDir) return { deployment: null, byHost: false };
    const deployments = await loadDeployments(options.deploymentsDir);
    const byHost = deploymentForHost(deployments, hostnameOf(request.headers.host));
    return { deployment: byHost ?? deployments.find((d) => d.id === options.bakedDeployment) ?? null, byHost: byHost !== null };
  }

  const linkPreviews = api ? createLinkPreviews(api) : null;
  const remotePreloads = createRemotePreloads({ onError: (error) => app.log.warn({ err: error }, 'a remote manifest could not be read for preloads') });

  /** A shared chatbot's, creator's or lorebook's Open Graph and Twitter tags (linkPreview.ts), or the page as built. */
  async function withPreview(request: FastifyRequest, html: string, deployment: Deployment | null): Promise<string> {
    if (!linkPreviews || !deployment) return html;
    const preview = await linkPreviews(request, deployment.applicationId);
    if (!preview) return html;
    const pageUrl = `${pageOrigin(request)}${request.url.split('?')[0]}`;
    return withPreviewTags(html, previewTags(preview, pageUrl, deployment.brand.name));
  }

  /**
   * The host's page: index.html with this response's nonce and its hostname's deployment, under the CSP of that
   * deployment.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const built = await readFile(path.join(root, 'index.html'), 'utf8').catch(() => null);
    if (built === null) return reply.code(404).send(problem('not_found', 'Not found'));
    const { deployment, byHost } = await pageDeployment(request);
    const page = await withPreview(request, built, deployment);
    // The hostname's deployment goes with the page: the host reads it there instead of asking for it; and so do the
    // preloads of the remote that serves the path (remotePreloads.ts).
    const host = builtAgainstOf(built);
    const preloads = byHost && deployment && host ? remotePreloads.linksFor(deployment, request.url.split('?')[0]!, pageOrigin(request), host) : '';
    const html = byHost && deployment ? atHeadEnd(withInlineDeployment(page, deployment, INLINE_DEPLOYMENT_ELEMENT_ID), preloads) : page;
    const nonce = createNonce();
    return reply
      .code(200)
      .headers({
        'content-type': 'text/html; charset=utf-8',
        // No validator: each response has its own nonce, so a cached copy would not match a new policy.
        'cache-control': NO_CACHE,
        'content-security-policy': hostPagePolicy(deployment, nonce, options.payments),
        'permissions-policy': hostPagePermissions(options.payments?.frame),
      })
      .send(withNonce(html, nonce));
  }

  if (options.spaFallback) {
    app.get('/', sendPage);
    app.get('/index.html', sendPage);
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    dotfiles: 'ignore',
    // The build writes .br and .gz beside each file (scripts/build/precompress.ts): chosen by Accept-Encoding.
    preCompressed: true,
    etag: true,
    lastModified: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      const urlPath = `/${path.relative(root, withoutEncodingSuffix(file)).split(path.sep).join('/')}`;
      reply.header('cache-control', cacheControlFor(urlPath));
      if (urlPath.endsWith('.html')) reply.header('content-security-policy', STATIC_PAGE_POLICY);
    },
    // A symbolic link inside the root that leads out of it is not the site's file.
    onFile: async (file) => {
      if (!(await insideRoot(root, file))) throw Object.assign(new Error('Not found'), { statusCode: 404 });
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'OPTIONS' && cors) return reply.code(204).header('access-control-allow-headers', '*').send();
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).header('allow', 'GET, HEAD').send(problem('method_not_allowed', 'Method not allowed'));
    const pathname = request.url.split('?')[0]!;
    if (options.spaFallback && !path.posix.extname(pathname)) return sendPage(request, reply);
    return reply.code(404).send(problem('not_found', 'Not found'));
  });

  return app;
}

/** The page's origin as the browser sees it (behind a proxy, its forwarded protocol). */
function pageOrigin(request: FastifyRequest): string {
  const proto = String(request.headers['x-forwarded-proto'] ?? request.protocol).split(',')[0]!.trim();
  return `${proto === 'https' ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;
}

/** Starts one site; resolves once it listens. */
export async function serveSite(options: SiteOptions & { port: number; host?: string }): Promise<RunningSite> {
  const app = await createSite(options);
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://localhost:${port}`, port, close: () => app.close() };
}
