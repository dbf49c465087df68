import { randomBytes } from 'node:crypto';
import { enabledRemotes, type Deployment } from '@fable/contracts';
import { NO_PAYMENT_SOURCES, type PaymentSources } from './paymentSources';

/** Where browsers send the reports of what a page's policy blocked (cspReports.ts logs them). */
export const CSP_REPORT_PATH = '/csp-report';

/** A fresh nonce for one page response: emotion's <style> elements carry it (shared/src/app/cspNonce.ts). */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/** The origin of an absolute http(s) URL; null for anything else. */
export function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//.test(url)) return null;
  return new URL(url).origin;
}

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))];

/** The origins a host page loads code from: each enabled remote's (its manifest, entry, chunks and assets), a rollout's too. */
export function remoteOrigins(deployment: Deployment | null): string[] {
  if (!deployment) return [];
  return unique(enabledRemotes(deployment).flatMap((name) => [originOf(deployment.remotes[name]?.entry), originOf(deployment.remotes[name]?.canary?.entry)]));
}

/**
 * The host page's policy. Scripts only from the site and the deployment's remotes (no inline script, no eval);
 * styles from those origins or carrying this response's nonce (emotion); the API is the site's own /api.
 * Images may also come from any https origin: members' avatars from their identity provider and uploaded assets
 * are absolute https URLs. Only the site itself and the deployment's embedders may frame the page. The page itself
 * frames only the site and the payments provider's card fields and 3-D Secure pages; the provider's own script (Stripe.js)
 * and what it calls are allowed where the provider has one (paymentSources.ts).
 */
export function hostPagePolicy(deployment: Deployment | null, nonce: string, payments: PaymentSources = NO_PAYMENT_SOURCES): string {
  const remotes = remoteOrigins(deployment);
  const brandImages = deployment ? unique([originOf(deployment.brand.logoUrl), originOf(deployment.brand.logoDarkUrl)]) : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...remotes, ...payments.script],
    ['style-src', "'self'", `'nonce-${nonce}'`, ...remotes],
    ['img-src', "'self'", 'data:', 'blob:', 'https:', ...unique([...remotes, ...brandImages])],
    ['font-src', "'self'", 'data:', ...remotes],
    ['connect-src', "'self'", ...remotes, ...payments.connect],
    ['media-src', "'self'", 'blob:', 'https:'],
    ['frame-src', "'self'", ...unique(payments.frame.map((source) => originOf(source)))],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'", ...(deployment?.embedders ?? [])],
    ['report-uri', CSP_REPORT_PATH],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Any other HTML file (a remote's standalone shell): nothing but the site's own files, never framed. */
export const STATIC_PAGE_POLICY = "default-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
