import { DeploymentSchema, type Deployment } from '@fable/contracts';

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
 * Reads and validates this page's deployment. An unknown hostname is an error (document 1 §1: "An unknown
 * domain is an error"); a baked deployment ignores the hostname.
 */
export async function resolveDeployment(
  hostname: string,
  fetchJson: (url: string) => Promise<{ status: number; body: unknown }>,
  baked: string | null = typeof __BAKED_DEPLOYMENT__ === 'undefined' ? null : __BAKED_DEPLOYMENT__,
): Promise<Deployment> {
  const { status, body } = await fetchJson(deploymentUrl(baked));
  if (status === 404 && !baked) throw new UnknownDomainError(hostname);
  if (status !== 200) throw new InvalidDeploymentError(`the server answered ${status}`);
  const parsed = DeploymentSchema.safeParse(body);
  if (!parsed.success) throw new InvalidDeploymentError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  if (!baked && !parsed.data.hostnames.includes(hostname)) throw new UnknownDomainError(hostname);
  return parsed.data;
}

export async function fetchJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { cache: 'no-cache' });
  const body: unknown = response.headers.get('content-type')?.includes('json') ? await response.json() : null;
  return { status: response.status, body };
}
