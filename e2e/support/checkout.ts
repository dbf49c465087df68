import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';

// The checkout's steps (mf-billing's /checkout, the payments sandbox's hosted card fields), for the billing specs.

/** The checkout's form. */
export const checkoutForm = (page: Page) => page.getByRole('form', { name: 'Checkout' });

/** The hosted card fields (the sandbox's frame) inside `scope`: the checkout's form or the portal's Change Card dialog. */
export const cardFieldsIn = (scope: Page | Locator): FrameLocator => scope.frameLocator('iframe[title="Card number, expiry and CVC"]');

/** Types a card into the hosted card fields (expiry 12/34, CVC 123). */
export async function fillCard(fields: FrameLocator, card: string) {
  await fields.getByLabel('Card number').fill(card);
  await fields.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await fields.getByLabel('CVC').fill('123');
}

/**
 * Opens /checkout for `planId` and fills it for a first purchase: email, names, a US/CA address (Zip 94103, California
 * sales tax), the card, the terms. The Subscribe button is left to the spec.
 */
export async function fillCheckout(page: Page, card: string, planId = 'basic_1m') {
  await page.goto(`/checkout?plan_id=${planId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const form = checkoutForm(page);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`payer${Date.now()}@example.com`);
  await form.getByRole('textbox', { name: 'First name' }).fill('Pat');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Payer');
  await form.getByRole('combobox', { name: 'Country' }).selectOption('US');
  await form.getByRole('combobox', { name: 'State' }).selectOption('CA');
  await form.getByRole('textbox', { name: 'Zip' }).fill('94103');
  await fillCard(cardFieldsIn(page), card);
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
}

/** Submits the filled checkout and waits for the success page (its heading and Payment Details). */
export async function submitCheckout(page: Page) {
  await checkoutForm(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Thank you for subscribing!' })).toBeVisible();
  await expect(page.getByText('Payment Details')).toBeVisible();
}

/** A first purchase of `planId` with `card` (one that approves), through to the success page. */
export async function subscribeByCard(page: Page, card: string, planId = 'basic_1m') {
  await fillCheckout(page, card, planId);
  await submitCheckout(page);
}
