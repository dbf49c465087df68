import { expect, type Page } from '@playwright/test';
import { latestCode, newestMail } from './mailbox';

/** A short unique suffix for emails and usernames. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Signs in with an email code through the header's Sign In overlay. */
export async function signInWithEmail(page: Page, email: string) {
  await page.getByTestId('sign-in').click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(email);
  const before = await newestMail(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByLabel('Code').fill(await latestCode(email, before));
  await dialog.getByRole('button', { name: 'Sign In' }).click();
}

/** Completes onboarding (Welcome Aboard, Community Guidelines) for a member who has no username yet. */
export async function completeOnboarding(page: Page, username: string, name: string) {
  const onboarding = page.getByRole('dialog', { name: 'Welcome Aboard' });
  await expect(onboarding).toBeVisible();
  await onboarding.getByLabel('Username', { exact: true }).fill(username.slice(0, 20));
  await onboarding.getByLabel('Name', { exact: true }).fill(name);
  await onboarding.getByLabel('I confirm that I am 18 year or older').check();
  await onboarding.getByLabel(/I agree with the/).check();
  await onboarding.getByRole('button', { name: 'Continue' }).click();
  const guidelines = page.getByRole('dialog', { name: 'Community Guidelines Agreement' });
  await guidelines.getByLabel(/I agree to follow the/).check();
  await guidelines.getByRole('button', { name: 'Start Chatting' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`Account menu of ${name}`) })).toBeVisible();
}

/** Signs a new member up from the current page: email code, then onboarding. Returns the email and username. */
export async function signUpNewMember(page: Page, name: string, prefix = 'm') {
  const tag = unique();
  const email = `e2e-${prefix}-${tag}@example.com`;
  const username = `${prefix}_${tag}`.slice(0, 20);
  await signInWithEmail(page, email);
  await completeOnboarding(page, username, name);
  return { email, username };
}

/** Signs in with `email` from the current page; completes onboarding when the account is new. */
export async function signInAs(page: Page, email: string, username: string, name: string) {
  await signInWithEmail(page, email);
  const onboarding = page.getByRole('dialog', { name: 'Welcome Aboard' });
  const account = page.getByRole('button', { name: new RegExp(`Account menu of ${name}`) });
  await expect(onboarding.or(account)).toBeVisible();
  if (await onboarding.isVisible()) await completeOnboarding(page, username, name);
  await expect(account).toBeVisible();
}
