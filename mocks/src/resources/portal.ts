import {
  BILLING_ERRORS,
  billingFlowCalls,
  NO_ACTIVE_PLEDGE_SERVER_MESSAGE,
  PORTAL_ACTION_REQUIRES_ACTION,
  PORTAL_ACTION_SUCCESS,
  YEARLY_SUBSCRIPTION_FREQUENCY,
  type AvailablePlan,
  type BillingErrorCode,
  type PortalActionRequest,
  type PortalActionResult,
  type PortalSubscription,
  type PurchasePlan,
  type SubscriptionProduct,
  type SubscriptionStatus,
  type Tier,
} from '@fable/contracts';
import { addMonths, DAY_MS as DAY, PERIOD_MONTHS, periodEnd, planChangeProblem, prorate, toMajor, toMinor, type PricedPlan } from '@fable/rules/billing';
import { apiError, contractRoute } from '../contractRoute';
import { seededMember, type MockDb } from '../mockDb';
import { MOCK_CATALOG_OPTIONS } from './billingCatalog';
import { harnessLocation, harnessStorage } from '../harnessGlobals';

/**
 * The subscriber portal and the SubscribeStar linking of the mock API (document 2 §4, §7; contracts'
 * billingFlowCalls.portalSubscriptions, portalAction, supporterAuthorize, supporterLink, supporterTransientLink).
 *
 * The seeded member's subscription is stateful and starts in a scenario (PORTAL_SCENARIOS): tests pick one with
 * setPortalScenario(db, …); the dev harness with `?mock-portal=<scenario>` (remembered in localStorage until
 * `?mock-portal=` with another one). Without either it is an active monthly True Supporter subscription and the
 * member's profile is left as it is. The actions change it as §4 says: cancel (active or grace → cancelled, access
 * until recur_at), uncancel (back to the status it had), change_plan (upgrade_price above 0: charged now, the new plan
 * at once; otherwise the next plan, from the next billing cycle), change_card, charge_rebill (grace → active, a new
 * period). Which plan one may change to, the proration and the periods are the API's own rules, @fable/rules/billing
 * (planChangeProblem, prorate in integer minor units, periodEnd in calendar months); the mock keeps the state. A card token `pm_card_chargeDeclined` (Stripe's test token, as the checkout mock) is declined; in the
 * grace scenario the card on file fails on charge until it is changed.
 */

export const PORTAL_SCENARIOS = ['active', 'yearly', 'cancelled', 'grace', 'expired', 'none', 'in_app'] as const;
export type PortalScenario = (typeof PORTAL_SCENARIOS)[number];

/** The dev harness's URL parameter and where it remembers the scenario. */
export const MOCK_PORTAL_PARAM = 'mock-portal';
export const MOCK_PORTAL_STORAGE_KEY = 'fable.mock-portal';

/** SubscribeStar codes of the mock: one links, one has no pledge, one fails (any other code links too). */
export const MOCK_SUPPORTER_CODES = { linked: 'ss-linked', noPledge: 'ss-no-pledge', error: 'ss-error' } as const;
/** Transient link ids: one pending that links, one without a pledge, one unknown (404). */
export const MOCK_TRANSIENT_LINKS = { linked: 'tl-linked', noPledge: 'tl-no-pledge', unknown: 'tl-unknown' } as const;

/** The declined test token (Stripe's); the card that fails on charge in the grace scenario (Stripe's 4000…0341). */
export const MOCK_DECLINED_CARD_TOKEN = 'pm_card_chargeDeclined';
export const MOCK_FAILING_CARD_LAST4 = '0341';
/**
 * A card whose bank asks for 3-D Secure once (Stripe's pm_card_authenticationRequiredSetupForOffSession): the first
 * change_card answers REQUIRES_ACTION with a challenge page; the same token again (after the challenge) is saved.
 */
export const MOCK_AUTHENTICATE_CARD_TOKEN = 'pm_card_authenticationRequiredSetupForOffSession';
export const MOCK_CHALLENGE_URL = 'https://payments.example/3ds/seti_mock?client_secret=seti_mock_secret';
const DECLINED_MESSAGE = 'Your card was declined.';

