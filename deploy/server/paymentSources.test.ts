import { NO_PAYMENT_SOURCES, paymentSources, sandboxSources, STRIPE_SOURCES } from './paymentSources';
import { serveSite, type RunningSite } from './staticSite';
import { createSiteFixture, rawRequest, type SiteFixture } from './testing/siteFixture';

describe('paymentSources', () => {
  it('gives Stripe.js, its calls and its frames for stripe, whatever else is set', () => {
    expect(paymentSources({ PAYMENTS_PROVIDER: 'stripe', PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200' })).toEqual(STRIPE_SOURCES);
    expect(STRIPE_SOURCES.script).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(STRIPE_SOURCES.connect).toEqual(['https://api.stripe.com']);
  });

  it('frames the sandbox\'s pages (the default provider) when its URL is set, and nothing otherwise', () => {
    expect(paymentSources({ PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200' })).toEqual(sandboxSources('http://127.0.0.1:3200'));
    expect(paymentSources({ PAYMENTS_PROVIDER: 'sandbox', PAYMENTS_SANDBOX_URL: ' http://sandbox.test:3200/x ' }).frame).toEqual(['http://sandbox.test:3200/x']);
    expect(paymentSources({})).toEqual(NO_PAYMENT_SOURCES);
  });

  it('refuses an unknown provider or a sandbox URL that is not http(s)', () => {
    expect(() => paymentSources({ PAYMENTS_PROVIDER: 'paypal' })).toThrow('PAYMENTS_PROVIDER');
    expect(() => paymentSources({ PAYMENTS_SANDBOX_URL: 'javascript:alert(1)' })).toThrow('PAYMENTS_SANDBOX_URL');
  });
});

describe('the host page’s payment sources', () => {
  let fixture: SiteFixture;
  const sites: RunningSite[] = [];

  beforeAll(() => {
    fixture = createSiteFixture();
  });

  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
    fixture.remove();
  });

  const policyOf = async (env: NodeJS.ProcessEnv) => {
    const site = await serveSite({ root: fixture.root, port: 0, spaFallback: true, deploymentsDir: fixture.deploymentsDir, payments: paymentSources(env) });
    sites.push(site);
    const page = await rawRequest(`http://127.0.0.1:${site.port}`, '/', { headers: { host: `localhost:${site.port}` } });
    expect(page.status).toBe(200);
    return (name: string) => String(page.headers['content-security-policy']).split('; ').find((d) => d.startsWith(`${name} `));
  };
  const frameSrcOf = async (env: NodeJS.ProcessEnv) => (await policyOf(env))('frame-src');

  it('lists Stripe’s origins in production (stripe) and only them: its frames, its script and its API', async () => {
    const directive = await policyOf({ PAYMENTS_PROVIDER: 'stripe' });
    expect(directive('frame-src')).toBe(`frame-src 'self' ${STRIPE_SOURCES.frame.join(' ')}`);
    expect(directive('script-src')).toBe("script-src 'self' http://localhost:4901 http://localhost:4902 https://js.stripe.com https://*.js.stripe.com");
    expect(directive('connect-src')).toBe("connect-src 'self' http://localhost:4901 http://localhost:4902 https://api.stripe.com");
  });

  it('loads no payment script where the provider is the sandbox (its card fields are a frame)', async () => {
    const directive = await policyOf({ PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200' });
    expect(directive('script-src')).toBe("script-src 'self' http://localhost:4901 http://localhost:4902");
    expect(directive('connect-src')).toBe("connect-src 'self' http://localhost:4901 http://localhost:4902");
  });

  it('keeps the sandbox’s origin for npm start and e2e', async () => {
    expect(await frameSrcOf({ PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200/elements/card' })).toBe("frame-src 'self' http://127.0.0.1:3200");
    expect(await frameSrcOf({})).toBe("frame-src 'self'");
  });
});
