import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectSignInPrompt } from '@fable/shared';
import { deploymentFixture, partnerFixture } from '@fable/shared/testing';
import { location, renderBilling, type BillingSetup } from '../testing/renderBilling';
import { DISMISSED_SALES_KEY } from '../sale/SaleBanner';
import { SubscribePage } from './SubscribePage';

const PAGE = { path: '/subscribe', url: '/subscribe' };

/** Renders /subscribe and waits for its plan cards. */
async function renderSubscribe(setup: BillingSetup = {}) {
  const result = renderBilling(<SubscribePage />, { ...PAGE, ...setup });
  // hidden: a sale's modal may open over the plans at once, hiding the page from assistive technology.
  await screen.findByRole('list', { name: /plans$/, hidden: true });
  return result;
}

const cards = () => within(screen.getByRole('list', { name: /plans$/ })).getAllByRole('listitem', { name: /./ });
const card = (name: string) => screen.getByRole('listitem', { name });

/** Waits until the mock API has answered a call at least once. */
async function untilCalled(fake: { callsTo: (key: string) => unknown[] }, key: string) {
  await waitFor(() => expect(fake.callsTo(key).length).toBeGreaterThan(0));
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

const ACTIVE = { tier: 'basic' as const, roles: ['paid_basic' as const], subscription: { platform: 'sticky' as const, status: 'active' as const } };

it('shows the monthly plans without Get a Taste, and the three annual plans with the tagline, prices from the purchase options', async () => {
  const { fake } = await renderSubscribe();
  expect(screen.getByRole('button', { name: 'Pay Monthly' })).toHaveAttribute('aria-pressed', 'true');
  expect(cards().map((c) => c.getAttribute('data-plan'))).toEqual(['basic_1m', 'premium_1m']);
  expect(within(card('True Supporter')).getByText('$15.00')).toBeInTheDocument();
  expect(within(card("I'm All In")).getByText('$24.99')).toBeInTheDocument();
  expect(within(card('True Supporter')).getAllByText('/ month')).toHaveLength(1);
  expect(screen.queryByRole('listitem', { name: 'Get a Taste' })).not.toBeInTheDocument();
  // Get a Taste is not sold monthly: True Supporter lists its features itself.
  expect(within(card('True Supporter')).getByText('Skip the waiting line')).toBeInTheDocument();
  expect(within(card('True Supporter')).queryByText(/^Everything in/)).not.toBeInTheDocument();
  expect(within(card("I'm All In")).getByText('Everything in True Supporter, plus:')).toBeInTheDocument();
  expect(within(card("I'm All In")).queryByText('Skip the waiting line')).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: /^Pay Annually/ }));
  expect(cards().map((c) => c.getAttribute('data-plan'))).toEqual(['minimal_1y', 'basic_1y', 'premium_1y']);
  const taste = within(card('Get a Taste'));
  expect(taste.getByText('$50.00')).toBeInTheDocument();
  expect(taste.getByText('/ year')).toBeInTheDocument();
  expect(taste.getByText('2 months free / 16% Off')).toBeInTheDocument();
  expect(taste.getByText('Skip the waiting line')).toBeInTheDocument();
  expect(taste.getByText('Memory manager')).toBeInTheDocument();
  const supporter = within(card('True Supporter'));
  expect(supporter.getByText('$149.99')).toBeInTheDocument();
  expect(supporter.getByText('Everything in Get a Taste, plus:')).toBeInTheDocument();
  expect(supporter.queryByText('Skip the waiting line')).not.toBeInTheDocument();
  expect(supporter.getByText('Access to 45B models')).toBeInTheDocument();
  const allIn = within(card("I'm All In"));
  expect(allIn.getByText('$249.99')).toBeInTheDocument();
  expect(allIn.getByText('Everything in True Supporter, plus:')).toBeInTheDocument();
  expect(allIn.getByText('16K memory')).toBeInTheDocument();
  // The default plan of the purchase options (premium_1y) is the recommended one.
  expect(allIn.getByText('Most popular')).toBeInTheDocument();
  expect(fake.callsTo('GET /subscriptions/purchase_options')).toHaveLength(1);
});

it('sends a member who picks a plan to the checkout of that plan', async () => {
  await renderSubscribe();
  await userEvent.click(within(card('True Supporter')).getByRole('button', { name: 'Choose True Supporter' }));
  expect(location()).toBe('/checkout?plan_id=basic_1m');
});

it('opens the sign-up dialog for a guest who picks a plan, coming back to that plan’s checkout', async () => {
  const { store, fake } = await renderSubscribe({ guest: true });
  await userEvent.click(within(card("I'm All In")).getByRole('button', { name: "Choose I'm All In" }));
  expect(selectSignInPrompt(store.getState())).toEqual({ open: true, returnTo: '/checkout?plan_id=premium_1m' });
  expect(location()).toBe('/subscribe');
  expect(screen.queryByText('You already have an active subscription')).not.toBeInTheDocument();
  expect(fake.callsTo('GET /v2/users')).toHaveLength(0);
});