/** A plan of the portal: the catalog's (billingCatalog.ts), priced in minor units as the rules take it. */
type PortalPlan = PricedPlan & { role: SubscriptionProduct['role']; tier: Tier };
const TIER_ORDER: readonly Tier[] = ['free', 'minimal', 'basic', 'premium'];
/** The catalog's plans, cheapest tier first, monthly before annual. */
const PLANS: PortalPlan[] = [...MOCK_CATALOG_OPTIONS.plans.monthly, ...MOCK_CATALOG_OPTIONS.plans.annual]
  .map((p: PurchasePlan) => ({ plan_id: p.plan_id, name: p.name ?? p.plan_id, role: p.role, tier: p.tier, period: p.period, currency: p.currency, price_minor: toMinor(p.price) }))
  .sort((a, b) => TIER_ORDER.indexOf(a.tier) - TIER_ORDER.indexOf(b.tier));

const planOf = (planId: string) => PLANS.find((p) => p.plan_id === planId);
const productOf = (plan: PortalPlan): SubscriptionProduct => ({ plan_id: plan.plan_id, name: plan.name, role: plan.role, price: toMajor(plan.price_minor), currency: plan.currency });

interface PortalState {
  subscription: PortalSubscription | null;
  /** The status a cancel left, for uncancel. */
  priorStatus: SubscriptionStatus;
  /** When the current period started (for the proration). */
  periodStart: number;
  /** The card on file fails on charge (the grace scenario's). */
  cardFails: boolean;
  /** Transient links already asked about once (the first answer is `linking`). */
  transientAsked: Set<string>;
  /** Whether the 3-D Secure card was asked for its challenge already (the next change_card saves it). */
  challenged: boolean;
}

const states = new WeakMap<MockDb, PortalState>();

/**
 * upgrade_price by the API's own rule, @fable/rules/billing's prorate() (integer minor units): the same period, the
 * price difference for the share of the period left; a change of period, the new plan's full price less the unused
 * share of the current one. 0 when nothing is due now.
 */
function upgradePrice(current: PortalPlan, target: PortalPlan, periodStart: number, recurAt: number, now: number): number {
  return toMajor(prorate(current, target, new Date(periodStart), new Date(recurAt), new Date(now)).upgrade_price_minor);
}

/**
 * Every plan with its upgrade_price, the current one included (at 0): the portal's dialog lists the current plan
 * and a yearly subscriber's monthly plans and leaves them out itself (mf-billing portalRules.ts), where the API
 * answers only the plans one may change to (changeablePlans). change_plan refuses the others by the API's rule.
 */
function availablePlans(state: PortalState, current: PortalPlan, recurAt: number): AvailablePlan[] {
  const now = Date.now();
  return PLANS.map((plan) => ({
    ...productOf(plan),
    billing_frequency: plan.period,
    upgrade_price: upgradePrice(current, plan, state.periodStart, recurAt, now),
  }));
}

/** The subscription's current plan (the catalog's: it exists). */
const currentPlanOf = (sub: PortalSubscription) => planOf(sub.current_product.plan_id)!;

/** The subscription with its frequency and available plans worked out from its current plan. */
function refreshed(state: PortalState, sub: PortalSubscription): PortalSubscription {
  const current = currentPlanOf(sub);
  return {
    ...sub,
    frequency: current.period === 'annual' ? YEARLY_SUBSCRIPTION_FREQUENCY : 'Monthly Subscription',
    available_plans: availablePlans(state, current, Date.parse(sub.recur_at)),
  };
}

function subscriptionFor(state: PortalState, scenario: PortalScenario, now: number): PortalSubscription | null {
  if (scenario === 'none' || scenario === 'in_app') return null;
  const plan = planOf(scenario === 'yearly' ? 'premium_1y' : 'basic_1m')!;
  const recurAt = {
    active: now + 20 * DAY,
    yearly: now + 200 * DAY,
    cancelled: now + 12 * DAY,
    // the next retry of the failed renewal
    grace: now + 3 * DAY,
    expired: now - 40 * DAY,
  }[scenario];
  // The period that ends at recur_at, in calendar months as the API's (the rules' PERIOD_MONTHS).
  state.periodStart = addMonths(new Date(recurAt), -PERIOD_MONTHS[plan.period]).getTime();
  const status: SubscriptionStatus = scenario === 'yearly' ? 'active' : scenario;
  return refreshed(state, {
    order_id: 'order-mock-1',
    subscription_id: 'sub-mock-1',
    subscription_status: status,
    recur_at: new Date(recurAt).toISOString(),
    frequency: '',
    current_product: productOf(plan),
    next_product: productOf(plan),
    is_card_deleted: false,
    credit_card: scenario === 'grace' ? { last_4: MOCK_FAILING_CARD_LAST4, type: 'visa' } : { last_4: '4242', type: 'visa' },
    available_plans: [],
  });
}

