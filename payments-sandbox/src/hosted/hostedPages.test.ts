// The hosted pages in Chromium: the card fields in an iframe of a tiny checkout page (typing, the change messages,
// tokenizing into a pm_ id, Luhn errors), the 3-D Secure challenge both framed (the window message the checkout
// listens for) and top-level (back to return_url), and a redirect provider's page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, chromium, type Page } from 'playwright';
import type Stripe from 'stripe';
import { chromiumLaunchOptions } from '../../../scripts/lib/chromium';
import type { PaymentsSandbox } from '../server';
import { cardPaymentMethod, PUBLISHABLE_KEY, SECRET_KEY, startTestSandbox, stripeFor } from '../testing/testSandbox';

let sandbox: PaymentsSandbox;
let stripe: Stripe;
let browser: Browser;
let checkout: Server;
let checkoutOrigin: string;

/** The checkout stand-in: /frame?src=… embeds src and keeps every message it gets in window.messages. */
const CHECKOUT_PAGE = `<!doctype html><html><body>
<iframe id="frame" title="payment" width="600" height="400"></iframe>
<script>
  window.messages = [];
  const src = new URLSearchParams(location.search).get('src');
  document.getElementById('frame').src = src;
  window.addEventListener('message', (event) => window.messages.push({ origin: event.origin, data: event.data }));
  window.tokenize = (requestId) => new Promise((resolve) => {
    const listener = (event) => {
      if (event.data && event.data.requestId === requestId) { window.removeEventListener('message', listener); resolve(event.data); }
    };
    window.addEventListener('message', listener);
    document.getElementById('frame').contentWindow.postMessage({ type: 'fable-sandbox:tokenize', requestId }, new URL(src).origin);
  });
</script></body></html>`;

beforeAll(async () => {
  checkout = createServer((request, response) => {
    if (request.url?.startsWith('/frame')) response.writeHead(200, { 'content-type': 'text/html' }).end(CHECKOUT_PAGE);
    else response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>back</title><p>Back at the checkout</p>');
  });
  await new Promise<void>((resolve) => checkout.listen(0, '127.0.0.1', resolve));
  checkoutOrigin = `http://127.0.0.1:${(checkout.address() as AddressInfo).port}`;
  sandbox = await startTestSandbox({ allowedOrigins: [checkoutOrigin] });
  stripe = stripeFor(sandbox);
  browser = await chromium.launch(chromiumLaunchOptions);
}, 30_000);
afterAll(async () => {
  await browser?.close();
  await sandbox?.close();
  await new Promise((resolve) => checkout.close(resolve));
});

const cardFieldsUrl = () => `${sandbox.url}/elements/card?key=${PUBLISHABLE_KEY}&origin=${encodeURIComponent(checkoutOrigin)}`;

