import type { Page } from '@playwright/test';
import { GRACE_DAYS } from '../../api/src/modules/billing/lifecycle/lifecycleRules';
import { advanceSubscription, daysUntilRenewal, portalSubscriptions } from '../support/billingClock';
import { cardFieldsIn, checkoutForm, fillCard, submitCheckout, subscribeByCard } from '../support/checkout';
import { signUpNewMember } from '../support/members';
import { paymentsOf } from '../support/payments';
import { accountButton } from '../support/session';
import { expect, test } from '../support/test';

// Issue 15, the subscription's lifecycle on the real API and the payments sandbox: an upgrade charged prorated, a
// renewal that fails into grace and is recovered with Pay amount due, an expired plan reactivated through checkout.
// Time moves for one subscription only, through the API's test-only control (support/billingClock.ts).

const CARD_APPROVES = '4242 4242 4242 4242';
/** Attaches to the customer, but every charge is declined (payments-sandbox/README.md). */
const CARD_FAILS_ON_CHARGE = '4000 0000 0000 0341';
/** The checkout's address (support/checkout.ts: US, California): the seeded California sales tax, 7.25 %. */
const CALIFORNIA_TAX_BPS = 725;
/** Its bank asks for 3-D Secure on session; set up once, it pays off session (strong customer authentication). */
const CARD_AUTHENTICATES_ONCE = '4000 0025 0000 3155';
/** True Supporter monthly (basic_1m), document 2 §9. */
const TRUE_SUPPORTER_MONTHLY_MINOR = 1500;

/** Tax on an amount in minor units, rounded half up once (rules/src/billing/money.ts). */
const withTax = (minor: number) => minor + Math.round((minor * CALIFORNIA_TAX_BPS) / 10_000);
const minorOf = (major: string | number) => Math.round(Number(major) * 100);

/** Opens the portal and checks it is the portal. */
async function openPortal(page: Page) {
  await page.goto('/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Subscription' })).toBeVisible();
}

const currentPlanCard = (page: Page) => page.getByTestId('portal-current-plan');
const paymentMethodCard = (page: Page) => page.getByTestId('portal-payment-method');
const planActions = (page: Page) => page.getByTestId('portal-plan-actions');

/** A new member who subscribed to True Supporter monthly with the approving card, on the portal. */
async function subscribedMember(page: Page, name: string, prefix: string) {
  await page.goto('/');
  await signUpNewMember(page, name, prefix);
  await subscribeByCard(page, CARD_APPROVES);
  await expect(accountButton(page, `${name}, True Supporter`)).toBeVisible({ timeout: 15_000 });
  await openPortal(page);
  await expect(currentPlanCard(page)).toContainText('True Supporter');
  expect(await paymentsOf(page)).toHaveLength(1);
}

/**
 * Changes the card on file in the portal's Change Card dialog (passing the bank's challenge when `challenge`); the
 * payment method card then shows it.
 */
async function changeCard(page: Page, card: string, challenge = false) {
  await planActions(page).getByRole('button', { name: 'Change Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Card' });
  await expect(dialog.getByText('The new card is used for your next charges.')).toBeVisible();
  await fillCard(cardFieldsIn(dialog), card);
  await dialog.getByRole('button', { name: 'Save Card' }).click();
  if (challenge) {
    await expect(dialog.getByRole('status')).toHaveText('Your bank asks you to confirm this card.', { timeout: 15_000 });
    const bank = dialog.frameLocator('iframe[title="3-D Secure verification"]');
    await expect(bank.getByText('Authenticate your card for future payments.')).toBeVisible();
    await bank.getByRole('button', { name: 'Complete' }).click();
  }
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(paymentMethodCard(page)).toContainText(`ending in ${card.slice(-4)}`);
}

/** Moves the member's subscription to its renewal date and runs the renewal, which the card on file refuses. */
async function renewalFailsIntoGrace(page: Page) {
  const answer = await advanceSubscription(page, await daysUntilRenewal(page));
  expect(answer.runs).toEqual([expect.objectContaining({ kind: 'renew', result: 'grace' })]);
  expect(answer.subscription.status).toBe('grace');
}

