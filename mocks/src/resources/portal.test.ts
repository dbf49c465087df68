import { MOCK_ACCESS_PREFIX } from '..';
import { mockApi } from '../testing/mockApi';
import { MOCK_AUTHENTICATE_CARD_TOKEN, MOCK_CHALLENGE_URL, MOCK_DECLINED_CARD_TOKEN, MOCK_SUPPORTER_CODES, MOCK_TRANSIENT_LINKS, setPortalScenario } from './portal';

const member = { authorization: `Bearer ${MOCK_ACCESS_PREFIX}u1`, 'content-type': 'application/json' };
const send = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`/api${path}`, { method, headers: member, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
};
const ids = { order_id: 'order-mock-1', subscription_id: 'sub-mock-1' };
const subscription = async () => ((await send('GET', '/subscriptions/sticky')).body as { subscription_status: string; current_product: { plan_id: string }; next_product: { plan_id: string }; credit_card: { last_4: string } }[])[0];
const act = (action: string, extra: object = {}) => send('PUT', '/subscriptions/sticky', { action, ...ids, ...extra });

describe('the mock API keeps the portal rules of document 2 §4', () => {
  it('cancels an active subscription, refuses a second cancel, and uncancel returns it to active', async () => {
    mockApi();
    expect((await subscription())!.subscription_status).toBe('active');
    expect((await act('cancel')).body).toEqual({ status: 'SUCCESS', message: 'Your subscription has been cancelled.', subscription_status: 'cancelled' });
    expect((await act('cancel')).status).toBe(409);
    expect((await act('uncancel')).body.subscription_status).toBe('active');
    expect((await subscription())!.subscription_status).toBe('active');
  });

  it('uncancel returns a cancelled grace subscription to grace', async () => {
    const { db } = mockApi();
    setPortalScenario(db, 'grace');
    await act('cancel');
    expect((await act('uncancel')).body.subscription_status).toBe('grace');
  });

  it('charges an upgrade now and waits with a downgrade for the next cycle', async () => {
    mockApi();
    const { available_plans: plans } = (await send('GET', '/subscriptions/sticky')).body[0] as { available_plans: { plan_id: string; upgrade_price: number }[] };
    expect(plans.find((p) => p.plan_id === 'premium_1m')!.upgrade_price).toBeGreaterThan(0);
    expect(plans.find((p) => p.plan_id === 'basic_1m')!.upgrade_price).toBe(0);
    expect((await act('change_plan', { plan_id: 'premium_1m' })).body.status).toBe('SUCCESS');
    expect(await subscription()).toMatchObject({ current_product: { plan_id: 'premium_1m' }, next_product: { plan_id: 'premium_1m' } });
    expect((await act('change_plan', { plan_id: 'basic_1m' })).body.status).toBe('SUCCESS');
    expect(await subscription()).toMatchObject({ current_product: { plan_id: 'premium_1m' }, next_product: { plan_id: 'basic_1m' } });
    expect((await act('change_plan', { plan_id: 'premium_1m' })).status).toBe(409);
  });

  it('prorates by the API’s rule, in integer cents and calendar months', async () => {
    // 2026-03-10: the active scenario's period ends in 20 days (2026-03-30) and started a calendar month before
    // (2026-02-28), 30 days. premium_1m: 2499 × 20/30 = 1666 less 1500 × 20/30 = 1000; premium_1y: 24999 less 1000, minimal_1y 5000 less 1000.
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-10T00:00:00Z'));
    try {
      mockApi();
      const { available_plans: plans } = (await send('GET', '/subscriptions/sticky')).body[0] as { available_plans: { plan_id: string; upgrade_price: number }[] };
      expect(Object.fromEntries(plans.map((p) => [p.plan_id, p.upgrade_price]))).toEqual({ minimal_1y: 40, basic_1m: 0, basic_1y: 139.99, premium_1m: 6.66, premium_1y: 239.99 });
      expect((await act('change_plan', { plan_id: 'premium_1y' })).body.status).toBe('SUCCESS');
      // A change of period starts a new annual period now.
      expect((await send('GET', '/subscriptions/sticky')).body[0].recur_at).toBe('2027-03-10T00:00:00.000Z');
    } finally {
      now.mockRestore();
    }
  });

  it('keeps a yearly subscriber on annual plans', async () => {
    const { db } = mockApi();
    setPortalScenario(db, 'yearly');
    expect((await act('change_plan', { plan_id: 'basic_1m' })).body.error.code).toBe('action_not_allowed');
    expect((await act('change_plan', { plan_id: 'basic_1y' })).body.status).toBe('SUCCESS');
  });

  it('fails the rebill of grace until the card is changed, then it is active again', async () => {
    const { db } = mockApi();
    setPortalScenario(db, 'grace');
    expect(db.users.get('u1')!.tier).toBe('basic');
    expect(await act('charge_rebill')).toEqual({ status: 402, body: { error: { code: 'payment_failed', message: 'Your card was declined.' } } });
    expect((await act('change_card', { card_token: MOCK_DECLINED_CARD_TOKEN })).status).toBe(402);
    expect((await act('change_card', { card_token: 'pm_card_mastercard' })).body.status).toBe('SUCCESS');
    expect((await subscription())!.credit_card.last_4).toBe('4444');
    expect((await act('charge_rebill')).body.subscription_status).toBe('active');
  });

  it('asks for the bank’s challenge on the 3-D Secure card once, then saves it', async () => {
    const { db } = mockApi();
    setPortalScenario(db, 'active');
    const asked = (await act('change_card', { card_token: MOCK_AUTHENTICATE_CARD_TOKEN })).body;
    expect(asked).toMatchObject({ status: 'REQUIRES_ACTION', iframe_3ds_url: MOCK_CHALLENGE_URL });
    expect((await subscription())!.credit_card.last_4).toBe('4242');
    expect((await act('change_card', { card_token: MOCK_AUTHENTICATE_CARD_TOKEN })).body.status).toBe('SUCCESS');
    expect((await subscription())!.credit_card.last_4).toBe('3155');
  });

  it('has no subscription to show or act on for none, expired acts on nothing, in-app is managed elsewhere', async () => {
    const { db } = mockApi();
    setPortalScenario(db, 'none');
    expect((await send('GET', '/subscriptions/sticky')).body).toEqual([]);
    expect((await act('cancel')).body.error.code).toBe('subscription_not_found');
    setPortalScenario(db, 'expired');
    expect((await act('cancel')).status).toBe(409);
    expect(db.users.get('u1')!.tier).toBe('free');
    setPortalScenario(db, 'in_app');
    expect(db.users.get('u1')!.subscription).toMatchObject({ platform: 'revenuecat' });
    expect((await act('cancel')).body.error.code).toBe('managed_elsewhere');
  });

  it('links SubscribeStar codes: one links, one has no pledge, one fails', async () => {
    mockApi();
    const link = (code: string) => send('GET', `/link/subscribestar/oauth?subscribestar_code=${code}&redirect_url=/link/subscribestar`);
    expect((await link(MOCK_SUPPORTER_CODES.linked)).body.status).toBe('success');
    expect((await link(MOCK_SUPPORTER_CODES.noPledge)).body).toEqual({ status: 'invalid_pledge', message: 'no active pledge found' });
    expect((await link(MOCK_SUPPORTER_CODES.error)).status).toBe(502);
    expect((await send('GET', '/link/subscribestar/authorize?redirect_url=http://localhost/link/subscribestar')).body.url).toBe(
      `http://localhost/link/subscribestar?code=${MOCK_SUPPORTER_CODES.linked}`,
    );
    expect((await send('GET', `/link/subscribestar/${MOCK_TRANSIENT_LINKS.linked}`)).body.status).toBe('linking');
    expect((await send('GET', `/link/subscribestar/${MOCK_TRANSIENT_LINKS.linked}`)).body.status).toBe('success');
  });
});
