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
import {
  checkoutAddressProblem,
  checkoutPriceOf,
  couponProblem,
  normalCode,
  priceInMajor,
  toMajor,
  toMinor,
  type AddressBook,
  type CheckoutAddressProblem,
  type Coupon,
  type PriceBreakdown,
  type PricedPlan,
} from '@fable/rules/billing';
import { apiError, contractRoute } from '../contractRoute';
import type { MockDb } from '../mockDb';
import { catalogStatesOf, MOCK_CATALOG_COUNTRIES, MOCK_CATALOG_OPTIONS } from './billingCatalog';
import { harnessOrigin, harnessStorage } from '../harnessGlobals';

/**
 * The checkout of the mock API (document 2 §3, §4, §7): the price calculation, the card fields' configuration, card
 * subscribe with idempotency keys, the 3-D Secure confirmation, orders, the redirect providers and the abandon event.
 * The price is the API's by the API's own rules, @fable/rules/billing (checkoutAddressProblem, couponProblem,
 * checkoutPriceOf, priceInMajor: the address rules, one discount — the promo code, else the offer —, the tax of the
 * country and state on what is left, integer minor units rounded once); the mock holds only its tables (plans, tax
 * rates, coupons) and its state (cards on file, orders, idempotency keys).
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

/** The plans the checkout sells: the catalog's (billingCatalog.ts), priced in minor units. */
const PLANS = [...MOCK_CATALOG_OPTIONS.plans.monthly, ...MOCK_CATALOG_OPTIONS.plans.annual].map((p) => ({
  plan_id: p.plan_id,
  name: p.name ?? p.plan_id,
  tier: p.tier,
  period: p.period,
  currency: p.currency,
  price_minor: toMinor(p.price),
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

/** A row of the mock's coupon table: a coupon or offer without dates or a redemption limit. */
const code = (code: string, kind: Coupon['kind'], terms: Pick<Coupon, 'percent_off' | 'amount_off_minor' | 'currency' | 'plan_ids'>): Coupon => ({
  code,
  kind,
  ...terms,
  duration: 'once',
  duration_months: null,
  valid_from: null,
  valid_until: null,
  max_redemptions: null,
});
/** The mock's coupon table, by normal code (normalCode): promo codes and the promotions' offers (billingCatalog.ts). */
const COUPONS: ReadonlyMap<string, Coupon> = new Map(
  [
    code('WELCOME10', 'coupon', { percent_off: '10.00', amount_off_minor: null, currency: null, plan_ids: null }),
    code('FIVEOFF', 'coupon', { percent_off: null, amount_off_minor: 500, currency: 'USD', plan_ids: null }),
    code('ANNUAL20', 'coupon', { percent_off: '20.00', amount_off_minor: null, currency: null, plan_ids: ['basic_1y', 'premium_1y', 'minimal_1y'] }),
    // The offers: the sale price of their plan as an amount off.
    code('BDAY99', 'offer', { percent_off: null, amount_off_minor: 2400, currency: 'USD', plan_ids: ['premium_1m'] }),
    code('BLACKFRIDAY_MINIMAL', 'offer', { percent_off: null, amount_off_minor: 1400, currency: 'USD', plan_ids: ['minimal_1y'] }),
    code('BLACKFRIDAY_BASIC', 'offer', { percent_off: null, amount_off_minor: 3999, currency: 'USD', plan_ids: ['basic_1y'] }),
    code('BLACKFRIDAY_PREMIUM', 'offer', { percent_off: null, amount_off_minor: 6999, currency: 'USD', plan_ids: ['premium_1y'] }),
  ].map((c) => [`${c.kind}:${c.code}`, c]),
);

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

interface PriceInput {
  plan_id: string;
  offer_id?: string | null;
  promo_code?: string | null;
  email: string;
  country: string;
  state?: string;
  postal_code: string;
}

/** The catalog's countries and states and the contract's postal code and email checks, for the address rules. */
const ADDRESS_BOOK: AddressBook = {
  statesOf: (country) => (MOCK_CATALOG_COUNTRIES.some((c) => c.iso2 === country) ? catalogStatesOf(country) : null),
  isValidPostalCode,
  isValidEmail: (email) => PersonalInfoSchema.shape.email.safeParse(email).success,
};

const ADDRESS_ERRORS: Record<CheckoutAddressProblem, (country: string) => Response> = {
  unknown_country: () => billingError('unknown_country'),
  invalid_state: () => billingError('invalid_state'),
  invalid_postal_code: (country) => billingError('invalid_postal_code', postalCodeMessage(country)),
  invalid_email: () => billingError('invalid_email'),
};

/**
 * A code of the mock's table that applies to the plan now (the rules' couponProblem; the mock keeps no redemption
 * count, its codes have no limit), null when none was typed, or the error the API answers.
 */
function usableCode(typed: string | null | undefined, kind: Coupon['kind'], plan: PricedPlan): Coupon | null | Response {
  if (!typed?.trim()) return null;
  const coupon = COUPONS.get(`${kind}:${normalCode(typed)}`);
  if (coupon && couponProblem(coupon, plan, new Date(), 0) === null) return coupon;
  return kind === 'offer' ? billingError('offer_not_found') : billingError('invalid_coupon');
}

/** The price as the API calculates it, by the same rules (@fable/rules/billing), or the error it answers. */
function priceOf(input: PriceInput) {
  const address = checkoutAddressProblem({ ...input, state: input.state ?? '' }, ADDRESS_BOOK);
  if ('problem' in address) return ADDRESS_ERRORS[address.problem](input.country);
  const plan = PLANS.find((p) => p.plan_id === input.plan_id);
  if (!plan) return billingError('plan_not_found');
  const offer = usableCode(input.offer_id, 'offer', plan);
  if (offer instanceof Response) return offer;
  const promo = usableCode(input.promo_code, 'coupon', plan);
  if (promo instanceof Response) return promo;
  const rate = TAX_BPS[`${input.country}:${address.state}`] ?? TAX_BPS[input.country] ?? 0;
  return { plan, ...checkoutPriceOf(plan, { promo, offer }, rate) };
}

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

  function newOrder(userId: string, planId: string, price: PriceBreakdown, status: CheckoutOrder['status']) {
    const plan = PLANS.find((p) => p.plan_id === planId)!;
    const order = {
      order_id: db.nextId('order'),
      user_id: userId,
      status,
      plan: plan.name,
      plan_id: plan.plan_id,
      orderTotal: toMajor(price.total_minor),
      currency: price.currency,
      subscription_id: null as string | null,
      transaction_id: null as string | null,
      date: new Date().toISOString(),
      error_message: null as string | null,
    };
    mock.orders.set(order.order_id, order);
    return order;
  }

  /**
   * A redirect provider's or the hosted checkout's order, pending until the success page reads it. The harness has no
   * provider page: the answer's url is the success page.
   */
  function providerOrder(userId: string, body: PriceInput): Response | Kept {
    const price = priceOf(body);
    if (price instanceof Response) return price;
    const order = newOrder(userId, body.plan_id, price.breakdown, 'pending');
    return { status: 200 as const, body: { url: `${harnessOrigin()}/checkout/success?order_id=${order.order_id}`, order_id: order.order_id } };
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
      return { ...priceInMajor(price.plan.name, price.breakdown), on_file: mock.onFile.get(userId!) ?? null };
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
        const order = newOrder(userId!, body.plan_id, price.breakdown, 'pending');
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
    // Before the providers' `/checkout/:payment`, which would take `hosted_checkout` for a provider.
    contractRoute(billingFlowCalls.hostedCheckout, ({ body, userId }) =>
      idempotent(userId!, body.idempotency_key, { ...body, payment: 'hosted_checkout' }, () => providerOrder(userId!, body)),
    ),
    contractRoute(billingFlowCalls.providerPayment, ({ params, body, userId }) => {
      if (!/^[a-z0-9]+_new_payment$/.test(params.payment)) return apiError(404, 'not_found', 'Not found.');
      return idempotent(userId!, body.idempotency_key, { ...body, payment: params.payment }, () => providerOrder(userId!, body));
    }),
  ];
}