/** The member's profile as the API keeps it in step with the subscription (tier, role, subscription summary). */
function applyToMember(db: MockDb, scenario: PortalScenario, sub: PortalSubscription | null) {
  const member = seededMember(db);
  if (scenario === 'in_app') {
    Object.assign(member, { tier: 'premium', role: 'premium', subscriptionTier: 'premium', subscription: { platform: 'revenuecat', status: 'active', role: 'paid_premium' } });
    return;
  }
  const live = sub && sub.subscription_status !== 'expired';
  const tier: Tier = live ? planOf(sub.current_product.plan_id)!.tier : 'free';
  Object.assign(member, {
    tier,
    role: tier,
    subscriptionTier: tier,
    subscription: sub
      ? {
          platform: 'sticky',
          status: sub.subscription_status,
          role: sub.current_product.role,
          billing_cycle: currentPlanOf(sub).period,
        }
      : null,
  });
}

function newState(): PortalState {
  return { subscription: null, priorStatus: 'active', periodStart: 0, cardFails: false, transientAsked: new Set(), challenged: false };
}

/**
 * Puts the seeded member's subscription in a scenario (tests, and the dev harness through `?mock-portal=`). The
 * member's profile follows it: tier, role and the subscription summary (platform revenuecat for in_app).
 */
export function setPortalScenario(db: MockDb, scenario: PortalScenario): void {
  const state = stateOf(db);
  state.subscription = subscriptionFor(state, scenario, Date.now());
  state.priorStatus = 'active';
  state.cardFails = scenario === 'grace';
  applyToMember(db, scenario, state.subscription);
}

function stateOf(db: MockDb): PortalState {
  let state = states.get(db);
  if (!state) {
    state = newState();
    states.set(db, state);
    state.subscription = subscriptionFor(state, 'active', Date.now());
  }
  return state;
}

/** The scenario the dev harness asks for (`?mock-portal=`), remembered in localStorage; null in tests. */
function harnessScenario(): PortalScenario | null {
  const location = harnessLocation();
  const storage = harnessStorage();
  if (!location || !storage) return null;
  const asked = new URLSearchParams(location.search ?? '').get(MOCK_PORTAL_PARAM);
  if (asked && (PORTAL_SCENARIOS as readonly string[]).includes(asked)) storage.setItem(MOCK_PORTAL_STORAGE_KEY, asked);
  const stored = storage.getItem(MOCK_PORTAL_STORAGE_KEY);
  return stored && (PORTAL_SCENARIOS as readonly string[]).includes(stored) ? (stored as PortalScenario) : null;
}

const billingError = (code: BillingErrorCode, message?: string) => apiError(BILLING_ERRORS[code].status, code, message ?? BILLING_ERRORS[code].message);

const success = (sub: PortalSubscription, message: string): PortalActionResult => ({
  status: PORTAL_ACTION_SUCCESS,
  message,
  subscription_status: sub.subscription_status,
});

/** The card a token stands for: Stripe's test tokens name their brand; any other is a Visa ending 4242. */
function cardOfToken(token: string): { last_4: string; type: string } {
  if (/mastercard/i.test(token)) return { last_4: '4444', type: 'master' };
  if (/discover/i.test(token)) return { last_4: '1117', type: 'discover' };
  if (/authenticationRequired/i.test(token)) return { last_4: '3155', type: 'visa' };
  return { last_4: '4242', type: 'visa' };
}

