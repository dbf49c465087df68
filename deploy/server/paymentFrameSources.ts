/**
 * What the host's pages may frame for payments (contentSecurityPolicy.ts hostPagePolicy's `frameSources`), from the
 * same PAYMENTS_PROVIDER the API reads (api/src/infra/payments/paymentsConfig.ts):
 * - stripe: Stripe.js's frames (js.stripe.com and its subdomains), its redirects and hooks (hooks.stripe.com), and the
 *   3-D Secure pages Stripe serves from its other subdomains (https://*.stripe.com), as Stripe's security guide lists
 *   for frame-src (https://docs.stripe.com/security/guide#content-security-policy).
 * - sandbox (the default): our payments sandbox at PAYMENTS_SANDBOX_URL, when set (npm start and e2e pass the
 *   sandbox they started themselves to startComposedSite instead).
 */
export const STRIPE_FRAME_SOURCES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://*.stripe.com'] as const;

/** The frame sources of the configured provider; an unknown provider refuses the server's start. */
export function paymentFrameSources(env: NodeJS.ProcessEnv): string[] {
  const provider = env.PAYMENTS_PROVIDER?.trim() || 'sandbox';
  if (provider === 'stripe') return [...STRIPE_FRAME_SOURCES];
  if (provider === 'sandbox') {
    const url = env.PAYMENTS_SANDBOX_URL?.trim();
    if (!url) return [];
    if (!/^https?:\/\/[^/\s]+/.test(url)) throw new Error('PAYMENTS_SANDBOX_URL: must be an http(s) URL');
    return [url];
  }
  throw new Error('PAYMENTS_PROVIDER: must be sandbox or stripe');
}
