import {
  BILLING_ERRORS,
  billingCalls,
  billingFlowCalls,
  isValidPostalCode,
  PAYMENT_APPROVED,
  PersonalInfoSchema,
  postalCodeMessage,
  type CheckoutOrder,
  type OnFile,
} from '@fable/contracts';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { catalogStatesOf, MOCK_CATALOG_COUNTRIES, MOCK_CATALOG_OPTIONS } from './billingCatalog';
import { harnessOrigin, harnessStorage } from '../harnessGlobals';

/**
 * The checkout of the mock API (document 2 §3, §4, §7; the API's rules in api/src/modules/billing): the price
 * calculation (priceCalculation.ts: the address rules, one discount — the promo code, else the offer —, the tax of the
 * country and state on what is left, each amount rounded once in cents), the card fields' configuration, card
 * subscribe with idempotency keys, the 3-D Secure confirmation, orders, the redirect providers and the abandon event.
 *
 * Card results follow Stripe's well-known test tokens, which the UI tests' card fields answer:
 * `pm_card_chargeDeclined` (402 'Your card was declined.'), `pm_card_chargeDeclinedInsufficientFunds`,
 * `pm_card_threeDSecure2Required` (3-D Secure: the order waits for POST …/confirm); any other token approves, unless
 * the email is tagged `+decline@` or `+3ds@` (for the dev harness, whose real card fields' tokens say nothing).
 *
 * The card fields: `card_fields_url` is null (the checkout then says so) unless the dev harness is pointed at a
 * running payments sandbox with `localStorage['fable.mock.paymentsSandboxUrl'] = 'http://127.0.0.1:3200'` (the
 * sandbox must allow the harness's origin); its fields' tokens (`pm_…`) then approve.
 *
 * The plans, countries and states are the catalog's (billingCatalog.ts), which answers their calls.
 */

/** The plans the checkout sells: the catalog's (billingCatalog.ts), priced in cents. */
const PLANS = [...MOCK_CATALOG_OPTIONS.plans.monthly, ...MOCK_CATALOG_OPTIONS.plans.annual].map((p) => ({
  plan_id: p.plan_id,
  name: p.name ?? p.plan_id,
  tier: p.tier,
  priceMinor: Math.round(p.price * 100),
}));

/** Tax rates in basis points by `country` or `country:state` (the API's stand-in table, in part). */
const TAX_BPS: Record<string, number> = {
  'US:CA': 725,
  'US:NY': 400,
  'US:TX': 625,
  'US:WA': 650,
  CA: 500,
  'CA:ON': 1300,
  'CA:QC': 1498,
  AU: 1000,
  GB: 2000,
  DE: 1900,
  FR: 2000,
  IN: 1800,
  MX: 1600,
  NG: 750,
};

/** Coupons (normal form: upper case) and offers of the mock. */
const COUPONS: Record<string, { percent?: number; amountMinor?: number; plans?: string[] }> = {
  WELCOME10: { percent: 10 },
  FIVEOFF: { amountMinor: 500 },
  ANNUAL20: { percent: 20, plans: ['basic_1y', 'premium_1y', 'minimal_1y'] },
};
/** The promotions' offers (billingCatalog.ts): the sale price of their plan as an amount off. */
const OFFERS: Record<string, { percent?: number; amountMinor?: number; plans?: string[] }> = {
  bday99: { amountMinor: 2400, plans: ['premium_1m'] },
  BLACKFRIDAY_MINIMAL: { amountMinor: 1400, plans: ['minimal_1y'] },
  BLACKFRIDAY_BASIC: { amountMinor: 3999, plans: ['basic_1y'] },
  BLACKFRIDAY_PREMIUM: { amountMinor: 6999, plans: ['premium_1y'] },
};

/** What the checkout mock keeps per mock database: cards on file, orders, idempotency keys, abandon events. */
export interface CheckoutMockState {
  onFile: Map<string, OnFile>;
  orders: Map<string, CheckoutOrder & { user_id: string }>;
  /** `${userId}:${key}` → the request's fingerprint and the first answer. */
  keys: Map<string, { fingerprint: string; answer: { status: number; body: unknown } | { status: number; code: string; message: string } }>;
  abandoned: { user_id: string; plan_id: string; payment_method: string; order_id?: string | null }[];
  /** How many charges went through (a double submit must leave one). */
  charges: number;
}
const states = new WeakMap<MockDb, CheckoutMockState>();
export function checkoutMockState(db: MockDb): CheckoutMockState {
  let state = states.get(db);
  if (!state) {
    state = { onFile: new Map(), orders: new Map(), keys: new Map(), abandoned: [], charges: 0 };
    states.set(db, state);
  }
  return state;
}

const billingError = (code: keyof typeof BILLING_ERRORS, message?: string) => apiError(BILLING_ERRORS[code].status, code, message ?? BILLING_ERRORS[code].message);

