import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { PortalSubscription } from '@fable/contracts';
import { checkoutForm } from '../support/checkout';
import { latestCode } from '../support/mailbox';
import { completeOnboarding, signUpNewMember, unique } from '../support/members';
import { chargesOf } from '../support/payments';
import { apiCall } from '../support/site';
import { expect, test } from '../support/test';

// Issue 15, the journeys around the card checkout (billing-checkout.spec.ts): a guest picking a plan, a redirect
// provider paid on the payments sandbox's hosted page, and a SubscribeStar account linked through the sandbox's
// OAuth 2 authorize page — on the real API.

const subscriptions = (page: Page) => apiCall<PortalSubscription[]>(page, 'GET', '/subscriptions/sticky');

/** The payment as Payssion's getDetail answers it (the sandbox's Payssion, with its merchant keys). */
async function payssionTransaction(transactionId: string, orderId: string): Promise<Record<string, string>> {
  const apiKey = 'sandbox_payssion_fable';
  const form = { api_key: apiKey, transaction_id: transactionId, order_id: orderId, api_sig: createHash('md5').update([apiKey, transactionId, orderId, 'payssion_secret_fable'].join('|')).digest('hex') };
  const response = await fetch(`${process.env.E2E_PAYMENTS_SANDBOX_URL}/api/v1/payment/getDetail`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
  return ((await response.json()) as { transaction: Record<string, string> }).transaction;
}

/** The payment as Volt's GET /payments/{id} answers it (the sandbox's Volt, with npm start's merchant credentials). */
async function voltPayment(paymentId: string): Promise<Record<string, unknown>> {
  const sandbox = process.env.E2E_PAYMENTS_SANDBOX_URL;
  const credentials = {
    grant_type: 'password',
    client_id: 'sandbox_volt_client_fable',
    client_secret: 'sandbox_volt_client_secret_fable',
    username: 'api@fable.example',
    password: 'sandbox_volt_password_fable',
  };
  const oauth = await fetch(`${sandbox}/oauth`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(credentials).toString() });
  const { access_token: token } = (await oauth.json()) as { access_token: string };
  const response = await fetch(`${sandbox}/payments/${paymentId}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as Record<string, unknown>;
}

test('a guest who picks a plan on /subscribe is asked to sign up, then goes on to the checkout of that plan', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay Monthly' }).click();
  // The plan card's button (the compare table has one of the same name).
  await page.getByRole('button', { name: 'Choose True Supporter' }).filter({ hasText: 'Choose True Supporter' }).click();

  // Document 2 §2: a guest's plan selection opens the sign-up dialog (the host's sign-in overlay).
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sign in or create a free account with your email. We will send you a one-time code.')).toBeVisible();
  await expect(page).toHaveURL(/\/subscribe$/);

  const tag = unique();
  const email = `e2e-guest-${tag}@example.com`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText(`We sent a 6-digit code to ${email}. Enter it below.`)).toBeVisible();
  await dialog.getByLabel('Code').fill(await latestCode(email));
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await completeOnboarding(page, `guest_${tag}`, 'Gina Guest');

  // Back to the checkout of the plan picked.
  await expect(page).toHaveURL(/\/checkout\?plan_id=basic_1m$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Billed monthly')).toBeVisible();
  await expect(summary.getByText('True Supporter', { exact: false })).toBeVisible();
  await expect(checkoutForm(page).getByRole('button', { name: 'Subscribe' })).toBeVisible();
});

test('a member pays by bank transfer through Volt’s own API on its hosted page and comes back to an active subscription, paid once', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Rhea Redirect', 'redirect');
  await page.goto('/checkout?plan_id=basic_1m');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const form = checkoutForm(page);
  await form.getByRole('radio', { name: 'Bank transfer (Volt)' }).check();
  // Another method than the card: no card fields, and the submit leads to the provider.
  await expect(page.locator('iframe[title="Card number, expiry and CVC"]')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`payer${Date.now()}@example.com`);
  await form.getByRole('textbox', { name: 'First name' }).fill('Rhea');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Redirect');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await form.getByRole('textbox', { name: 'Zip' }).fill('94103');
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Subtotal')).toBeVisible();
  await expect(summary).toHaveAttribute('aria-busy', 'false');
  const total = (await page.getByTestId('order-total').innerText()).trim();
  expect(total).toMatch(/^\$\d+\.\d\d$/);
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // The sandbox's page for the provider, asking for the checkout's total.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_PAYMENTS_SANDBOX_URL}/pay/`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox payment: volt' })).toBeVisible();
  await expect(page.getByText(`Pay ${total}.`)).toBeVisible();
  const paymentId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByRole('button', { name: 'Pay' }).click();

  // Back on the site (with Volt's signed return parameters): the success page follows the order until Volt's signed
  // notification paid it.
  await expect(page).toHaveURL(/\/checkout\/success\?order_id=[^&]+&volt=/);
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Payment Details')).toBeVisible();
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu of Rhea Redirect, True Supporter/ })).toBeVisible({ timeout: 15_000 });

  const live = await subscriptions(page);
  expect(live).toHaveLength(1);
  expect(live[0]).toMatchObject({ subscription_status: 'active', current_product: { plan_id: 'basic_1m' } });
  // Paid once, at Volt, for the checkout's total; no card was charged.
  const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
  expect(await voltPayment(paymentId)).toMatchObject({ status: 'COMPLETED', amount: Math.round(Number(total.replace('$', '')) * 100), merchantInternalReference: orderId });
  expect(await chargesOf(page)).toBe(0);
});