it('tells a member with a live subscription so, marks the plan and manages it in the portal', async () => {
  await renderSubscribe({ member: ACTIVE });
  const notice = await screen.findByRole('region', { name: 'You already have an active subscription' });
  expect(within(card('True Supporter')).getByRole('button', { name: 'Your plan' })).toBeDisabled();
  await userEvent.click(within(notice).getByRole('button', { name: 'Manage Subscription' }));
  expect(location()).toBe('/portal');
});

it('says nothing of a subscription that has expired', async () => {
  const { fake } = await renderSubscribe({ member: { ...ACTIVE, subscription: { platform: 'sticky', status: 'expired' } } });
  await screen.findByText('Choose your plan');
  await untilCalled(fake, 'GET /v2/users');
  expect(screen.queryByText('You already have an active subscription')).not.toBeInTheDocument();
});

it('shows the device-switch modal to an in-app subscriber instead of managing or buying', async () => {
  await renderSubscribe({ member: { ...ACTIVE, subscription: { platform: 'revenuecat', status: 'active' } } });
  const notice = await screen.findByRole('region', { name: 'You already have an active subscription' });
  await userEvent.click(within(notice).getByRole('button', { name: 'Manage Subscription' }));
  const dialog = screen.getByRole('dialog', { name: 'Switch device' });
  expect(dialog).toHaveTextContent('You subscribed in our mobile app');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await userEvent.click(within(card("I'm All In")).getByRole('button', { name: "Choose I'm All In" }));
  expect(screen.getByRole('dialog', { name: 'Switch device' })).toBeInTheDocument();
  expect(location()).toBe('/subscribe');
});

it('links the comparison (for mobile), the crypto page, the supporter platforms of the main brand and support', async () => {
  await renderSubscribe();
  // Shown on mobile only (a media query jsdom does not apply).
  expect(screen.getByText('Compare Plans', { selector: 'a' })).toHaveAttribute('href', '/plan-comparison/monthly');
  expect(screen.getByRole('table')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See the crypto plans' })).toHaveAttribute('href', '/subscribe-crypto');
  const supporters = within(screen.getByTestId('supporter-platforms'));
  expect(supporters.getByRole('link', { name: 'SubscribeStar' })).toHaveAttribute('href', expect.stringContaining('subscribestar'));
  expect(supporters.getByRole('link', { name: 'Boosty' })).toHaveAttribute('href', expect.stringContaining('boosty'));
  expect(supporters.queryByRole('link', { name: 'VK Donut' })).not.toBeInTheDocument();
  expect(supporters.getByRole('link', { name: /Link your account/ })).toHaveAttribute('href', '/link/subscribestar');
  expect(screen.getByRole('link', { name: /Contact support/ })).toHaveAttribute('href', expect.any(String));
});

it('shows the third supporter platform to viewers from RU', async () => {
  document.cookie = 'country=RU';
  try {
    await renderSubscribe();
    expect(within(screen.getByTestId('supporter-platforms')).getByRole('link', { name: 'VK Donut' })).toBeInTheDocument();
  } finally {
    document.cookie = 'country=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  }
});

it('shows no supporter platforms on another brand', async () => {
  await renderSubscribe({ deployment: partnerFixture() });
  expect(screen.queryByTestId('supporter-platforms')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'SubscribeStar' })).not.toBeInTheDocument();
});

it('opens and closes FAQ answers from the keyboard', async () => {
  await renderSubscribe();
  const question = screen.getByRole('button', { name: 'What happens when I cancel?' });
  expect(question).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByText(/You keep every benefit/)).not.toBeVisible();
  question.focus();
  await userEvent.keyboard('{Enter}');
  expect(question).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('region', { name: 'What happens when I cancel?' })).toHaveTextContent('You keep every benefit until the end of the billing cycle');
  await userEvent.keyboard(' ');
  expect(question).toHaveAttribute('aria-expanded', 'false');
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Can I change my plan later?' })).toHaveFocus();
});

it('shows an error with a retry when the purchase options cannot be loaded', async () => {
  renderBilling(<SubscribePage />, {
    ...PAGE,
    handlers: { 'GET /subscriptions/purchase_options': { status: 503, body: { error: { code: 'unavailable', message: 'Down' } } } },
  });
  expect(await screen.findByText('The plans could not be loaded.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(screen.queryByRole('list', { name: /plans$/ })).not.toBeInTheDocument();
});

it('says so when no plan is sold for the frequency', async () => {
  renderBilling(<SubscribePage />, {
    ...PAGE,
    handlers: {
      'GET /subscriptions/purchase_options': {
        body: { default_plan_id: 'minimal_1y', payment_methods: ['card'], plans: { monthly: [], annual: [] } },
      },
    },
  });
  expect(await screen.findByText('No plans are on sale right now.')).toBeInTheDocument();
});

it('shows the sale banner during a sale; a dismissal is remembered', async () => {
  const first = await renderSubscribe({ sale: 'black_friday' });
  const banner = await screen.findByRole('complementary', { name: 'Black Friday' });
  expect(banner).toHaveTextContent('Black Friday offer up to 40% off');
  expect(within(banner).getByRole('link', { name: 'See the sale' })).toHaveAttribute('href', '/sale');
  await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss the sale banner' }));
  expect(screen.queryByRole('complementary', { name: 'Black Friday' })).not.toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(DISMISSED_SALES_KEY) ?? '[]')).toEqual(['black-friday-now-minimal']);
  first.unmount();

  const { fake } = await renderSubscribe({ sale: 'black_friday' });
  await untilCalled(fake, 'GET /subscriptions/promotions');
  await screen.findByRole('list', { name: /plans$/ });
  expect(screen.queryByRole('complementary', { name: 'Black Friday' })).not.toBeInTheDocument();
});

