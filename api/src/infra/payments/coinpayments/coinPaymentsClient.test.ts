import { redirectInput, usePaymentsGateway } from '../../../testing/paymentsSandbox';
import { ManualRefundRequiredError, PaymentsUnavailableError, ProviderNoticeError, WebhookSignatureError } from '../paymentsGateway';
import { createPaymentsGateway } from '../stripeGateway';
import { minorOfAmount } from '../providerApi';
import { CoinPaymentsRefusal, coinPaymentsHmac, coinPaymentsStatus } from './coinPaymentsClient';
import { SANDBOX_COINPAYMENTS_KEYS } from './coinPaymentsConfig';

// CoinPayments through its legacy merchant API (api.php, HMAC-SHA512), against the sandbox's CoinPayments over a real
// socket; its IPN (HMAC header with the IPN secret) as the redirect_session event billing applies.

const { payments, gateway } = usePaymentsGateway();
let orders = 0;

const input = (orderId: string) => redirectInput('coinpayments', orderId);

/** An IPN as CoinPayments posts it: the form, and the HMAC of its exact body with `secret`. */
function ipn(fields: Record<string, string>, secret: string = SANDBOX_COINPAYMENTS_KEYS.ipnSecret) {
  const rawBody = new URLSearchParams({
    ipn_version: '1.0',
    ipn_type: 'api',
    ipn_mode: 'hmac',
    ipn_id: 'ipn-1',
    merchant: SANDBOX_COINPAYMENTS_KEYS.merchantId,
    txn_id: 'CPTEST',
    status: '100',
    status_text: 'Complete',
    currency1: 'USD',
    amount1: '16.09',
    invoice: 'order-1',
    custom: 'u-1',
    ...fields,
  }).toString();
  return { rawBody, headers: { 'content-type': 'application/x-www-form-urlencoded', hmac: coinPaymentsHmac(secret, rawBody) } };
}
const at = new Date('2026-12-06T12:00:00Z');

