import type { FrameLocator, Page } from '@playwright/test';
import type { PortalSubscription } from '@fable/contracts';
import { signUpNewMember } from '../support/members';
import { chargesOf } from '../support/payments';
import { apiCall } from '../support/site';
import { expect, test } from '../support/test';

// Issue 15: a member pays by card at the payments sandbox (our Stripe-protocol server) through the hosted card
// fields, on the real API; the charge, the subscription and the member's tier follow.

const form = (page: Page) => page.getByRole('form', { name: 'Checkout' });
const cardFields = (page: Page): FrameLocator => page.frameLocator('iframe[title="Card number, expiry and CVC"]');

async function fillCheckout(page: Page, card: string) {
  await page.goto('/checkout?plan_id=basic_1m');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const f = form(page);
  await f.getByRole('textbox', { name: 'Email', exact: true }).fill(`payer${Date.now()}@example.com`);
  await f.getByRole('textbox', { name: 'First name' }).fill('Pat');
  await f.getByRole('textbox', { name: 'Last name' }).fill('Payer');
  await f.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await f.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await f.getByRole('textbox', { name: 'Zip' }).fill('94103');
  const fields = cardFields(page);
  await fields.getByLabel('Card number').fill(card);
  await fields.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await fields.getByLabel('CVC').fill('123');
  await f.getByRole('checkbox', { name: /I agree to the/ }).check();
}

const subscriptions = (page: Page) => apiCall<PortalSubscription[]>(page, 'GET', '/subscriptions/sticky');

test('a member subscribes with the approving card: success page, one subscription, the tier label changes', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Paula Paid', 'paid');
  await expect(page.getByRole('button', { name: /Account menu of Paula Paid, Free/ })).toBeVisible();
  await fillCheckout(page, '4242 4242 4242 4242');
  // A double click sends one payment.
  await form(page).getByRole('button', { name: 'Subscribe' }).dblclick();

  await expect(page).toHaveURL(/\/checkout\/success\?/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
  await expect(page.getByText('Payment Details')).toBeVisible();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  // About 5 s after the page opens the token is renewed and the header shows the paid tier.
  await expect(page.getByRole('button', { name: /Account menu of Paula Paid, True Supporter/ })).toBeVisible({ timeout: 15_000 });

  const live = await subscriptions(page);
  expect(live).toHaveLength(1);
  expect(live[0]).toMatchObject({ subscription_status: 'active', current_product: { plan_id: 'basic_1m' } });
  expect(await chargesOf(page)).toBe(1);
});

test('a declined card shows its message and charges nothing', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Dana Declined', 'declined');
  await fillCheckout(page, '4000 0000 0000 0002');
  await form(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(form(page).getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/checkout\?plan_id=basic_1m$/);
  expect(await subscriptions(page)).toEqual([]);
  expect(await chargesOf(page)).toBe(0);
  await expect(page.getByRole('button', { name: /Account menu of Dana Declined, Free/ })).toBeVisible();
});

test('a card that asks for 3-D Secure passes its challenge in the modal and subscribes', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Theo Secure', 'threeds');
  await fillCheckout(page, '4000 0027 6000 3184');
  await form(page).getByRole('button', { name: 'Subscribe' }).click();

  const challenge = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(challenge).toBeVisible({ timeout: 20_000 });
  expect(await chargesOf(page)).toBe(0);
  await challenge.frameLocator('iframe[title="3-D Secure verification"]').getByRole('button', { name: 'Complete' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
  expect(await subscriptions(page)).toEqual([expect.objectContaining({ subscription_status: 'active' })]);
  expect(await chargesOf(page)).toBe(1);
});

test('in the portal the member cancels (access end date shown), then resumes the subscription', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Cora Cancel', 'cancel');
  await fillCheckout(page, '4242 4242 4242 4242');
  await form(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/portal');
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Subscription' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Next charge date' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel Subscription' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Your access ends on' })).toBeVisible();
  await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Plan' })).toBeDisabled();
  expect((await subscriptions(page))[0]).toMatchObject({ subscription_status: 'cancelled' });

  await page.getByRole('button', { name: 'Resume Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Next charge date' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change Plan' })).toBeEnabled();
  expect((await subscriptions(page))[0]).toMatchObject({ subscription_status: 'active' });
  expect(await chargesOf(page)).toBe(1);
});