it('shows the annual plans at their Black Friday prices and buys them with the promotion’s offer', async () => {
  await renderSubscribe({ sale: 'black_friday' });
  await userEvent.click(screen.getByRole('button', { name: /^Pay Annually/ }));
  const supporter = within(card('True Supporter'));
  expect(await supporter.findByText('$110.00')).toBeInTheDocument();
  expect(supporter.getByLabelText('Regular price $149.99')).toBeInTheDocument();
  expect(supporter.getByText('Black Friday offer up to 40% off')).toBeInTheDocument();
  expect(supporter.queryByText('2 months free / 16% Off')).not.toBeInTheDocument();
  await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: "Choose I'm All In" }));
  expect(location()).toBe('/checkout?plan_id=premium_1y&o_id=BLACKFRIDAY_PREMIUM');
});

it('buys a Black Friday plan from its card with the promotion’s offer', async () => {
  await renderSubscribe({ sale: 'black_friday' });
  await userEvent.click(screen.getByRole('button', { name: /^Pay Annually/ }));
  const supporter = within(card('True Supporter'));
  await supporter.findByText('$110.00');
  await userEvent.click(supporter.getByRole('button', { name: 'Choose True Supporter' }));
  expect(location()).toBe('/checkout?plan_id=basic_1y&o_id=BLACKFRIDAY_BASIC');
});

it('does not repeat in the banner what the sale’s title says', async () => {
  const now = Date.now();
  const window = { starts_at: new Date(now - 60_000).toISOString(), ends_at: new Date(now + 86_400_000).toISOString() };
  await renderSubscribe({
    handlers: {
      'GET /subscriptions/promotions': {
        body: {
          promotions: [
            { id: 'bf-basic', kind: 'black_friday', title: 'Black Friday: up to 40% off', ...window, price: 110, plan_id: 'basic_1y', offer_id: 'BF', percent_off: 38.89 },
            { id: 'bf-premium', kind: 'black_friday', title: 'Black Friday: up to 40% off', ...window, price: 180, plan_id: 'premium_1y', offer_id: 'BF2', percent_off: 40 },
          ],
        },
      },
    },
  });
  const banner = await screen.findByRole('complementary', { name: 'Black Friday: up to 40% off' });
  expect(banner).not.toHaveTextContent('Black Friday offer up to');
});

it('shows no banner when no sale runs (the spec’s 2025 birthday sale is over)', async () => {
  const { fake } = await renderSubscribe();
  await untilCalled(fake, 'GET /subscriptions/promotions');
  expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('opens the $0.99 modal of a running birthday promotion with its countdown; claiming goes to its checkout', async () => {
  await renderSubscribe({ sale: 'birthday' });
  const dialog = await screen.findByRole('dialog', { name: 'Birthday Sale' });
  expect(dialog).toHaveTextContent('$0.99 for your first month');
  expect(within(dialog).getByRole('timer')).toHaveTextContent(/Ends in 2d 0[45]:\d\d:\d\d/);
  expect(screen.getByRole('complementary', { name: 'Birthday Sale', hidden: true })).toHaveTextContent('$0.99 for your first month');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Get it for $0.99' }));
  expect(location()).toBe('/checkout?plan_id=premium_1m&o_id=bday99');
});

/** The main deployment with the Valentine promo's flag on. */
const VALENTINE_ON = deploymentFixture({ flags: { ...deploymentFixture().flags, valentine_promo: true } });

it('opens the $0.99 modal once per session', async () => {
  const first = await renderSubscribe({ sale: 'valentine', deployment: VALENTINE_ON });
  const dialog = await screen.findByRole('dialog', { name: "Valentine's Special" });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  first.unmount();

  const { fake } = await renderSubscribe({ sale: 'valentine', deployment: VALENTINE_ON });
  await untilCalled(fake, 'GET /subscriptions/promotions');
  await screen.findByRole('list', { name: /plans$/ });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it.each([
  ['its flag is off', { deployment: deploymentFixture() }],
  ['to guests', { deployment: VALENTINE_ON, guest: true }],
  ['to premium members', { deployment: VALENTINE_ON, member: { tier: 'premium' as const } }],
])('offers no Valentine promo where %s', async (_, setup) => {
  const { fake } = await renderSubscribe({ sale: 'valentine', ...setup });
  await untilCalled(fake, 'GET /subscriptions/promotions');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
