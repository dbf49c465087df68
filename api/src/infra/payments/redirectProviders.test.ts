import { redirectInput, usePaymentsGateway } from '../../testing/paymentsSandbox';
import { PaymentsUnavailableError, WebhookSignatureError } from './paymentsGateway';
import { PayssionRefusal } from './payssion/payssionClient';
import { createPaymentsGateway } from './stripeGateway';

// Each redirect provider through its own API: Payssion's against the sandbox's Payssion over a real socket.

const { payments, gateway } = usePaymentsGateway();
let orders = 0;

const input = (provider: string, orderId: string) => redirectInput(provider, orderId, { amountMinor: 1250, currency: 'PHP' });

test('a Payssion method is created, read, paid, refunded through Payssion’s API; a refund repeated after it is done changes nothing', async () => {
  const orderId = `o-${++orders}`;
  const made = await gateway.createRedirectSession(input('payssion_gcash', orderId), 'unused-key');
  expect(made.url).toBe(`${payments.sandbox.url}/pay/${made.sessionId}`);
  // Payssion takes no idempotency key: the same order again answers the same payment
  expect(await gateway.createRedirectSession(input('payssion_gcash', orderId), 'another-key')).toEqual(made);
  const ref = { sessionId: made.sessionId, provider: 'payssion_gcash', orderId };
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'open', amountMinor: 1250, currency: 'PHP', metadata: { order_id: orderId } });
  await expect(gateway.refundRedirectSession(ref, null, 'k')).rejects.toBeInstanceOf(PayssionRefusal);

  expect((await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  expect((await gateway.getRedirectSession(ref)).status).toBe('completed');
  expect((await gateway.refundRedirectSession(ref, 250, 'k1')).refundId).toMatch(/^psr_/);
  expect((await gateway.refundRedirectSession(ref, null, 'k2')).refundId).toMatch(/^psr_/);
  expect(payments.sandbox.state.redirectSessions.get(made.sessionId)).toMatchObject({ status: 'refunded', amount_refunded: 1250 });
  expect(await gateway.refundRedirectSession(ref, null, 'k2')).toEqual({ refundId: `${made.sessionId}:refunded` });
});

test('a notification verifies with the merchant secret only, and becomes a redirect_session event', async () => {
  const orderId = `o-${++orders}`;
  const made = await gateway.createRedirectSession(input('payssion_sbp', orderId), 'k');
  await fetch(`${made.url}/cancel`, { method: 'POST', redirect: 'manual' });
  const sent = payments.sandbox.payssionNotifications.find((n) => n.transaction_id === made.sessionId);
  const at = new Date('2026-12-05T12:00:00Z');
  const notice = (form: Record<string, string>) => ({ rawBody: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(await gateway.providerNotification('payssion', notice(sent?.form ?? {}), at)).toEqual({
    id: `payssion:${made.sessionId}:cancelled`,
    type: 'redirect_session.canceled',
    created: at.getTime() / 1000,
    object: { id: made.sessionId, amount: 1250, currency: 'php', metadata: { order_id: orderId } },
  });
  await expect(gateway.providerNotification('payssion', notice({ ...sent?.form, amount: '0.01' }), at)).rejects.toThrow(WebhookSignatureError);
  await expect(gateway.providerNotification('payssion', notice({}), at)).rejects.toThrow(WebhookSignatureError);
});

test('without Payssion configured, or with Stripe for a method without an adapter, the call is unavailable (503), not sent', async () => {
  const noPayssion = createPaymentsGateway({ ...payments.config, payssion: null });
  await expect(noPayssion.createRedirectSession(input('payssion_gcash', 'o-x'), 'k')).rejects.toBeInstanceOf(PaymentsUnavailableError);
  await expect(noPayssion.providerNotification('payssion', { rawBody: '', headers: {} }, new Date())).rejects.toThrow(PaymentsUnavailableError);
  const stripe = createPaymentsGateway({ provider: 'stripe', secretKey: 'sk_test_x', publishableKey: 'pk_test_x', webhookSecrets: ['whsec_x'] });
  await expect(stripe.createRedirectSession(input('payport', 'o-y'), 'k')).rejects.toThrow(/no adapter for the redirect provider payport/);
});

test('offers card always, a provider of its own when configured, and the others only where the sandbox serves them', () => {
  const everyMethod = ['card', 'payssion', 'coinpayments', 'volt', 'directa24', 'ug_upi', 'overpay', 'payok', 'payport', 'antrpay', 'luxfin', 'inwizo_sbp', 'fpay_wechat'];
  // npm start and the tests: the sandbox, every provider configured
  expect(everyMethod.filter((m) => gateway.offersMethod(m))).toEqual(everyMethod);
  expect(everyMethod.filter((m) => createPaymentsGateway({ ...payments.config, payok: null }).offersMethod(m))).not.toContain('payok');
  // Stripe with Payssion and PayOK configured: card and those two; the methods without an adapter are not offered
  const stripe = createPaymentsGateway({
    provider: 'stripe',
    secretKey: 'sk_test_x',
    publishableKey: 'pk_test_x',
    webhookSecrets: ['whsec_x'],
    payssion: payments.config.payssion,
    payok: payments.config.payok,
  });
  expect(everyMethod.filter((m) => stripe.offersMethod(m))).toEqual(['card', 'payssion', 'payok']);
});

test('Payssion unreachable is PaymentsUnavailableError (after its retries)', async () => {
  const down = createPaymentsGateway({ ...payments.config, payssion: { url: 'http://127.0.0.1:9', apiKey: 'k', secretKey: 's' } });
  await expect(down.createRedirectSession(input('payssion_gcash', 'o-z'), 'k')).rejects.toBeInstanceOf(PaymentsUnavailableError);
});