test('a member upgrades in the portal: the prorated price is shown, charged once with its tax, and the new plan is in force', async ({ page }) => {
  await subscribedMember(page, 'Uma Upgrade', 'upgrade');
  await expect(page.getByRole('heading', { name: 'Next charge date' })).toBeVisible();

  await planActions(page).getByRole('button', { name: 'Change Plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Plan' });
  await expect(dialog.getByRole('group', { name: 'Choose a plan' })).toBeVisible();
  // The current plan cannot be selected (document 2 §4): the monthly view offers the other monthly plan only.
  await expect(dialog.getByRole('radio')).toHaveCount(1);
  await expect(dialog.getByRole('radio', { name: /True Supporter/ })).toHaveCount(0);
  await dialog.getByRole('radio', { name: /I'm All In/ }).check();
  // An upgrade_price above 0: a prorated immediate charge plus taxes, the amount the API offers.
  const summary = dialog.getByTestId('change-plan-summary');
  await expect(summary).toHaveText(/^You will be charged \$\d+\.\d\d now, prorated for the rest of your billing period, plus taxes\.$/);
  const shown = /\$(\d+\.\d\d)/.exec((await summary.textContent()) ?? '')![1]!;
  const offered = (await portalSubscriptions(page))[0]!.available_plans.find((plan) => plan.plan_id === 'premium_1m')!;
  expect(Math.abs(minorOf(shown) - minorOf(offered.upgrade_price))).toBeLessThanOrEqual(1);
  // Subscribed moments ago: nearly the whole difference of the monthly prices is left to pay.
  expect(minorOf(shown)).toBeGreaterThan(0);
  expect(minorOf(shown)).toBeLessThanOrEqual(2499 - TRUE_SUPPORTER_MONTHLY_MINOR);

  await dialog.getByRole('button', { name: 'Change Plan' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(currentPlanCard(page)).toContainText("I'm All In");
  await expect(currentPlanCard(page)).toContainText('$24.99 / month');
  await expect(page.getByRole('heading', { name: 'Next charge date' })).toBeVisible();

  // Charged once more, off-session: the prorated amount plus the member's tax. The API prorates again at the
  // moment it charges (seconds after the dialog read its price), which may move the amount by a cent.
  const payments = await paymentsOf(page);
  expect(payments).toHaveLength(2);
  expect(payments[1]!.kind).toBe('upgrade');
  expect(Math.abs(payments[1]!.amount - withTax(minorOf(shown)))).toBeLessThanOrEqual(1);
  expect((await portalSubscriptions(page))[0]).toMatchObject({ subscription_status: 'active', current_product: { plan_id: 'premium_1m' } });
  // The token is renewed 5 s after the change: the header's tier follows.
  await expect(accountButton(page, "Uma Upgrade, I'm All In")).toBeVisible({ timeout: 15_000 });
});

test('a renewal the card refuses puts the subscription in grace; a new card and Pay amount due make it active, charged once', async ({ page }) => {
  await subscribedMember(page, 'Gil Grace', 'grace');
  await changeCard(page, CARD_FAILS_ON_CHARGE);
  await renewalFailsIntoGrace(page);

  await openPortal(page);
  await expect(currentPlanCard(page)).toContainText('Payment failed');
  await expect(page.getByRole('heading', { name: 'Next charge date' })).toBeVisible();
  const note = page.getByTestId('portal-grace-note');
  await expect(note).toHaveText('Your last payment failed. Pay the amount due to keep your subscription and its benefits.');
  // Grace keeps access: still True Supporter.
  await expect(accountButton(page, 'Gil Grace, True Supporter')).toBeVisible();

  // Pay amount due with the same card: the provider's message takes the note's place, nothing is charged.
  await planActions(page).getByRole('button', { name: 'Pay amount due' }).click();
  await expect(note).toHaveText('Your card was declined.');
  await expect(note).toHaveAttribute('role', 'alert');
  expect(await paymentsOf(page)).toHaveLength(1);

  await changeCard(page, CARD_APPROVES);
  await planActions(page).getByRole('button', { name: 'Pay amount due' }).click();
  await expect(planActions(page).getByRole('button', { name: 'Change Plan' })).toBeVisible({ timeout: 15_000 });
  await expect(note).toBeHidden();
  await expect(currentPlanCard(page)).not.toContainText('Payment failed');
  await expect(page.getByRole('heading', { name: 'Next charge date' })).toBeVisible();

  // One charge for the amount due: the renewal's price with its tax.
  const payments = await paymentsOf(page);
  expect(payments).toHaveLength(2);
  expect(payments[1]).toEqual({ amount: withTax(TRUE_SUPPORTER_MONTHLY_MINOR), kind: 'rebill' });
  const [live] = await portalSubscriptions(page);
  expect(live).toMatchObject({ subscription_status: 'active', current_product: { plan_id: 'basic_1m' } });
  // A new period from the payment: the next charge is about a month away.
  expect(Date.parse(live!.recur_at) - Date.now()).toBeGreaterThan(27 * 24 * 60 * 60_000);
});

test('a new card whose bank asks for 3-D Secure is confirmed once in the dialog; the renewal then charges it without the member', async ({ page }) => {
  await subscribedMember(page, 'Sam Secure', 'sca');
  await changeCard(page, CARD_AUTHENTICATES_ONCE, true);
  const renewed = await advanceSubscription(page, await daysUntilRenewal(page));
  expect(renewed.runs).toEqual([expect.objectContaining({ kind: 'renew', result: 'renewed' })]);
  expect(renewed.subscription.status).toBe('active');
  const payments = await paymentsOf(page);
  expect(payments).toHaveLength(2);
  expect(payments[1]!.amount).toBe(withTax(TRUE_SUPPORTER_MONTHLY_MINOR));
});

test('once grace runs out the subscription expires; Choose Plan & Reactivate goes through checkout to an active subscription', async ({ page }) => {
  await subscribedMember(page, 'Eve Expired', 'expired');
  await changeCard(page, CARD_FAILS_ON_CHARGE);
  await renewalFailsIntoGrace(page);
  // Past the grace window: the retries are refused, the expiry runs.
  const expired = await advanceSubscription(page, GRACE_DAYS + 1);
  expect(expired.runs.map((run) => `${run.kind}:${run.result}`)).toEqual(['renew:still_grace', 'renew:still_grace', 'renew:still_grace', 'expire:expired']);

  await openPortal(page);
  await expect(page.getByText('Your subscription has expired.')).toBeVisible();
  await expect(currentPlanCard(page)).toContainText('Expired');
  await expect(accountButton(page, 'Eve Expired, Free')).toBeVisible({ timeout: 15_000 });
  expect(await paymentsOf(page)).toHaveLength(1);

  await planActions(page).getByRole('link', { name: 'Choose Plan & Reactivate' }).click();
  await expect(page).toHaveURL(/\/checkout\?plan_id=basic_1m$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // The details and the card on file are offered; the card is the one that fails, so the member enters another.
  const form = checkoutForm(page);
  await expect(form.getByLabel('Billing details', { exact: true })).toContainText('Pat Payer');
  await expect(form.getByLabel('Saved card', { exact: true })).toContainText('•••• 0341');
  await form.getByRole('button', { name: 'Change saved card' }).click();
  await fillCard(cardFieldsIn(page), CARD_APPROVES);
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await submitCheckout(page);
  await expect(accountButton(page, 'Eve Expired, True Supporter')).toBeVisible({ timeout: 15_000 });

  const [live, ended] = await portalSubscriptions(page);
  expect(live).toMatchObject({ subscription_status: 'active', current_product: { plan_id: 'basic_1m' } });
  expect(ended).toMatchObject({ subscription_status: 'expired' });
  const payments = await paymentsOf(page);
  expect(payments).toHaveLength(2);
  expect(payments[1]!.amount).toBe(withTax(TRUE_SUPPORTER_MONTHLY_MINOR));

  await openPortal(page);
  await expect(page.getByRole('heading', { name: 'Next charge date' })).toBeVisible();
  await expect(planActions(page).getByRole('button', { name: 'Change Plan' })).toBeEnabled();
});
