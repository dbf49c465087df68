/**
 * What the host's pages may load for payments (contentSecurityPolicy.ts hostPagePolicy), from the same
 * PAYMENTS_PROVIDER the API reads (api/src/infra/payments/paymentsConfig.ts):
 * - stripe: Stripe.js (script from js.stripe.com, its calls to api.stripe.com) and its frames (js.stripe.com and its
 *   subdomains, hooks.stripe.com, and the 3-D Secure pages Stripe serves from its other subdomains), as Stripe's
 *   security guide lists them (https://docs.stripe.com/security/guide#content-security-policy);
 * - sandbox (the default): our payments sandbox's hosted pages at PAYMENTS_SANDBOX_URL, framed only (npm start and e2e
 *   pass the sandbox they started themselves to startComposedSite instead).
 */
export interface PaymentSources {
  /** frame-src: the card fields and the 3-D Secure pages. */
  frame: readonly string[];
  /** script-src: the provider's own script (Stripe.js). */
  script: readonly string[];
  /** connect-src: what that script calls. */
  connect: readonly string[];
}

export const NO_PAYMENT_SOURCES: PaymentSources = { frame: [], script: [], connect: [] };

export const STRIPE_SOURCES: PaymentSources = {
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://*.stripe.com'],
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** The sandbox's hosted card fields and 3-D Secure pages, framed from its origin. */
export const sandboxSources = (url: string): PaymentSources => ({ frame: [url], script: [], connect: [] });

/** The sources of the configured provider; an unknown provider refuses the server's start. */
export function paymentSources(env: NodeJS.ProcessEnv): PaymentSources {
  const provider = env.PAYMENTS_PROVIDER?.trim() || 'sandbox';
  if (provider === 'stripe') return STRIPE_SOURCES;
  if (provider === 'sandbox') {
    const url = env.PAYMENTS_SANDBOX_URL?.trim();
    if (!url) return NO_PAYMENT_SOURCES;
    if (!/^https?:\/\/[^/\s]+/.test(url)) throw new Error('PAYMENTS_SANDBOX_URL: must be an http(s) URL');
    return sandboxSources(url);
  }
  throw new Error('PAYMENTS_PROVIDER: must be sandbox or stripe');
}
