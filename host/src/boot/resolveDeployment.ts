import { DeploymentSchema, INLINE_DEPLOYMENT_ELEMENT_ID, type Deployment } from '@fable/contracts';

export class UnknownDomainError extends Error {
  constructor(readonly hostname: string) {
    super(`Unknown domain: ${hostname}`);
    this.name = 'UnknownDomainError';
  }
}

export class InvalidDeploymentError extends Error {
  constructor(detail: string) {
    super(`Invalid deployment: ${detail}`);
    this.name = 'InvalidDeploymentError';
  }
}

/** A deployment baked in at build time (DEPLOYMENT=<name> npm run build -w host), or null. */
declare const __BAKED_DEPLOYMENT__: string | null;

/** Where the host reads its deployment: the baked one by name, or the one the server resolves by hostname. */
export function deploymentUrl(baked: string | null): string {
  return baked ? `/deployments/${baked}.json` : '/deployment.json';
}

/**
 * The deployment the site server wrote into the page for its hostname (deploy/server/staticSite.ts), or undefined
 * (the dev servers' page has none, nor does an unknown hostname's).
 */
export function inlinedDeployment(doc: Document = document): unknown {
  const text = doc.getElementById(INLINE_DEPLOYMENT_ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads and validates this page's deployment: the one inlined in the page, else (or with `inlined` null: see
 * fetchDeployment) from the server. An unknown hostname is an error (document 1 §1: "An unknown domain is an error"); a baked deployment ignores the hostname.
 */
export async function resolveDeployment(
  hostname: string,
  fetchJson: (url: string) => Promise<{ status: number; body: unknown }>,
  baked: string | null = typeof __BAKED_DEPLOYMENT__ === 'undefined' ? null : __BAKED_DEPLOYMENT__,
  inlined: unknown = inlinedDeployment(),
): Promise<Deployment> {
  const { status, body } = inlined !== undefined && inlined !== null && !baked ? { status: 200, body: inlined } : await fetchJson(deploymentUrl(baked));
  if (status === 404 && !baked) throw new UnknownDomainError(hostname);
  if (status !== 200) throw new InvalidDeploymentError(`the server answered ${status}`);
  const parsed = DeploymentSchema.safeParse(body);
  if (!parsed.success) throw new InvalidDeploymentError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  if (!baked && !parsed.data.hostnames.includes(hostname)) throw new UnknownDomainError(hostname);
  return parsed.data;
}

/** The deployment as the server has it now (not the one inlined when the page was served): Retry's, after a rollback. */
export function fetchDeployment(
  hostname: string,
  fetchJson: (url: string) => Promise<{ status: number; body: unknown }>,
  baked: string | null = typeof __BAKED_DEPLOYMENT__ === 'undefined' ? null : __BAKED_DEPLOYMENT__,
): Promise<Deployment> {
  return resolveDeployment(hostname, fetchJson, baked, null);
}

export async function fetchJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { cache: 'no-cache' });
  const body: unknown = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  return { status: response.status, body };
}
