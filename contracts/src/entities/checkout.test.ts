import { PersonalInfoSchema, PurchaseOptionsSchema } from './checkout';
import { PortalActionRequestSchema, PortalSubscriptionSchema, isAnnualPlanId } from './subscription';

const info = { email: 'fan@example.com', first_name: 'Ada', last_name: 'Lovelace', country: 'US', state: 'NY', postal_code: '10001' };
const messagesOf = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('PersonalInfoSchema', () => {
  it('accepts US zips with and without the +4', () => {
    expect(PersonalInfoSchema.safeParse(info).success).toBe(true);
    expect(PersonalInfoSchema.safeParse({ ...info, postal_code: '10001-1234' }).success).toBe(true);
  });
  it("says 'Invalid Zip' for US and 'Invalid Postal Code' for CA", () => {
    expect(messagesOf(PersonalInfoSchema.safeParse({ ...info, postal_code: '1234' }))).toEqual(['Invalid Zip']);
    expect(messagesOf(PersonalInfoSchema.safeParse({ ...info, country: 'CA', postal_code: '12345' }))).toEqual(['Invalid Postal Code']);
    expect(PersonalInfoSchema.safeParse({ ...info, country: 'CA', postal_code: 'K1A 0B1' }).success).toBe(true);
  });
  it("says 'Invalid email address' and enforces the 30/320/16 limits", () => {
    expect(messagesOf(PersonalInfoSchema.safeParse({ ...info, email: 'nope' }))).toEqual(['Invalid email address']);
    expect(PersonalInfoSchema.safeParse({ ...info, first_name: 'x'.repeat(31) }).success).toBe(false);
    expect(PersonalInfoSchema.safeParse({ ...info, country: 'GB', postal_code: 'A'.repeat(17) }).success).toBe(false);
  });
  it('requires the state unless optional', () => {
    expect(PersonalInfoSchema.safeParse({ ...info, state: '' }).success).toBe(false);
    expect(PersonalInfoSchema.safeParse({ ...info, state: '', stateOptional: true }).success).toBe(true);
  });
  it('rejects a blank first name', () => {
    expect(PersonalInfoSchema.safeParse({ ...info, first_name: '  ' }).success).toBe(false);
  });
});

it('purchase options need a known payment method', () => {
  const options = {
    default_plan_id: 'premium_1m',
    payment_methods: ['card', 'payssion'],
    plans: {
      monthly: [{ role: 'paid_premium', tier: 'premium', period: 'monthly', plan_id: 'premium_1m', price: 24.95 }],
      annual: [],
    },
  };
  expect(PurchaseOptionsSchema.parse(options).plans.monthly[0]?.currency).toBe('USD');
  expect(PurchaseOptionsSchema.safeParse({ ...options, payment_methods: ['paypal'] }).success).toBe(false);
});

it("treats a plan as annual when its id contains '1y'", () => {
  expect(isAnnualPlanId('basic_1y_usd')).toBe(true);
  expect(isAnnualPlanId('basic_1m_usd')).toBe(false);
});

describe('portal', () => {
  it('change_plan needs a plan_id, cancel nothing more', () => {
    const ids = { order_id: 'o1', subscription_id: 's1' };
    expect(PortalActionRequestSchema.safeParse({ action: 'cancel', ...ids }).success).toBe(true);
    expect(PortalActionRequestSchema.safeParse({ action: 'change_plan', ...ids }).success).toBe(false);
    expect(PortalActionRequestSchema.safeParse({ action: 'refund', ...ids }).success).toBe(false);
  });
  it('parses a subscription and rejects an unknown status', () => {
    const product = { plan_id: 'basic_1m', name: 'True Supporter', role: 'paid_basic', price: 14.95, currency: 'USD' };
    const sub = {
      order_id: 'o1',
      subscription_id: 's1',
      subscription_status: 'grace',
      recur_at: '2025-03-01T00:00:00Z',
      frequency: 'Monthly',
      current_product: product,
      next_product: product,
      is_card_deleted: false,
      credit_card: { last_4: '4242', type: 'visa' },
      available_plans: [{ ...product, billing_frequency: 'monthly', upgrade_price: 0 }],
    };
    expect(PortalSubscriptionSchema.safeParse(sub).success).toBe(true);
    expect(PortalSubscriptionSchema.safeParse({ ...sub, subscription_status: 'paused' }).success).toBe(false);
  });
});
