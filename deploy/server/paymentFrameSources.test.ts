import { paymentFrameSources, STRIPE_FRAME_SOURCES } from './paymentFrameSources';
import { serveSite, type RunningSite } from './staticSite';
import { createSiteFixture, rawRequest, type SiteFixture } from './testing/siteFixture';

describe('paymentFrameSources', () => {
  it('frames Stripe’s card fields, hooks and 3-D Secure pages when the provider is stripe', () => {
    const sources = paymentFrameSources({ PAYMENTS_PROVIDER: 'stripe', PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200' });
    expect(sources).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com', 'https://*.stripe.com']));
    expect(sources.some((s) => s.includes('127.0.0.1'))).toBe(false);
  });

  it('frames the sandbox at its URL under the default provider, and nothing without one', () => {
    expect(paymentFrameSources({ PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200' })).toEqual(['http://127.0.0.1:3200']);
    expect(paymentFrameSources({ PAYMENTS_PROVIDER: 'sandbox', PAYMENTS_SANDBOX_URL: ' http://sandbox.test:3200/x ' })).toEqual(['http://sandbox.test:3200/x']);
    expect(paymentFrameSources({})).toEqual([]);
  });

  it('refuses an unknown provider and a sandbox URL that is not one', () => {
    expect(() => paymentFrameSources({ PAYMENTS_PROVIDER: 'paypal' })).toThrow('PAYMENTS_PROVIDER');
    expect(() => paymentFrameSources({ PAYMENTS_SANDBOX_URL: 'javascript:alert(1)' })).toThrow('PAYMENTS_SANDBOX_URL');
  });
});

describe('the host page’s frame-src', () => {
  let fixture: SiteFixture;
  const sites: RunningSite[] = [];

  beforeAll(() => {
    fixture = createSiteFixture();
  });

  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()));
    fixture.remove();
  });

  const frameSrcOf = async (env: NodeJS.ProcessEnv) => {
    const site = await serveSite({ root: fixture.root, port: 0, spaFallback: true, deploymentsDir: fixture.deploymentsDir, frameSources: paymentFrameSources(env) });
    sites.push(site);
    const page = await rawRequest(`http://127.0.0.1:${site.port}`, '/', { headers: { host: `localhost:${site.port}` } });
    expect(page.status).toBe(200);
    return String(page.headers['content-security-policy']).split('; ').find((d) => d.startsWith('frame-src '));
  };

  it('lists Stripe’s origins in production (stripe) and only them', async () => {
    expect(await frameSrcOf({ PAYMENTS_PROVIDER: 'stripe' })).toBe(`frame-src 'self' ${STRIPE_FRAME_SOURCES.join(' ')}`);
  });

  it('keeps the sandbox’s origin for npm start and e2e', async () => {
    expect(await frameSrcOf({ PAYMENTS_SANDBOX_URL: 'http://127.0.0.1:3200/elements/card' })).toBe("frame-src 'self' http://127.0.0.1:3200");
    expect(await frameSrcOf({})).toBe("frame-src 'self'");
  });
});