function act(state: PortalState, sub: PortalSubscription, body: PortalActionRequest): PortalActionResult | Response {
  const status = sub.subscription_status;
  const notAllowed = () => billingError('action_not_allowed');
  switch (body.action) {
    case 'cancel': {
      if (status !== 'active' && status !== 'grace') return notAllowed();
      state.priorStatus = status;
      state.subscription = { ...sub, subscription_status: 'cancelled' };
      return success(state.subscription, 'Your subscription has been cancelled.');
    }
    case 'uncancel': {
      if (status !== 'cancelled') return notAllowed();
      state.subscription = { ...sub, subscription_status: state.priorStatus };
      return success(state.subscription, 'Your subscription has been resumed.');
    }
    case 'change_plan': {
      if (status !== 'active') return notAllowed();
      const current = currentPlanOf(sub);
      const wanted = planOf(body.plan_id);
      if (!wanted) return billingError('plan_not_found');
      if (planChangeProblem(current, wanted)) return notAllowed();
      const now = Date.now();
      const proration = prorate(current, wanted, new Date(state.periodStart), new Date(sub.recur_at), new Date(now));
      const product = productOf(wanted);
      if (proration.upgrade_price_minor > 0) {
        if (state.cardFails || sub.is_card_deleted) return billingError('payment_failed', DECLINED_MESSAGE);
        // A change of period starts a new period now, as the API's.
        if (proration.starts_new_period) state.periodStart = now;
        const recurAt = proration.starts_new_period ? periodEnd(new Date(now), wanted.period).toISOString() : sub.recur_at;
        state.subscription = refreshed(state, { ...sub, current_product: product, next_product: product, recur_at: recurAt });
        return success(state.subscription, 'Your plan has been changed.');
      }
      state.subscription = refreshed(state, { ...sub, next_product: product });
      return success(state.subscription, 'Your plan changes at the next billing cycle.');
    }
    case 'change_card': {
      if (status === 'expired') return notAllowed();
      if (body.card_token === MOCK_DECLINED_CARD_TOKEN) return billingError('payment_failed', DECLINED_MESSAGE);
      if (body.card_token === MOCK_AUTHENTICATE_CARD_TOKEN && !state.challenged) {
        state.challenged = true;
        return { status: PORTAL_ACTION_REQUIRES_ACTION, message: 'Your bank asks you to confirm this card.', subscription_status: status, iframe_3ds_url: MOCK_CHALLENGE_URL };
      }
      state.cardFails = false;
      state.subscription = { ...sub, is_card_deleted: false, credit_card: cardOfToken(body.card_token) };
      return success(state.subscription, 'Your card has been updated.');
    }
    case 'charge_rebill': {
      if (status !== 'grace') return notAllowed();
      if (state.cardFails || sub.is_card_deleted) return billingError('payment_failed', DECLINED_MESSAGE);
      const now = Date.now();
      state.periodStart = now;
      const next = planOf(sub.next_product.plan_id)!;
      state.subscription = refreshed(state, {
        ...sub,
        subscription_status: 'active',
        current_product: productOf(next),
        recur_at: periodEnd(new Date(now), next.period).toISOString(),
      });
      return success(state.subscription, 'Your payment was received.');
    }
  }
}

export function portalHandlers(db: MockDb) {
  const asked = harnessScenario();
  if (asked) setPortalScenario(db, asked);
  const mine = (userId: string | null) => userId === seededMember(db).id;
  return [
    contractRoute(billingFlowCalls.portalSubscriptions, ({ userId }) => {
      const sub = mine(userId) ? stateOf(db).subscription : null;
      return sub ? [sub] : [];
    }),
    contractRoute(billingFlowCalls.portalAction, ({ userId, body }) => {
      const state = stateOf(db);
      const member = seededMember(db);
      if (mine(userId) && member.subscription && member.subscription.platform !== 'sticky') return billingError('managed_elsewhere');
      const sub = mine(userId) ? state.subscription : null;
      if (!sub || sub.order_id !== body.order_id || sub.subscription_id !== body.subscription_id) return billingError('subscription_not_found');
      const answer = act(state, sub, body);
      if (!(answer instanceof Response) && answer.status === PORTAL_ACTION_SUCCESS) applyToMember(db, 'active', state.subscription);
      return answer;
    }),
    contractRoute(billingFlowCalls.supporterAuthorize, ({ query }) => {
      // The mock "provider" approves at once: straight back to the page with a code that links.
      const back = new URL(query.redirect_url, 'http://localhost');
      back.searchParams.set('code', MOCK_SUPPORTER_CODES.linked);
      return { url: /^https?:/.test(query.redirect_url) ? back.toString() : `${back.pathname}${back.search}` };
    }),
    contractRoute(billingFlowCalls.supporterLink, ({ query }) => {
      if (query.subscribestar_code === MOCK_SUPPORTER_CODES.error) return billingError('link_failed');
      if (query.subscribestar_code === MOCK_SUPPORTER_CODES.noPledge) return { status: 'invalid_pledge' as const, message: NO_ACTIVE_PLEDGE_SERVER_MESSAGE };
      return { status: 'success' as const, tier: 'basic' };
    }),
    contractRoute(billingFlowCalls.supporterTransientLink, ({ params }) => {
      const state = stateOf(db);
      if (params.transientId === MOCK_TRANSIENT_LINKS.noPledge) return { status: 'invalid_pledge' as const, message: NO_ACTIVE_PLEDGE_SERVER_MESSAGE };
      if (params.transientId !== MOCK_TRANSIENT_LINKS.linked) return billingError('link_failed');
      // The first answer is still linking; the next ones have linked.
      if (!state.transientAsked.has(params.transientId)) {
        state.transientAsked.add(params.transientId);
        return { status: 'linking' as const };
      }
      return { status: 'success' as const, tier: 'basic' };
    }),
  ];
}