async function openCheckout(src: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${checkoutOrigin}/frame?src=${encodeURIComponent(src)}`);
  return page;
}

const messages = (page: Page) => page.evaluate(() => (window as unknown as { messages: { origin: string; data: Record<string, unknown> }[] }).messages);

describe('the hosted card fields', () => {
  it('turn 4242 4242 4242 4242 into a pm_ id for the checkout, announcing changes as the user types', async () => {
    const page = await openCheckout(cardFieldsUrl());
    const frame = page.frameLocator('#frame');
    await frame.getByLabel('Card number').pressSequentially('4242424242424242');
    await frame.getByLabel('Expiration (MM / YY)').pressSequentially('1234');
    await frame.getByLabel('CVC').fill('123');
    await expect(frame.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    await expect(frame.getByLabel('Expiration (MM / YY)').inputValue()).resolves.toBe('12 / 34');
    await page.waitForFunction(() =>
      (window as unknown as { messages: { data: { type: string; complete?: boolean } }[] }).messages.some((m) => m.data.type === 'fable-sandbox:change' && m.data.complete),
    );
    const all = await messages(page);
    expect(all.every((m) => m.origin === sandbox.url)).toBe(true);
    expect(all[0]?.data).toEqual({ type: 'fable-sandbox:ready' });
    expect(all.at(-1)?.data).toEqual({ type: 'fable-sandbox:change', complete: true, brand: 'visa', error: null });

    const token = await page.evaluate(() => (window as unknown as { tokenize: (id: string) => Promise<Record<string, unknown>> }).tokenize('req-1'));
    expect(token).toMatchObject({ type: 'fable-sandbox:token', requestId: 'req-1', brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    const method = await stripe.paymentMethods.retrieve(String(token.paymentMethod));
    expect(method.card).toMatchObject({ brand: 'visa', last4: '4242' });
    await page.close();
  }, 30_000);

  it('show a bad Luhn number as invalid and refuse to tokenize it', async () => {
    const page = await openCheckout(cardFieldsUrl());
    const frame = page.frameLocator('#frame');
    await frame.getByLabel('Card number').pressSequentially('4242424242424241');
    await expect(frame.getByRole('alert').textContent()).resolves.toBe('Your card number is invalid.');
    await expect(frame.getByLabel('Card number').getAttribute('aria-invalid')).resolves.toBe('true');
    const answer = await page.evaluate(() => (window as unknown as { tokenize: (id: string) => Promise<Record<string, unknown>> }).tokenize('req-2'));
    expect(answer).toEqual({ type: 'fable-sandbox:error', requestId: 'req-2', message: 'Your card number is invalid.' });
    const changes = (await messages(page)).filter((m) => m.data.type === 'fable-sandbox:change');
    expect(changes.at(-1)?.data).toMatchObject({ complete: false, error: 'Your card number is invalid.' });
    await page.close();
  }, 30_000);

  it('say a past expiry in words and only embed for allowed origins with a valid publishable key', async () => {
    const page = await openCheckout(cardFieldsUrl());
    const frame = page.frameLocator('#frame');
    await frame.getByLabel('Card number').pressSequentially('4242424242424242');
    await frame.getByLabel('Expiration (MM / YY)').fill('01 / 20');
    await frame.getByLabel('CVC').focus();
    await expect(frame.getByRole('alert').textContent()).resolves.toBe("Your card's expiration year is in the past.");
    await page.close();

    const foreign = await fetch(`${sandbox.url}/elements/card?key=${PUBLISHABLE_KEY}&origin=${encodeURIComponent('https://evil.example')}`);
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain('is not allowed to embed the card fields');
    expect((await fetch(`${sandbox.url}/elements/card?key=${SECRET_KEY}&origin=${encodeURIComponent(checkoutOrigin)}`)).status).toBe(400);
    const good = await fetch(cardFieldsUrl());
    expect(good.headers.get('content-security-policy')).toContain(`frame-ancestors ${checkoutOrigin}`);
  });
});

describe('the 3-D Secure challenge', () => {
  async function challenge(returnUrl?: string) {
    const method = await cardPaymentMethod(sandbox, '4000002760003184');
    const intent = await stripe.paymentIntents.create({ amount: 1999, currency: 'usd', payment_method: method.id, confirm: true, return_url: returnUrl });
    expect(intent.status).toBe('requires_action');
    return intent;
  }

  it.each([
    ['Complete', { status: 'success' }, 'succeeded'],
    ['Fail', { status: 'failure', error_message: expect.stringContaining('failed authentication') }, 'requires_payment_method'],
  ])('framed: %s posts the window message the checkout listens for', async (button, message, status) => {
    const intent = await challenge();
    const page = await openCheckout(intent.next_action?.redirect_to_url?.url ?? '');
    await page.frameLocator('#frame').getByRole('button', { name: button }).click();
    await page.waitForFunction(() => (window as unknown as { messages: unknown[] }).messages.length > 0);
    const [received] = await messages(page);
    expect(received).toEqual({ origin: sandbox.url, data: message });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe(status);
    await page.close();
  }, 30_000);

  it('top-level: returns to return_url with Stripe’s query parameters', async () => {
    const intent = await challenge(`${checkoutOrigin}/checkout/return`);
    const page = await browser.newPage();
    await page.goto(intent.next_action?.redirect_to_url?.url ?? '');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.waitForURL(/\/checkout\/return/);
    const back = new URL(page.url());
    expect(Object.fromEntries(back.searchParams)).toEqual({ payment_intent: intent.id, payment_intent_client_secret: intent.client_secret, redirect_status: 'succeeded' });
    await page.close();
  }, 30_000);
});

describe('a redirect provider page', () => {
  async function session(provider: string) {
    const response = await fetch(`${sandbox.url}/v1/redirect_sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        amount: '999',
        currency: 'usd',
        provider,
        return_url: `${checkoutOrigin}/checkout/success`,
        cancel_url: `${checkoutOrigin}/checkout`,
        'metadata[order]': 'o-1',
      }).toString(),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { id: string; url: string; status: string };
  }

  it('Pay returns to return_url and announces redirect_session.completed; Cancel returns to cancel_url', async () => {
    const paid = await session('volt');
    expect(paid).toMatchObject({ status: 'open', url: `${sandbox.url}/pay/${paid.id}` });
    const page = await browser.newPage();
    await page.goto(paid.url);
    await expect(page.getByRole('heading').textContent()).resolves.toBe('Sandbox payment: volt');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/checkout\/success/);
    expect(new URL(page.url()).searchParams.get('session_id')).toBe(paid.id);
    const completed = sandbox.state.events.find((e) => e.type === 'redirect_session.completed');
    expect(completed?.data.object).toMatchObject({ id: paid.id, status: 'completed', metadata: { order: 'o-1' } });

    const canceled = await session('payssion_gcash');
    await page.goto(canceled.url);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/checkout');
    expect(sandbox.state.redirectSessions.get(canceled.id)?.status).toBe('canceled');
    await page.close();
  }, 30_000);

  it('refuses an unknown provider and a non-http return_url', async () => {
    const bad = async (fields: Record<string, string>) => {
      const response = await fetch(`${sandbox.url}/v1/redirect_sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ amount: '999', currency: 'usd', provider: 'volt', return_url: 'https://a.example/', cancel_url: 'https://a.example/', ...fields }).toString(),
      });
      return { status: response.status, body: (await response.json()) as { error: { param?: string } } };
    };
    expect(await bad({ provider: 'paypal' })).toMatchObject({ status: 400, body: { error: { param: 'provider' } } });
    expect(await bad({ return_url: 'javascript:alert(1)' })).toMatchObject({ status: 400, body: { error: { param: 'return_url' } } });
  });
});