/** The dev harness's payments sandbox, when one is configured (see above). */
function sandboxUrl(): string | null {
  try {
    return harnessStorage()?.getItem('fable.mock.paymentsSandboxUrl') ?? null;
  } catch {
    return null;
  }
}

const bps = (amount: number, rate: number) => Math.floor((2 * amount * rate + 10_000) / 20_000);

interface PriceInput {
  plan_id: string;
  offer_id?: string | null;
  promo_code?: string | null;
  email: string;
  country: string;
  state?: string;
  postal_code: string;
}

/** The price as the API calculates it, or the error it answers. */
function priceOf(input: PriceInput) {
  const known = MOCK_CATALOG_COUNTRIES.some((c) => c.iso2 === input.country);
  if (!known) return billingError('unknown_country');
  const list = catalogStatesOf(input.country);
  const typed = (input.state ?? '').trim().toUpperCase();
  const state = typed ? list.find((s) => s.state_code === typed)?.state_code : '';
  if (state === undefined) return billingError('invalid_state');
  if (!isValidPostalCode(input.country, input.postal_code)) return billingError('invalid_postal_code', postalCodeMessage(input.country));
  if (!PersonalInfoSchema.shape.email.safeParse(input.email.trim()).success) return billingError('invalid_email');
  const plan = PLANS.find((p) => p.plan_id === input.plan_id);
  if (!plan) return billingError('plan_not_found');
  const offerId = input.offer_id?.trim();
  const offer = offerId ? OFFERS[offerId] : null;
  if (offerId && (!offer || (offer.plans && !offer.plans.includes(input.plan_id)))) return billingError('offer_not_found');
  const code = input.promo_code?.trim().toUpperCase();
  const coupon = code ? COUPONS[code] : null;
  if (code && (!coupon || (coupon.plans && !coupon.plans.includes(plan.plan_id)))) return billingError('invalid_coupon');
  const discount = coupon ?? offer;
  const subtotal = plan.priceMinor;
  const off = !discount ? 0 : Math.min(subtotal, discount.percent !== undefined ? bps(subtotal, discount.percent * 100) : discount.amountMinor!);
  const rate = TAX_BPS[`${input.country}:${state}`] ?? TAX_BPS[input.country] ?? 0;
  const tax = bps(subtotal - off, rate);
  return { plan, subtotal, off, tax, total: subtotal - off + tax };
}

const major = (minor: number) => minor / 100;

