import { MOCK_ACCESS_PREFIX } from '..';
import { mockApi } from '../testing/mockApi';
import { checkoutMockState } from './checkout';

const member = { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1`, 'content-type': 'application/json' };
const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`/api${path}`, { method, headers: member, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
};
const address = { email: 'ada@example.com', country: 'US', state: 'CA', postal_code: '94105' };
const person = { ...address, first_name: 'Ada', last_name: 'Lovelace' };

describe('the mock checkout keeps the API’s price rules', () => {
  it('adds the state’s tax on the discounted price, one discount, amounts in two decimals', async () => {
    mockApi();
    expect((await send('POST', '/checkout/calculate', { ...address, plan_id: 'basic_1m' })).body).toMatchObject({
      line_items: [{ name: 'True Supporter', total: 15 }],
      subtotal: 15,
      discounts: 0,
      tax: 1.09,
      total: 16.09,
      on_file: null,
    });
    expect((await send('POST', '/checkout/calculate', { ...address, plan_id: 'basic_1m', promo_code: 'welcome10' })).body).toMatchObject({ discounts: 1.5, tax: 0.98, total: 14.48 });
    expect((await send('POST', '/checkout/calculate', { ...address, state: '', plan_id: 'premium_1y', offer_id: 'BLACKFRIDAY_PREMIUM' })).body).toMatchObject({ discounts: 69.99, total: 180 });
    expect((await send('POST', '/checkout/calculate', { ...address, plan_id: 'basic_1m', offer_id: 'BLACKFRIDAY_PREMIUM' })).status).toBe(404);
    // Codes of either kind are read in any case (the rules' normalCode, as the API's table lookup).
    expect((await send('POST', '/checkout/calculate', { ...address, state: '', plan_id: 'premium_1m', offer_id: 'bday99' })).body).toMatchObject({ discounts: 24, total: 0.99 });
    expect((await send('POST', '/checkout/calculate', { ...address, state: '', plan_id: 'premium_1m', offer_id: 'BDAY99' })).body).toMatchObject({ total: 0.99 });
    expect((await send('POST', '/checkout/calculate', { ...address, country: 'GB', state: '', postal_code: 'SW1A 1AA', plan_id: 'premium_1y' })).body).toMatchObject({ tax: 50, total: 299.99 });
  });

  it('answers the spec’s messages for a bad coupon, postal code and email', async () => {
    mockApi();
    const calc = (extra: object) => send('POST', '/checkout/calculate', { ...address, plan_id: 'basic_1m', ...extra });
    expect((await calc({ promo_code: 'NOPE' })).body.error).toEqual({ code: 'invalid_coupon', message: 'Invalid coupon' });
    expect((await calc({ promo_code: 'ANNUAL20' })).body.error.message).toBe('Invalid coupon'); // annual plans only
    expect((await calc({ postal_code: '9410' })).body.error).toEqual({ code: 'invalid_postal_code', message: 'Invalid Zip' });
    expect((await calc({ country: 'CA', state: '', postal_code: '12345' })).body.error.message).toBe('Invalid Postal Code');
    expect((await calc({ email: 'ada@' })).body.error.message).toBe('Invalid email address');
    expect((await calc({ state: 'ZZ' })).status).toBe(400);
  });
});

describe('the mock card subscribe charges once per idempotency key', () => {
  it('replays the first answer for the same key and refuses the same key with other details', async () => {
    const { db } = mockApi();
    const body = { ...person, plan_id: 'basic_1m', payment_token: 'pm_card_visa', idempotency_key: 'key-00000001' };
    const [a, b] = await Promise.all([send('POST', '/checkout/subscribe', body), send('POST', '/checkout/subscribe', body)]);
    expect(a.body.resp_msg).toBe('Approved');
    expect(b.body).toEqual(a.body);
    expect(checkoutMockState(db).charges).toBe(1);
    expect(db.users.get('u1')!.tier).toBe('basic');
    const other = await send('POST', '/checkout/subscribe', { ...body, plan_id: 'premium_1m' });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('idempotency_mismatch');
  });

  it('declines, asks for 3-D Secure and finishes the order on confirm; then the card is on file', async () => {
    const { db } = mockApi();
    const base = { ...person, plan_id: 'basic_1m' };
    const declined = await send('POST', '/checkout/subscribe', { ...base, payment_token: 'pm_card_chargeDeclined', idempotency_key: 'key-decline1' });
    expect(declined.status).toBe(402);
    expect(declined.body.error.message).toBe('Your card was declined.');
    const challenged = await send('POST', '/checkout/subscribe', { ...base, payment_token: 'pm_card_threeDSecure2Required', idempotency_key: 'key-3ds00001' });
    expect(challenged.body).toMatchObject({ resp_msg: 'redirect', order_id: expect.any(String) });
    expect(challenged.body.iframe_3ds_url).toContain('/3ds/');
    expect(checkoutMockState(db).charges).toBe(0);
    const confirmed = await send('POST', `/checkout/orders/${challenged.body.order_id}/confirm`);
    expect(confirmed.body).toMatchObject({ resp_msg: 'Approved', order_id: challenged.body.order_id });
    expect(checkoutMockState(db).charges).toBe(1);
    const priced = await send('POST', '/checkout/calculate', { ...person, plan_id: 'basic_1m' });
    expect(priced.body.on_file).toMatchObject({ first_name: 'Ada', credit_card: { last_4: '3184' } });
  });

  it('pays a redirect provider on the order’s first read after the return, and logs abandon events', async () => {
    const { db } = mockApi();
    const made = await send('POST', '/checkout/volt_new_payment', { ...person, plan_id: 'basic_1m', idempotency_key: 'key-volt0001' });
    expect(made.body.url).toContain(`/checkout/success?order_id=${made.body.order_id}`);
    expect((await send('GET', `/checkout/orders/${made.body.order_id}`)).body.status).toBe('pending');
    expect((await send('GET', `/checkout/orders/${made.body.order_id}`)).body).toMatchObject({ status: 'succeeded', plan: 'True Supporter', orderTotal: 16.09 });
    expect((await send('POST', '/checkout/abandon', { plan_id: 'basic_1m', payment_method: 'volt' })).status).toBe(204);
    expect(checkoutMockState(db).abandoned).toEqual([{ user_id: 'u1', plan_id: 'basic_1m', payment_method: 'volt' }]);
  });
});