test('a member in the Philippines pays with GCash through Payssion’s own API; its signed notification makes the subscription active', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Paz Payssion', 'payssion');
  await page.goto('/checkout?plan_id=basic_1m');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const form = checkoutForm(page);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`paz${Date.now()}@example.com`);
  await form.getByRole('textbox', { name: 'First name' }).fill('Paz');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Payssion');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('PH');
  await form.getByRole('radio', { name: 'Payssion' }).check();
  await form.getByRole('combobox', { name: 'Pay with' }).selectOption('gcash');
  await form.getByRole('textbox', { name: 'Zip' }).fill('1000');
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(page.getByRole('region', { name: 'Order summary' })).toHaveAttribute('aria-busy', 'false');
  const total = (await page.getByTestId('order-total').innerText()).trim();
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // Payssion's payment page (the sandbox's), for GCash, asking for the checkout's total.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_PAYMENTS_SANDBOX_URL}/pay/ps_`));
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox payment: Payssion gcash_ph' })).toBeVisible();
  await expect(page.getByText(`Pay ${total}.`)).toBeVisible();
  const transactionId = new URL(page.url()).pathname.split('/').pop() ?? '';
  await page.getByRole('button', { name: 'Pay' }).click();

  // Payssion's one return address; the success page follows the order until the notification paid it.
  await expect(page).toHaveURL(/\/checkout\/success\?order_id=[^&]+$/);
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: /Account menu of Paz Payssion, True Supporter/ })).toBeVisible({ timeout: 15_000 });
  const live = await subscriptions(page);
  expect(live).toEqual([expect.objectContaining({ subscription_status: 'active', current_product: expect.objectContaining({ plan_id: 'basic_1m' }) })]);
  const orderId = new URL(page.url()).searchParams.get('order_id') ?? '';
  expect(await payssionTransaction(transactionId, orderId)).toMatchObject({ state: 'completed', paid: total.replace('$', ''), currency: 'USD' });
  expect(await chargesOf(page)).toBe(0);
});

test('a member pays on the subscription provider\'s hosted checkout page (document 2 §7) and comes back subscribed', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Hana Hosted', 'hosted');
  await page.goto('/checkout?plan_id=basic_1m');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const form = checkoutForm(page);
  await form.getByRole('radio', { name: 'Secure checkout page' }).check();
  await expect(page.locator('iframe[title="Card number, expiry and CVC"]')).toHaveCount(0);
  const email = `hosted${Date.now()}@example.com`;
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByRole('textbox', { name: 'First name' }).fill('Hana');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Hosted');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await form.getByRole('textbox', { name: 'Zip' }).fill('94103');
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect(page.getByRole('region', { name: 'Order summary' })).toHaveAttribute('aria-busy', 'false');
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  // The provider's hosted page: the plan's item price, quantity 1, the member's email, their id as a custom field.
  await expect(page).toHaveURL(/\/hosted_pages\/checkout\?/);
  const link = new URL(page.url());
  expect(link.searchParams.get('subscription_items[item_price_id][0]')).toBe('basic-USD-Monthly');
  expect(link.searchParams.get('subscription_items[quantity][0]')).toBe('1');
  expect(link.searchParams.get('customer[email]')).toBe(email);
  expect(link.searchParams.get('subscription[cf_user_id]')).toMatch(/.+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox hosted checkout' })).toBeVisible();
  await expect(page.getByText('basic-USD-Monthly × 1')).toBeVisible();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?order_id=[^&]+&session_id=/);
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Success', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu of Hana Hosted, True Supporter/ })).toBeVisible({ timeout: 15_000 });
  const live = await subscriptions(page);
  expect(live).toHaveLength(1);
  expect(live[0]).toMatchObject({ subscription_status: 'active', current_product: { plan_id: 'basic_1m' } });
});

test('a member links a SubscribeStar account: the authorize page is approved and the pledged tier becomes theirs', async ({ page }) => {
  await page.goto('/');
  await signUpNewMember(page, 'Stella Star', 'star');
  await expect(page.getByRole('button', { name: /Account menu of Stella Star, Free/ })).toBeVisible();
  await page.goto('/link/subscribestar');
  await expect(page.getByRole('heading', { level: 1, name: 'Link your SubscribeStar account' })).toBeVisible();
  await page.getByRole('button', { name: 'Connect SubscribeStar' }).click();

  // The sandbox's SubscribeStar: its OAuth 2 authorize page. A new pledging account each run (an account links once).
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_PAYMENTS_SANDBOX_URL}/oauth2/authorize\\?`));
  await expect(page.getByRole('heading', { level: 1, name: 'SubscribeStar (sandbox)' })).toBeVisible();
  await page.getByRole('radio', { name: /new_premium_supporter/ }).check();
  await page.getByRole('button', { name: 'Approve' }).click();

  // Back on /link/subscribestar with the code: linked, the pledge's tier on the account.
  await expect(page.getByRole('heading', { level: 1, name: 'Your SubscribeStar account is linked' })).toBeVisible();
  await expect(page.getByText("Your pledge's benefits are now on your account.")).toBeVisible();
  await expect(page.getByText("Your plan: I'm All In")).toBeVisible();
  await expect(page).toHaveURL(/\/link\/subscribestar$/);
  await expect(page.getByRole('button', { name: /Account menu of Stella Star, I'm All In/ })).toBeVisible({ timeout: 15_000 });
  expect(await apiCall<{ tier: string }>(page, 'GET', '/v2/users')).toMatchObject({ tier: 'premium' });
});