export function checkoutHandlers(db: MockDb) {
  const mock = checkoutMockState(db);

  type Kept = { status: 200; body: unknown } | { status: number; code: string; message: string };
  const declined = (message: string): Kept => ({ status: 402, code: 'payment_failed', message });
  /**
   * Answers the first answer again for the same key and request (a 402 included); 409 idempotency_mismatch for the
   * same key with another request. Answers to requests that failed validation (a Response) are not kept.
   */
  function idempotent(userId: string, key: string, request: Record<string, unknown>, run: () => Response | Kept) {
    const { idempotency_key: _, ...rest } = request;
    const fingerprint = JSON.stringify(rest);
    const slot = `${userId}:${key}`;
    const first = mock.keys.get(slot);
    if (first && first.fingerprint !== fingerprint) return billingError('idempotency_mismatch');
    let kept = first?.answer;
    if (!kept) {
      const answer = run();
      if (answer instanceof Response) return answer;
      kept = answer;
      mock.keys.set(slot, { fingerprint, answer });
    }
    return 'body' in kept ? (kept.body as never) : apiError(kept.status, kept.code, kept.message);
  }

  function newOrder(userId: string, planId: string, totalMinor: number, status: CheckoutOrder['status']) {
    const plan = PLANS.find((p) => p.plan_id === planId)!;
    const order = {
      order_id: db.nextId('order'),
      user_id: userId,
      status,
      plan: plan.name,
      plan_id: plan.plan_id,
      orderTotal: major(totalMinor),
      currency: 'USD',
      subscription_id: null as string | null,
      transaction_id: null as string | null,
      date: new Date().toISOString(),
      error_message: null as string | null,
    };
    mock.orders.set(order.order_id, order);
    return order;
  }

  function succeed(order: CheckoutOrder & { user_id: string }) {
    order.status = 'succeeded';
    order.subscription_id = db.nextId('sub');
    order.transaction_id = `ch_${order.order_id}`;
    mock.charges += 1;
    const member = db.users.get(order.user_id);
    const plan = PLANS.find((p) => p.plan_id === order.plan_id);
    if (member && plan) member.tier = plan.tier;
  }

  const resultOf = (order: CheckoutOrder) => ({
    resp_msg: PAYMENT_APPROVED,
    order_id: order.order_id,
    orderTotal: order.orderTotal,
    currency: order.currency,
    subscription_id: order.subscription_id,
    transaction_id: order.transaction_id,
    plan: order.plan,
    date: order.date,
  });

  return [
    contractRoute(billingCalls.calculatePrice, ({ body, userId }) => {
      const price = priceOf(body);
      if (price instanceof Response) return price;
      return {
        line_items: [{ name: price.plan.name, total: major(price.subtotal) }],
        subtotal: major(price.subtotal),
        discounts: major(price.off),
        tax: major(price.tax),
        total: major(price.total),
        currency: 'USD',
        on_file: mock.onFile.get(userId!) ?? null,
      };
    }),
    contractRoute(billingFlowCalls.paymentConfig, () => {
      const sandbox = sandboxUrl();
      const origin = harnessOrigin();
      return sandbox
        ? {
            provider: 'sandbox' as const,
            publishable_key: 'pk_test_fable_sandbox',
            card_fields_url: `${sandbox}/elements/card?key=pk_test_fable_sandbox&origin=${encodeURIComponent(origin)}`,
            frame_origin: new URL(sandbox).origin,
          }
        : { provider: 'sandbox' as const, publishable_key: 'pk_test_fable_sandbox', card_fields_url: null, frame_origin: null };
    }),
    contractRoute(billingFlowCalls.subscribe, ({ body, userId }) =>
      idempotent(userId!, body.idempotency_key, body, () => {
        const price = priceOf(body);
        if (price instanceof Response) return price;
        const onFile = mock.onFile.get(userId!);
        const tag = /\+(decline|3ds)@/.exec(body.email)?.[1];
        const token = tag === 'decline' ? 'pm_card_chargeDeclined' : tag === '3ds' ? 'pm_card_threeDSecure2Required' : (body.payment_token ?? null);
        if (!token && !onFile?.credit_card) return declined('Add a card to pay with.');
        if (token === 'pm_card_chargeDeclined') return declined('Your card was declined.');
        if (token === 'pm_card_chargeDeclinedInsufficientFunds') return declined('Your card has insufficient funds.');
        const order = newOrder(userId!, body.plan_id, price.total, 'pending');
        const card = { last_4: token === 'pm_card_threeDSecure2Required' ? '3184' : '4242', type: 'visa', exp: '12/30' };
        mock.onFile.set(userId!, {
          first_name: body.first_name,
          last_name: body.last_name,
          country: body.country,
          state: body.state,
          postal_code: body.postal_code,
          order_id: order.order_id,
          credit_card: token ? card : onFile!.credit_card,
        });
        if (token === 'pm_card_threeDSecure2Required') {
          order.status = 'requires_action';
          const sandbox = sandboxUrl();
          const iframe_3ds_url = `${sandbox ?? 'about:blank#'}/3ds/pi_${order.order_id}`;
          return { status: 200 as const, body: { resp_msg: 'redirect', iframe_3ds_url, order_id: order.order_id, orderTotal: order.orderTotal, currency: 'USD' } };
        }
        succeed(order);
        return { status: 200 as const, body: resultOf(order) };
      }),
    ),
    contractRoute(billingFlowCalls.confirmOrder, ({ params, userId }) => {
      const order = mock.orders.get(params.order_id);
      if (!order || order.user_id !== userId) return billingError('order_not_found');
      if (order.status === 'requires_action') succeed(order);
      if (order.status !== 'succeeded') return billingError('payment_failed', order.error_message ?? undefined);
      return resultOf(order);
    }),
    contractRoute(billingFlowCalls.order, ({ params, userId }) => {
      const order = mock.orders.get(params.order_id);
      if (!order || order.user_id !== userId) return billingError('order_not_found');
      const { user_id: _, ...answer } = order;
      // A redirect provider's order is paid on its first read after the return (the provider's webhook, in the API).
      if (order.status === 'pending') succeed(order);
      return answer;
    }),
    // Before the providers' `/checkout/:payment`, which would take `abandon` for a provider.
    contractRoute(billingFlowCalls.abandonCheckout, ({ body, userId }) => {
      mock.abandoned.push({ user_id: userId!, ...body });
      return new Response(null, { status: 204 });
    }),
    contractRoute(billingFlowCalls.providerPayment, ({ params, body, userId }) => {
      if (!/^[a-z0-9]+_new_payment$/.test(params.payment)) return apiError(404, 'not_found', 'Not found.');
      return idempotent(userId!, body.idempotency_key, { ...body, payment: params.payment }, () => {
        const price = priceOf(body);
        if (price instanceof Response) return price;
        const order = newOrder(userId!, body.plan_id, price.total, 'pending');
        const origin = harnessOrigin();
        return { status: 200 as const, body: { url: `${origin}/checkout/success?order_id=${order.order_id}`, order_id: order.order_id } };
      });
    }),
  ];
}
