import type { Page } from '@playwright/test';
import type { PortalSubscription } from '@fable/contracts';
import { lastMessage, safeCharacter, send } from '../support/chat';
import { checkoutForm, fillCheckout } from '../support/checkout';
import { signUpNewMember } from '../support/members';
import { chargesOf } from '../support/payments';
import { apiCall } from '../support/site';
import { expect, test } from '../support/test';

// Issue 15: a member pays by card at the payments sandbox (our Stripe-protocol server) through the hosted card
// fields, on the real API; the charge, the subscription and the member's tier follow.

const subscriptions = (page: Page) => apiCall<PortalSubscription[]>(page, 'GET', '/subscriptions/sticky');

/** The chat's model selection (document 1 §2 modals), opened from the chat header's Model button. */
async function openModelSelect(page: Page) {
  await page.getByRole('button', { name: 'Model', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Model' });
  await expect(dialog.getByRole('radiogroup', { name: 'Select Model' })).toBeVisible();
  return dialog;
}

test('a member subscribes with the approving card: success page, one subscription, the tier label changes, a premium-only model unlocks in the chat', async ({ page }) => {
  test.setTimeout(60_000);
  const character = await safeCharacter();
  await page.goto('/');
  await signUpNewMember(page, 'Paula Paid', 'paid');
  await expect(page.getByRole('button', { name: /Account menu of Paula Paid, Free/ })).toBeVisible();

  // Before paying, the model that needs a paid permission (globalSetup's Fable E2E Premium) is listed but locked:
  // choosing it turns Save into Upgrade, which leads to the subscribe page.
  await page.goto(`/chat/${character.id}`);
  await expect(page.getByRole('heading', { name: character.name })).toBeVisible();
  let models = await openModelSelect(page);
  await expect(models.getByRole('radio', { name: /^Fable E2E 8K/ })).toBeChecked();
  const premium = models.getByRole('radio', { name: /^Fable E2E Premium/ });
  await expect(premium).toHaveAccessibleName(/Upgrade to use/);
  await premium.check();
  await expect(models.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await models.getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();

  await fillCheckout(page, '4242 4242 4242 4242');
  // A double click sends one payment.
  await checkoutForm(page).getByRole('button', { name: 'Subscribe' }).dblclick();

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

  // Subscribed, the premium model can be chosen, and the next message is answered with it.
  await page.goto(`/chat/${character.id}`);
  await expect(page.getByRole('heading', { name: character.name })).toBeVisible();
  models = await openModelSelect(page);
  await expect(models.getByRole('radio', { name: /^Fable E2E Premium/ })).not.toHaveAccessibleName(/Upgrade to use/);
  await models.getByRole('radio', { name: /^Fable E2E Premium/ }).check();
  await models.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Switched to Fable E2E Premium')).toBeVisible();
  await expect(models).toBeHidden();
  const turn = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat');
  await send(page, 'Hello from the premium model');
  expect((await turn).postDataJSON()).toMatchObject({ inference_model: 'fable-e2e-premium' });
  await expect(lastMessage(page)).toContainText('You said "Hello from the premium model"');
});

test('a declined card shows its message and charges nothing', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Dana Declined', 'declined');
  await fillCheckout(page, '4000 0000 0000 0002');
  await checkoutForm(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(checkoutForm(page).getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/checkout\?plan_id=basic_1m$/);
  expect(await subscriptions(page)).toEqual([]);
  expect(await chargesOf(page)).toBe(0);
  await expect(page.getByRole('button', { name: /Account menu of Dana Declined, Free/ })).toBeVisible();
});

test('a card that asks for 3-D Secure passes its challenge in the modal and subscribes', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Theo Secure', 'threeds');
  await fillCheckout(page, '4000 0027 6000 3184');
  await checkoutForm(page).getByRole('button', { name: 'Subscribe' }).click();

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
  await checkoutForm(page).getByRole('button', { name: 'Subscribe' }).click();
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