test('a payment is created with create_transaction, read with get_tx_info, paid on its checkout page; its refund is a manual task', async () => {
  const orderId = `o-${++orders}`;
  const made = await gateway.createRedirectSession(input(orderId), 'unused-key');
  expect(made.url).toBe(`${payments.sandbox.url}/pay/${made.sessionId}`);
  const sent = payments.sandbox.state.redirectSessions.get(made.sessionId);
  // what create_transaction was given: the price in USD, the coin, the buyer, our order and member, the IPN URL
  expect(sent).toMatchObject({ amount: 1609, currency: 'usd', return_url: input(orderId).returnUrl, cancel_url: input(orderId).cancelUrl });
  expect(sent?.coinpayments).toMatchObject({ currency2: 'LTCT', buyer_email: 'ada@example.com', item_name: 'Fable basic_1m', invoice: orderId, custom: 'u-1', ipn_url: expect.stringMatching(/\/coinpayments$/) });

  const ref = { sessionId: made.sessionId, provider: 'coinpayments', orderId };
  expect(await gateway.getRedirectSession(ref)).toEqual({ status: 'open', amountMinor: 1609, currency: 'USD', metadata: { order_id: orderId, user_id: 'u-1' } });
  expect((await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  expect((await gateway.getRedirectSession(ref)).status).toBe('completed');
  // CoinPayments' legacy API has no refund call: not pretended, a person's task
  await expect(gateway.refundRedirectSession(ref, null, 'k')).rejects.toThrow(ManualRefundRequiredError);
  await expect(gateway.refundRedirectSession(ref, null, 'k')).rejects.toThrow(/no refund call.*by hand from the CoinPayments dashboard/);
});

test('the IPN the sandbox sends verifies with the IPN secret and becomes redirect_session.completed', async () => {
  const orderId = `o-${++orders}`;
  const made = await gateway.createRedirectSession(input(orderId), 'k');
  await fetch(`${made.url}/pay`, { method: 'POST', redirect: 'manual' });
  const sent = payments.sandbox.coinPaymentsIpns.find((n) => n.txn_id === made.sessionId);
  expect(await gateway.providerNotification('coinpayments', { rawBody: sent?.rawBody ?? '', headers: { hmac: sent?.hmac } }, at)).toEqual({
    id: `coinpayments:${made.sessionId}:${sent?.form.ipn_id}`,
    type: 'redirect_session.completed',
    created: at.getTime() / 1000,
    object: { id: made.sessionId, amount: 1609, currency: 'usd', metadata: { order_id: orderId, user_id: 'u-1' } },
  });
});

test('maps the statuses: >= 100 and 2 complete, < 0 cancelled, 0–99 pending (not handled); one event per ipn_id', async () => {
  const typeOf = (status: string, ipnId = 'ipn-1') => gateway.providerNotification('coinpayments', ipn({ status, ipn_id: ipnId }), at);
  expect((await Promise.all([typeOf('100'), typeOf('100'), typeOf('2', 'ipn-2')])).map((e) => [e.type, e.id])).toEqual([
    ['redirect_session.completed', 'coinpayments:CPTEST:ipn-1'],
    ['redirect_session.completed', 'coinpayments:CPTEST:ipn-1'],
    ['redirect_session.completed', 'coinpayments:CPTEST:ipn-2'],
  ]);
  expect((await typeOf('-1')).type).toBe('redirect_session.canceled');
  expect((await typeOf('-2')).type).toBe('redirect_session.canceled');
  expect((await Promise.all([typeOf('0'), typeOf('1'), typeOf('99')])).map((e) => e.type)).toEqual(['coinpayments.status_0', 'coinpayments.status_1', 'coinpayments.status_99']);
  expect([coinPaymentsStatus(3), coinPaymentsStatus(101)]).toEqual(['open', 'completed']);
});

test('refuses an IPN with a wrong or missing HMAC, a tampered body, another merchant, or fields it cannot take', async () => {
  const notice = (n: { rawBody: string; headers: Record<string, string> }) => expect(gateway.providerNotification('coinpayments', n, at)).rejects;
  await notice(ipn({}, 'not-the-ipn-secret')).toThrow(WebhookSignatureError);
  const signed = ipn({});
  await notice({ rawBody: signed.rawBody, headers: {} }).toThrow('No HMAC signature sent');
  await notice({ rawBody: signed.rawBody.replace('amount1=16.09', 'amount1=0.01'), headers: signed.headers }).toThrow(/HMAC signature does not match/);
  await notice(ipn({ merchant: 'someone_else' })).toThrow(new ProviderNoticeError('The IPN is for another merchant'));
  await notice(ipn({ ipn_mode: 'httpauth' })).toThrow(ProviderNoticeError);
  await notice(ipn({ ipn_type: 'deposit' })).toThrow(/not a payment made through the API/);
  await notice(ipn({ amount1: '16.095' })).toThrow(/amount1 is not an amount in cents/);
  await notice(ipn({ status: 'paid' })).toThrow(/numeric status/);
  await notice(ipn({ invoice: '' })).toThrow(/lacks ipn_id, txn_id, invoice/);
});

test('reads CoinPayments’ amounts exactly', () => {
  expect(['15', '15.00', '15.00000000', '16.09', '0.5'].map(minorOfAmount)).toEqual([1500, 1500, 1500, 1609, 50]);
  expect(['16.091', '-1', 'abc', '', undefined].map(minorOfAmount)).toEqual([null, null, null, null, null]);
});

test('a call CoinPayments refuses (wrong private key: its HMAC does not match) is a CoinPaymentsRefusal with its words; unreachable is unavailable', async () => {
  const config = payments.config.coinPayments!;
  const wrongKey = createPaymentsGateway({ ...payments.config, coinPayments: { ...config, privateKey: 'not-the-private-key' } });
  await expect(wrongKey.createRedirectSession(input('o-x'), 'k')).rejects.toThrow(new CoinPaymentsRefusal('HMAC signature does not match'));
  const down = createPaymentsGateway({ ...payments.config, coinPayments: { ...config, url: 'http://127.0.0.1:9' } });
  await expect(down.createRedirectSession(input('o-y'), 'k')).rejects.toBeInstanceOf(PaymentsUnavailableError);
  const none = createPaymentsGateway({ ...payments.config, coinPayments: null });
  await expect(none.createRedirectSession(input('o-z'), 'k')).rejects.toThrow(/coinpayments is not configured \(COINPAYMENTS_PUBLIC_KEY/);
  await expect(none.providerNotification('coinpayments', ipn({}), at)).rejects.toThrow(PaymentsUnavailableError);
});
